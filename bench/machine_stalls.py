#!/usr/bin/env python3
"""When this machine stood still: a real-time thread (SCHED_FIFO, as cyclictest's) sleeps 1 ms at a time and prints
each wake-up that came late by THRESHOLD_MS or more, as "late MS at_ns WOKEN" (CLOCK_MONOTONIC, the clock of Java's
System.nanoTime), until its standard input closes; then "wakeups N p99_late_ms P worst_late_ms W".

No process of normal priority can keep a real-time thread from running, so a late wake-up is the machine's: a
virtual machine whose host did not run it (seen here during writes to the VM's disk: 16-24 ms), interrupts or the
kernel. Needs root or CAP_SYS_NICE; without them it prints "no-realtime" and measures nothing.

usage: bench/machine_stalls.py [THRESHOLD_MS]
"""
import os
import sys
import threading
import time


def main():
    threshold_ns = int(float(sys.argv[1] if len(sys.argv) > 1 else 2) * 1e6)
    done = threading.Event()
    # the watcher of stdin, started first, keeps normal priority; only this thread becomes real-time
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(50))
    except PermissionError:
        print("no-realtime", flush=True)
        return
    lates = []
    while not done.is_set():
        asleep = time.monotonic_ns()
        time.sleep(0.001)
        woken = time.monotonic_ns()
        late = woken - asleep - 1_000_000
        lates.append(late)
        if late >= threshold_ns:
            print(f"late {late / 1e6:.1f} at_ns {woken}", flush=True)
    lates.sort()
    print(f"wakeups {len(lates)} p99_late_ms {lates[len(lates) * 99 // 100] / 1e6:.2f} "
          f"worst_late_ms {lates[-1] / 1e6:.1f}", flush=True)


if __name__ == "__main__":
    main()
