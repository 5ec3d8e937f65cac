# cross.sh - shared body of the cross-target stages: install the cross tools, configure with a toolchain file, build, ctest.
# shellcheck shell=bash
#
# cross_stage NAME TOOLCHAIN PACKAGE...: builds into build-cross-NAME/ with
# cmake/toolchains/TOOLCHAIN.cmake and runs the whole CTest suite through the
# toolchain's emulator (test_package, which builds consumers with the host's
# tools, is not registered in a cross build). Where the build runs its tests
# under qemu (armhf, aarch64, s390x, and i386 on a kernel that runs no 32-bit
# programs: the toolchain file decides), tests labelled "slow" (gigabytes of
# hashing: minutes under qemu) are excluded, by name, with a message; the
# native stage runs them on real hardware.
# The stage fails rather than pass with less: the differential tests must be
# registered (the build fetches the target's OpenSSL and libsodium), and auto
# must pick a SIMD backend unless CROSS_SCALAR_ONLY=1 (s390x: no cpu_features).
cross_stage() {
	local name=$1 toolchain=$2
	shift 2
	local dir=build-cross-$name t0 excluded skip=() listed runner auto t
	t0=$(date +%s)
	ensure_packages "$@" || return 1
	cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE="cmake/toolchains/$toolchain.cmake" \
		-DCMAKE_BUILD_TYPE=Release -DSIPHASH_WERROR=ON -DSIPHASH_TARGET_SYSROOT_REQUIRED=ON >/dev/null || return 1
	cmake --build "$dir" -j"$JOBS" || return 1
	listed=$(ctest --test-dir "$dir" -N -V)
	for t in test_diff_openssl test_diff_sodium test_backend; do
		grep -q "Test *#[0-9]*: $t\$" <<<"$listed" || {
			log "$name: $t is not registered (configure: $dir/CMakeCache.txt)"
			return 1
		}
	done
	# The first test's command: the emulator, if there is one. sed stops at it
	# itself: piped into head, sed could write past head's exit once the
	# commands passed its 4 KiB buffer, and died of SIGPIPE, which pipefail
	# and errexit turned into a silent failed stage (i386, once test_env_once came).
	runner=$(sed -n '/Test command:/{s/^.*Test command: *//;s/ .*//;p;q;}' <<<"$listed")
	case "$(basename "$runner")" in
	qemu-*)
		skip=(-LE slow)
		excluded=$(ctest --test-dir "$dir" -N -L slow | sed -n 's/^ *Test *#[0-9]*: //p' | tr '\n' ' ')
		[ -z "$excluded" ] || log "$name: excluded under qemu (label slow: too slow emulated): $excluded"
		;;
	esac
	ctest --test-dir "$dir" --output-on-failure --no-tests=error -j"$JOBS" "${skip[@]}" || return 1
	auto=$(ctest --test-dir "$dir" -R '^test_backend$' -V | sed -n 's/^.*auto backend: \([a-z0-9]*\),.*$/\1/p')
	log "$name: auto backend ${auto:-(not reported)}"
	if [ "${CROSS_SCALAR_ONLY:-0}" != 1 ] && { [ -z "$auto" ] || [ "$auto" = scalar ]; }; then
		log "$name: auto picked no SIMD backend: was cpu_features found? ($dir/CMakeCache.txt)"
		return 1
	fi
	log "$name: configure+build+tests took $(($(date +%s) - t0)) s"
}
