#!/usr/bin/env bash
# fresh-debian.sh - runs the README's two commands in a new minimal Debian 12 chroot, to catch a missing install step.
#
#   scripts/fresh-debian.sh               main.sh, then test.sh (about an hour on 2 cores)
#   scripts/fresh-debian.sh main          main.sh only (a few minutes)
#   scripts/fresh-debian.sh test cross    test.sh with a stage filter (no filter: every stage)
#   FRESH_DIR=/some/dir scripts/fresh-debian.sh   where the chroot goes (default: build-fresh/ in the source tree)
#   FRESH_USER=1 scripts/fresh-debian.sh ...       as an ordinary user who has sudo, not as root
#
# A machine that already has a compiler, git or a package the scripts forgot
# passes CI and fails a user. The chroot is debootstrap's minbase variant: no
# compiler, no git, no sudo, and its package lists are emptied, so everything
# the two commands need must come from their own ensure_packages calls. It
# is made anew on every run from this host's own package archive (read from
# its apt sources; no address is written into the project), and HEAD is
# cloned into it: uncommitted changes are not tested. Needs root (debootstrap,
# mount, chroot); not part of scripts/test.sh, whose stages it runs itself.
# The whole script is one block, read before any of it runs: bash reads a
# script as it goes, and an edit made during the hour a run takes (the
# forty-ninth session's) had it run a fragment of a line as a command.
{
	set -euo pipefail
	. "$(dirname "$0")/lib/common.sh"
	# FRESH_DIR as given is relative to where the command was run
	dir=$(realpath -m -- "${FRESH_DIR:-$SIPHASH_ROOT/build-fresh}")
	cd "$SIPHASH_ROOT"

	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null 2>&1 || { log "needs root (debootstrap, mount, chroot)"; exit 1; }
		exec sudo FRESH_DIR="$dir" FRESH_USER="${FRESH_USER:-}" bash "$SIPHASH_ROOT/scripts/fresh-debian.sh" "$@"
	fi

	what=${1:-both}
	case "$what" in
	main | test | both) ;;
	*)
		log "usage: $0 [main | test [FILTER] | both]"
		exit 2
		;;
	esac
	filter=${2:-}
	# The README promises root or sudo: FRESH_USER runs the commands as "builder",
	# whose sudo (installed with the base system, no password) is their only way to root.
	as_user=${FRESH_USER:-}
	include=()
	[ -n "$as_user" ] && include=(--include=sudo)

	ensure_packages debootstrap git

	# The archive this host installs its own packages from: the first line,
	# cut here rather than by a pipe into sed, whose early exit could kill
	# apt-get with SIGPIPE (as sed in the cross stages, forty-eighth session).
	# shellcheck disable=SC2016 # apt's own $(FIELD) format, not the shell's
	mirror=$(apt-get indextargets --format '$(REPO_URI)' 'Release: bookworm' 'Component: main' 'Created-By: Packages')
	mirror=${mirror%%$'\n'*}
	[ -n "$mirror" ] || { log "this host's apt sources have no bookworm main (run it on Debian 12)"; exit 1; }

	# Bind mounts first out, then the tree: never remove a tree that still has a
	# mount in it (rm would walk into the host's /dev).
	unmount_all() {
		local m
		for m in dev/pts dev sys proc; do
			mountpoint -q "$dir/$m" 2>/dev/null && umount -l "$dir/$m"
		done
		return 0
	}
	trap unmount_all EXIT
	trap 'exit 130' INT TERM # so that the EXIT trap runs on these too
	# Only a tree this script made is removed (its marker file says so).
	if [ -e "$dir" ]; then
		[ -e "$dir/.fresh-debian" ] || { log "$dir exists and was not made by this script; not removing it"; exit 1; }
		unmount_all
		# the list whole, then the test: a findmnt cut off by grep -q's early
		# exit fails the pipeline under pipefail, which would read as no mounts
		mounts=$(findmnt -rno TARGET)
		if grep -q "^$dir/" <<<"$mounts"; then
			log "$dir still has mounts in it; not removing it"
			exit 1
		fi
		rm -rf --one-file-system -- "$dir"
	fi

	log "debootstrap (minbase, bookworm) into $dir"
	mkdir -p "$dir"
	touch "$dir/.fresh-debian"
	debootstrap --variant=minbase "${include[@]}" bookworm "$dir" "$mirror" >"$dir/.debootstrap.log" 2>&1 ||
		{ tail -n 20 "$dir/.debootstrap.log"; exit 1; }
	rm -rf "${dir:?}"/var/lib/apt/lists/*
	cp /etc/resolv.conf "$dir/etc/resolv.conf"
	# what Debian's installer writes (minbase has no /etc/hosts); sudo warns
	# at every call when the host name does not resolve
	printf '127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\tlocalhost ip6-localhost ip6-loopback\n' "$(hostname)" \
		>"$dir/etc/hosts"
	for m in proc sys dev dev/pts; do mount --bind "/$m" "$dir/$m"; done
	home=/root
	spec=()
	if [ -n "$as_user" ]; then
		chroot "$dir" useradd -m -s /bin/bash builder
		echo 'builder ALL=(ALL) NOPASSWD: ALL' >"$dir/etc/sudoers.d/builder"
		chmod 0440 "$dir/etc/sudoers.d/builder"
		home=/home/builder
		spec=(--userspec="$(chroot "$dir" id -u builder):$(chroot "$dir" id -g builder)")
	fi
	git clone -q "$SIPHASH_ROOT" "$dir$home/libsiphash"
	log "testing $(git -C "$dir$home/libsiphash" log -1 --format='%h %s')${as_user:+, as user builder with sudo}"
	[ -n "$as_user" ] && chroot "$dir" chown -R builder:builder "$home/libsiphash"

	in_chroot() {
		chroot "${spec[@]}" "$dir" /usr/bin/env -i HOME="$home" TERM=dumb LANG=C.UTF-8 \
			PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			bash -c 'cd "$HOME/libsiphash" && "$@"' bash "$@"
	}
	status=0
	if [ "$what" != test ]; then
		log "scripts/main.sh in the chroot"
		in_chroot scripts/main.sh || status=$?
	fi
	if [ "$what" != main ] && [ "$status" -eq 0 ]; then
		log "scripts/test.sh $filter in the chroot"
		in_chroot scripts/test.sh "$filter" || status=$?
	fi
	log "fresh Debian 12: $([ "$status" -eq 0 ] && echo passed || echo "FAILED ($status)")"
	exit "$status"
}
