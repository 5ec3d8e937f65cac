#!/usr/bin/env bash
# plot.sh - turns siphash-bench JSON (--benchmark_format=json) into PNG plots: ns/hash and cycles/byte against size.
#
#   benchmarks/plot.sh RESULTS.json [OUTDIR] [--ghz GHZ] [--only REGEX]
#
# One plot pair per FAMILY/VARIANT (e.g. BM_oneshot/siphash24_64), one line per
# implementation or backend (auto, scalar, sse2, avx2, libsodium, highwayhash,
# openssl, limit), both axes log-scaled. With repetitions the median aggregate
# is plotted, otherwise the single run. Cycles per byte are ns x GHz / bytes
# (the clock from the JSON context, or --ghz), so they are an equivalent at
# the nominal clock, not a counter reading. Installs python3 and gnuplot-nox
# when missing.
set -euo pipefail
. "$(dirname "$0")/../scripts/lib/common.sh"

usage() { sed -n '3,12p' "$0" | sed 's/^# \{0,1\}//'; }
json=""
outdir=""
ghz=""
only=""
while [ $# -gt 0 ]; do
	case "$1" in
	--ghz) ghz=$2; shift 2 ;;
	--only) only=$2; shift 2 ;;
	-h | --help) usage; exit 0 ;;
	*) if [ -z "$json" ]; then json=$1; elif [ -z "$outdir" ]; then outdir=$1; else usage >&2; exit 2; fi; shift ;;
	esac
done
[ -n "$json" ] || { usage >&2; exit 2; }
outdir=${outdir:-plots}
mkdir -p "$outdir"
ensure_packages python3 gnuplot-nox

script="$outdir/plots.gp"
python3 - "$json" "$outdir" "$ghz" "$only" >"$script" <<'PY'
import json, re, sys
from collections import defaultdict

path, outdir, ghz, only = sys.argv[1:5]
doc = json.load(open(path))
ctx = doc.get("context", {})
ghz = float(ghz) if ghz else ctx.get("mhz_per_cpu", 1000) / 1000.0
cpu = ctx.get("siphash_cpu") or ctx.get("host_name", "")
have_median = any(b.get("aggregate_name") == "median" for b in doc["benchmarks"])

series = defaultdict(lambda: defaultdict(dict))  # (family, variant) -> impl -> size -> ns
for b in doc["benchmarks"]:
    if have_median and b.get("aggregate_name") != "median":
        continue
    if not have_median and b.get("run_type", "iteration") != "iteration":
        continue
    name = b.get("run_name", b["name"])
    parts = name.split("/")
    if len(parts) != 4 or not parts[3].isdigit():
        continue  # batch rows (1024x16) are not per-size series
    family, variant, impl, size = parts[0], parts[1], parts[2], int(parts[3])
    if only and not re.search(only, name):
        continue
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
    series[(family, variant)][impl][size] = b["cpu_time"] * scale

order = ["auto", "scalar", "sse2", "avx2", "avx512", "neon", "libsodium", "highwayhash", "openssl", "limit"]
print('set terminal pngcairo size 900,560 font ",10"')
print("set logscale x 2\nset logscale y\nset grid\nset key outside right top")
print('set xlabel "message bytes"')
for (family, variant), impls in sorted(series.items()):
    names = sorted(impls, key=lambda i: (order.index(i) if i in order else len(order), i))
    for n, impl in enumerate(names):
        print(f"$d{n} << EOD")
        for size in sorted(impls[impl]):
            ns = impls[impl][size]
            cpb = ns * ghz / size if size else float("nan")
            print(f"{max(size, 0.5)} {ns} {cpb}")
        print("EOD")
    base = f"{outdir}/{family}-{variant}"
    title = f"{family}/{variant}" + (f" on {cpu}" if cpu else "")
    for col, suffix, ylabel in ((2, "ns", "ns per hash"), (3, "cpb", f"cycles per byte at {ghz:.2f} GHz")):
        print(f'set output "{base}-{suffix}.png"')
        print(f'set title "{title}" noenhanced')
        print(f'set ylabel "{ylabel}"')
        plots = [f'$d{n} using 1:{col} with linespoints title "{impl}" noenhanced'
                 for n, impl in enumerate(names)]
        print("plot " + ", ".join(plots))
PY
gnuplot "$script"
log "plots written to $outdir ($(find "$outdir" -name '*.png' | wc -l) PNG files)"
