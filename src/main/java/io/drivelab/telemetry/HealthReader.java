package io.drivelab.telemetry;

import io.drivelab.store.HealthSnapshot;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Takes a drive's health log with the installed tools: {@code nvme smart-log -o json} for NVMe (nvme-cli), else
 * {@code smartctl --json -a} (smartmontools, also NVMe where nvme-cli is missing). Opening the drive needs root or
 * the disk group: a refusal is kept as "not permitted", a missing tool as "not installed", never as zeros.
 */
public final class HealthReader {
    private static final long TIMEOUT_SECONDS = 15;

    private final String searchPath;

    /** Tools found on $PATH. */
    public HealthReader() {
        this(System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin"));
    }

    /** Tools found on this search path (folders separated by ':'). */
    public HealthReader(String searchPath) {
        this.searchPath = searchPath;
    }

    public HealthSnapshot read(DriveSensors drive, String moment) {
        Instant now = Instant.now();
        if (drive.drive() == null) {
            return HealthSnapshot.unavailable(moment, now, null, DriveSensors.NO_DRIVE);
        }
        String device = drive.devPath().toString();
        Optional<Path> nvme = drive.drive().startsWith("nvme") ? tool("nvme") : Optional.empty();
        Optional<Path> smartctl = tool("smartctl");
        if (nvme.isPresent()) {
            return run(List.of(nvme.get().toString(), "smart-log", "-o", "json", device), moment, now, drive, true);
        }
        if (smartctl.isPresent()) {
            return run(List.of(smartctl.get().toString(), "--json", "-a", device), moment, now, drive, false);
        }
        return HealthSnapshot.unavailable(moment, now, drive.drive(), drive.drive().startsWith("nvme")
                ? "nvme-cli is not installed" : "smartmontools is not installed");
    }

    private HealthSnapshot run(List<String> command, String moment, Instant now, DriveSensors drive,
                               boolean nvmeCli) {
        String tool = nvmeCli ? "nvme-cli" : "smartctl";
        try {
            Process process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File(
                    "/dev/null"))).start();
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> text(process.getInputStream()));
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> text(process.getErrorStream()));
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return HealthSnapshot.unavailable(moment, now, drive.drive(), tool + " did not answer in "
                        + TIMEOUT_SECONDS + " s");
            }
            String stdout = out.join();
            String stderr = err.join();
            // smartctl's exit status is a bit mask: bits 0 and 1 mean it could not read the drive at all
            int exit = process.exitValue();
            boolean failed = nvmeCli ? exit != 0 : (exit & 3) != 0;
            if (failed) {
                return HealthSnapshot.unavailable(moment, now, drive.drive(), refusal(tool, stdout + stderr));
            }
            return nvmeCli ? HealthLogs.nvmeCli(stdout, moment, now, drive.drive())
                    : HealthLogs.smartctl(stdout, moment, now, drive.drive());
        } catch (IOException | IllegalArgumentException e) {
            return HealthSnapshot.unavailable(moment, now, drive.drive(), tool + " failed: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return HealthSnapshot.unavailable(moment, now, drive.drive(), tool + " was interrupted");
        }
    }

    /** Why a tool could not read the log: "not permitted" when the drive would not open for this user. */
    static String refusal(String tool, String output) {
        if (output.contains("Permission denied") || output.contains("Operation not permitted")) {
            return DriveSensors.NOT_PERMITTED;
        }
        String line = output.strip().lines().findFirst().orElse("no output");
        return tool + " failed: " + line;
    }

    private Optional<Path> tool(String name) {
        for (String folder : searchPath.split(":")) {
            Path candidate = Path.of(folder.isEmpty() ? "." : folder, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static String text(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
