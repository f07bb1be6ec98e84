#!/usr/bin/env python3
"""Issue 13's responsiveness goals, measured and printed next to the goals: window start, History and
`drivelab runs` with 1,000 stored runs, and the UI thread's stalls during a live run on a test file.

usage: bench/responsiveness.py [--runs N] [--stall-seconds S] [--repeat R] [--cache DIR] [--baseline TARGET]
                               [--stall-only] [--preload SAMPLES] [--folder DIR] [--gc-log] [--java-option OPTION]...

Needs `mvn -B -q -DskipTests package test-compile` first (target/drivelab, target/test-classes), fio, and Xvfb
when no DISPLAY is set. The database of N runs is built once through `drivelab import-fio` (one fio sweep of 16
jobs, imported N times: one run of 16 points per file) and kept in --cache for the next time.

--baseline TARGET: another build's target/ folder (say, of the main branch), whose `drivelab runs` and
`drivelab --version` are timed in turn with this build's, on its own database (built with it, in --cache/baseline),
so that the ratios hold on a machine whose load changes; its window is timed in turn with this build's too (this
build's WindowBench on the baseline's jars and class-data archive), and its live run's stalls are measured in turn
with this build's.

The stall: a run of the quick preset on a 64 MiB test file, the engine reporting 10 samples a second, with five
reference drives shown (the count is printed), ticked a second before Start is pressed, as a user ticks them before
a run (until 2026-12-02 in the same pulse as Start, whose measure then held their redrawing). --preload 36000 measures
the state after an hour of samples: the run's first point then lasts through the measure, and an hour of samples
is fed to its live view first (the heap's live set is printed after 5 minutes' worth and after the hour).
--gc-log lines every gap of 30 ms or more up with the GC pauses in it. Printed for every run (since 2026-12-04):
where its gaps of 30 ms or more came (at Start, at a point's change, at the run's end, or while a point went on),
and with --baseline, what the engine measured at the points both builds' runs completed (IOPS, this build /
baseline), so that what the window's priorities give the window is not taken from the measure.

The floor (each --repeat, after this build's run): io.drivelab.ui.PulseFloorBench, a bare JavaFX window of the same
size on the same display with one label changed 10 times a second, its pulses timed the same way; then again with its
UI thread kept busy for the share of the time DriveLab's was in that run (in 3 ms pieces handed over with runLater).
What DriveLab's stall is beside what the toolkit itself does here (on 2026-12-02 an idle window's p99 was 18-19 ms).
Then as busy again, beside the same plan run through `drivelab run` on a test file in the same folder (since
2026-12-03): the engine's I/O loads the machine for the bare window as it does for DriveLab's.

The machine (since 2026-12-03): bench/machine_stalls.py runs beside each window, a real-time thread that notes when
it woke 2 ms or more late, which no process of normal priority can cause. Printed: how often the machine stood still,
and in how many of the gaps over 20 ms. On this project's 2-core VM it did during the engine's writes to the VM's
disk, 16-24 ms at a time, with both CPUs idle (perf sched); --folder /dev/shm puts the test file in RAM instead.
Since 2026-12-05 (morning) the live run's test file is in /dev/shm by default, where the machine has one: a user's
SSD does not stop the machine, and the engine there keeps both CPUs busy (1.6 of 2 cores on the quick plan against 0.3
on the VM's disk: the harder load for the window); printed is how busy the CPUs were in the measure. --folder /tmp
measures it on the VM's disk, as before.
Since 2026-12-04 (evening) each gap is also printed less the time the machine stood still in it (worst and 99th
percentile over every gap): what the window's own work and the load of the run made of it, the virtual machine's
standstill taken out, beside the raw figures, which stay the measure against the goals.

The window's start (since 2026-12-04, night): a median of --repeat starts on the database of N runs and of --repeat on
an empty one (each on a new file, as a user's first start), with each thread's CPU time when the window shows, by
kind (the UI thread, the compiler, the main thread with the JVM's start and the toolkit's, GC, the renderer): on two
cores the start is the CPU's, not a wait.

History and Compare: after the window's first frame, History is chosen, then Compare once History shows its runs
(each joins the scene when first chosen, since 2026-12-02 late morning), then Live again for the run; their figures are
the time from the window's showing until each lists the runs.
"""
import argparse
import os
import resource
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "target"
JAVA = os.environ["JAVA_HOME"] + "/bin/java" if os.environ.get("JAVA_HOME") else "java"
SWEEP = """[global]
filename={image}
size=4m
direct=1
ioengine=psync
stonewall=1
group_reporting=1
"""


def run_timed(cmd, **kw):
    """(wall seconds, CPU seconds of the child, completed process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.monotonic()
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    wall = time.monotonic() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(map(str, cmd[:4]))} ... failed ({done.returncode}): {done.stderr[-2000:]}")
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, done


def database(cache, runs, target=TARGET):
    """A database of `runs` imported fio sweeps of 16 points each, built once."""
    db = cache / f"runs-{runs}.db"
    if db.exists():
        return db
    cache.mkdir(parents=True, exist_ok=True)
    job = cache / "sweep.fio"
    with open(job, "w") as f:
        f.write(SWEEP.format(image=cache / "fio.img"))
        for rw in ("randread", "randwrite"):
            for bs in ("4k", "128k"):
                for qd in (1, 4):
                    for jobs in (1, 2):
                        f.write(f"[{rw}-{bs}-qd{qd}-j{jobs}]\nrw={rw}\nbs={bs}\niodepth={qd}\nnumjobs={jobs}\n")
    sweep = cache / "sweep.json"
    subprocess.run(["fio", "--output-format=json+", f"--output={sweep}", str(job)], check=True,
                   stdout=subprocess.DEVNULL)
    (cache / "fio.img").unlink(missing_ok=True)
    files = cache / "files"
    files.mkdir(exist_ok=True)
    names = []
    for i in range(runs):
        name = files / f"sweep-{i + 1:04d}.json"
        if not name.exists():
            os.link(sweep, name)
        names.append(str(name))
    partial = cache / "building.db"
    partial.unlink(missing_ok=True)
    print(f"building {db} ({runs} runs through drivelab import-fio) ...", file=sys.stderr)
    run_timed([target / "drivelab", "import-fio", "--db", partial, "--drive", "Bench SSD"] + names)
    partial.rename(db)
    shutil.rmtree(files)
    # its 100 MB written out before anything is timed: the VM stood still in the writeback (the first `drivelab
    # runs` after a build took 0.52 s where the next ones took 0.4)
    os.sync()
    return db


def cli_runs(builds, repeat):
    """Per build (target folder, database): median wall and CPU seconds of `drivelab runs`, the runs it listed, and
    the median wall and CPU seconds of `drivelab --version` (the JVM's own start). The builds are timed in turn."""
    runs = {target: [] for target, _ in builds}
    version = {target: [] for target, _ in builds}
    for _ in range(repeat):
        for target, db in builds:
            runs[target].append(run_timed([target / "drivelab", "runs", "--db", db]))
            version[target].append(run_timed([target / "drivelab", "--version"]))
    return {target: (statistics.median(r[0] for r in runs[target]), statistics.median(r[1] for r in runs[target]),
                     runs[target][0][2].stdout.count("\n") - 1,
                     statistics.median(r[0] for r in version[target]),
                     statistics.median(r[1] for r in version[target]))
            for target, _ in builds}


# what each of the JVM's threads does at a window's start, by the start of its name in /proc (spaces as _)
THREAD_KINDS = (("JavaFX_Applicat", "UI thread"), ("C1_Compiler", "compiler"), ("C2_Compiler", "compiler"),
                ("java", "main"), ("GC_Thread", "GC"), ("G1_", "GC"), ("QuantumRenderer", "renderer"))


def window(db, folder, seconds, env, target=TARGET, options=(), preload=0, gc_log=None):
    """Events of one window start (seconds after the JVM was started), the process's CPU seconds at each, and the
    stall figures, if asked for. The window is `target`'s build, driven by this build's WindowBench (its test classes
    come last on the class path)."""
    # The launcher's class path first and the JVM options it starts the window with, as target/drivelab does.
    cp = classpath(target)
    jvm = launcher_options(target)
    # every gap, so that the machine's standstill can be taken out of each
    jvm += list(options) + [f"-Dbench.preload={preload}", "-Dbench.gapLogMs=0"]
    if gc_log:
        jvm += [f"-Xlog:gc,safepoint:file={gc_log}:uptime"]
    t0 = time.time()
    with MachineStalls() as machine:
        done = subprocess.run([JAVA] + jvm + ["-cp", cp, "io.drivelab.ui.WindowBench", str(db), str(folder),
                                              str(seconds)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                              timeout=seconds + 300)
    events, cpu, stall = {}, {}, {}
    for line in done.stdout.splitlines():
        words = line.split()
        if words and words[0] in ("stall", "busy"):
            stall.update(zip(words[1::2], words[2::2]))
        elif words and words[0] in ("heap_5min_mb", "heap_preloaded_mb", "references", "start_ms"):
            stall[words[0]] = " ".join(words[1:])
        elif len(words) == 3 and words[0] == "cpu":
            cpu[words[1]] = int(words[2]) / 1000
        elif len(words) > 2 and words[0] == "threads":
            # each thread's CPU seconds when the window showed, by the kind of work (names as /proc shortens them)
            for name, ms in (w[1:].split("]=") for w in words[2:]):
                kind = next((k for prefix, k in THREAD_KINDS if name.startswith(prefix)), "other")
                cpu[kind] = cpu.get(kind, 0) + int(ms) / 1000
        elif words and words[0] == "window_size":
            stall["window_size"] = (words[1], words[2])
        elif words and words[0] == "gap":
            # ms, uptime ms at its end (the GC log's clock), nanoTime at its end (the machine probe's)
            stall.setdefault("gaps", []).append((float(words[1]), int(words[6]), int(words[-1])))
        elif len(words) == 3 and words[0] == "point":
            # what the engine measured at each point the run completed (IOPS)
            stall.setdefault("points", {})[words[1]] = float(words[2])
        elif len(words) == 5 and words[0] in ("point-title", "start-pressed", "run-ended"):
            stall.setdefault("marks", []).append((words[0], int(words[3])))
        elif len(words) == 2 and words[1].isdigit():
            events[words[0]] = int(words[1]) / 1000 - t0
        elif words:
            print("window:", line, file=sys.stderr)
    if "shown" not in events:
        sys.exit(f"the window did not show: {done.stdout[-1000:]} {done.stderr[-3000:]}")
    if "worst_ms" in stall:
        stall.update(machine.figures([(ms, at_ns) for ms, _, at_ns in stall.get("gaps", [])]))
        stall["where"] = where(stall)
    return events, cpu, stall or None


def where(stall):
    """How many of a run's gaps of WHERE_GAP_MS or more came at Start (its first half second), at a point's change or
    at the run's end (within 300 ms of it), or while a point went on: where the worst ones come from."""
    counts = {"start": 0, "point change": 0, "run end": 0, "during a point": 0}
    marks = stall.get("marks", [])
    for gap_ms, end, _ in stall.get("gaps", []):
        if gap_ms < WHERE_GAP_MS:
            continue
        begin = end - gap_ms
        if any(m == "start-pressed" and at - 10 <= begin <= at + 500 for m, at in marks):
            counts["start"] += 1
        elif any(m == "run-ended" and begin - 300 <= at <= end + 300 for m, at in marks):
            counts["run end"] += 1
        elif any(m == "point-title" and begin - 300 <= at <= end + 300 for m, at in marks):
            counts["point change"] += 1
        else:
            counts["during a point"] += 1
    return counts


def classpath(target):
    """`target`'s jars, then this build's test classes (the benches)."""
    return f"{target}/drivelab.jar:{target}/lib/*:{TARGET}/test-classes"


def launcher_options(target):
    """The JVM options `target`'s launcher starts the window with (its class-data archive, SQLite's unpacked library,
    the compilers); a launcher that cannot print them (builds before 2026-12-02) gets the archive and library."""
    launcher = target / "drivelab"
    if "DRIVELAB_PRINT_JAVA_OPTIONS" in launcher.read_text():
        env = dict(os.environ, DRIVELAB_PRINT_JAVA_OPTIONS="1")
        env.pop("DRIVELAB_JAVA_OPTS", None)
        out = subprocess.run([str(launcher)], env=env, stdout=subprocess.PIPE, text=True, check=True).stdout
        return out.split()
    archive = target / "drivelab.jsa"
    jvm = [f"-XX:SharedArchiveFile={archive}", "-Xlog:cds*=off"] if archive.exists() else []
    sqlite = target / "sqlite-native/org/sqlite/native/Linux" / os.uname().machine
    if (sqlite / "libsqlitejdbc.so").exists():
        jvm += [f"-Dorg.sqlite.lib.path={sqlite}", "-Dorg.sqlite.lib.name=libsqlitejdbc.so"]
    return jvm


def gc_pauses(log):
    """(uptime ms at its end, ms) of each stop-the-world pause in a -Xlog:gc,safepoint log."""
    pauses = []
    for line in Path(log).read_text().splitlines():
        # [12.345s][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 40M->12M(256M) 5.123ms
        if "Pause" in line and line.rstrip().endswith("ms") and line.startswith("["):
            uptime = float(line[1:line.index("s]")]) * 1000
            pauses.append((uptime, float(line.rsplit(" ", 1)[1][:-2])))
    return pauses


LONG_GAP_MS = 20
WHERE_GAP_MS = 30
MACHINE_STALL_MS = 2


class MachineStalls:
    """bench/machine_stalls.py beside a window: when the machine itself stood still (a real-time thread woke
    MACHINE_STALL_MS or more late), and which of the window's gaps over LONG_GAP_MS had such a stall in them."""

    def __enter__(self):
        self.probe = subprocess.Popen([sys.executable, str(ROOT / "bench" / "machine_stalls.py"),
                                       str(MACHINE_STALL_MS)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      text=True)
        return self

    def __exit__(self, *failure):
        out, _ = self.probe.communicate("", timeout=30)
        self.realtime = "no-realtime" not in out
        # (start, end) in CLOCK_MONOTONIC nanoseconds of each stall
        self.stalls = [(int(w[3]) - int(float(w[1]) * 1e6), int(w[3]))
                       for w in (line.split() for line in out.splitlines()) if w and w[0] == "late"]
        return False

    def figures(self, gaps):
        """Of all the window's gaps, (ms, end in nanoseconds): machine_stalls (count), machine_worst_ms, long_gaps
        (over LONG_GAP_MS), long_gaps_stalled (those a stall overlapped), and the gaps' worst and 99th percentile less
        the time the machine stood still in each (worst_less_machine_ms, p99_less_machine_ms): what the window's own
        work and the load on the machine made of them, the virtual machine's standstill taken out."""
        if not self.realtime or not gaps:
            return {}

        def still_ms(gap_ms, end):
            return sum(max(0, min(stop, end) - max(start, end - gap_ms * 1e6)) for start, stop in self.stalls) / 1e6

        long_gaps = [(gap_ms, end) for gap_ms, end in gaps if gap_ms > LONG_GAP_MS]
        stalled = sum(1 for gap_ms, end in long_gaps if still_ms(gap_ms, end) > 0)
        less = sorted(gap_ms - still_ms(gap_ms, end) for gap_ms, end in gaps)
        return {"machine_stalls": len(self.stalls),
                "machine_worst_ms": max(((stop - start) / 1e6 for start, stop in self.stalls), default=0),
                "long_gaps": len(long_gaps), "long_gaps_stalled": stalled,
                "worst_less_machine_ms": less[-1], "p99_less_machine_ms": less[len(less) * 99 // 100]}


FLOOR_PIECE_MS = 3


def floor(seconds, env, size, busy_share, beside=None):
    """PulseFloorBench's stall figures: a bare window of `size`, its UI thread busy for `busy_share` of the time;
    with `beside` (a folder), the live run's plan runs through `drivelab run` on a test file there, started as the
    window shows, a second before the measure (its JVM started by then, as DriveLab's run starts in a JVM going)."""
    cp = classpath(TARGET)
    figures, gaps, run, scratch = None, [], None, None
    with MachineStalls() as machine:
        bare = subprocess.Popen([JAVA, "-Dbench.gapLogMs=0", "-cp", cp,
                                 "io.drivelab.ui.PulseFloorBench", str(seconds), *size, str(busy_share),
                                 str(FLOOR_PIECE_MS)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                text=True, env=env)
        try:
            for line in bare.stdout:
                words = line.split()
                if words == ["shown"] and beside:
                    scratch = Path(tempfile.mkdtemp(prefix="floor-beside-", dir=beside))
                    run = subprocess.Popen([TARGET / "drivelab", "run", "--preset", "quick", "--target",
                                            scratch / "floor.img", "--size", "64M", "--runtime", "2", "--ramp", "0",
                                            "--db", scratch / "floor.db"], env=env,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                elif words and words[0] == "gap":
                    gaps.append((float(words[1]), int(words[-1])))
                elif words and words[0] == "stall":
                    figures = dict(zip(words[1::2], words[2::2]))
            bare.wait(timeout=seconds + 120)
        finally:
            bare.kill()
            if run:
                ended = run.poll()
                run.send_signal(signal.SIGINT)
                _, errors = run.communicate(timeout=60)
                shutil.rmtree(scratch)
                if ended is not None:
                    # the run beside ended (or was refused) before the measure did: the floor is not what it says
                    sys.exit(f"floor: the run beside it ended early ({ended}): {errors[-2000:]}")
    if not figures:
        sys.exit("floor: not measured")
    figures.update(machine.figures(gaps))
    return figures


def stalls(db, work, args, env, builds):
    """The stall figures of each build, its runs taken in turn (this build first, then last, ...), medians over
    --repeat; then the floor's, idle ("floor") and as busy as this build's UI thread was ("floor_busy")."""
    results = {target: [] for target in builds}
    results["floor"], results["floor_busy"], results["floor_beside"] = [], [], []
    for i in range(args.repeat):
        # in turn, the first one changing with each repeat (A B, B A, ...): the same build timed against itself took
        # 12-17 % more UI thread CPU in the window timed first (2026-12-03, evening)
        for target in builds if i % 2 == 0 else builds[::-1]:
            log = work / f"gc-{i}-{len(results[target])}-{target.parent.name}.log" if args.gc_log else None
            events, _, stall = window(db, args.folder or work, args.stall_seconds, env, target, args.java_option,
                                     args.preload, log)
            if not stall or "worst_ms" not in stall:
                if target == TARGET:
                    sys.exit("live run: not measured (" + ", ".join(k for k in events if k.startswith("not"))
                             + f") {stall or ''}")
                # the baseline may not take the preloaded samples in before the window's time is up
                print(f"{target}: not measured ({stall or 'no run'})", file=sys.stderr)
                continue
            results[target].append(stall)
            if log:
                pauses = gc_pauses(log)
                print(f"{target}: {len(pauses)} GC pauses, longest {max((p for _, p in pauses), default=0):.1f} ms",
                      file=sys.stderr)
                for gap, end, _ in (g for g in stall.get("gaps", []) if g[0] >= 30):
                    near = [p for at, p in pauses if end - gap - 5 <= at <= end + 5]
                    print(f"  gap {gap:6.1f} ms at {end / 1000:7.2f} s: GC pauses in it "
                          f"{', '.join(f'{p:.1f} ms' for p in near) or 'none'}", file=sys.stderr)
        mine = results[TARGET][-1]
        size = mine.get("window_size", ("1440", "900"))
        results["floor"].append(floor(args.stall_seconds, env, size, 0))
        results["floor_busy"].append(floor(args.stall_seconds, env, size, float(mine["cpu_share"])))
        results["floor_beside"].append(floor(args.stall_seconds, env, size, float(mine["cpu_share"]),
                                             args.folder or work))
    return results


def filesystem(folder):
    """The type of the file system that holds `folder` (its mount point's in /proc/mounts)."""
    kind, longest = "?", -1
    for line in Path("/proc/mounts").read_text().splitlines():
        _, point, fstype = line.split()[:3]
        if (str(folder) + "/").startswith(point.rstrip("/") + "/") and len(point) > longest:
            kind, longest = fstype, len(point)
    return kind


def print_machine(what, rows, med):
    """The machine's own stalls in those windows (medians), where the probe could run in real time, and the gaps less
    them."""
    if all("machine_stalls" in r for r in rows):
        print(f"{what + ': stood still ' + str(MACHINE_STALL_MS) + ' ms or more':<52} "
              f"{med(rows, 'machine_stalls'):>7.0f} times, worst {med(rows, 'machine_worst_ms'):.1f} ms; gaps over "
              f"{LONG_GAP_MS} ms: {med(rows, 'long_gaps'):.0f}, {med(rows, 'long_gaps_stalled'):.0f} of them with "
              f"the machine standing still in them")
        print(f"{'    each gap less the time the machine stood still in it':<52} "
              f"{med(rows, 'worst_less_machine_ms'):>7.1f} ms / {med(rows, 'p99_less_machine_ms'):.1f} ms  "
              f"(worst / 99th percentile; goal ≤ 50 / ≤ 20 ms)")


def print_where(what, rows):
    """Where the runs' long gaps came (sums over the runs)."""
    total = {k: sum(r["where"][k] for r in rows) for k in rows[0]["where"]}
    print(f"{what:<52} " + ", ".join(f"{n} {k}" for k, n in total.items()))


def points_ratio(mine, theirs):
    """(this build's IOPS / the baseline's, points) over the points both builds' runs completed: each point's median
    over the runs that completed it, their ratios' geometric mean; None without such points."""
    def medians(rows):
        keys = {k for r in rows for k in r.get("points", {})}
        return {k: statistics.median(r["points"][k] for r in rows if k in r.get("points", {})) for k in keys}
    a, b = medians(mine), medians(theirs)
    both = [k for k in a if k in b and a[k] > 0 and b[k] > 0]
    if not both:
        return None
    return statistics.geometric_mean(a[k] / b[k] for k in both), len(both)


def print_stalls(results, args):
    def med(rows, key):
        return statistics.median(float(r[key]) for r in rows)

    mine = results[TARGET]
    folder = args.folder or Path(tempfile.gettempdir())
    print(f"the live run's test file in {folder.parent if args.folder else folder} ({filesystem(folder)})")
    print(f"{'UI thread: worst gap between pulses, live run':<52} {med(mine, 'worst_ms'):>7.1f} ms  ≤ 50 ms")
    print(f"{'UI thread: 99th percentile gap':<52} {med(mine, 'p99_ms'):>7.1f} ms  ≤ 20 ms  "
          f"(median {med(mine, 'median_ms'):.0f} ms, {med(mine, 'over50'):.0f} over 50 ms in "
          f"{args.stall_seconds} s; {mine[0]['samples_per_s']} samples/s; reference drives shown: "
          f"{mine[0]['references']})")
    print(f"{'  UI thread CPU in a gap: 99th percentile / worst':<52} {med(mine, 'cpu_p99_ms'):>7.1f} ms / "
          f"{med(mine, 'cpu_worst_ms'):.1f} ms (busy {100 * med(mine, 'cpu_share'):.0f} % of the time): the "
          f"stall without the machine's load")
    if all("machine_busy" in r for r in mine):
        print(f"{'  the machine`s CPUs busy during the measure':<52} {100 * med(mine, 'machine_busy'):>7.0f} %     "
              f"(the engine, the window and all; stolen by the host {100 * med(mine, 'machine_steal'):.0f} %)")
    if all("start_ms" in r for r in mine):
        print(f"{'  Start pressed: its own time on the UI thread':<52} {med(mine, 'start_ms'):>7.1f} ms  (in the "
              f"first gap; the drives were ticked a second before)")
    if args.preload:
        h5, h60 = med(mine, "heap_5min_mb"), med(mine, "heap_preloaded_mb")
        print(f"{'  heap (live set) after 5 min of samples / after ' + str(args.preload):<52} {h5:>7.1f} MB / "
              f"{h60:.1f} MB: {100 * (h60 / h5 - 1):+.1f} %  (goal within 10 %)")
    print_where("  gaps of " + str(WHERE_GAP_MS) + " ms or more, all runs", mine)
    print_machine("  the machine", mine, med)
    idle, busy, beside = results.pop("floor"), results.pop("floor_busy"), results.pop("floor_beside")
    print(f"floor: a bare JavaFX window of the same size, one label changed 10 times a second, timed the same way:")
    print(f"{'  idle: worst / 99th percentile gap':<52} {med(idle, 'worst_ms'):>7.1f} ms / {med(idle, 'p99_ms'):.1f} ms")
    share = f"{100 * med(mine, 'cpu_share'):.0f}"
    for rows, what in ((busy, f"  UI thread busy as DriveLab`s ({share} %, 3 ms pieces)"),
                       (beside, "  as busy, beside the same run (`drivelab run`)")):
        print(f"{what:<52} {med(rows, 'worst_ms'):>7.1f} ms / {med(rows, 'p99_ms'):.1f} ms;  DriveLab / it: worst "
              f"× {med(mine, 'worst_ms') / med(rows, 'worst_ms'):.2f}, "
              f"p99 × {med(mine, 'p99_ms') / med(rows, 'p99_ms'):.2f}")
    print_machine("    the machine beside the run", beside, med)
    for target, rows in results.items():
        if target == TARGET:
            continue
        if not rows:
            print(f"baseline {target}: not measured: its live view did not take the samples in, or its window did "
                  f"not end the run, within {args.stall_seconds + 120} s")
            continue
        print(f"baseline {target}, runs taken in turn with this build's; this build / baseline:")
        for key in ("worst_ms", "p99_ms", "median_ms"):
            print(f"{'  ' + key:<52} {med(rows, key):>7.1f} ms  × {med(mine, key) / med(rows, key):.2f}")
        print(f"{'  over50':<52} {med(rows, 'over50'):>7.0f}")
        print_where("  gaps of " + str(WHERE_GAP_MS) + " ms or more, all runs", rows)
        measured = points_ratio(mine, rows)
        if measured:
            print(f"{'  the engine`s IOPS at the points both completed':<52} {measured[1]:>7} points  "
                  f"× {measured[0]:.3f} (geometric mean of the points' medians)")
        for key in ("cpu_p99_ms", "cpu_worst_ms", "cpu_share"):
            print(f"{'  UI thread CPU ' + key:<52} {med(rows, key):>7.3f}     × {med(mine, key) / med(rows, key):.2f}")
        if args.preload:
            h5, h60 = med(rows, "heap_5min_mb"), med(rows, "heap_preloaded_mb")
            print(f"{'  heap after 5 min / after ' + str(args.preload):<52} {h5:>7.1f} MB / {h60:.1f} MB: "
                  f"{100 * (h60 / h5 - 1):+.1f} %")
    for target, rows in results.items():
        print(f"runs of {target}: " + "; ".join(f"worst {r['worst_ms']} p99 {r['p99_ms']} median {r['median_ms']}"
                                                 + (f" (less the machine's standstill: {r['worst_less_machine_ms']:.1f}"
                                                    f" / {r['p99_less_machine_ms']:.1f})"
                                                    if "worst_less_machine_ms" in r else "")
                                                 for r in rows), file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--stall-seconds", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "drivelab-bench")
    parser.add_argument("--baseline", type=Path, help="another build's target/ folder, timed in turn with this one")
    parser.add_argument("--stall-only", action="store_true", help="only the live run's stalls (no database)")
    parser.add_argument("--preload", type=int, default=0, metavar="SAMPLES",
                        help="feed the live view SAMPLES samples before the stall measure (36000: an hour at 10/s)")
    parser.add_argument("--folder", type=Path, help="where the live run's test file is made (default: /dev/shm, "
                        "in RAM, or a temporary folder without it); /tmp puts it on the disk")
    parser.add_argument("--gc-log", action="store_true", help="line the long gaps up with the GC's pauses")
    parser.add_argument("--java-option", action="append", default=[], help="a JVM option for the window (repeat)")
    args = parser.parse_args()
    if not (TARGET / "test-classes" / "io" / "drivelab" / "ui" / "WindowBench.class").exists():
        sys.exit("build first: mvn -B -q -DskipTests package test-compile")
    env = dict(os.environ, DRIVELAB_ENGINE=str(TARGET / "drivelab-engine"))
    xvfb = None
    if not env.get("DISPLAY"):
        # a free display number, written by Xvfb once it is ready
        ready, tell = os.pipe()
        xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(tell), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                                pass_fds=(tell,), stderr=subprocess.DEVNULL)
        os.close(tell)
        with os.fdopen(ready) as number:
            env["DISPLAY"] = ":" + number.readline().strip()
    stall_builds = [TARGET] + ([args.baseline.resolve()] if args.baseline else [])
    if not args.folder and os.access("/dev/shm", os.W_OK):
        args.folder = Path("/dev/shm")
    if args.folder:
        # the test files in a folder of the bench's own inside it, removed at the end
        args.folder = Path(tempfile.mkdtemp(prefix="drivelab-bench-", dir=args.folder))
    try:
        with tempfile.TemporaryDirectory(prefix="drivelab-bench-") as work:
            work = Path(work)
            if args.stall_only:
                results = stalls(work / "empty.db", work, args, env, stall_builds)
                print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; medians of {args.repeat}; "
                      f"window under {'Xvfb' if xvfb else env['DISPLAY']}"
                      + (f"; JVM options {' '.join(args.java_option)}" if args.java_option else ""))
                print_stalls(results, args)
                return
            db = database(args.cache, args.runs)
            size = db.stat().st_size / 2**20
            builds = [(TARGET, db)]
            if args.baseline:
                builds.append((args.baseline.resolve(), database(args.cache / "baseline", args.runs,
                                                                args.baseline.resolve())))
            figures = cli_runs(builds, args.repeat)
            wall, cpu, lines, jvm_wall, jvm_cpu = figures[TARGET]
            full, cpus, base, base_cpus = [], [], [], []
            for _ in range(args.repeat):
                events, spent, _ = window(db, work, 0, env)
                full.append(events)
                cpus.append(spent)
                if args.baseline:
                    events, spent, _ = window(builds[1][1], work, 0, env, args.baseline.resolve())
                    base.append(events)
                    base_cpus.append(spent)
            # each start on a database of its own, as a user's first: the schema made, the references loaded
            empties, empty_cpus = [], []
            for i in range(args.repeat):
                events, spent, _ = window(work / f"empty-{i}.db", work, 0, env)
                empties.append(events)
                empty_cpus.append(spent)
            results = stalls(work / "empty.db", work, args, env, stall_builds) if args.stall_seconds else None
    finally:
        if args.folder:
            shutil.rmtree(args.folder, ignore_errors=True)
        if xvfb:
            xvfb.terminate()
            xvfb.wait()

    def med(name, since=None, starts=None):
        values = [e[name] - (e[since] if since else 0) for e in (full if starts is None else starts) if name in e]
        return statistics.median(values) if values else float("nan")

    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} CPUs, load average {load:.1f}; database {db.name}: {args.runs} runs of 16 points, "
          f"{size:.0f} MB; medians of {args.repeat}; window under {'Xvfb' if xvfb else env['DISPLAY']}")
    print(f"{'what':<52} {'measured':>10}  goal")
    print(f"{'`drivelab runs` (' + str(lines) + ' runs listed)':<52} {wall:>8.2f} s  ≤ 0.5 s   (CPU {cpu:.2f} s)")
    print(f"{'  of which the JVM and picocli (`drivelab --version`)':<52} {jvm_wall:>8.2f} s            "
          f"(CPU {jvm_cpu:.2f} s)")
    print(f"{'window shown, empty database':<52} {med('shown', starts=empties):>8.2f} s  ≤ 1.5 s   "
          f"(CPU {med('shown', starts=empty_cpus):.2f} s)")
    print(f"{'window shown, ' + str(args.runs) + ' runs':<52} {med('shown'):>8.2f} s  ≤ 1.5 s   "
          f"(CPU {med('shown', starts=cpus):.2f} s)")
    if all(name in full[0] for name in ("main", "toolkit", "start")):
        print(f"{'  of which: to main / JavaFX toolkit / window built':<52} {med('main'):>8.2f} s  "
              f"{med('toolkit', 'main'):.2f} s  {med('shown', 'start'):.2f} s (init {med('start', 'toolkit'):.2f} s)")
    kinds = [k for k in dict.fromkeys([k for _, k in THREAD_KINDS] + ["other"]) if k in cpus[0]]
    print(f"{'  CPU by thread when shown, ' + str(args.runs) + ' runs':<52} "
          + ", ".join(f"{k} {med(k, starts=cpus):.2f} s" for k in kinds))
    print(f"{'first pulse after it (the first frame), ' + str(args.runs) + ' runs':<52} {med('frame'):>8.2f} s")
    print(f"{'live charts in the window, ' + str(args.runs) + ' runs':<52} {med('live'):>8.2f} s            "
          f"(made after the first frame)")
    print(f"{'History filled, ' + str(args.runs) + ' runs (after the window shows)':<52} "
          f"{med('history', 'shown'):>8.2f} s  ≤ 1 s")
    print(f"{'Compare filled, ' + str(args.runs) + ' runs (after the window shows)':<52} "
          f"{med('compare', 'shown'):>8.2f} s  ≤ 1 s")
    if args.baseline:
        b_wall, b_cpu, b_lines, b_jvm_wall, b_jvm_cpu = figures[args.baseline.resolve()]
        print(f"baseline {args.baseline} ({b_lines} runs listed), timed in turn; this build / baseline:")
        print(f"{'  `drivelab runs`':<52} {b_wall:>8.2f} s  × {wall / b_wall:.2f}   (CPU {b_cpu:.2f} s, "
              f"× {cpu / b_cpu:.2f})")
        print(f"{'  `drivelab --version`':<52} {b_jvm_wall:>8.2f} s  × {jvm_wall / b_jvm_wall:.2f}   "
              f"(CPU {b_jvm_cpu:.2f} s, × {jvm_cpu / b_jvm_cpu:.2f})")
        for name, what in (("shown", "window shown"), ("frame", "first frame"), ("live", "live charts in")):
            b, b_cpu = med(name, starts=base), med(name, starts=base_cpus)
            print(f"{'  ' + what + ', ' + str(args.runs) + ' runs':<52} {b:>8.2f} s  × {med(name) / b:.2f}   "
                  f"(CPU {b_cpu:.2f} s, × {med(name, starts=cpus) / b_cpu:.2f})")
        for name in ("history", "compare"):
            b = med(name, "shown", base)
            print(f"{'  ' + name.capitalize() + ' filled after it':<52} {b:>8.2f} s  × {med(name, 'shown') / b:.2f}")
    if results:
        print_stalls(results, args)


if __name__ == "__main__":
    main()
