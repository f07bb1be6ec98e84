package io.drivelab.ui;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What the UI thread did in its long gaps ({@code -Dbench.profileGapsMs=N}: gaps in which it used more than N ms of
 * CPU): its stack sampled every 2 ms, and for each such gap the most frequent stacks printed as "profile" lines,
 * grouped by where in DriveLab the work came from ({@code -Dbench.profileTop=K}: the K innermost frames shown, 3
 * unless given). Idle and waiting samples count too: in the long gaps of 2026-12-02 the thread mostly waited for
 * JavaFX's renderer to finish the frame before ({@code PaintCollector.waitForRenderingToComplete}). A bench aid,
 * off unless asked for (sampling the thread costs it a little).
 */
final class GapProfiler {
    private static final long THRESHOLD_NS = Long.getLong("bench.profileGapsMs", -1) * 1_000_000L;
    /** Only gaps at least this long ({@code -Dbench.profileMinGapMs}), whatever the UI thread's CPU in them. */
    private static final long MIN_GAP_NS = Long.getLong("bench.profileMinGapMs", 0) * 1_000_000L;
    private static final int FRAMES = 5;
    private static final Deque<Sample> SAMPLES = new ArrayDeque<>();

    private record Sample(long at, String stack) {
    }

    private GapProfiler() {
    }

    /** Starts sampling {@code uiThread}, when asked for. */
    static void watch(Thread uiThread) {
        if (THRESHOLD_NS < 0) {
            return;
        }
        Thread sampler = new Thread(() -> {
            while (uiThread.isAlive()) {
                StackTraceElement[] stack = uiThread.getStackTrace();
                // the innermost frames, then DriveLab's own (where the work came from)
                String text = Arrays.stream(stack).limit(Integer.getInteger("bench.profileTop", 3)).map(GapProfiler::name).collect(Collectors.joining(" < "))
                        + " ... " + Arrays.stream(stack).filter(f -> f.getClassName().startsWith("io.drivelab"))
                        .limit(FRAMES).map(GapProfiler::name).collect(Collectors.joining(" < "));
                synchronized (SAMPLES) {
                    SAMPLES.addLast(new Sample(System.nanoTime(), text));
                    while (SAMPLES.size() > 5_000) {
                        SAMPLES.removeFirst();
                    }
                }
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "bench-gap-profiler");
        sampler.setDaemon(true);
        sampler.start();
    }

    private static String name(StackTraceElement frame) {
        return frame.getClassName().replaceAll(".*\\.", "") + "." + frame.getMethodName();
    }

    /** A gap from {@code from} to {@code to} (nanoTime) in which the UI thread used {@code cpuNs}. */
    static void gap(long from, long to, long cpuNs) {
        if (THRESHOLD_NS < 0 || cpuNs < THRESHOLD_NS || to - from < MIN_GAP_NS) {
            return;
        }
        Map<String, Integer> counts = new HashMap<>();
        synchronized (SAMPLES) {
            for (Sample s : SAMPLES) {
                if (s.at >= from && s.at <= to) {
                    // grouped by where in DriveLab the work came from
                    String ours = s.stack.substring(s.stack.indexOf(" ... ") + 5);
                    counts.merge(ours.isEmpty() ? "(toolkit) " + s.stack : ours, 1, Integer::sum);
                }
            }
        }
        System.out.printf(Locale.ROOT, "profile gap %.1f ms, UI CPU %.1f ms, %d samples busy%n", (to - from) / 1e6,
                cpuNs / 1e6, counts.values().stream().mapToInt(Integer::intValue).sum());
        counts.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder()))
                .limit(8).forEach(e -> System.out.println("profile   " + e.getValue() + " " + e.getKey()));
    }
}
