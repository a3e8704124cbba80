#!/bin/sh
# test386.sh runs the short tests on 386 (make test-386): natively where
# the kernel runs 32-bit x86 programs, and otherwise under qemu-user
# (Debian's qemu-user, installed with apt-get where it is missing), as on
# kernels built without IA-32 emulation, where a 386 binary fails with
# "exec format error".
#
# Under qemu-i386 (QEMU 7.2), Go programs need two allowances, measured
# on this suite:
#   - GODEBUG=asyncpreemptoff=1: the signals of asynchronous preemption
#     crash the emulated runtime ("bad g in signal handler"), even for a
#     program that only prints;
#   - no test that waits for a child process: the emulated waitid call
#     crashes the runtime ("exitsyscall: syscall frame is no longer
#     valid", "morestack on g0"). That leaves out TestInlining and
#     TestWeight (which run the go command and check amd64 compiler
#     output and binary sizes, not 32-bit behaviour) and cmd/weburl's
#     tests, which run the built command as a child process; the
#     command's logic is in the packages that are tested.
#   - one package at a time (a go test each): several emulated test
#     binaries at once crash in the same way more often.
#   - Even so, the emulated runtime sometimes dies in its signal handling,
#     before or between tests, on a busy machine ("fatal: morestack on
#     gsignal" then "panic during panic", in internal/ascii's pure-function
#     tests on 2026-11-29). A package whose test binary dies so, with no
#     test reported as failed, runs again, up to three times in all; a
#     failed test, or a crash of any other kind, fails at once.
#
# With -install it only installs qemu-user, where this kernel needs it,
# and exits (.ci/run, early). One installer runs at a time, as in
# browsers/install.sh.
set -eu
cd "$(dirname "$0")/.."
install_only=false
[ "${1:-}" = -install ] && install_only=true

probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'package main\n\nfunc main() {}\n' >"$probe/main.go"
GOARCH=386 go build -o "$probe/probe" "$probe/main.go"
if "$probe/probe" 2>/dev/null; then
	$install_only && exit 0
	exec env GOARCH=386 go test -short ./...
fi

echo "test386.sh: this kernel does not run 386 programs; running the tests under qemu-i386"
if command -v flock >/dev/null 2>&1; then
	exec 9>"${TMPDIR:-/tmp}/weburl-apt-get.lock"
	flock 9
fi
if ! command -v qemu-i386 >/dev/null 2>&1; then
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	echo "installing qemu-user with apt-get"
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends qemu-user 9>&- ||
		{ $sudo apt-get update -q 9>&- && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends qemu-user 9>&-; }
fi
exec 9>&- # the lock, for the next installer
$install_only && exit 0
pkgs=$(go list ./... | grep -v '^github.com/weburl/weburl/cmd/weburl$')
out=$(mktemp)
trap 'rm -rf "$probe" "$out"' EXIT
status=0
for pkg in $pkgs; do
	for try in 1 2 3; do
		if env GOARCH=386 GODEBUG=asyncpreemptoff=1 go test -short -exec qemu-i386 \
			-skip '^(TestInlining|TestWeight)$' "$pkg" >"$out" 2>&1; then
			cat "$out"
			break
		fi
		cat "$out"
		if [ "$try" -lt 3 ] && ! grep -q -e '^--- FAIL' -e '^panic: ' "$out" &&
			grep -q -e '^fatal: morestack on g' -e 'bad g in signal handler' -e 'syscall frame is no longer valid' "$out"; then
			echo "test386.sh: $pkg: the emulated runtime died (above), no test failed; running it again"
			continue
		fi
		status=1
		break
	done
done
exit $status
