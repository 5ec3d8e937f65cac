#!/usr/bin/env bash
# 33-static-analysis.sh - clang-tidy (.clang-tidy) and cppcheck (.cppcheck-suppressions) over src/, include/, tools/ and benchmarks/compare.c: no finding allowed.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages "${BASE_PACKAGES[@]}" clang clang-tidy cppcheck jq

# Configuring is enough: the compile database gives both tools each file's exact flags.
B=build-static-analysis
CC=clang cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
	-DSIPHASH_BUILD_TESTS=OFF -DSIPHASH_BUILD_BENCHMARKS=ON -DSIPHASH_BUILD_TOOLS=ON >/dev/null
# The library (once: shared and static compile the same files), the tools and siphash-compare (C; the
# C++ benchmark is left out); include/ comes in through them.
mkdir -p "$B/analysed"
jq "[.[] | select(.file | test(\"^$SIPHASH_ROOT/((src|tools)/|benchmarks/compare[.]c$)\"))] | unique_by(.file)" \
	"$B/compile_commands.json" >"$B/analysed/compile_commands.json"
mapfile -t files < <(jq -r '.[].file' "$B/analysed/compile_commands.json")
[ ${#files[@]} -gt 0 ] || { log "no source file found in the compile database"; exit 1; }
log "analysing ${#files[@]} files: ${files[*]#"$SIPHASH_ROOT"/}"

status=0
log "clang-tidy ($(clang-tidy --version | sed -n 's/.*version \([0-9.]*\).*/\1/p' | head -1))"
if ! printf '%s\n' "${files[@]}" | xargs -P"$JOBS" -n1 clang-tidy -p "$B/analysed" --quiet >"$B/clang-tidy.log" 2>&1; then
	status=1
fi
grep -E '(warning|error):' "$B/clang-tidy.log" >&2 && status=1
[ $status -eq 0 ] && echo "clang-tidy: clean" || { log "clang-tidy found problems (full log: $B/clang-tidy.log)"; }

log "cppcheck ($(cppcheck --version))"
defs=(-D__GNUC__=12 -D__linux__)
case "$(uname -m)" in x86_64) defs+=(-D__x86_64__ -D__SSE2__) ;; aarch64) defs+=(-D__aarch64__) ;; esac
if cppcheck --project="$B/analysed/compile_commands.json" --enable=warning,performance,portability --inline-suppr \
	--suppressions-list=.cppcheck-suppressions --error-exitcode=1 --quiet -j"$JOBS" "${defs[@]}" \
	--cppcheck-build-dir="$B" 2>"$B/cppcheck.log"; then
	echo "cppcheck: clean"
else
	cat "$B/cppcheck.log" >&2
	log "cppcheck found problems"
	status=1
fi
exit $status
