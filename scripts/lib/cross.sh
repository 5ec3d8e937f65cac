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
cross_stage() {
	local name=$1 toolchain=$2
	shift 2
	local dir=build-cross-$name t0 excluded skip=()
	t0=$(date +%s)
	ensure_packages "$@" || return 1
	cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE="cmake/toolchains/$toolchain.cmake" \
		-DCMAKE_BUILD_TYPE=Release -DSIPHASH_WERROR=ON -DSIPHASH_TARGET_SYSROOT_REQUIRED=ON >/dev/null || return 1
	cmake --build "$dir" -j"$JOBS" || return 1
	case "$(ctest --test-dir "$dir" --show-only=json-v1)" in
	*qemu-*)
		skip=(-LE slow)
		excluded=$(ctest --test-dir "$dir" -N -L slow | sed -n 's/^ *Test *#[0-9]*: //p' | tr '\n' ' ')
		[ -z "$excluded" ] || log "$name: excluded under qemu (label slow: too slow emulated): $excluded"
		;;
	esac
	ctest --test-dir "$dir" --output-on-failure -j"$JOBS" "${skip[@]}" || return 1
	log "$name: configure+build+tests took $(($(date +%s) - t0)) s"
}
