#!/usr/bin/env python3
# report.py - reads siphash-bench JSON and prints the Markdown tables of docs/performance.md: ns/hash, ratios, targets.
"""Usage: benchmarks/report.py RESULTS.json

Uses the median aggregates when the run had repetitions. Ratios are computed
from rows of the same run, as the targets of issue 5 ask. Standard library only.
"""
import json
import sys
from collections import defaultdict

SIZES = [8, 16, 64, 1024, 16384]
ALL_SIZES = [0, 1, 7, 8, 15, 16, 32, 64, 256, 1024, 4096, 16384]
PEERS = ["libsodium", "highwayhash", "openssl"]
BACKENDS = ["scalar", "sse2", "avx2", "avx512", "neon"]


def load(path, stat="median"):
    """Table of FAMILY/VARIANT/IMPL -> size -> ns: the median aggregate (or
    the single run), or with stat="min" the fastest repetition."""
    doc = json.load(open(path))
    have_median = any(b.get("aggregate_name") == "median" for b in doc["benchmarks"])
    t = defaultdict(dict)
    for b in doc["benchmarks"]:
        is_iter = b.get("run_type", "iteration") == "iteration"
        if stat == "min" and not is_iter:
            continue
        if stat != "min" and have_median and b.get("aggregate_name") != "median":
            continue
        if stat != "min" and not have_median and not is_iter:
            continue
        parts = b.get("run_name", b["name"]).split("/")
        if len(parts) != 4:
            continue
        scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}[b.get("time_unit", "ns")]
        ns = b["cpu_time"] * scale
        row = "/".join(parts[:3])
        old = t[row].get(parts[3])
        t[row][parts[3]] = ns if old is None else min(old, ns)
    return doc.get("context", {}), t, have_median


def get(t, row, size):
    return t.get(row, {}).get(str(size))


def fmt(x, digits=1):
    return "-" if x is None else f"{x:.{digits}f}"


def targets(t, label):
    out = print
    out(f"#### Targets (issue 5), ratios from this run: {label}\n")
    out("| target | measured | met |")
    out("|---|---|---|")

    def peer_best(variant, s):
        vals = [get(t, f"BM_oneshot/{variant}/{p}", s) for p in PEERS]
        vals = [v for v in vals if v is not None]
        return min(vals) if vals else None

    for variant in ("siphash24_64", "siphash13_64"):
        ratios = []
        for s in [s for s in ALL_SIZES if s >= 8]:
            ours, best = get(t, f"BM_oneshot/{variant}/scalar", s), peer_best(variant, s)
            if ours and best:
                ratios.append((best / ours, s))
        worst = min(ratios) if ratios else None
        if worst:
            out(f"| {variant} faster than every peer, 8 B..16 KiB | slowest size: {worst[1]} B at "
                f"{worst[0]:.3f}x the best peer | {'yes' if worst[0] >= 1.0 else 'no'} |")
        for s in (8, 16):
            ours, best = get(t, f"BM_oneshot/{variant}/scalar", s), peer_best(variant, s)
            if ours and best:
                r = best / ours
                out(f"| {variant} >= 1.10x best peer at {s} B | {r:.3f}x | {'yes' if r >= 1.10 else 'no'} |")
        ours, lim = get(t, f"BM_oneshot/{variant}/scalar", 16384), get(t, f"BM_oneshot/{variant}/limit", 16384)
        if ours and lim:
            r = ours / lim
            out(f"| {variant} within 1.15x of the limit row at 16 KiB | {r:.3f}x | {'yes' if r <= 1.15 else 'no'} |")
    one = get(t, "BM_oneshot/siphash24_64/scalar", 16384)
    u1 = get(t, "BM_stream_u1/siphash24_64/scalar", 16384)
    u4k = get(t, "BM_stream_u4096/siphash24_64/scalar", 16384)
    if one and u1:
        out(f"| streaming 1-byte updates within 2x of one-shot at 16 KiB | {u1 / one:.2f}x | "
            f"{'yes' if u1 / one <= 2 else 'no'} |")
    if one and u4k:
        out(f"| streaming 4096-byte updates within 3% at 16 KiB | {u4k / one:.3f}x | "
            f"{'yes' if u4k / one <= 1.03 else 'no'} |")
    worst = None
    for row in sorted(k for k in t if k.startswith("BM_oneshot/") and k.endswith("/auto")):
        base = row[: -len("/auto")]
        for s in t[row]:
            forced = [get(t, f"{base}/{b}", s) for b in BACKENDS]
            forced = [f for f in forced if f is not None]
            if forced and t[row][s]:
                r = t[row][s] / min(forced)
                if worst is None or r > worst[0]:
                    worst = (r, f"{base}/{s}")
    if worst:
        out(f"| auto within 5% of the fastest forced backend, every one-shot row | worst: {worst[1]} at "
            f"{worst[0]:.3f}x | {'yes' if worst[0] <= 1.05 else 'no'} |")
    out("")


def main():
    ctx, t, median = load(sys.argv[1])
    out = print
    out("# libsiphash benchmark report: benchmarks/report.py's tables from one siphash-bench run\n")
    out(f"CPU: {ctx.get('siphash_cpu', '?')}, {ctx.get('num_cpus', '?')} cores at "
        f"{ctx.get('mhz_per_cpu', '?')} MHz (nominal); auto backend: {ctx.get('siphash_auto_backend', '?')}; "
        f"{'median of repetitions' if median else 'single runs'}; run {ctx.get('date', '?')}.\n")

    for variant in ("siphash24_64", "siphash13_64"):
        impls = ["auto"] + [b for b in BACKENDS if f"BM_oneshot/{variant}/{b}" in t] + \
                [p for p in PEERS if f"BM_oneshot/{variant}/{p}" in t] + ["limit"]
        impls = [i for i in impls if f"BM_oneshot/{variant}/{i}" in t]
        out(f"#### {variant}, one-shot, ns per hash\n")
        out("| bytes | " + " | ".join(impls) + " |")
        out("|---:|" + "---:|" * len(impls))
        for s in ALL_SIZES:
            out(f"| {s} | " + " | ".join(fmt(get(t, f"BM_oneshot/{variant}/{i}", s)) for i in impls) + " |")
        out("")

    tmin = load(sys.argv[1], "min")[1] if median else t
    out("#### Scalar one-shot against the best peer at each size (peer ns / our ns; above 1 is faster)\n")
    out("| bytes | siphash24_64 best peer | median | fastest rep. | siphash13_64 best peer | median | fastest rep. |")
    out("|---:|---|---:|---:|---|---:|---:|")
    for s in [s for s in ALL_SIZES if s >= 8]:
        cells = []
        for variant in ("siphash24_64", "siphash13_64"):
            for table in (t, tmin):
                peers = [(get(table, f"BM_oneshot/{variant}/{p}", s), p) for p in PEERS]
                peers = [x for x in peers if x[0] is not None]
                ours = get(table, f"BM_oneshot/{variant}/scalar", s)
                if table is t:
                    cells.append(min(peers)[1] if peers else "-")
                cells.append(fmt(min(peers)[0] / ours, 3) if peers and ours else "-")
        out(f"| {s} | " + " | ".join(cells) + " |")
    out("")

    out("#### Streaming siphash24_64 (scalar backend), ns per message\n")
    out("| bytes | one-shot | 1-byte updates | 64-byte | 4096-byte | 1-byte / one-shot | 4096-byte / one-shot |")
    out("|---:|---:|---:|---:|---:|---:|---:|")
    for s in (64, 1024, 4096, 16384):
        one = get(t, "BM_oneshot/siphash24_64/scalar", s)
        u1 = get(t, "BM_stream_u1/siphash24_64/scalar", s)
        u64 = get(t, "BM_stream_u64/siphash24_64/scalar", s)
        u4k = get(t, "BM_stream_u4096/siphash24_64/scalar", s)
        r1 = u1 / one if one and u1 else None
        r4 = u4k / one if one and u4k else None
        out(f"| {s} | {fmt(one)} | {fmt(u1)} | {fmt(u64)} | {fmt(u4k)} | {fmt(r1, 2)} | {fmt(r4, 3)} |")
    out("")

    targets(t, "median of the repetitions" if median else "single runs")
    if median:
        targets(load(sys.argv[1], "min")[1], "fastest repetition (noise on a shared machine only ever slows a run)")

    batch = sorted(k for k in t if k.startswith("BM_batch/siphash24_64/"))
    if batch:
        shapes = ["1024x8", "1024x16", "1024x32", "1024x64", "1024xmixed"]
        out("#### Batch siphash24_64_batch, ns per message (1024 messages per call)\n")
        out("| impl | " + " | ".join(shapes) + " |")
        out("|---|" + "---:|" * len(shapes))
        for row in batch:
            vals = [t[row].get(s) for s in shapes]
            out(f"| {row.split('/')[2]} | " + " | ".join(fmt(v / 1024 if v else None, 2) for v in vals) + " |")
        out("")

    lat = sorted(k for k in t if k.startswith("BM_latency/siphash24_64/"))
    if lat:
        out("#### Latency siphash24_64 (each input depends on the previous tag), ns per hash\n")
        out("| impl | " + " | ".join(f"{s} B" for s in SIZES) + " |")
        out("|---|" + "---:|" * len(SIZES))
        for row in lat:
            out(f"| {row.split('/')[2]} | " + " | ".join(fmt(get(t, row, s)) for s in SIZES) + " |")
        out("")


if __name__ == "__main__":
    main()
