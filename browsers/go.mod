module github.com/weburl/weburl/browsers

go 1.26.0

require (
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/weburl/weburl v0.0.0-00010101000000-000000000000
	golang.org/x/text v0.43.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	golang.org/x/net v0.62.0 // indirect
)

replace github.com/weburl/weburl => ../
