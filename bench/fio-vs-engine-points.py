#!/usr/bin/env python3
"""Runs one plan twice on the same file, once measured by drivelab-engine and once by fio, and prints the ratio
fio / engine per point (IOPS, reads and writes together) and their median.

Usage: bench/fio-vs-engine-points.py [--target FILE] [--preset quick] [--size 256M] [--runtime 1] [--rounds 1]
       [--drivelab target/drivelab]

Both runs go into a throw-away store. With --rounds N the two engines alternate N times (the order swaps every
round) and the median ratio per point is printed: a busy machine moves single points by +-40 %. Issue 14's bar:
median within 0.85-1.15, every point within 0.7-1.4 on a quiet machine. Not part of the test suite.
"""
import argparse, json, os, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(args, engine, store, target):
    cmd = [args.drivelab, "run", "--engine", engine, "--target", target, "--preset", args.preset,
           "--size", args.size, "--runtime", str(args.runtime), "--ramp", "0", "--idle", "0",
           "--overwrite-file", "--json", "--db", store]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr.strip()[-800:]}")
    iops = {}
    for line in p.stdout.splitlines():
        event = json.loads(line)
        if event.get("type") == "point" and event.get("kind") == "measure":
            iops[event["key"]] = sum((event.get(d) or {}).get("iops", 0) for d in ("read", "write"))
    return iops


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", help="the file both engines measure (default: a new file in /tmp)")
    ap.add_argument("--preset", default="quick")
    ap.add_argument("--size", default="256M")
    ap.add_argument("--runtime", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--drivelab", default=os.path.join(HERE, "..", "target", "drivelab"))
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="fio-vs-engine-")
    target = args.target or os.path.join(work, "target.img")
    store = os.path.join(work, "store.db")
    ratios = {}
    for r in range(args.rounds):
        order = ["drivelab", "fio"] if r % 2 == 0 else ["fio", "drivelab"]
        got = {engine: run(args, engine, store, target) for engine in order}
        for key, engine_iops in got["drivelab"].items():
            if engine_iops > 0 and key in got["fio"]:
                ratios.setdefault(key, []).append(got["fio"][key] / engine_iops)
    print(f"{'point':40} {'fio / engine':>12}")
    medians = []
    for key, values in ratios.items():
        m = statistics.median(values)
        medians.append(m)
        flag = "" if 0.7 <= m <= 1.4 else "   outside 0.7-1.4"
        print(f"{key:40} {m:12.2f}{flag}")
    median = statistics.median(medians) if medians else float("nan")
    print(f"{'median':40} {median:12.2f}   (bar: 0.85-1.15)")
    sys.exit(0 if 0.85 <= median <= 1.15 else 1)


if __name__ == "__main__":
    main()
