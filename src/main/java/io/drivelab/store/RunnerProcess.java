package io.drivelab.store;

import java.time.Instant;
import java.util.Optional;

/**
 * The process that executes a run. The start time is kept with the pid because pids are reused: a run whose
 * pid now belongs to a process that started at another time was left behind by a process that is gone.
 *
 * @param startedAt when the process started (millisecond precision), or null when it could not be read
 */
public record RunnerProcess(long pid, Instant startedAt) {

    public static RunnerProcess current() {
        return of(ProcessHandle.current());
    }

    static RunnerProcess of(ProcessHandle process) {
        return new RunnerProcess(process.pid(), startOf(process).orElse(null));
    }

    /** True when a process with this pid runs and, where both start times are known, started at the same time. */
    public boolean isAlive() {
        Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (process.isEmpty()) {
            return false;
        }
        if (startedAt == null) {
            return true;
        }
        return startOf(process.get()).map(startedAt::equals).orElse(true);
    }

    private static Optional<Instant> startOf(ProcessHandle process) {
        // Millisecond precision: what the database keeps, and finer than the kernel's clock ticks anyway.
        return process.info().startInstant().map(t -> Instant.ofEpochMilli(t.toEpochMilli()));
    }
}
