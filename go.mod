module github.com/weburl/weburl

go 1.26.0

require (
	github.com/andybalholm/brotli v1.3.0
	github.com/klauspost/compress v1.20.4
	golang.org/x/net v0.62.0
	golang.org/x/text v0.43.0
)
