# go.mod requires Go 1.27 (golang.org/x/net/idna has its Unicode 17 tables
# only there); the go command fetches this toolchain through the module proxy.
export GOTOOLCHAIN := go1.27.4

STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: test wpt lint bench

# test fills testdata/wpt (from $$WPT_DIR, or by download) and runs every test.
test: wpt
	go test ./...

wpt:
	./testdata/wpt.sh

lint:
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt: $$unformatted"; exit 1; fi
	go vet ./...
	go run $(STATICCHECK) ./...

bench:
	go test -run '^$$' -bench . -benchmem -count=10 .
