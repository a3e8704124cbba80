package warc

import (
	"fmt"
	"strconv"
	"time"
)

// isoDateToTimestamp returns the 14 digits of a WARC-Date as warcio's
// iso_date_to_timestamp does: the numbers between the other characters
// are the year, month, day, hour, minute, second and fraction (three at
// least); a date they do not make is an error.
func isoDateToTimestamp(s string) (string, error) {
	var nums []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] < '0' || s[i] > '9' {
			nums = append(nums, s[start:i])
			start = i + 1
		}
	}
	if nums[len(nums)-1] == "" {
		nums = nums[:len(nums)-1]
	}
	if len(nums) < 3 || len(nums) > 7 {
		return "", fmt.Errorf("a WARC-Date that is not a date: %q", s)
	}
	var v [6]int
	for i := 0; i < len(nums) && i < 6; i++ {
		n, err := strconv.Atoi(nums[i])
		if err != nil || nums[i] == "" {
			return "", fmt.Errorf("a WARC-Date that is not a date: %q", s)
		}
		v[i] = n
	}
	if v[0] < 1 || v[0] > 9999 || v[1] < 1 || v[1] > 12 || v[2] < 1 || v[2] > daysIn(v[0], v[1]) ||
		v[3] > 23 || v[4] > 59 || v[5] > 59 {
		return "", fmt.Errorf("a WARC-Date that is not a date: %q", s)
	}
	return fmt.Sprintf("%d%02d%02d%02d%02d%02d", v[0], v[1], v[2], v[3], v[4], v[5]), nil
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// timestampToISODate returns the WARC-Date that warcio makes of an ARC
// record's date (timestamp_to_iso_date): a short date padded with the
// latest time it may mean, each number clamped to its range.
func timestampToISODate(s string) string {
	const pad = "299912"
	if len(s) < len(pad) {
		s += pad[len(s):]
	}
	extract := func(start, end, lo, hi int) int {
		if len(s) < end {
			return hi
		}
		n, ok := pyInt(s[start:end])
		if !ok {
			return hi
		}
		return int(max(int64(lo), min(n, int64(hi))))
	}
	year := extract(0, 4, 1900, 2999)
	month := extract(4, 6, 1, 12)
	day := extract(6, 8, 1, daysIn(year, month))
	hour := extract(8, 10, 0, 23)
	minute := extract(10, 12, 0, 59)
	second := extract(12, 14, 0, 59)
	return fmt.Sprintf("%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hour, minute, second)
}
