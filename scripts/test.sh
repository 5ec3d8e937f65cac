#!/usr/bin/env bash
# test.sh - the README's test command: installs what is missing, then runs every test stage in scripts/test.d/.
#
#   scripts/test.sh            all stages
#   scripts/test.sh native     only the stages whose file name contains "native"
#
# Each stage is a script of its own (build directory build-<stage>/) so that a
# failure names what failed. The last line is "N passed, N failed" over stages.
# CI keeps only the end of a long log, so each stage's output is also saved to
# build-logs/<stage>.log and a failed stage's last lines are repeated at the end.
set -uo pipefail
. "$(dirname "$0")/lib/common.sh"
cd "$SIPHASH_ROOT" || exit 1

ensure_packages "${BASE_PACKAGES[@]}" || { log "package installation failed"; exit 1; }

filter=${1:-}
passed=0
failed=0
failed_names=()
start_all=$(date +%s)
mkdir -p build-logs
for stage in scripts/test.d/*.sh; do
	name=$(basename "$stage" .sh)
	case "$name" in *"$filter"*) ;; *) continue ;; esac
	log "stage $name"
	t0=$(date +%s)
	if bash "$stage" 2>&1 | tee "build-logs/$name.log"; then
		passed=$((passed + 1))
		log "stage $name passed in $(($(date +%s) - t0)) s"
	else
		failed=$((failed + 1))
		failed_names+=("$name")
		log "stage $name FAILED after $(($(date +%s) - t0)) s"
	fi
done
log "all stages done in $(($(date +%s) - start_all)) s"
for name in "${failed_names[@]}"; do
	log "last lines of failed stage $name (whole output: build-logs/$name.log)"
	tail -n 40 "build-logs/$name.log"
done
[ $failed -eq 0 ] || log "failed stages: ${failed_names[*]}"
echo "stages: $passed passed, $failed failed"
# A mistyped stage name must not read as a green run.
[ $((passed + failed)) -gt 0 ] || {
	log "no stage matches '$filter' (stages: $(for s in scripts/test.d/*.sh; do basename "$s" .sh; done | tr '\n' ' '))"
	exit 1
}
[ $failed -eq 0 ]
