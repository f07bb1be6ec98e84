#!/usr/bin/env python3
"""What a point's start costs: N short points as one-shot engines, then through one engine session (--serve).

usage: bench/point-start.py ENGINE FILE [N]   (FILE: a test file the engine may read, e.g. one it wrote before)
"""
import json
import subprocess
import sys
import time

engine, target = sys.argv[1], sys.argv[2]
n = int(sys.argv[3]) if len(sys.argv) > 3 else 100
point = ["--rw=randread", "--bs=4k", "--size=16m", "--runtime=0.1"]

t = time.monotonic()
for _ in range(n):
    subprocess.run([engine, "--filename=" + target] + point, stdout=subprocess.DEVNULL, check=True)
one_shot = (time.monotonic() - t) / n

t = time.monotonic()
session = subprocess.Popen([engine, "--serve", "--filename=" + target], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
assert json.loads(session.stdout.readline())["type"] == "ready"
for _ in range(n):
    session.stdin.write(json.dumps(point) + "\n")
    session.stdin.flush()
    while (line := json.loads(session.stdout.readline()))["type"] != "end":
        pass
    assert line["exit"] == 0, line
session.stdin.close()
session.wait()
served = (time.monotonic() - t) / n
print(f"{n} points of 0.1 s: one-shot {one_shot * 1000:.1f} ms per point, session {served * 1000:.1f} ms per point")
