# fill.sh holds what wpt.sh, wpt-urlpattern.sh and datasets.sh share:
# filling a folder of testdata/ with pinned files, copied from a local
# copy or downloaded, and checking them against their checksums. Each of
# them sets these and sources it:
#
#   script   its name, for messages
#   out      the folder to fill
#   local    the folder of a local copy ("" to download)
#   base     the address the files are downloaded from, "/" and a file's
#            path below it
#   files    the files' paths below base; each is stored under its name
#   sums     the file of their checksums ("#" starts a comment line)
#
# fill copies or downloads the files; check checks them.

if command -v sha256sum >/dev/null 2>&1; then
	sum="sha256sum"
else
	sum="shasum -a 256"
fi

fill() {
	mkdir -p "$out"
	for f in $files; do
		name=$(basename "$f")
		if [ -n "$local" ]; then
			if [ ! -f "$local/$name" ]; then
				echo "$script: $local/$name does not exist" >&2
				exit 1
			fi
			cp "$local/$name" "$out/$name"
		else
			if ! curl -fsSL --retry 2 -o "$out/$name.tmp" "$base/$f"; then
				echo "$script: cannot download $base/$f; name a local copy instead (see $script)" >&2
				exit 1
			fi
			mv "$out/$name.tmp" "$out/$name"
		fi
	done
}

check() {
	if ! (cd "$out" && grep -v '^#' "$sums" | $sum -c - >/dev/null); then
		(cd "$out" && grep -v '^#' "$sums" | $sum -c - 2>&1 | grep -v ': OK$') >&2 || true
		echo "$script: the files in $out differ from the pinned ones ($sums)" >&2
		exit 1
	fi
}
