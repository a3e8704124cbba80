#!/bin/sh
# install.sh installs the browsers the browser tests drive, where they are
# missing: Debian's chromium and firefox-esr, with apt-get (as root, or
# through sudo). One installer runs at a time, here and in
# internal/test386.sh (flock, of util-linux, where there is one): CI starts
# both early, in the background, and the steps that need the packages run
# them again, waiting for the first to finish before they look. (apt-get
# runs without the lock's descriptor, so that nothing it starts holds it.)
set -eu
if command -v flock >/dev/null 2>&1; then
	exec 9>"${TMPDIR:-/tmp}/weburl-apt-get.lock"
	flock 9
fi
need=""
command -v "${CHROMIUM:-chromium}" >/dev/null 2>&1 || need="$need chromium"
command -v "${FIREFOX:-firefox-esr}" >/dev/null 2>&1 || command -v firefox >/dev/null 2>&1 || need="$need firefox-esr"
[ -z "$need" ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
echo "installing$need with apt-get"
$sudo apt-get update -q 9>&-
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $need 9>&-
