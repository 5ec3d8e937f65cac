#!/usr/bin/env bash
# test.sh - the README's test command: installs what is missing, then runs every test stage in scripts/test.d/.
#
#   scripts/test.sh            all stages
#   scripts/test.sh native     only the stages whose file name contains "native"
#
# Each stage is a script of its own (build directory build-<stage>/) so that a
# failure names what failed. The last line is "N passed, N failed" over stages.
set -uo pipefail
. "$(dirname "$0")/lib/common.sh"
cd "$SIPHASH_ROOT"

ensure_packages "${BASE_PACKAGES[@]}" || { log "package installation failed"; exit 1; }

filter=${1:-}
passed=0
failed=0
failed_names=()
start_all=$(date +%s)
for stage in scripts/test.d/*.sh; do
	name=$(basename "$stage" .sh)
	case "$name" in *"$filter"*) ;; *) continue ;; esac
	log "stage $name"
	t0=$(date +%s)
	if bash "$stage"; then
		passed=$((passed + 1))
		log "stage $name passed in $(($(date +%s) - t0)) s"
	else
		failed=$((failed + 1))
		failed_names+=("$name")
		log "stage $name FAILED after $(($(date +%s) - t0)) s"
	fi
done
log "all stages done in $(($(date +%s) - start_all)) s"
[ $failed -eq 0 ] || log "failed stages: ${failed_names[*]}"
echo "stages: $passed passed, $failed failed"
[ $failed -eq 0 ]
