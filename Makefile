# go.mod requires Go 1.27 (golang.org/x/net/idna has its Unicode 17 tables
# only there); the go command fetches this toolchain through the module proxy.
export GOTOOLCHAIN := go1.27.4

STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

.PHONY: test wpt datasets lint bench

# test fills testdata/wpt and testdata/datasets (from $$WPT_DIR and
# $$DATASETS_DIR, or by download) and runs every test.
test: wpt datasets
	go test ./...

wpt:
	./testdata/wpt.sh

datasets:
	./testdata/datasets.sh

lint:
	@unformatted=$$(gofmt -l .); if [ -n "$$unformatted" ]; then echo "gofmt: $$unformatted"; exit 1; fi
	go vet ./...
	go run $(STATICCHECK) ./...

bench: wpt datasets
	go test -run '^$$' -bench . -benchmem -count=10 .
