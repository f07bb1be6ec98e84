package io.drivelab.run;

import io.drivelab.engine.EngineException;
import io.drivelab.engine.EngineSession;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a runner holds on its target from the preflight to the run's end: the target's lock (one run on a target at
 * a time) and the engine started for the run (authorization asked once, before the run is filed).
 */
final class TargetHold {
    private final Path engine;
    private final Path database;
    private TargetLock lock;
    private EngineSession session;

    TargetHold(Path engine, Path database) {
        this.engine = engine;
        this.database = database;
    }

    /** Locks the target for run {@code runId} (0: not filed yet) unless held already; throws naming its holder. */
    void lock(Path target, long runId) {
        if (lock == null) {
            lock = TargetLock.acquire(target, runId, database);
        }
    }

    /** The run held its target before it was filed: the lock now names it. */
    void filedAs(long runId) {
        if (lock != null) {
            lock.filedAs(runId);
        }
    }

    /**
     * Starts the engine every point of the run goes through, unless started; where this user may not open the
     * device, through pkexec, so a refused authorization ends the start here ("authorization was refused: ...").
     */
    void startEngine(Path target, Optional<String> confirmation, boolean writes, boolean unlink) {
        if (session != null) {
            return;
        }
        // given once for the whole run, as the user gave them
        List<String> options = new ArrayList<>(confirmation.stream().toList());
        if (unlink) {
            options.add("--unlink");
        }
        try {
            session = EngineSession.open(engine, target, options, writes);
        } catch (EngineException e) {
            throw new RunException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunException("interrupted while the engine was starting", e);
        }
    }

    /** The run's engine, or null (fio measures, or a remote target). */
    EngineSession session() {
        return session;
    }

    /** Ends the engine and frees the target (a run that will not execute, or one that has). */
    void release() {
        if (session != null) {
            session.close();
            session = null;
        }
        if (lock != null) {
            lock.close();
            lock = null;
        }
    }
}
