package io.drivelab.ui.run;

import java.lang.reflect.Field;

/**
 * Not a test: for WindowBench's long mode, the samples of the hour before, fed to a running window's live view as
 * the engine's reader feeds them (queued, then taken by the UI thread at its own pace), so that the state after an
 * hour of samples can be measured in a minute. Only {@code LiveFeed.post} and its {@code Sample} are used, which
 * the main branch's build has too, so the bench can measure both builds the same way.
 */
public final class LivePreload {
    private LivePreload() {
    }

    /**
     * Queues {@code count} samples, 10 a second, ending {@code endSeconds} before the point's start (negative
     * times: they come before the running point's own samples on the time axis, which the engine numbers from 0).
     */
    public static Object samples(RunViewModel run, int count, double endSeconds) {
        LiveFeed feed = feed(run);
        LiveFeed.Sample last = null;
        for (int i = 0; i < count; i++) {
            double t = endSeconds - (count - i) / 10.0;
            // a drive's throughput and latency wobble: values that differ from sample to sample
            double wobble = Math.sin(i / 37.0) + 0.3 * Math.sin(i / 3.1);
            double iops = 250_000 + 20_000 * wobble;
            last = new LiveFeed.Sample(null, t, false, iops, iops * 4096, 120 + 10 * wobble, 400 + 50 * wobble);
            feed.post(last);
        }
        return last;
    }

    /**
     * Whether the UI thread has taken {@code last} (what {@link #samples} returned) from the queue: the run's own
     * samples keep coming, so the queue is seldom empty.
     */
    public static boolean takenIn(RunViewModel run, Object last) {
        try {
            Field f = LiveFeed.class.getDeclaredField("queue");
            f.setAccessible(true);
            return !((java.util.Collection<?>) f.get(feed(run))).contains(last);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("LiveFeed has no queue to look in: " + e, e);
        }
    }

    /**
     * The samples the live view has taken in so far (the preloaded ones too), or -1 for a build that does not
     * count them.
     */
    public static long samplesTakenIn(RunViewModel run) {
        try {
            return run.live().samplesTakenIn();
        } catch (LinkageError olderBuild) {
            return -1;
        }
    }

    private static LiveFeed feed(RunViewModel run) {
        try {
            Field f = RunViewModel.class.getDeclaredField("feed");
            f.setAccessible(true);
            return (LiveFeed) f.get(run);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("RunViewModel has no feed to preload: " + e, e);
        }
    }
}
