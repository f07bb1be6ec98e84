#!/usr/bin/env python3
"""Runs fio and drivelab-engine in turn on the same target and prints medians and ratios.

Usage: bench/engine-vs-fio.py [--target DEV|FILE] [--rounds N] [--runtime S] [--engine PATH] [--only NAME]
                              [--cpus-allowed LIST]

Without --target it sets up /dev/zram0 (root; a RAM block device shows the engine's own overhead) or falls
back to a loop device over a file in /tmp. The machines are noisy: the two tools alternate (the order swaps
every round), each round's engine/fio ratio is taken, and the median of those ratios is judged; the load average
before and after is printed with it. Percentiles are of the same latency for both tools: from submission to
completion (fio's lat, with --lat_percentiles=1; fio's default clat percentiles start after its submit call
returns and would flatter fio). --cpus-allowed keeps both tools' jobs to the CPUs given (fio's cpus_allowed, the
engine's --cpus_allowed): placement like for like, e.g. for QD1 on a VM. Not part of the test suite; results go
into README's Performance.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

# name, rw, bs, iodepth, ioengine, the figure that is judged, and the target ratio engine/fio
CASES = [
    ("4k-randread-qd32", "randread", "4k", 32, "io_uring", "iops", ">= 1.00"),
    ("4k-randread-qd1", "randread", "4k", 1, "io_uring", "lat_mean", "<= 1.00"),
    ("128k-read-qd32", "read", "128k", 32, "io_uring", "bw", "0.90..1.10"),
    ("4k-randwrite-qd32", "randwrite", "4k", 32, "io_uring", "iops", "0.90..1.10"),
    ("4k-randread-psync", "randread", "4k", 1, "psync", "iops", ">= 0.95"),
]


# fio's io_uring with the same kernel features the engine uses, so the ratio is the tools' own overhead
FIO_ENGINE_OPTS = {"io_uring": ["--fixedbufs=1", "--registerfiles=1"]}


def sh(cmd, **kw):
    p = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if p.returncode:
        sys.exit(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr.strip() or p.stdout[-500:]}")
    return p.stdout


def setup_target(size):
    if os.geteuid() == 0 and os.path.exists("/sys/block/zram0"):
        with open("/sys/block/zram0/disksize") as f:
            if f.read().strip() == "0":
                with open("/sys/block/zram0/disksize", "w") as w:
                    w.write(size)
        return "/dev/zram0", None
    if os.geteuid() == 0:
        img = tempfile.NamedTemporaryFile(prefix="drivelab-bench-", suffix=".img", delete=False).name
        sh(["truncate", "-s", size, img])
        dev = sh(["losetup", "-f", "--show", "--direct-io=on", img]).strip()
        return dev, lambda: (sh(["losetup", "-d", dev]), os.unlink(img))
    sys.exit("run as root (to use /dev/zram0 or a loop device), or pass --target FILE")


def placement(cpus):
    return [f"--cpus_allowed={cpus}"] if cpus else []


def fio_point(target, rw, bs, qd, ioengine, runtime, size, cpus=None):
    out = sh(["fio", "--name=bench", f"--filename={target}", f"--rw={rw}", f"--bs={bs}", f"--iodepth={qd}",
              f"--ioengine={ioengine}", "--direct=1", f"--size={size}", f"--runtime={runtime}", "--time_based",
              "--randrepeat=0", "--lat_percentiles=1", "--output-format=json"] + FIO_ENGINE_OPTS.get(ioengine, []) + placement(cpus)
             # the engine writes incompressible data; fio's default buffers compress (zram then compresses them)
             + (["--refill_buffers"] if "write" in rw else []))
    job = json.loads(out[out.index("{"):])["jobs"][0]
    d = job["read"] if job["read"]["io_bytes"] else job["write"]
    return {"iops": d["iops"], "bw": d["bw_bytes"], "lat_mean": d["lat_ns"]["mean"],
            "p50": d["lat_ns"]["percentile"]["50.000000"], "p99": d["lat_ns"]["percentile"]["99.000000"]}


def engine_point(engine, target, rw, bs, qd, ioengine, runtime, size, cpus=None):
    args = [engine, f"--filename={target}", f"--rw={rw}", f"--bs={bs}", f"--iodepth={qd}",
            f"--ioengine={ioengine}", f"--size={size}", f"--runtime={runtime}"] + placement(cpus)
    args += confirmations(target)
    lines = [json.loads(l) for l in sh(args).splitlines()]
    res = next(l for l in lines if l["type"] == "result")
    d = res["read"] if res["read"]["ios"] else res["write"]
    return {"iops": d["iops"], "bw": d["bw_bytes"], "lat_mean": d["lat_ns"]["mean"],
            "p50": d["lat_ns"]["percentiles"]["50"], "p99": d["lat_ns"]["percentiles"]["99"]}


def confirmations(target):
    """The engine's own guards: a device is written only when named, a file it did not create only when told.
    The bench's target is the user's explicit choice, and fio writes it too."""
    if target.startswith("/dev/"):
        return [f"--allow-destroy={target}"]
    return ["--overwrite-file"] if os.path.exists(target) else []


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3]) + f" on {os.cpu_count()} CPUs"


def verdict(ratio, target):
    if target.startswith(">="):
        return ratio >= float(target[2:])
    if target.startswith("<="):
        return ratio <= float(target[2:])
    lo, hi = (float(x) for x in target.split(".."))
    return lo <= ratio <= hi


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--runtime", type=int, default=5)
    ap.add_argument("--size", default="1g", help="region both tools work in")
    ap.add_argument("--engine", default=os.path.join(HERE, "..", "target", "drivelab-engine"))
    ap.add_argument("--only", help="run only the case with this name")
    ap.add_argument("--cpus-allowed", help="keep both tools' jobs to these CPUs (e.g. 1)")
    a = ap.parse_args()
    if not shutil.which("fio"):
        sys.exit("fio is not installed (apt-get install -y fio)")
    if not os.access(a.engine, os.X_OK):
        sys.exit(f"{a.engine} not found: build with 'mvn -DskipTests package' or pass --engine")
    cleanup = None
    target = a.target
    if not target:
        target, cleanup = setup_target("2G")
    try:
        # fill the region with random data first, so reads return real data on zram and loop devices
        fill = [a.engine, f"--filename={target}", "--rw=write", "--bs=1m", "--iodepth=8", f"--size={a.size}"]
        fill += confirmations(target)
        sh(fill)
        print(f"target {target}, {a.rounds} rounds x {a.runtime} s per tool, fio {sh(['fio', '--version']).strip()} "
              f"(io_uring with fixedbufs, registerfiles; writes with refill_buffers)"
              + (f"; both kept to CPUs {a.cpus_allowed}" if a.cpus_allowed else "; placement left to the scheduler"))
        print(f"load average before: {load()}")
        print(f"{'case':22} {'figure':8} {'fio median':>14} {'engine median':>14} {'ratio':>7} {'goal':>11}  "
              f"p50 fio/eng (us)   p99 fio/eng (us)")
        print(f"{'':22} (ratio: median of the rounds' engine/fio ratios; p50, p99: of submission-to-completion "
              f"latency)")
        for name, rw, bs, qd, ioengine, figure, goal in CASES:
            if a.only and a.only != name:
                continue
            fio_runs, eng_runs = [], []
            for r in range(a.rounds):
                pair = [("fio", fio_runs), ("engine", eng_runs)]
                for tool, runs in (pair if r % 2 == 0 else pair[::-1]):
                    if tool == "fio":
                        runs.append(fio_point(target, rw, bs, qd, ioengine, a.runtime, a.size, a.cpus_allowed))
                    else:
                        runs.append(engine_point(a.engine, target, rw, bs, qd, ioengine, a.runtime, a.size,
                                                 a.cpus_allowed))
            med = lambda runs, k: statistics.median(x[k] for x in runs)
            f, e = med(fio_runs, figure), med(eng_runs, figure)
            ratios = [x[figure] / y[figure] for x, y in zip(eng_runs, fio_runs) if y[figure]]
            ratio = statistics.median(ratios) if ratios else float("nan")
            unit = {"iops": "IOPS", "bw": "MB/s", "lat_mean": "us"}[figure]
            scale = {"iops": 1, "bw": 1e-6, "lat_mean": 1e-3}[figure]
            ok = "ok" if verdict(ratio, goal) else "MISSED"
            print(f"{name:22} {unit:8} {f * scale:14.1f} {e * scale:14.1f} {ratio:7.3f} {goal:>11} {ok:6} "
                  f"{med(fio_runs, 'p50') / 1e3:7.1f}/{med(eng_runs, 'p50') / 1e3:<7.1f}  "
                  f"{med(fio_runs, 'p99') / 1e3:7.1f}/{med(eng_runs, 'p99') / 1e3:<7.1f}")
            print(f"{'':22} runs fio    {' '.join(f'{x[figure] * scale:.0f}' for x in fio_runs)}")
            print(f"{'':22} runs engine {' '.join(f'{x[figure] * scale:.0f}' for x in eng_runs)}")
            print(f"{'':22} ratios      {' '.join(f'{x:.2f}' for x in ratios)}", flush=True)
        print(f"load average after: {load()}")
    finally:
        if cleanup:
            cleanup()


if __name__ == "__main__":
    main()
