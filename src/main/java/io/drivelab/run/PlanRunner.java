package io.drivelab.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.drivelab.device.BlockDevice;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.DirectionStats;
import io.drivelab.engine.EngineBinary;
import io.drivelab.engine.EngineException;
import io.drivelab.engine.EngineListener;
import io.drivelab.engine.EngineProcess;
import io.drivelab.engine.IntervalEvent;
import io.drivelab.engine.LayoutEvent;
import io.drivelab.engine.ResultEvent;
import io.drivelab.engine.StartEvent;
import io.drivelab.store.DirectionResult;
import io.drivelab.store.DiskFullException;
import io.drivelab.store.NewRun;
import io.drivelab.store.PointKind;
import io.drivelab.store.PointMeta;
import io.drivelab.store.PointResult;
import io.drivelab.store.Run;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Sample;
import io.drivelab.store.Store;
import io.drivelab.store.StoreException;
import io.drivelab.workload.Matrix;
import io.drivelab.workload.PlanFiles;
import io.drivelab.workload.PlanItem;
import io.drivelab.workload.Point;
import io.drivelab.workload.TestPlan;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.UserDefinedFileAttributeView;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Executes a test plan point by point through the engine and stores every point the moment it is measured.
 *
 * <p>{@link #execute} runs on the calling thread and blocks until the run ends: give it a thread of its own that
 * lives as long as the run (the engine dies with the thread that started it). {@link #cancel()} is safe from any
 * thread. A run stopped by a cancel, a crash or a kill resumes at its first unfinished point ({@link #resume}).
 */
public final class PlanRunner {
    public static final int DEFAULT_STATUS_INTERVAL_MS = 1000;
    /** Until a fill has shown the drive's speed, fills are estimated at this rate. */
    private static final double ASSUMED_FILL_BYTES_PER_SECOND = 1e9;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The run that created a test file (user.drivelab.run = DATABASE#RUN): only that run removes it. */
    static final String RUN_TAG = "drivelab.run";

    private final Store store;
    private final Path engine;
    private final DeviceDiscovery discovery;
    private final RunListener listener;
    private int statusIntervalMs = DEFAULT_STATUS_INTERVAL_MS;
    private boolean overwriteFile;
    private boolean keepFile;
    /**
     * The identity (device and inode) of the target file the engine created during this execution, or null: it
     * vouches for the file where xattrs cannot mark it, and only while the same file is there.
     */
    private volatile Object createdFile;
    /** DATABASE#RUN of the run executing, for {@link #RUN_TAG}. */
    private volatile String fileTag;

    /** This runner's hold on its target while it executes a run (one run on a target at a time), or null. */
    private TargetLock targetLock;
    private volatile boolean cancelled;
    private volatile EngineProcess current;
    /** Other targets' runners this one keeps in step with, item by item; null when it runs alone. */
    private TargetSync sync;
    private final Object idleLock = new Object();

    public PlanRunner(Store store, Path engine, DeviceDiscovery discovery, RunListener listener) {
        this.store = store;
        this.engine = engine;
        this.discovery = discovery;
        this.listener = listener == null ? RunListener.NONE : listener;
    }

    /** How often the engine reports a sample (the GUI wants at least two a second). */
    public PlanRunner statusInterval(int milliseconds) {
        this.statusIntervalMs = milliseconds;
        return this;
    }

    /**
     * The user confirmed that an existing file DriveLab did not create may be overwritten (CLI --overwrite-file,
     * GUI: a confirmation); see {@link WriteGuard#check(Path, TestPlan, String, boolean)}.
     */
    public PlanRunner overwriteFile(boolean confirmed) {
        this.overwriteFile = confirmed;
        return this;
    }

    /**
     * Keep the test file this run created when the run completes (CLI --keep-file); by default it is removed then.
     * A run that stops unfinished always keeps it, so that a resume measures on the same file.
     */
    public PlanRunner keepFile(boolean keep) {
        this.keepFile = keep;
        return this;
    }

    /**
     * Files a new run of {@code plan} on {@code target} after the write guard has agreed; returns its id.
     *
     * @param allowDestroy the device the user confirmed may be destroyed, or null
     */
    public long createRun(TestPlan plan, Path target, String name, String allowDestroy) {
        checkTarget(plan, target);
        new WriteGuard(discovery).check(target, plan, allowDestroy, overwriteFile);
        boolean block = WriteGuard.isBlockDevice(target);
        Long driveId = null;
        if (block) {
            driveId = device(target).filter(d -> d.serial() != null && !d.serial().isBlank())
                    .map(d -> store.findOrCreateDrive(d.model(), d.serial(), d.firmware(), d.capacityBytes()).id())
                    .orElse(null);
        }
        String runName = name != null && !name.isBlank() ? name : plan.name() + " on " + target;
        return store.createRun(new NewRun(runName, PlanFiles.toJson(plan), plan.name(), target.toString(),
                block ? "block" : Files.isDirectory(target) ? "folder" : "file", driveId, hostName(), engineVersion()));
    }

    /**
     * Runs in step with the other runners of {@code sync} (the same plan on other targets): every plan item starts
     * when all of them have reached it, so their points run at the same time. Call before {@link #execute}.
     */
    public PlanRunner synchronizedWith(TargetSync sync) {
        this.sync = sync;
        sync.join(this);
        return this;
    }

    /** Claims an interrupted or failed run and executes what it has not finished. */
    public RunStatus resume(long runId, String allowDestroy) {
        store.resumeRun(runId);
        return execute(runId, allowDestroy);
    }

    /** Stops the run as soon as possible: the running point ends with a partial result, which is kept. */
    public void cancel() {
        cancelled = true;
        EngineProcess running = current;
        if (running != null) {
            running.stop();
        }
        synchronized (idleLock) {
            idleLock.notifyAll();
        }
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /**
     * Runs the plan of run {@code runId}, skipping the points it has finished already; returns how it ended
     * (also stored): COMPLETE, INTERRUPTED (cancelled; resumable) or FAILED (a point failed; resumable).
     */
    public RunStatus execute(long runId, String allowDestroy) {
        try {
            return executeLocked(runId, allowDestroy);
        } finally {
            if (targetLock != null) {
                targetLock.close();  // ended, failed or stopped: the target is free for the next run
                targetLock = null;
            }
        }
    }

    private RunStatus executeLocked(long runId, String allowDestroy) {
        Run run = store.getRun(runId).orElseThrow(() -> new RunException("there is no run " + runId
                + "; 'drivelab runs' lists them"));
        TestPlan plan = PlanFiles.fromJson(run.planJson(), "run " + runId);
        Path target = Path.of(run.target());
        List<String> engineExtras = new ArrayList<>();
        engineExtras.add("--status-interval=" + statusIntervalMs);
        try {
            checkTarget(plan, target);
            targetLock = TargetLock.acquire(target, runId, store.path());
            new WriteGuard(discovery).check(target, plan, allowDestroy, overwriteFile).ifPresent(engineExtras::add);
            if (Files.isDirectory(target) && !keepFile) {
                engineExtras.add("--unlink");  // the checkpoint files the engine wrote into the folder, not others
            }
        } catch (RunException e) {
            store.updateRunStatus(runId, RunStatus.FAILED, e.getMessage());
            if (sync != null) {
                sync.leave(this);
            }
            listener.runFinished(runId, RunStatus.FAILED, e.getMessage());
            throw e;
        }

        List<PlanItem> items = plan.expand();
        Set<String> finished = store.completedPointKeys(runId);
        Clock clock = new Clock(items, regionBytes(plan, target));
        listener.runStarted(runId, items);

        RunStatus status = RunStatus.COMPLETE;
        String error = null;
        boolean caughtUp = finished.isEmpty();
        fileTag = store.path() + "#" + runId;
        createdFile = null;
        try {
            for (int i = 0; i < items.size() && !cancelled; i++) {
                PlanItem item = items.get(i);
                if (sync != null) {
                    sync.await(this, i, this::isCancelled);
                }
                clock.startItem(i);
                if (item.isIdle()) {
                    // a resumed run goes straight to its first unfinished point
                    if (caughtUp) {
                        idle(item, clock);
                    }
                } else if (finished.contains(item.point().key())) {
                    clock.skip(i);
                } else {
                    caughtUp = true;
                    trustCreatedFile(target, engineExtras);
                    Optional<String> failure = runItem(runId, i, item, target, engineExtras, clock);
                    if (failure.isPresent()) {
                        status = cancelled ? RunStatus.INTERRUPTED : RunStatus.FAILED;
                        error = failure.get();
                        break;
                    }
                }
                clock.finishItem(i);
            }
            if (cancelled && status == RunStatus.COMPLETE) {
                status = RunStatus.INTERRUPTED;
                error = "stopped by the user";
            }
        } catch (StoreException e) {
            // A full disk stops the run where it is: resume continues it once there is room.
            status = isDiskFull(e) ? RunStatus.INTERRUPTED : RunStatus.FAILED;
            error = isDiskFull(e)
                    ? "the disk holding the results database " + store.path() + " is full, so the last point "
                    + "measured could not be stored; the points stored before it are kept. Free some space, then "
                    + "resume run " + runId + " (" + e.getMessage() + ")"
                    : "the results database failed: " + e.getMessage();
        }
        if (status == RunStatus.COMPLETE && !keepFile) {
            removeCreatedFile(target, fileTag);
        }
        try {
            store.updateRunStatus(runId, status, error);
        } catch (StoreException e) {
            // the points saved so far are safe; the next start marks the run interrupted
            error = (error == null ? "" : error + "; ") + "cannot record the run's end: " + e.getMessage();
        }
        if (sync != null) {
            sync.leave(this);
        }
        listener.runFinished(runId, status, error);
        return status;
    }

    /** Measures one plan item: all passes of a point, or a precondition (in rounds until steady). */
    private Optional<String> runItem(long runId, int seq, PlanItem item, Path target, List<String> extras,
                                     Clock clock) {
        Point point = item.point();
        if (item.untilSteady()) {
            SteadyStateDetector detector = new SteadyStateDetector();
            for (int round = 1; round <= item.maxRounds(); round++) {
                String roundKey = point.key() + String.format(Locale.ROOT, "-r%02d", round);
                Measured m = measure(item, point, roundKey, seq, target, extras, clock);
                if (m.failed()) {
                    store.savePoint(runId, m.result(), m.samples());
                    listener.pointFinished(clock.now(), item, m.result());
                    return Optional.of(m.result().error());
                }
                SteadyStateDetector.Verdict verdict = detector.add(steadyFigure(m.result()));
                listener.steadyState(item, verdict);
                boolean last = verdict.steady() || round == item.maxRounds() || cancelled;
                // the last round carries the item's own key: that key marks the precondition finished
                PointResult saved = last && !cancelled ? rekey(m.result(), point.key()) : m.result();
                store.savePoint(runId, saved, m.samples());
                listener.pointFinished(clock.now(), item, saved);
                if (last) {
                    break;
                }
            }
            return Optional.empty();
        }

        List<Measured> passes = new ArrayList<>();
        for (int pass = 1; pass <= point.passes() && !cancelled; pass++) {
            Measured m = measure(item, point, point.key(), seq, target, extras, clock);
            if (m.failed()) {
                store.savePoint(runId, m.result(), m.samples());
                listener.pointFinished(clock.now(), item, m.result());
                return Optional.of(m.result().error());
            }
            passes.add(m);
            if (m.result().status() != io.drivelab.store.PointStatus.COMPLETE) {
                break;  // stopped during a pass: keep what it measured, as partial
            }
        }
        if (passes.isEmpty()) {
            return Optional.empty();
        }
        Measured kept = passes.size() == 1 ? passes.get(0) : combine(passes, point.keep());
        store.savePoint(runId, kept.result(), kept.samples());
        listener.pointFinished(clock.now(), item, kept.result());
        clock.sawThroughput(item, kept.result());
        return Optional.empty();
    }

    record Measured(PointResult result, List<Sample> samples) {
        boolean failed() {
            return result.status() == io.drivelab.store.PointStatus.FAILED;
        }
    }

    /** One engine run. Never throws for an engine failure: that becomes a FAILED point with the engine's words. */
    private Measured measure(PlanItem item, Point point, String key, int seq, Path target, List<String> extras,
                             Clock clock) {
        PointMeta meta = meta(item, point, key, seq);
        List<Sample> samples = Collections.synchronizedList(new ArrayList<>());
        listener.pointStarted(clock.now(), item, key);
        Instant started = Instant.now();
        EngineListener engineListener = new EngineListener() {
            @Override
            public void onStart(StartEvent start) {
                if (start.created()) {
                    createdFile = fileKey(target);
                    tagCreatedFile(target);
                }
                listener.engineStarted(item, start);
            }

            @Override
            public void onLayout(LayoutEvent layout) {
                listener.layout(item, layout);
                listener.progress(clock.now());
            }

            @Override
            public void onInterval(IntervalEvent interval) {
                samples.add(sample(interval));
                listener.sample(item, interval);
                listener.progress(clock.now());
            }

            @Override
            public void onCheckpoint(io.drivelab.engine.CheckpointEvent checkpoint) {
                listener.checkpoint(item, checkpoint);
            }
        };
        try (EngineProcess process = EngineProcess.start(engine, point.toEngineArgs(target.toString(), extras),
                engineListener)) {
            current = process;
            if (cancelled) {
                process.stop();
            }
            ResultEvent result = process.awaitResult();
            // a checkpoint point's figures are its checkpoints' (GB/s, seconds per checkpoint)
            return new Measured(CheckpointFigures.apply(PointResult.fromEngineResult(meta, parse(result.rawJson()),
                    started, Instant.now())), List.copyOf(samples));
        } catch (EngineException e) {
            String why = "point " + key + " (" + point.describe() + ") failed: " + e.getMessage();
            PointResult failed = e.partialResult()
                    .map(r -> CheckpointFigures.apply(PointResult.fromEngineResult(meta, parse(r.rawJson()),
                            started, Instant.now())).withError(why))
                    .orElseGet(() -> PointResult.failed(meta, why, started, Instant.now()));
            return new Measured(failed, List.copyOf(samples));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            cancel();
            return new Measured(PointResult.failed(meta, "point " + key + " interrupted", started, Instant.now()),
                    List.copyOf(samples));
        } finally {
            current = null;
        }
    }

    private void idle(PlanItem item, Clock clock) {
        long end = System.nanoTime() + item.idleSeconds() * 1_000_000_000L;
        synchronized (idleLock) {
            while (!cancelled) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                listener.progress(clock.now());
                try {
                    idleLock.wait(Math.max(1, Math.min(1000, left / 1_000_000)));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    cancel();
                }
            }
        }
    }

    private static PointMeta meta(PlanItem item, Point point, String key, int seq) {
        var w = point.workload();
        return new PointMeta(key, seq, item.isPrecondition() ? PointKind.PRECONDITION : PointKind.MEASURE,
                w.name(), point.engineRw(), w.mix() == null ? w.bs() : null,
                w.mix() == null ? null : w.mix().toEngineSpec(), w.rwmixread(), point.iodepth(), point.numjobs());
    }

    /** The figure a steady-state round is judged by: write IOPS for a write precondition, else read IOPS. */
    static double steadyFigure(PointResult r) {
        return r.write() != null && r.write().iops() > 0 ? r.write().iops() : r.read() == null ? 0 : r.read().iops();
    }

    private static PointResult rekey(PointResult r, String key) {
        PointMeta m = r.meta();
        return new PointResult(new PointMeta(key, m.seq(), m.kind(), m.workload(), m.rw(), m.bs(), m.bsMix(),
                m.rwmixread(), m.iodepth(), m.numjobs()), r.status(), r.runtimeMs(), r.read(), r.write(),
                r.resultJson(), r.histograms(), r.error(), r.startedAt(), r.endedAt());
    }

    /** Several passes of one point: the best (highest throughput) or their mean, as the plan says. */
    static Measured combine(List<Measured> passes, Matrix.Keep keep) {
        if (keep == Matrix.Keep.BEST) {
            Measured best = passes.get(0);
            for (Measured m : passes) {
                if (throughput(m.result()) > throughput(best.result())) {
                    best = m;
                }
            }
            return best;
        }
        PointResult first = passes.get(0).result(), last = passes.get(passes.size() - 1).result();
        ObjectNode json = JSON.createObjectNode();
        json.put("type", "result");
        json.put("keep", "mean");
        ArrayNode all = json.putArray("passes");
        for (Measured m : passes) {
            all.add(parse(m.result().resultJson()));
        }
        PointResult mean = new PointResult(first.meta(), last.status(), last.runtimeMs(),
                mean(passes, true), mean(passes, false), json.toString(), last.histograms(), null,
                first.startedAt(), last.endedAt());
        return new Measured(mean, passes.get(passes.size() - 1).samples());
    }

    private static DirectionResult mean(List<Measured> passes, boolean read) {
        double iops = 0, bw = 0, lat = 0, p50 = 0, p99 = 0, p999 = 0;
        int withLatency = 0;
        for (Measured m : passes) {
            DirectionResult d = read ? m.result().read() : m.result().write();
            iops += d.iops();
            bw += d.bwBytes();
            if (d.latMeanNs() != null) {
                withLatency++;
                lat += d.latMeanNs();
                p50 += d.p50Ns();
                p99 += d.p99Ns();
                p999 += d.p999Ns();
            }
        }
        int n = passes.size();
        if (withLatency == 0) {
            return new DirectionResult(iops / n, Math.round(bw / n), null, null, null, null);
        }
        return new DirectionResult(iops / n, Math.round(bw / n), lat / withLatency, Math.round(p50 / withLatency),
                Math.round(p99 / withLatency), Math.round(p999 / withLatency));
    }

    private static double throughput(PointResult r) {
        return (r.read() == null ? 0 : r.read().bwBytes()) + (r.write() == null ? 0 : r.write().bwBytes());
    }

    static Sample sample(IntervalEvent e) {
        return new Sample(e.tMs(), e.ramp(), figures(e.read()), figures(e.write()));
    }

    private static Sample.Figures figures(DirectionStats d) {
        if (d == null) {
            return null;
        }
        if (d.ios() == 0) {
            return new Sample.Figures(d.iops(), d.bwBytes(), null, null);
        }
        long p99 = d.lat().percentile("99");
        return new Sample.Figures(d.iops(), d.bwBytes(), d.lat().mean(), p99 < 0 ? null : p99);
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the engine's result line is not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Where the filesystem could not take the engine's mark, tell the engine that the file it created is ours. */
    private void trustCreatedFile(Path target, List<String> extras) {
        if (isCreatedFile(target) && !WriteGuard.isDriveLabFile(target)
                && !extras.contains(WriteGuard.OVERWRITE_FILE)) {
            extras.add(WriteGuard.OVERWRITE_FILE);
        }
    }

    /** The engine created the target: tag it with this run, so that the run removes it when it completes. */
    private void tagCreatedFile(Path target) {
        try {
            UserDefinedFileAttributeView view = Files.getFileAttributeView(target, UserDefinedFileAttributeView.class);
            if (view != null) {
                view.write(RUN_TAG, StandardCharsets.UTF_8.encode(fileTag));
            }
        } catch (IOException | UnsupportedOperationException e) {
            // no xattrs here: createdFile alone vouches for the file, for this execution
        }
    }

    /** The test file this run created, and nothing else: tagged with this run, or created by this execution. */
    private void removeCreatedFile(Path target, String tag) {
        if (!Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (WriteGuard.attribute(target, RUN_TAG).map(tag::equals).orElse(isCreatedFile(target))) {
            try {
                Files.delete(target);
            } catch (IOException e) {
                // a file left behind does the results no harm; the run has completed
            }
        }
    }

    /** The file at {@code target} is the one the engine created in this execution (not one put there since). */
    private boolean isCreatedFile(Path target) {
        Object created = createdFile;
        return created != null && created.equals(fileKey(target));
    }

    private static Object fileKey(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    /** The disk (or the quota) holding the database is full. */
    private static boolean isDiskFull(Throwable e) {
        return e instanceof DiskFullException;
    }

    /** A file target must exist or be creatable at a known size; a missing device is named. */
    private static void checkTarget(TestPlan plan, Path target) {
        if (Files.exists(target)) {
            if (Files.isDirectory(target) && !WriteGuard.checkpointsOnly(plan)) {
                throw new RunException(target + " is a folder; give a file inside it (e.g. " + target.resolve(
                        "drivelab.img") + ") or a block device (only checkpoint plans write files into a folder)");
            }
            return;
        }
        if (target.toString().startsWith("/dev/")) {
            throw new RunException(target + " does not exist; 'drivelab devices' lists the drives");
        }
        if (plan.target() == null || plan.target().size() == null) {
            throw new RunException(target + " does not exist; give --size so that DriveLab can create a test file "
                    + "of that size (e.g. --size 4G)");
        }
        Path parent = target.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new RunException("cannot create " + target + ": the folder " + parent + " does not exist");
        }
    }

    private long regionBytes(TestPlan plan, Path target) {
        if (plan.target() != null && plan.target().size() != null) {
            return plan.target().size();
        }
        if (WriteGuard.isBlockDevice(target)) {
            return device(target).map(BlockDevice::capacityBytes).orElse(0L);
        }
        try {
            return Files.size(target);
        } catch (IOException e) {
            return 0;
        }
    }

    private Optional<BlockDevice> device(Path target) {
        try {
            return discovery.findByPath(target);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private String engineVersion() {
        try {
            // "drivelab-engine 0.1.0 (kernel ...)"
            String[] words = EngineBinary.version(engine).strip().split("\\s+");
            return words.length > 1 ? words[1] : words[0];
        } catch (EngineException e) {
            throw new RunException("the engine does not start: " + e.getMessage(), e);
        }
    }

    private static String hostName() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        } catch (IOException e) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException e2) {
                return "unknown";
            }
        }
    }

    /**
     * Elapsed time, fraction done and ETA from the plan's own estimates; fills, whose time depends on the drive,
     * are estimated from the throughput fills have shown so far.
     */
    private static final class Clock {
        private final List<PlanItem> items;
        private final long regionBytes;
        private final double[] estimate;
        private final boolean[] done;
        private final long startNanos = System.nanoTime();
        private double fillBytesPerSecond = ASSUMED_FILL_BYTES_PER_SECOND;
        private int index;
        private long itemStartNanos = System.nanoTime();

        Clock(List<PlanItem> items, long regionBytes) {
            this.items = items;
            this.regionBytes = regionBytes;
            this.estimate = new double[items.size()];
            this.done = new boolean[items.size()];
            estimateAll();
        }

        private void estimateAll() {
            for (int i = 0; i < items.size(); i++) {
                PlanItem item = items.get(i);
                double bytes = (double) item.fixedBytes() + (double) item.regionPasses() * regionBytes;
                estimate[i] = item.estimatedSeconds() + bytes / fillBytesPerSecond;
            }
        }

        synchronized void startItem(int i) {
            index = i;
            itemStartNanos = System.nanoTime();
        }

        synchronized void skip(int i) {
            estimate[i] = 0;
        }

        synchronized void finishItem(int i) {
            done[i] = true;
        }

        synchronized void sawThroughput(PlanItem item, PointResult r) {
            if (item.regionPasses() > 0 || item.fixedBytes() > 0) {
                double bw = throughput(r);
                if (bw > 0) {
                    fillBytesPerSecond = bw;
                    double spent = estimate[index];
                    estimateAll();
                    estimate[index] = spent;
                }
            }
        }

        synchronized RunProgress now() {
            double total = 0, spent = 0;
            for (int i = 0; i < estimate.length; i++) {
                total += estimate[i];
                if (done[i]) {
                    spent += estimate[i];
                }
            }
            double inItem = (System.nanoTime() - itemStartNanos) / 1e9;
            if (index < estimate.length && !done[index]) {
                spent += Math.min(inItem, estimate[index]);
            }
            double fraction = total > 0 ? Math.min(1, spent / total) : 1;
            String current = index < items.size() ? items.get(index).describe() : "";
            return new RunProgress(index, items.size(), current, Duration.ofNanos(System.nanoTime() - startNanos),
                    Duration.ofMillis(Math.round(Math.max(0, total - spent) * 1000)), fraction);
        }
    }
}
