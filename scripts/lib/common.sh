# common.sh - helpers sourced by the scripts: package installation, logging, job count.
# shellcheck shell=bash

# shellcheck disable=SC2034 # read by the scripts that source this file
SIPHASH_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}

log() { printf '==> %s\n' "$*" >&2; }

# as_root CMD...: runs CMD as root, through sudo when we are not root.
as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1; then
		sudo "$@"
	else
		log "need root for: $*"
		return 1
	fi
}

_apt_updated=0
# ensure_packages PKG...: installs the Debian packages that are not installed yet.
ensure_packages() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	log "installing: ${missing[*]}"
	# The lists as they are first; apt-get update only when they fail us (a
	# fresh machine's empty lists, or old ones naming files the archive no
	# longer has), at most once a process. A marker file of an earlier run
	# had let stale lists fail every later install.
	_apt_install "${missing[@]}" 2>/dev/null && return 0
	# An install cut off half way leaves dpkg refusing every later one until
	# this runs; with nothing pending it does nothing.
	as_root env DEBIAN_FRONTEND=noninteractive dpkg --configure -a
	if [ "$_apt_updated" = 0 ]; then
		as_root apt-get -o DPkg::Lock::Timeout=600 update -qq
		_apt_updated=1
	fi
	_apt_install "${missing[@]}"
}
# A fresh machine's unattended upgrades may hold the dpkg lock for minutes: wait for it.
_apt_install() {
	as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
		--no-install-recommends "$@" >/dev/null
}

# The packages every build needs: compiler, CMake, pkg-config, cpu_features, and the
# peers used by the differential tests and benchmarks.
# shellcheck disable=SC2034 # read by the scripts that source this file
BASE_PACKAGES=(build-essential cmake pkgconf libcpu-features-dev libbenchmark-dev libssl-dev libsodium-dev
	libhighwayhash-dev g++)
