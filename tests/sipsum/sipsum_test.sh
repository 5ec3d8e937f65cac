#!/usr/bin/env bash
# sipsum_test.sh - runs the real sipsum binary through one group of behaviours and compares outputs byte for byte.
#
#   sipsum_test.sh GROUP      GROUP: vectors output options check errors big
#
# Environment (set by tests/CMakeLists.txt):
#   SIPSUM        the sipsum binary
#   SIPSUM_EMU    emulator command for cross builds (may be empty)
#   SIPSUM_VECTORS tests/siphash-vectors.txt
#   SIPSUM_EXPECTED tests/sipsum (expected outputs)
#   SIPSUM_ZEROS  the zeros_tag helper (group big)
#   SIPSUM_WORK   a scratch directory of the build tree
set -u
group=${1:?group}
: "${SIPSUM:?}" "${SIPSUM_VECTORS:?}" "${SIPSUM_EXPECTED:?}" "${SIPSUM_WORK:?}"
EMU=${SIPSUM_EMU:-}
T="$SIPSUM_WORK/$group"
rm -rf "$T"
mkdir -p "$T"
cd "$T" || exit 1
unset SIPSUM_KEY SIPSUM_NO_BATCH SIPHASH_BACKEND

K16=000102030405060708090a0b0c0d0e0f
K8=0001020304050607
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() {
	failed=$((failed + 1))
	printf 'FAIL: %s\n' "$*"
}
# same NAME EXPECTED_FILE ACTUAL_FILE: byte-for-byte comparison
same() {
	if cmp -s "$2" "$3"; then ok; else
		bad "$1"
		diff "$2" "$3" | head -20
	fi
}
# eq NAME EXPECTED ACTUAL: string comparison
eq() {
	if [ "$2" == "$3" ]; then ok; else bad "$1: expected [$2], got [$3]"; fi
}
# has NAME PATTERN FILE: FILE contains the fixed string
has() {
	if grep -qF -- "$2" "$3"; then ok; else
		bad "$1: no [$2] in $3:"
		head -5 "$3"
	fi
}

# run ARGS...: runs sipsum, stdout in out, stderr in err, exit status in $rc
# (stdin from /dev/null unless redirected by the caller with run_in).
run() {
	$EMU "$SIPSUM" "$@" >out 2>err </dev/null
	rc=$?
}
run_in() {
	local input=$1
	shift
	$EMU "$SIPSUM" "$@" >out 2>err <"$input"
	rc=$?
}

# hexfile HEX FILE: writes the bytes given in hex ("-" is empty)
hexfile() {
	local h=$1 s=""
	[ "$h" = "-" ] && h=""
	while [ -n "$h" ]; do
		s+="\\x${h:0:2}"
		h=${h:2}
	done
	printf "$s" >"$2"
}

printf '%b' '\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f' >key16.bin
printf '%b' '\x00\x01\x02\x03\x04\x05\x06\x07' >key8.bin

# The backends this binary accepts on this machine.
backends=()
for b in scalar sse2 avx2 avx512 neon; do
	if $EMU "$SIPSUM" --backend "$b" -k $K16 /dev/null >/dev/null 2>&1; then backends+=("$b"); fi
done
# scalar is always there: without it every loop over backends would test nothing
[ "${backends[0]:-}" = scalar ] || { echo "sipsum refuses --backend scalar" >&2; exit 1; }

group_vectors() {
	# one message file per vector length, from the hex of the vectors file itself
	mkdir -p msg
	awk '$1 == "siphash-2-4-64" { print $3 }' "$SIPSUM_VECTORS" >hexes
	local n=0 h f files=()
	while read -r h; do
		# named by message length
		f=$(printf 'msg/m%04d' $(( ${#h} / 2 )))
		[ "$h" = "-" ] && f=msg/m0000
		hexfile "$h" "$f"
		files+=("$f")
		n=$((n + 1))
	done <hexes
	[ "$n" -ge 64 ] && ok || bad "vectors file gave only $n messages"
	local v algo bits key keyfile
	for v in siphash-2-4-64 siphash-2-4-128 siphash-1-3-64 siphash-1-3-128 siphash-4-8-64 siphash-4-8-128 \
		halfsiphash-2-4-32 halfsiphash-2-4-64 halfsiphash-1-3-32 halfsiphash-1-3-64 halfsiphash-4-8-32 \
		halfsiphash-4-8-64; do
		algo=${v%-*}
		bits=${v##*-}
		case $v in half*) key=$K8 keyfile=key8.bin ;; *) key=$K16 keyfile=key16.bin ;; esac
		# expected "TAG  msg/mNNN" lines, in message-length order
		awk -v v="$v" -v k="$key" '$1 == v && $2 == k { n = ($3 == "-") ? 0 : length($3) / 2;
			printf "%s  msg/m%04d\n", $4, n }' "$SIPSUM_VECTORS" >"exp-$v"
		[ -s "exp-$v" ] || bad "no vectors for $v"
		# the tool expects the messages in the same order (m000, m001, ...)
		run --key-file "$keyfile" -a "$algo" -l "$bits" "${files[@]}"
		eq "$v rc" 0 "$rc"
		same "$v (batch path)" "exp-$v" out
		SIPSUM_NO_BATCH=1 run -a "$algo" -l "$bits" -k "$key" "${files[@]}"
		same "$v (one file at a time)" "exp-$v" out
		# BSD lines carry the algorithm and length
		sed -E "s/^([0-9a-f]+)  (.*)$/$(echo "$algo" | sed 's/^halfsiphash/HalfSipHash/; s/^siphash/SipHash/')-$bits (\\2) = \\1/" \
			"exp-$v" >"exp-tag-$v"
		SIPSUM_KEY=$key run --tag -a "$algo-$bits" "${files[@]}"
		same "$v --tag" "exp-tag-$v" out
		# standard input, "-" and no file at all
		run_in msg/m0063 -a "$algo" -l "$bits" -k "$key"
		eq "$v stdin" "$(sed -n 's#msg/m0063$#-#p' "exp-$v")" "$(cat out)"
		run_in msg/m0017 -a "$algo" -l "$bits" -k "$key" -
		eq "$v stdin -" "$(sed -n 's#msg/m0017$#-#p' "exp-$v")" "$(cat out)"
		# every backend gives the same tags (a few variants suffice: the library's own tests cover the rest)
		case $v in siphash-2-4-64 | siphash-1-3-128 | halfsiphash-2-4-32 | halfsiphash-1-3-64) ;; *) continue ;; esac
		for b in "${backends[@]}"; do
			run --backend "$b" --key-file "$keyfile" -a "$algo" -l "$bits" "${files[@]}"
			same "$v --backend $b" "exp-$v" out
		done
	done
	# a large message (streamed, not batched) through a pipe and from a file agree
	head -c 3000000 /dev/zero | tr '\0' 'x' >big
	run -k $K16 big
	local t1
	t1=$(cut -d' ' -f1 out)
	run_in big -k $K16
	eq "file vs stdin, 3 MB" "$t1  -" "$(cat out)"
	cat big | $EMU "$SIPSUM" -k $K16 >out 2>err
	eq "file vs pipe, 3 MB" "$t1  -" "$(cat out)"
	# standard input is hashed from its offset to its end, and left there, as coreutils
	# does: a second "-" is the empty message (it had been read again from 0)
	run_in big -k $K16 - -
	eq "stdin twice, 3 MB file" "$(printf '%s  -\n310e0edd47db6f72  -' "$t1")" "$(cat out)"
	tail -c +11 big | $EMU "$SIPSUM" -k $K16 >out 2>err
	t1=$(cat out)
	{
		dd bs=10 count=1 of=/dev/null status=none
		$EMU "$SIPSUM" -k $K16 >out 2>err
	} <big
	eq "stdin from its offset, 3 MB file" "$t1" "$(cat out)"
	# zeros against the independent helper: around the small-file limit (pooled / streamed), and a
	# file of several mapped windows with a partial last one (reader thread), from a file and a pipe
	local z want
	for z in 65536 65537 $((20 * 1024 * 1024 + 5)); do
		want=$($EMU "$SIPSUM_ZEROS" $z)
		head -c $z /dev/zero >zeros
		run -k $K16 zeros
		eq "zeros $z, file" "$want  zeros" "$(cat out)"
		head -c $z /dev/zero | $EMU "$SIPSUM" -k $K16 >out 2>err
		eq "zeros $z, pipe" "$want  -" "$(cat out)"
	done
	# any c/d rounds: siphash-3-5 and halfsiphash-64-1 run (the library's any-rounds path)
	run -k $K16 -a siphash-3-5 msg/m0010
	eq "siphash-3-5 rc" 0 "$rc"
	run -k $K8 -a HalfSipHash-64-1 -l 32 msg/m0010
	eq "halfsiphash-64-1 rc" 0 "$rc"
	# several small files of other rounds: what the batch path gives them is what one file at
	# a time does (1-20, 3-24, 2-40 and 1-56 once ran as the fixed 2-4 and 4-8 batches)
	local cd
	for cd in siphash-1-20 siphash-3-24 siphash-2-40-128 siphash-1-56 siphash-1-3 halfsiphash-1-20 \
		halfsiphash-2-40-32; do
		case $cd in half*) key=$K8 ;; *) key=$K16 ;; esac
		SIPSUM_NO_BATCH=1 run -a $cd -k $key msg/m0003 msg/m0010 msg/m0040
		cp out one-at-a-time
		run -a $cd -k $key msg/m0003 msg/m0010 msg/m0040
		same "$cd, three small files" one-at-a-time out
	done
	# the batch path really runs for a fixed variant (equal tags alone would not show it was
	# skipped), and not for rounds without a batch function
	run -v -k $K16 msg/m0003 msg/m0010 msg/m0040
	has "-v: siphash-2-4 files batched" "3 files hashed, 3 through the batch API" err
	run -v -a siphash-1-20 -k $K16 msg/m0003 msg/m0010 msg/m0040
	has "-v: siphash-1-20 files not batched" "3 files hashed, 0 through the batch API" err
}

group_output() {
	# names with spaces, newlines, backslashes and carriage returns, escaped as GNU coreutils does
	printf 'a' >'with space'
	printf 'b' >'back\slash'
	printf 'c' >"$(printf 'new\nline')"
	printf 'd' >"$(printf 'carriage\rreturn')"
	printf 'e' >'plain'
	run -k $K16 'with space' 'back\slash' "$(printf 'new\nline')" "$(printf 'carriage\rreturn')" plain
	eq "names rc" 0 "$rc"
	same "escaped names" "$SIPSUM_EXPECTED/names.expected" out
	run -k $K16 --tag 'with space' 'back\slash' "$(printf 'new\nline')" "$(printf 'carriage\rreturn')" plain
	same "escaped names --tag" "$SIPSUM_EXPECTED/names-tag.expected" out
	# the check mode reads them back
	run -k $K16 'with space' 'back\slash' "$(printf 'new\nline')" "$(printf 'carriage\rreturn')" plain
	cp out sums
	run -k $K16 -c sums
	eq "names check rc" 0 "$rc"
	same "names check output" "$SIPSUM_EXPECTED/names-check.expected" out
	run -k $K16 --tag 'with space' 'back\slash' "$(printf 'new\nline')" plain
	cp out sums-tag
	run -k $K16 -c sums-tag
	eq "names check --tag rc" 0 "$rc"
	# empty input on stdin and several files mixed with stdin
	run -k $K16
	eq "empty stdin" "310e0edd47db6f72  -" "$(cat out)"
	printf '' >empty
	run_in plain -k $K16 empty - empty
	eq "stdin between files" "$(printf '310e0edd47db6f72  empty\n%s  -\n310e0edd47db6f72  empty' "$(grep -F '  plain' "$SIPSUM_EXPECTED/names.expected" | cut -d' ' -f1)")" "$(cat out)"
	# many small files: batch and one-by-one agree, in order
	mkdir -p many
	local i list=() letters=ABCDEFGHIJKLMNOPQRSTUVWXYZ
	for i in $(seq 1 300); do
		head -c $((i * 37 % 2000)) /dev/zero | tr '\0' "${letters:i%26:1}" >"many/f$i"
		list+=("many/f$i")
	done
	run -v -k $K16 "${list[@]}"
	cp out many-batch
	has "verbose names the files" "300 files hashed" err
	SIPSUM_NO_BATCH=1 run -k $K16 "${list[@]}"
	same "300 small files, batch vs single" many-batch out
	eq "300 lines" 300 "$(wc -l <out)"
	# both runs above share the queue: the files around the 256-job flush, hashed in a run of
	# their own, give the same tags
	run -k $K16 many/f255 many/f256 many/f257 many/f258
	eq "files 255-258 of 300 vs alone" "$(sed -n '255,258p' many-batch)" "$(cat out)"
	# 70 files of 64 KiB (the small-file limit) fill the 4 MiB pool before the job limit: a
	# flush between, and the same tags as two runs of 35 that stay below it
	mkdir -p full
	list=()
	for i in $(seq 1 70); do
		printf '%d' "$i" >"full/f$i"
		truncate -s 65536 "full/f$i"
		list+=("full/f$i")
	done
	run -k $K16 "${list[@]:0:35}"
	cp out full-halves
	run -k $K16 "${list[@]:35}"
	cat out >>full-halves
	run -k $K16 "${list[@]}"
	eq "70 files of 64 KiB rc" 0 "$rc"
	same "70 files of 64 KiB vs two runs of 35" full-halves out
	# writes to a full device fail with status 1
	if [ -w /dev/full ]; then
		$EMU "$SIPSUM" -k $K16 plain >/dev/full 2>err
		eq "write error rc" 1 "$?"
		has "write error message" "sipsum: write error" err
	fi
}

group_options() {
	run --help
	eq "--help rc" 0 "$rc"
	for o in --algorithm --length --key --key-file --tag --check --backend --progress --no-progress --verbose \
		--ignore-missing --quiet --status --strict --warn --help --version SIPSUM_KEY; do
		has "--help mentions $o" "$o" out
	done
	run --version
	eq "--version rc" 0 "$rc"
	has "--version tool line" "sipsum (libsiphash) " out
	has "--version library line" "library: libsiphash " out
	has "--version backend" "backend: " out
	# -a with a length suffix, -l, case-insensitive names
	printf 'abc' >abc
	run -k $K16 -a siphash-2-4-128 abc
	local t128
	t128=$(cat out)
	run -k $K16 -a SipHash-2-4 -l 128 abc
	eq "-a suffix == -l" "$t128" "$(cat out)"
	run -k $K16 --algorithm=siphash-2-4 --length=128 abc
	eq "long options" "$t128" "$(cat out)"
	eq "128-bit tag length" 32 "$(cut -d' ' -f1 out | tr -d '\n' | wc -c)"
	run -k $K16 abc
	eq "default is siphash-2-4-64" "$(cat out)" "$($EMU "$SIPSUM" -k $K16 -a siphash-2-4 -l 64 abc)"
	run -k $K8 -a halfsiphash-2-4 abc
	eq "halfsiphash default length 64" 16 "$(cut -d' ' -f1 out | tr -d '\n' | wc -c)"
	# key sources agree: --key, --key-file raw, --key-file hex (with and without newline), SIPSUM_KEY
	run -k $K16 abc
	local want
	want=$(cat out)
	run --key-file key16.bin abc
	eq "--key-file raw" "$want" "$(cat out)"
	printf '%s\n' $K16 >key16.hex
	run --key-file key16.hex abc
	eq "--key-file hex+newline" "$want" "$(cat out)"
	printf '%s\r\n' $K16 >key16.crlf
	run --key-file key16.crlf abc
	eq "--key-file hex+CRLF" "$want" "$(cat out)"
	printf '%s' $K16 | tr a-f A-F >key16.HEX
	run --key-file=key16.HEX abc
	eq "--key-file hex uppercase, no newline" "$want" "$(cat out)"
	run_in key16.bin --key-file - abc
	eq "--key-file -" "$want" "$(cat out)"
	SIPSUM_KEY=$K16 run abc
	eq "SIPSUM_KEY" "$want" "$(cat out)"
	SIPSUM_KEY=ffffffffffffffffffffffffffffffff run -k $K16 abc
	eq "--key overrides SIPSUM_KEY" "$want" "$(cat out)"
	run --key-file key8.bin -a halfsiphash-2-4 -l 32 abc
	local h32
	h32=$(cat out)
	run -k $K8 -a halfsiphash-2-4 -l 32 abc
	eq "halfsiphash 8-byte key file" "$h32" "$(cat out)"
	# --backend: every supported backend, verbose names it
	for b in "${backends[@]}"; do
		run -v --backend "$b" -k $K16 abc
		eq "--backend $b tag" "$want" "$(cat out)"
		has "--verbose names $b" "backend: $b" err
	done
	run -v --backend auto -k $K16 abc
	eq "--backend auto" "$want" "$(cat out)"
	# --progress: a final line with bytes, total, percentage and rate
	head -c 300000 /dev/zero >z300k
	run --progress -k $K16 z300k
	has "--progress bytes and percent" "sipsum: z300k: 0.3 MiB of 0.3 MiB (100%), " err
	has "--progress rate" "MiB/s" err
	run_in z300k --progress -k $K16
	has "--progress on stdin from a file (size known)" "sipsum: -: 0.3 MiB of 0.3 MiB (100%), " err
	# standard input moved on by 200000 bytes: the total is what is left from there
	{
		dd bs=200000 count=1 of=/dev/null status=none
		$EMU "$SIPSUM" --progress -k $K16 >out 2>err
	} <z300k
	has "--progress on stdin from its offset" "sipsum: -: 0.1 MiB of 0.1 MiB (100%), " err
	cat z300k | $EMU "$SIPSUM" --progress -k $K16 >out 2>err
	has "--progress on a pipe (size unknown)" "sipsum: -: 0.3 MiB, " err
	run --no-progress -k $K16 z300k
	eq "--no-progress is silent" "" "$(cat err)"
	run -k $K16 z300k
	eq "no progress off a terminal" "" "$(cat err)"
	# on a terminal (script(1) gives one), progress turns itself on past 256 MiB and clears its line
	if command -v script >/dev/null 2>&1; then
		truncate -s 300M z300m
		script -qec "$EMU '$SIPSUM' -k $K16 z300m" /dev/null >tty.out 2>&1 </dev/null
		has "automatic progress on a terminal, large input" "$(printf '\033[K')" tty.out
		has "automatic progress: the tag still printed" "  z300m" tty.out
		script -qec "$EMU '$SIPSUM' -k $K16 z300k" /dev/null >tty.out 2>&1 </dev/null
		if grep -qF "$(printf '\033[K')" tty.out; then bad "progress on a terminal for a small input"; else ok; fi
		script -qec "$EMU '$SIPSUM' --no-progress -k $K16 z300m" /dev/null >tty.out 2>&1 </dev/null
		if grep -qF "$(printf '\033[K')" tty.out; then bad "--no-progress on a terminal"; else ok; fi
		rm -f z300m
	fi
	# -c, --quiet, --status, --strict, --warn, --ignore-missing are covered by the check group
}

group_check() {
	printf 'one' >one
	printf 'two' >two
	printf 'three' >three
	run -k $K16 one two three
	cp out sums
	run -k $K16 -c sums
	eq "check rc" 0 "$rc"
	eq "check output" "$(printf 'one: OK\ntwo: OK\nthree: OK')" "$(cat out)"
	# a -w warning comes after the results of the lines before it (small files are held back to be
	# hashed together: they are hashed first)
	{ head -n 2 sums; echo 'not a line'; tail -n 1 sums; } >sums-bad
	$EMU "$SIPSUM" -k $K16 -w -c sums-bad >both 2>&1 </dev/null
	eq "-w warning in line order" "$(printf 'one: OK\ntwo: OK\nsipsum: sums-bad: 3: improperly formatted SipHash checksum line\nthree: OK\nsipsum: WARNING: 1 line is improperly formatted')" "$(cat both)"
	eq "check stderr" "" "$(cat err)"
	run -k $K16 --check sums
	eq "--check" 0 "$rc"
	run_in sums -k $K16 -c
	eq "check list on stdin" 0 "$rc"
	run -k $K16 --quiet -c sums
	eq "--quiet prints nothing when all match" "" "$(cat out)"
	# BSD lines, mixed algorithms in one list (both SipHash family)
	run -k $K16 --tag one
	cp out mixed
	run -k $K16 --tag -a siphash-1-3-128 two >/dev/null
	cat out >>mixed
	run -k $K16 -a siphash-4-8 three
	run -k $K16 -c mixed
	eq "BSD lines with different algorithms" "$(printf 'one: OK\ntwo: OK')" "$(cat out)"
	# two-column lines take the algorithm from -a and the length from the tag
	run -k $K16 -a siphash-1-3 -l 128 one
	cp out s13
	run -k $K16 -a siphash-1-3 -c s13
	eq "length from the tag" "one: OK" "$(cat out)"
	run -k $K16 -a siphash-1-3 -l 64 -c s13
	eq "explicit -l mismatching the tag: malformed" 1 "$rc"
	# HalfSipHash check list, key family from -a
	run -k $K8 -a halfsiphash-1-3 -l 32 --tag one two
	cp out hsums
	run -k $K8 -a halfsiphash-2-4 -c hsums
	eq "halfsiphash BSD check" "$(printf 'one: OK\ntwo: OK')" "$(cat out)"
	run -k $K16 -c hsums
	eq "halfsiphash lines with a SipHash key rc" 1 "$rc"
	has "needs an 8-byte key" "HalfSipHash-1-3 needs an 8-byte key" err
	# FAILED, FAILED open or read, malformed lines, comments, empty lines, CRLF
	{
		cat sums
		echo '# a comment'
		echo
		echo 'not a checksum line'
		echo '0123456789abcdef  missing-file'
		printf '0000000000000000  two\r\n'
		echo 'SipHash-2-4-64 (one) = 00'
	} >mixed2
	run -k $K16 -c mixed2
	eq "mixed rc" 1 "$rc"
	same "mixed stdout" "$SIPSUM_EXPECTED/check-mixed.out" out
	same "mixed stderr" "$SIPSUM_EXPECTED/check-mixed.err" err
	run -k $K16 -c --warn mixed2
	has "--warn line 9" "sipsum: mixed2: 6: improperly formatted SipHash checksum line" err
	has "--warn line 9" "sipsum: mixed2: 9: improperly formatted SipHash checksum line" err
	run -k $K16 -cw mixed2
	has "-w (short --warn)" "sipsum: mixed2: 6: improperly formatted SipHash checksum line" err
	run -k $K16 -c mixed2
	if grep -qF ': 6: improperly' err; then bad "no per-line warning without --warn"; else ok; fi
	run -k $K16 -c --status mixed2
	eq "--status rc" 1 "$rc"
	eq "--status stdout" "" "$(cat out)"
	eq "--status stderr: only the open error" "sipsum: missing-file: No such file or directory" "$(cat err)"
	run -k $K16 -c --quiet mixed2
	eq "--quiet stdout" "$(printf 'missing-file: FAILED open or read\ntwo: FAILED')" "$(cat out)"
	# malformed lines alone do not fail, unless --strict
	{
		cat sums
		echo 'garbage'
	} >withbad
	run -k $K16 -c withbad
	eq "malformed line, no --strict: rc" 0 "$rc"
	has "malformed warning" "sipsum: WARNING: 1 line is improperly formatted" err
	run -k $K16 -c --strict withbad
	eq "--strict rc" 1 "$rc"
	run -k $K16 -c --strict sums
	eq "--strict on a clean list" 0 "$rc"
	{
		cat sums
		echo '0123456789abcdef  missing-file'
	} >withmissing
	run -k $K16 -c --ignore-missing withmissing
	eq "--ignore-missing rc" 0 "$rc"
	eq "--ignore-missing output" "$(printf 'one: OK\ntwo: OK\nthree: OK')" "$(cat out)"
	echo '0123456789abcdef  missing-file' >onlymissing
	run -k $K16 -c --ignore-missing onlymissing
	eq "--ignore-missing, nothing verified: rc" 1 "$rc"
	has "nothing verified" "sipsum: onlymissing: no file was verified" err
	# plural summaries
	printf 'x' >one
	printf 'y' >two
	run -k $K16 -c sums
	eq "2 mismatches rc" 1 "$rc"
	has "plural summary" "sipsum: WARNING: 2 computed checksums did NOT match" err
	printf '0123456789abcdef  missing-1\n0123456789abcdef  missing-2\n' >twomissing
	run -k $K16 -c twomissing
	has "plural unreadable summary" "sipsum: WARNING: 2 listed files could not be read" err
	# a BSD line needs its length, also after a line that had one
	run -k $K16 --tag one two
	sed '2s/-64 (/ (/' out >nobits
	run -k $K16 -c nobits
	eq "BSD line without a length" "one: OK" "$(cat out)"
	has "BSD line without a length: malformed" "sipsum: WARNING: 1 line is improperly formatted" err
	# a list without any valid line, and a missing list
	echo 'nothing here' >nolines
	run -k $K16 -c nolines
	eq "no valid lines rc" 1 "$rc"
	has "no valid lines message" "sipsum: nolines: no properly formatted SipHash checksum lines found" err
	run -k $K16 -c no-such-list
	eq "missing list rc" 1 "$rc"
	has "missing list message" "sipsum: no-such-list: No such file or directory" err
	# a listed directory
	mkdir -p adir
	echo '0123456789abcdef  adir' >dirlist
	run -k $K16 -c dirlist
	eq "listed directory rc" 1 "$rc"
	has "listed directory message" "sipsum: adir: Is a directory" err
	has "listed directory verdict" "adir: FAILED open or read" out
	# --ignore-missing leaves out missing files only
	run -k $K16 -c --ignore-missing dirlist
	eq "--ignore-missing, listed directory: rc" 1 "$rc"
	has "--ignore-missing, listed directory: message" "sipsum: adir: Is a directory" err
	has "--ignore-missing, listed directory: verdict" "adir: FAILED open or read" out
	# a bad escape in an escaped line
	printf '\\0123456789abcdef  a\\qb\n' >badesc
	run -k $K16 -c badesc
	eq "bad escape rc" 1 "$rc"
	# check-only options without -c, --tag with -c
	run -k $K16 --quiet one
	eq "--quiet without -c" 2 "$rc"
	for o in --status --strict -w --ignore-missing; do
		run -k $K16 "$o" one
		eq "$o without -c" 2 "$rc"
	done
	run -k $K16 --tag -c sums
	eq "--tag with -c" 2 "$rc"
	# line forms coreutils also reads: a tab after the tag, md5 -r's one space, the binary-mode
	# marker, blanks before the tag
	printf 'four' >four
	run -k $K16 four
	local t4 form
	t4=$(cut -d' ' -f1 out)
	for form in '%s\tfour' '%s four' '%s *four' '  %s  four'; do
		# shellcheck disable=SC2059 # the form is the format
		printf "$form\n" "$t4" >form
		run -k $K16 -c form
		eq "check line form '$form'" "four: OK" "$(cat out)"
	done
	# a tag and a separator without a name is malformed, not the file ""
	printf '%s \n%s four\n' "$t4" "$t4" >noname
	run -k $K16 -c noname
	eq "no name: rc" 0 "$rc"
	eq "no name: malformed" "four: OK" "$(cat out)"
	# a NUL inside a line makes it malformed: the name does not end there
	printf '%s  four\0junk\n%s  four\n' "$t4" "$t4" >withnul
	run -k $K16 -c withnul
	eq "NUL in a line: malformed" "four: OK" "$(cat out)"
	has "NUL in a line: warning" "sipsum: WARNING: 1 line is improperly formatted" err
	# a name holding ") = ": the last one ends it
	printf 'ab' >'a) = b'
	run -k $K16 --tag 'a) = b'
	cp out oddname
	run -k $K16 -c oddname
	eq "name with ') = '" "a) = b: OK" "$(cat out)"
	# a list keeps to one form: after a one-space line, a second space is the name's
	printf '%s four\n%s  four\n' "$t4" "$t4" >forms1
	run -k $K16 -c forms1
	eq "one-space list, two-space line: rc" 1 "$rc"
	has "one-space list, two-space line: the name keeps its space" " four: FAILED open or read" out
	# and after a two-space line, a one-space line is malformed
	printf '%s  four\n%s four\n' "$t4" "$t4" >forms2
	run -k $K16 -c forms2
	eq "two-space list, one-space line: rc" 0 "$rc"
	has "two-space list, one-space line: malformed" "sipsum: WARNING: 1 line is improperly formatted" err
	# --quiet, --status and -w each turn the other two off: the last one given wins
	printf '%s  four\ngarbage\n' "$t4" >fourbad
	run -k $K16 -c -w --status fourbad
	eq "-w --status: nothing printed" "" "$(cat out err)"
	run -k $K16 -c --status -w fourbad
	has "--status -w: the line's warning" "sipsum: fourbad: 2: improperly formatted SipHash checksum line" err
	eq "--status -w: OK printed" "four: OK" "$(cat out)"
	run -k $K16 -c -w --quiet fourbad
	eq "-w --quiet: the summary only" "sipsum: WARNING: 1 line is improperly formatted" "$(cat err)"
	eq "-w --quiet: no OK" "" "$(cat out)"
	run -k $K16 -c --quiet --status fourbad
	eq "--quiet --status: nothing printed" "" "$(cat out err)"
	# --status leaves out the key-family message too, like any line's warning
	run -k $K16 -c --status hsums
	eq "--status, HalfSipHash lines with a SipHash key: rc" 1 "$rc"
	eq "--status, HalfSipHash lines with a SipHash key: stderr" \
		"sipsum: hsums: no properly formatted SipHash checksum lines found" "$(cat err)"
}

group_errors() {
	printf 'data' >data
	# no key at all
	run data
	eq "no key rc" 2 "$rc"
	has "no key message" "sipsum: no key given" err
	eq "no key: nothing on stdout" "" "$(cat out)"
	# bad keys: wrong length, not hex, wrong family, empty env
	run -k 0011 data
	eq "short key rc" 2 "$rc"
	has "short key message" "sipsum: --key: the key must be 32 hex digits (16 bytes) for SipHash" err
	run -k 000102030405060708090a0b0c0d0e0g data
	eq "non-hex key rc" 2 "$rc"
	run -k $K16 -a halfsiphash-2-4 data
	eq "16-byte key for HalfSipHash rc" 2 "$rc"
	has "HalfSipHash key message" "the key must be 16 hex digits (8 bytes) for HalfSipHash" err
	SIPSUM_KEY=xyz run data
	eq "bad SIPSUM_KEY rc" 2 "$rc"
	has "bad SIPSUM_KEY message" "sipsum: SIPSUM_KEY: the key must be" err
	SIPSUM_KEY='' run data
	eq "empty SIPSUM_KEY rc" 2 "$rc"
	printf '0011' >shortkey
	run --key-file shortkey data
	eq "bad key file rc" 2 "$rc"
	has "bad key file message" "sipsum: --key-file: shortkey: expected 16 raw bytes or 32 hex digits" err
	run --key-file no-such-key data
	eq "missing key file rc" 2 "$rc"
	has "missing key file message" "sipsum: --key-file: no-such-key: No such file or directory" err
	run --key-file key16.bin -k $K16 data
	eq "two key sources rc" 2 "$rc"
	# unknown algorithm, bad rounds, bad length
	# (rounds 0 and 65 on either side, trailing junk, and a count that wraps to 2 in 32 bits)
	for a in sha256 siphash-0-4 siphash-2-0 siphash-2-65 siphash-65-4 siphash-2 siphash-2-4x \
		siphash-4294967298-4 halfsiphash-2-4-128 siphash-2-4-32; do
		run -k $K16 -a "$a" data
		eq "algorithm $a rc" 2 "$rc"
		has "algorithm $a message" "sipsum: --algorithm: unknown algorithm '$a'" err
	done
	# (4294967360 wraps to 64 in 32 bits)
	for l in 32 256 abc "" 4294967360; do
		run -k $K16 -l "$l" data
		eq "length '$l' rc" 2 "$rc"
		has "length '$l' message" "sipsum: --length: invalid length '$l' for SipHash (64 or 128)" err
	done
	run -k $K8 -a halfsiphash-2-4 -l 128 data
	eq "half length 128 rc" 2 "$rc"
	has "half length message" "invalid length '128' for HalfSipHash (32 or 64)" err
	run -k $K16 -a siphash-2-4-64 -l 128 data
	eq "contradicting -a suffix and -l" 2 "$rc"
	# unknown option, unknown backend
	run -k $K16 --frobnicate data
	eq "unknown option rc" 2 "$rc"
	has "unknown option hint" "Try 'sipsum --help'" err
	run -k $K16 --backend turbo data
	eq "unknown backend rc" 2 "$rc"
	has "unknown backend message" "sipsum: --backend: unknown backend 'turbo'" err
	for b in sse2 avx2 avx512 neon; do
		case " ${backends[*]} " in *" $b "*) continue ;; esac
		run -k $K16 --backend "$b" data
		eq "unsupported backend $b rc" 2 "$rc"
		has "unsupported backend $b message" "is not built in or not supported by this CPU" err
	done
	# missing file and directory: message, the other files still hashed, status 1
	mkdir -p adir
	run -k $K16 missing data adir data
	eq "missing+dir rc" 1 "$rc"
	eq "missing+dir stderr" "$(printf 'sipsum: missing: No such file or directory\nsipsum: adir: Is a directory')" "$(cat err)"
	eq "other files still hashed" 2 "$(grep -c '  data$' out)"
	eq "no tag for failed files" 0 "$(grep -c -e missing -e adir out)"
	# a file that opens but whose read() fails (Linux: offset 0 of our own memory is unmapped):
	# an error and no tag, the next file still hashed
	if [ -z "$EMU" ] && [ -r /proc/self/mem ]; then
		run -k $K16 /proc/self/mem data
		eq "read error rc" 1 "$rc"
		has "read error message" "sipsum: /proc/self/mem: Input/output error" err
		eq "no tag after a read error" 0 "$(grep -c /proc/self/mem out)"
		eq "next file after a read error" 1 "$(grep -c '  data$' out)"
	else
		echo "skipped: the read-error check (needs /proc/self/mem, and no emulator)"
	fi
	# an unreadable file (skipped when running as root, which reads anything)
	printf 'secret' >noread
	chmod 000 noread
	if ! cat noread >/dev/null 2>&1; then
		run -k $K16 noread data
		eq "unreadable rc" 1 "$rc"
		has "unreadable message" "sipsum: noread: Permission denied" err
		eq "no tag for the unreadable file" 0 "$(grep -c noread out)"
	else
		echo "skipped: the unreadable-file check (this user reads a mode-000 file: root)"
	fi
	chmod 600 noread
}

group_big() {
	: "${SIPSUM_ZEROS:?}"
	# the helper must agree with the published vector for the empty message first
	eq "helper, empty message" "310e0edd47db6f72" "$($EMU "$SIPSUM_ZEROS" 0)"
	# 4 GiB + 4099 bytes of zeros, sparse: lengths and offsets past 2^32, a partial last window and block
	local size=$((4 * 1024 * 1024 * 1024 + 4099))
	if ! truncate -s "$size" sparse4g 2>/dev/null; then
		echo "cannot create a sparse file here: skipped"
		exit 77
	fi
	local want
	want=$($EMU "$SIPSUM_ZEROS" "$size")
	run -k $K16 sparse4g
	eq "4 GiB sparse rc" 0 "$rc"
	eq "4 GiB sparse tag" "$want  sparse4g" "$(cat out)"
	# a file cut short while it is being hashed: an error, never a tag (hashing 4 GiB takes far longer
	# than the 0.3 s before the cut on any machine this runs on)
	truncate -s "$size" sparse4g
	printf 'after' >data-after
	$EMU "$SIPSUM" -k $K16 sparse4g data-after >out 2>err </dev/null &
	local pid=$!
	sleep 0.3
	truncate -s 1M sparse4g
	wait $pid
	rc=$?
	eq "file cut short: rc" 1 "$rc"
	has "file cut short: message" "sipsum: sparse4g: " err
	eq "file cut short: no tag" 0 "$(grep -c sparse4g out)"
	has "file cut short: the next file still hashed" "  data-after" out
	rm -f sparse4g
}

declare -F "group_$group" >/dev/null || {
	echo "unknown group: $group"
	exit 2
}
"group_$group"
echo "$passed passed, $failed failed"
# a group that checked nothing has not passed
[ "$passed" -gt 0 ] && [ "$failed" -eq 0 ]
