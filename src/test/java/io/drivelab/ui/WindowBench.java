package io.drivelab.ui;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.drivelab.device.DeviceDiscovery;
import io.drivelab.store.PointResult;
import io.drivelab.store.PointStatus;
import io.drivelab.store.Store;
import io.drivelab.store.StoredPoint;
import io.drivelab.ui.run.LivePreload;
import io.drivelab.ui.run.RunViewModel;
import javafx.animation.Animation;
import javafx.animation.AnimationTimer;
import javafx.animation.KeyFrame;
import javafx.animation.PauseTransition;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * Not a test: bench/responsiveness.py runs it to time the real window on the display it is given (Xvfb with GTK, as a
 * user runs it). It starts the application as {@code Application.launch} does (toolkit, init() off the UI thread,
 * then start()) and prints "EVENT EPOCH_MS" lines (each followed by "cpu EVENT MS", the process's CPU time so far):
 * shown (then "threads shown [NAME]=MS ...": each thread's CPU time so far), frame (the first pulse after it), live (the pulse after the live view joined the window), history
 * (History's table filled), compare (Compare's list of runs filled). Given seconds, it then runs the quick preset on
 * a test file at 10 samples/s, with the window's reference drives shown, and prints the gaps between the UI thread's
 * pulses (LiveRunTest's measure, taken once a pulse rather than by a 10 ms timeline that runs several times in one
 * pulse). With -Dbench.preload=N (36,000: an hour at 10 a second), the run's first point goes on through the
 * measure, and N samples are fed to the live view before it ({@link LivePreload}), the heap's live set printed
 * after 5 minutes' worth and after all of them.
 *
 * <p>usage: WindowBench DATABASE FOLDER SECONDS (FOLDER: the settings file and the test file go there)
 */
public final class WindowBench {
    private static final int SAMPLE_INTERVAL_MS = 100;
    /** Samples fed to the live view before the measure (36,000: an hour at 10 a second); 0: none. */
    private static final int PRELOAD = Integer.getInteger("bench.preload", 0);
    /** Reference drives ticked for the live run ("several": the window ticks the reviewed two by default). */
    private static final int REFERENCES = Integer.getInteger("bench.references", 5);
    /** Gaps longer than this are printed one by one with the JVM's uptime, to line them up with a GC log. */
    private static final int GAP_LOG_MS = Integer.getInteger("bench.gapLogMs", 1_000_000);

    private static Path DATABASE;

    public static void main(String[] args) throws Exception {
        Path db = Path.of(args[0]);
        DATABASE = db;
        Path folder = Path.of(args[1]);
        int seconds = Integer.parseInt(args[2]);
        AppContext context = new AppContext(db, null, folder.resolve("gui.json"), SAMPLE_INTERVAL_MS,
                new DeviceDiscovery());
        DriveLabApp app = new DriveLabApp(context, null);
        CountDownLatch done = new CountDownLatch(1);
        CountDownLatch framed = new CountDownLatch(1);
        event("main");
        Platform.startup(() -> { });
        event("toolkit");
        app.init();
        event("init");
        Platform.runLater(() -> {
            Stage stage = new Stage();
            Runnable then = () -> {
                if (seconds > 0) {
                    liveRun(app, stage.getScene(), folder, seconds, done);
                } else {
                    done.countDown();
                }
            };
            stage.showingProperty().addListener((o, was, showing) -> {
                if (showing) {
                    event("shown");
                    ThreadCpu.print("shown");
                    System.out.printf(Locale.ROOT, "window_size %.0f %.0f%n", stage.getScene().getWidth(),
                            stage.getScene().getHeight());
                    firstPulse(() -> {
                        framed.countDown();
                        // History chosen at once, as a user clicking it when the window shows (the live view is
                        // made meanwhile); the live run begins once both are done
                        int[] waiting = {2};
                        Runnable next = () -> {
                            if (--waiting[0] == 0) {
                                then.run();
                            }
                        };
                        watchLive(stage.getScene(), next);
                        watchHistory(stage.getScene(), next);
                    });
                }
            });
            event("start");
            app.start(stage);
        });
        // History may fill before the first frame on a busy machine: wait for both.
        if (!done.await(seconds + 120, TimeUnit.SECONDS) || !framed.await(60, TimeUnit.SECONDS)) {
            System.out.println("timeout");
        }
        Platform.runLater(() -> {
            app.stop();
            Platform.exit();
        });
        System.exit(0);
    }

    private static void event(String name) {
        System.out.println(name + " " + System.currentTimeMillis());
        // The CPU time spent so far, all threads: the start's cost on a machine whose load changes.
        ProcessHandle.current().info().totalCpuDuration()
                .ifPresent(cpu -> System.out.println("cpu " + name + " " + cpu.toMillis()));
        System.out.flush();
    }

    private static void firstPulse(Runnable then) {
        new AnimationTimer() {
            @Override
            public void handle(long now) {
                event("frame");
                stop();
                then.run();
            }
        }.start();
    }

    /** "live" at the pulse after the live view's charts joined the window (made after its first frame). */
    private static void watchLive(Scene scene, Runnable then) {
        new AnimationTimer() {
            private boolean joined;

            @Override
            public void handle(long now) {
                if (joined) {
                    event("live");
                    stop();
                    then.run();
                }
                joined = scene.lookup("#time-chart") != null;
            }
        }.start();
    }

    /**
     * Chooses History after the first frame, as a user looking at the runs (its content joins the scene when first
     * chosen): "history" once its table has rows; then Compare: "compare" once it lists the runs (or "history-empty"
     * after a second when the database has none to show); then back on Live and {@code then}.
     */
    private static void watchHistory(Scene scene, Runnable then) {
        TabPane tabs = (TabPane) scene.lookup("#tabs");
        Runnable back = () -> {
            choose(tabs, "tab-live");
            then.run();
        };
        ObservableList<?> runs = ((TableView<?>) choose(tabs, "tab-history").lookup("#runs")).getItems();
        whenFilled(runs, "history", () -> whenFilled(((ListView<?>) choose(tabs, "tab-compare")
                .lookup("#compare-runs")).getItems(), "compare", back));
        Timeline wait = new Timeline(new KeyFrame(Duration.seconds(1), e -> {
            if (runs.isEmpty()) {
                event("history-empty");
                back.run();
            }
        }));
        wait.play();
    }

    /** Chooses the tab of that id; its content, styled (its controls' parts made, as the next pulse would). */
    private static Node choose(TabPane tabs, String id) {
        Tab tab = tabs.getTabs().stream().filter(t -> id.equals(t.getId())).findFirst().orElseThrow();
        tabs.getSelectionModel().select(tab);
        tab.getContent().applyCss();
        return tab.getContent();
    }

    private static void whenFilled(ObservableList<?> items, String name, Runnable then) {
        if (!items.isEmpty()) {
            event(name);
            then.run();
            return;
        }
        items.addListener(new ListChangeListener<Object>() {
            @Override
            public void onChanged(Change<?> change) {
                if (!items.isEmpty()) {
                    items.removeListener(this);
                    event(name);
                    then.run();
                }
            }
        });
    }

    @SuppressWarnings("unchecked")
    private static void liveRun(DriveLabApp app, Scene scene, Path folder, int seconds, CountDownLatch done) {
        ((TextField) scene.lookup("#file-folder")).setText(folder.toString());
        ((TextField) scene.lookup("#file-size")).setText("64M");
        // The long mode's first point goes on through the measurement, so that its hour of samples stays in view.
        ((Spinner<Integer>) scene.lookup("#runtime")).getValueFactory().setValue(PRELOAD > 0 ? seconds + 120 : 2);
        ((Spinner<Integer>) scene.lookup("#ramp")).getValueFactory().setValue(0);
        List<long[]> gaps = new ArrayList<>();
        // Called once per pulse (60 a second while it runs): a gap longer than a frame is the UI thread kept busy.
        AnimationTimer probe = new AnimationTimer() {
            private long last;
            private long lastCpu;

            @Override
            public void handle(long now) {
                long at = System.nanoTime();
                // the UI thread's own CPU time in the gap: what it did, apart from waiting for a loaded machine
                long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
                if (last != 0) {
                    gaps.add(new long[]{at - last, ManagementFactory.getRuntimeMXBean().getUptime(), cpu - lastCpu, at});
                    GapProfiler.gap(last, at, cpu - lastCpu);
                } else {
                    GapProfiler.watch(Thread.currentThread());
                }
                last = at;
                lastCpu = cpu;
            }
        };
        // Start waits for what the window loads in the background (the drive list) to unblock it.
        Timeline start = new Timeline(new KeyFrame(Duration.millis(100), e -> { }));
        start.setCycleCount(200);
        start.setOnFinished(e -> {
            System.out.println("not-started " + app.window().run().startBlockedProperty().get());
            done.countDown();
        });
        start.getKeyFrames().setAll(new KeyFrame(Duration.millis(100), e -> {
            if (app.window().run().startBlockedProperty().get().isEmpty()) {
                start.stop();
                System.out.println("references " + tickReferences(scene));
                // Start a second after the drives were ticked, as a user would: what ticking them redraws is not
                // the run's (measured before 2026-12-02 in the same pulse as Start).
                PauseTransition settle = new PauseTransition(Duration.seconds(1));
                settle.setOnFinished(s -> startMeasured(app, probe, gaps, seconds, done));
                settle.play();
            }
        }));
        start.play();
    }

    /** Presses Start with the probe on (or, with PRELOAD, on once the samples were taken in). */
    private static void startMeasured(DriveLabApp app, AnimationTimer probe, List<long[]> gaps, int seconds,
                                      CountDownLatch done) {
        RunViewModel run = app.window().run();
        if (PRELOAD > 0) {
            whenFirstPointStarts(run, () -> preload(run, () -> {
                probe.start();
                measure(app, probe, gaps, seconds, done);
            }));
        } else {
            probe.start();
        }
        if (GAP_LOG_MS < 1_000_000) {
            // the gaps' uptimes lined up with the Start and each point's start
            run.live().pointTitleProperty().addListener((o, was, now) -> System.out.printf(
                    "point-title at uptime %d ms%n", ManagementFactory.getRuntimeMXBean().getUptime()));
            run.runningProperty().addListener((o, was, now) -> {
                if (!now) {
                    System.out.printf("run-ended at uptime %d ms%n", ManagementFactory.getRuntimeMXBean().getUptime());
                }
            });
            System.out.printf("start-pressed at uptime %d ms%n", ManagementFactory.getRuntimeMXBean().getUptime());
        }
        long pressed = System.nanoTime();
        app.window().start();
        // Start's own time on the UI thread (in the first gap measured)
        System.out.printf(Locale.ROOT, "start_ms %.1f%n", ms(System.nanoTime() - pressed));
        event(run.isRunning() ? "run-started" : "not-started");
        if (PRELOAD == 0) {
            measure(app, probe, gaps, seconds, done);
        }
    }

    /** Ticks the first REFERENCES drives of the live view's menu; "N of M": those ticked, of the library's. */
    private static String tickReferences(Scene scene) {
        List<MenuItem> items = ((MenuButton) scene.lookup("#reference-drives")).getItems();
        for (int i = 0; i < items.size(); i++) {
            ((CheckMenuItem) items.get(i)).setSelected(i < REFERENCES);
        }
        long ticked = items.stream().filter(i -> i instanceof CheckMenuItem c && c.isSelected()).count();
        return ticked + " of " + items.size();
    }

    private static void whenFirstPointStarts(RunViewModel run, Runnable then) {
        run.live().pointTitleProperty().addListener(new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends String> o, String was, String title) {
                if (!title.startsWith("No point")) {
                    o.removeListener(this);
                    then.run();
                }
            }
        });
    }

    /**
     * Five minutes of samples, then the rest of PRELOAD, each taken in by the live view; the heap's live set
     * (after a full collection) is printed after each: "heap_5min_mb" and "heap_preloaded_mb".
     */
    private static void preload(RunViewModel run, Runnable then) {
        int first = Math.min(PRELOAD, 3_000);
        Object fiveMinutes = LivePreload.samples(run, first, -(PRELOAD - first) / 10.0);
        whenTakenIn(run, fiveMinutes, () -> {
            System.out.println("heap_5min_mb " + liveHeapMb());
            Object all = LivePreload.samples(run, PRELOAD - first, 0);
            whenTakenIn(run, all, () -> {
                System.out.println("heap_preloaded_mb " + liveHeapMb());
                then.run();
            });
        });
    }

    private static void whenTakenIn(RunViewModel run, Object last, Runnable then) {
        Timeline poll = new Timeline();
        poll.setCycleCount(Animation.INDEFINITE);
        poll.getKeyFrames().add(new KeyFrame(Duration.millis(100), e -> {
            if (LivePreload.takenIn(run, last)) {
                poll.stop();
                // one pulse more: the drain that took the last samples has redrawn
                Platform.runLater(then);
            }
        }));
        poll.play();
    }

    /** The heap's live set: what the heap's pools held after a full collection. */
    private static double liveHeapMb() {
        // The heap in use just after a full collection (the pools' own "after collection" figures stay those of
        // their last collection of that kind: 0.9-1.5 MB were printed for a window holding tens).
        System.gc();
        long live = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        if (Boolean.getBoolean("bench.histogram")) {
            try {
                Object text = ManagementFactory.getPlatformMBeanServer().invoke(
                        new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"),
                        "gcClassHistogram", new Object[]{null}, new String[]{String[].class.getName()});
                text.toString().lines().limit(14).forEach(l -> System.out.println("histogram " + l));
            } catch (javax.management.JMException e) {
                System.out.println("histogram unavailable: " + e);
            }
        }
        return live / 1048576.0;
    }

    private static void measure(DriveLabApp app, AnimationTimer probe, List<long[]> gaps, int seconds,
                                CountDownLatch done) {
        // counted as taken in, not from the time chart, which holds a preloaded hour thinned
        long samplesBefore = LivePreload.samplesTakenIn(app.window().run());
        long measureStart = System.nanoTime();
        long[] machineBefore = machineCpuTicks();
        Timeline end = new Timeline(new KeyFrame(Duration.seconds(seconds), e -> {
            probe.stop();
            long samples = LivePreload.samplesTakenIn(app.window().run()) - samplesBefore;
            String rate = samplesBefore < 0 ? "-"
                    : String.format(Locale.ROOT, "%.1f", samples / ((System.nanoTime() - measureStart) / 1e9));
            app.window().stop();
            for (long[] g : gaps) {
                if (g[0] > GAP_LOG_MS * 1_000_000L) {
                    System.out.printf(Locale.ROOT, "gap %.1f ms ending at uptime %d ms, UI CPU %.1f ms, at_ns %d%n",
                            ms(g[0]), g[1], ms(g[2]), g[3]);
                }
            }
            List<Long> cpu = gaps.stream().map(g -> g[2]).sorted().toList();
            long[] machine = machineCpuTicks();
            double ticks = Math.max(1, machine[2] - machineBefore[2]);
            System.out.printf(Locale.ROOT, "busy cpu_p99_ms %.1f cpu_worst_ms %.1f cpu_share %.3f "
                            + "machine_busy %.3f machine_steal %.3f%n",
                    ms(cpu.get(cpu.size() * 99 / 100)), ms(cpu.get(cpu.size() - 1)),
                    cpu.stream().mapToLong(Long::longValue).sum() / (double) seconds / 1e9,
                    (machine[0] - machineBefore[0]) / ticks, (machine[1] - machineBefore[1]) / ticks);
            Runtime runtime = Runtime.getRuntime();
            System.out.printf(Locale.ROOT, "stall %s heap_mb %d running %s samples_per_s %s%n",
                    gapFigures(gaps.stream().map(g -> g[0]).toList()),
                    (runtime.totalMemory() - runtime.freeMemory()) >> 20, app.window().run().isRunning(), rate);
            printPoints(app);
            done.countDown();
        }));
        end.play();
    }

    /**
     * All CPUs' ticks (/proc/stat's first line): {busy, stolen by the host, all}, to say how loaded the machine was
     * during the measure (the engine's I/O in RAM keeps both CPUs of a 2-core machine busy, on the VM's disk it
     * does not); zeros where there is no /proc/stat.
     */
    private static long[] machineCpuTicks() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            // cpu user nice system idle iowait irq softirq steal (guest time is counted in user)
            long all = 0;
            for (int i = 1; i <= 8; i++) {
                all += Long.parseLong(f[i]);
            }
            long steal = Long.parseLong(f[8]);
            return new long[]{all - Long.parseLong(f[4]) - Long.parseLong(f[5]) - steal, steal, all};
        } catch (IOException | RuntimeException e) {
            return new long[]{0, 0, 0};
        }
    }

    /**
     * "point KEY IOPS" for each point the run completed: what the engine measured beside the window, to hold one
     * build's figures against another's (the engine's priority is the window's business, not its measure's).
     */
    private static void printPoints(DriveLabApp app) {
        long runId = app.window().run().lastRunIdProperty().get();
        try (Store store = Store.open(DATABASE)) {
            for (StoredPoint stored : store.listPoints(runId)) {
                PointResult point = stored.point();
                if (point.status() == PointStatus.COMPLETE) {
                    double iops = (point.read() == null ? 0 : point.read().iops())
                            + (point.write() == null ? 0 : point.write().iops());
                    System.out.printf(Locale.ROOT, "point %s %.0f%n", point.meta().pointKey(), iops);
                }
            }
        }
    }

    /** "ticks N median_ms M p99_ms P worst_ms W over50 K" of gaps between pulses (nanoseconds). */
    static String gapFigures(List<Long> gaps) {
        List<Long> sorted = gaps.stream().sorted().toList();
        return String.format(Locale.ROOT, "ticks %d median_ms %.1f p99_ms %.1f worst_ms %.1f over50 %d",
                sorted.size(), ms(sorted.get(sorted.size() / 2)), ms(sorted.get(sorted.size() * 99 / 100)),
                ms(sorted.get(sorted.size() - 1)), sorted.stream().filter(g -> g > 50_000_000L).count());
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    private WindowBench() {
    }
}
