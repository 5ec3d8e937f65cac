#!/usr/bin/env bash
# 35-format-lint.sh - the tree as committed: clang-format applied, shellcheck clean, a what-it-is-for line atop every code file.
set -euo pipefail
. "$(dirname "$0")/../lib/common.sh"
cd "$SIPHASH_ROOT"
ensure_packages git clang-format shellcheck

# The committed files only: build directories and local scratch files are not the project.
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	mapfile -t tracked < <(git ls-files)
else
	mapfile -t tracked < <(find . -path ./.git -prune -o -path './build*' -prune -o -path ./out -prune -o -type f -print |
		sed 's|^\./||' | sort)
fi

status=0
mapfile -t code < <(printf '%s\n' "${tracked[@]}" | grep -E '\.(c|h|cc)$')
log "clang-format ($(clang-format --version | sed -n 's/.*version \([0-9.]*\).*/\1/p')) on ${#code[@]} files"
if clang-format --dry-run -Werror --style=file "${code[@]}"; then
	echo "clang-format: clean"
else
	log "clang-format would change the files above: run clang-format -i on them"
	status=1
fi

# Shell scripts by name, plus .ci/run and any other file whose first line names bash or sh.
mapfile -t shells < <(for f in "${tracked[@]}"; do
	case "${f##*/}" in
	*.sh) echo "$f" ;;
	*.*) ;;
	*) awk 'NR == 1 && /^#!.*[/ ](ba)?sh( |$)/ {found = 1} END {exit !found}' "$f" && echo "$f" ;;
	esac
done)
log "shellcheck ($(shellcheck --version | sed -n 's/^version: //p')) on ${#shells[@]} files"
if shellcheck -S warning "${shells[@]}"; then
	echo "shellcheck: clean"
else
	log "shellcheck found problems"
	status=1
fi

# Every code and build file opens with a comment (after a shebang) that says what it is for.
missing=0
for f in "${tracked[@]}"; do
	case "$f" in
	*.c | *.h) want='^/\* ' ;;
	*.cc) want='^(/\*|//) ' ;;
	*.sh | *.py | *.cmake | *.cmake.in | */CMakeLists.txt | CMakeLists.txt | .ci/run) want='^# ' ;;
	*) continue ;;
	esac
	first=$(awk '!/^#!/ {print; exit}' "$f")
	if ! grep -qE "$want" <<<"$first"; then
		echo "$f: the first line is not a comment saying what the file is for" >&2
		missing=$((missing + 1))
	fi
done
if [ $missing -eq 0 ]; then
	echo "first-line comments: present"
else
	log "$missing files lack a first-line comment"
	status=1
fi
exit $status
