package io.drivelab.ui.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import io.drivelab.IntegrationTest;
import io.drivelab.device.DeviceDiscovery;
import io.drivelab.engine.CpuList;
import io.drivelab.store.RunStatus;
import io.drivelab.store.Store;
import io.drivelab.ui.DirectTasks;
import io.drivelab.ui.plan.PlanViewModel;
import io.drivelab.ui.targets.TargetsViewModel;
import io.drivelab.workload.Presets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plan's CPUs field with the real engine on a test file and a real database, without JavaFX (the test thread
 * plays the UI thread): a list that is not CPUs of this machine keeps Start disabled saying which; a run kept to a
 * CPU is stored so, and a resume keeps the run's own CPUs whatever the field says by then.
 */
@IntegrationTest
class RunKeptToCpusTest {
    @TempDir
    Path dir;
    private Store store;
    private TargetsViewModel targets;
    private PlanViewModel plan;
    private RunViewModel vm;

    @BeforeEach
    void setUp() {
        store = Store.open(dir.resolve("drivelab.db"));
        DirectTasks tasks = new DirectTasks();
        DeviceDiscovery discovery = new DeviceDiscovery();
        targets = new TargetsViewModel(tasks, discovery, dir.toString(), "16M");
        plan = new PlanViewModel(Presets.QUICK);
        plan.runtimeProperty().set(1);
        plan.rampProperty().set(0);
        vm = new RunViewModel(tasks, store, Path.of(System.getProperty("drivelab.engine")), null, discovery,
                targets, plan, 100);
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        vm.stopAndWait(10_000);
        store.close();
    }

    /** The last CPU this process may use (Linux's Cpus_allowed_list). */
    private static String lastCpu() {
        return Integer.toString(CpuList.usableNow().length() - 1);
    }

    private void drainUntil(BooleanSupplier done, Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            vm.drain();
            if (done.getAsBoolean()) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("not done within " + timeout + "; status: " + vm.statusProperty().get()
                + ", error: " + vm.errorProperty().get());
    }

    @Test
    void listsThatAreNotCpusOfThisMachineKeepStartDisabledNamingTheList() {
        for (String bad : List.of("a", "1-", "0-1x")) {
            plan.cpus().textProperty().set(bad);
            assertEquals("CPUs: \"" + bad + "\" is not a list of CPUs: give CPU numbers such as 1, 0-3 or 0,2.",
                    vm.startBlockedProperty().get());
        }
        plan.cpus().textProperty().set("9999");
        assertTrue(vm.startBlockedProperty().get().startsWith("CPUs: CPU 9999 (of 9999) is offline or not one "
                + "this process may use; it may use "), vm.startBlockedProperty().get());
        vm.start(RunViewModel.Confirmed.NOTHING);
        assertEquals(-1, vm.lastRunIdProperty().get(), "Start did nothing");
        assertEquals(List.of(), store.listRuns(), "and filed nothing");

        plan.cpus().textProperty().set(" ");
        assertEquals("", vm.startBlockedProperty().get(), "blank: the scheduler places the jobs");
        plan.cpus().textProperty().set(lastCpu());
        assertEquals("", vm.startBlockedProperty().get());
    }

    @Test
    void aRunKeptToACpuIsStoredSoAndItsResumeKeepsItWhateverTheFieldSaysNow() throws InterruptedException {
        String cpu = lastCpu();
        plan.workloads().subList(1, 4).forEach(w -> w.includedProperty().set(false));
        plan.cpus().textProperty().set(cpu);
        List<String> statuses = new ArrayList<>();
        vm.statusProperty().addListener((o, a, b) -> statuses.add(b));
        vm.start(RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> vm.pointsMeasuredProperty().get() >= 1, Duration.ofSeconds(60));
        vm.stop();
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(30));
        long runId = vm.lastRunIdProperty().get();
        assertEquals(RunStatus.INTERRUPTED, store.getRun(runId).orElseThrow().status());
        assertEquals(cpu, store.getRun(runId).orElseThrow().cpusAllowed());
        assertTrue(statuses.contains("Run " + runId + " going: 4 items in the plan. CPUs: " + cpu + "."),
                statuses.toString());

        statuses.clear();
        plan.cpus().textProperty().set("");
        vm.resume(runId, RunViewModel.Confirmed.NOTHING);
        drainUntil(() -> !vm.isRunning(), Duration.ofSeconds(60));
        assertEquals(RunStatus.COMPLETE, store.getRun(runId).orElseThrow().status(), vm.errorProperty().get());
        assertEquals(cpu, store.getRun(runId).orElseThrow().cpusAllowed());
        assertTrue(statuses.stream().anyMatch(s -> s.startsWith("Run " + runId + " going: ")
                && s.contains(" CPUs: " + cpu + ".")), "the resumed run keeps its CPUs: " + statuses);
    }
}
