#!/bin/sh
# install.sh installs the browsers the browser tests drive, where they are
# missing: Debian's chromium and firefox-esr, with apt-get (as root, or
# through sudo).
set -eu
need=""
command -v "${CHROMIUM:-chromium}" >/dev/null 2>&1 || need="$need chromium"
command -v "${FIREFOX:-firefox-esr}" >/dev/null 2>&1 || command -v firefox >/dev/null 2>&1 || need="$need firefox-esr"
[ -z "$need" ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo=sudo
echo "installing$need with apt-get"
$sudo apt-get update -q
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $need
