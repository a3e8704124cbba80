#!/bin/sh
# wget.sh writes files/wget-site.warc.gz and files/wget-site.warc: Debian's
# wget crawling the site of ../internal/site on the loopback interface,
# compressed per record and not, and files/wget-post.warc.gz, one POST.
# Run it from the module's root: warc/testdata/wget.sh. The files are
# committed; record.sh then records what the reference indexers make of them.
set -eu
cd "$(dirname "$0")"
files=$(pwd)/files
work=$(mktemp -d)
trap 'kill $pid 2>/dev/null || true; rm -rf "$work"' EXIT
go build -o "$work/site" ../internal/site
port=18087
"$work/site" 127.0.0.1:$port &
pid=$!
sleep 1
cd "$work"
crawl() {
	name=$1
	shift
	wget -q --recursive --level=inf --page-requisites --no-host-directories \
		--directory-prefix="$work/tree-$name" --warc-file="$name" --no-warc-keep-log "$@" "http://127.0.0.1:$port/" || true
}
crawl wget-site
crawl wget-site-plain --no-warc-compression
wget -q -O /dev/null --post-data='name=a+b&x=%C3%A9' --warc-file=wget-post "http://127.0.0.1:$port/post" || true
mv wget-site.warc.gz wget-post.warc.gz "$files/"
mv wget-site-plain.warc "$files/wget-site.warc"
