#!/usr/bin/env python3
# compare_runs.py - runs siphash-compare in many processes, the specs in a new order each time, and gives medians.
"""Usage: benchmarks/compare_runs.py [--runs N] [--compare PATH] [--] SIPHASH-COMPARE-ARGS...

One siphash-compare process puts every build side by side in the same
period of the host, but a build's speed also moves from process to process
by a few percent (where its copy lands in memory), and a spec's place in the
turns can favour it. This runs N processes (default 10) with the same
options and specs, shuffling the specs' order in each, and prints for every
spec the median (and range) over the processes of its fastest time relative
to the first spec's. A change of 2-3% shows in these medians; a single
process can show it either way.

e.g. benchmarks/compare_runs.py --compare build/benchmarks/siphash-compare -- \\
        --op siphash13_64_batch --bytes mixed \\
        scalar:old/libsiphash.so.1 avx2:old/libsiphash.so.1 avx2:new/libsiphash.so.1
"""
import random
import statistics
import subprocess
import sys


def fastest(line):
    """The first number of a result row: its fastest time (the backend may read "auto (avx512)")."""
    for word in line.split():
        try:
            return float(word)
        except ValueError:
            continue
    raise ValueError("no time in row: " + line)


def main(argv):
    runs, tool = 10, "siphash-compare"
    while argv and argv[0] != "--" and argv[0].startswith("--"):
        if argv[0] == "--runs" and len(argv) > 1:
            runs, argv = int(argv[1]), argv[2:]
        elif argv[0] == "--compare" and len(argv) > 1:
            tool, argv = argv[1], argv[2:]
        else:
            sys.exit(__doc__)
    if argv and argv[0] == "--":
        argv = argv[1:]
    opts, specs, i = [], [], 0
    while i < len(argv):  # siphash-compare's options with a value, its flags, and the specs
        if argv[i] in ("--op", "-n", "--bytes", "--update", "--rounds", "--calls") and i + 1 < len(argv):
            opts += argv[i : i + 2]
            i += 2
        else:
            (opts if argv[i].startswith("-") else specs).append(argv[i])
            i += 1
    if len(specs) < 2 or runs < 1:
        sys.exit(__doc__)
    rel = {s: [] for s in specs}
    for _ in range(runs):
        order = specs[:]
        random.shuffle(order)
        done = subprocess.run([tool] + opts + order, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit("%s failed (%d): %s" % (tool, done.returncode, done.stderr.strip()))
        times = dict(zip(order, (fastest(line) for line in done.stdout.splitlines()[2:])))
        for s in specs:
            rel[s].append(times[s] / times[specs[0]])
    print("%d processes; each spec's fastest time over the first spec's, median (range):" % runs)
    for s in specs:
        print("  %.3f (%.3f-%.3f)  %s" % (statistics.median(rel[s]), min(rel[s]), max(rel[s]), s))


if __name__ == "__main__":
    main(sys.argv[1:])
