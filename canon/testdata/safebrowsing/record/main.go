// Command record prints, for every line of its input, the line and the
// Safe Browsing key Google's Go client makes of it: scheme, "://", host,
// path, and "?" and the query if the query is not empty. It is built
// beside that client's urls.go by ../gen.sh.
package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		in := sc.Text()
		u, err := parseURL(in)
		if err != nil {
			fmt.Printf("%s\t!%v\n", in, err)
			continue
		}
		key := u.Scheme + "://" + u.Host + u.Path
		if u.Path == "" {
			key += "/"
		}
		if u.RawQuery != "" {
			key += "?" + u.RawQuery
		}
		fmt.Printf("%s\t%s\n", in, key)
	}
}
