package io.drivelab.fio;

import java.util.concurrent.TimeUnit;

/**
 * Notices a fio server that stops answering (its machine or server stopped, the network to it down). fio's client
 * prints the JSON only at the end, so the sign of life is every message the server sends as {@link FioRelay} passes
 * it on: a status report each interval and a reply to the client's progress request about every 0.9 s. When none
 * comes for {@value #SILENT_INTERVALS} status intervals the client is killed and the point fails naming the host.
 *
 * <p>Why {@value #SILENT_INTERVALS}: twice fio's own limit for a reply (five seconds, "timeout on SEND_ETA"; fio
 * itself gives up only after seven of them, or never when a worker of the server survives), and a loaded machine
 * (load 19 on 2 cores, its disk saturated) was seen to keep a healthy server silent for five seconds.
 */
final class HostWatch {
    static final int SILENT_INTERVALS = 10;

    private final FioHost host;
    private final long silentMs;
    private volatile long lastHeardNanos = System.nanoTime();
    private volatile String verdict;

    HostWatch(FioHost host, int statusIntervalS) {
        this.host = host;
        this.silentMs = TimeUnit.SECONDS.toMillis((long) SILENT_INTERVALS * statusIntervalS);
    }

    /** A message from the server arrived (its relay saw it go by). */
    void heard() {
        lastHeardNanos = System.nanoTime();
    }

    /** Watches {@code client} on a thread of its own until it exits, and runs {@code kill} if the host falls silent. */
    void watch(Process client, Runnable kill) {
        Thread thread = new Thread(() -> {
            try {
                while (!client.waitFor(silentMs / SILENT_INTERVALS, TimeUnit.MILLISECONDS)) {
                    long silent = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lastHeardNanos);
                    if (silent > silentMs) {
                        verdict = "the fio server on " + host + " sent nothing for " + silent / 1000 + " s (a report "
                                + "every " + silentMs / SILENT_INTERVALS / 1000 + " s expected): it stopped answering "
                                + "(that machine, its fio server or the network to it is stopped or down), so its "
                                + "point was ended";
                        kill.run();
                        return;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "drivelab-fio-watch-" + host);
        thread.setDaemon(true);
        thread.start();
    }

    /** Why the host's point was ended, or null while it answers. */
    String verdict() {
        return verdict;
    }
}
