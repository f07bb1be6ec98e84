package io.drivelab.fio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

import io.drivelab.workload.Point;

/**
 * The options that make fio do a point's work at the engine's cost per I/O (docs/fleet.md, "The same work at a
 * comparable cost"): the engine registers its file and pins its buffers once, submits every free slot in one
 * call, lays out a file it creates before measuring and measures only the total latency. Without them fio
 * measured 0.2 to 0.6 of the engine's IOPS on a file it had just created (writes into unwritten extents) and on
 * one job at QD32 (more CPU per I/O).
 */
final class FioCost {
    /** CAP_IPC_LOCK: pinned buffers need no locked-memory allowance. */
    private static final long CAP_IPC_LOCK = 1L << 14;

    private FioCost() {
    }

    /**
     * The options for {@code point}; {@code local}: fio runs on this machine, whose locked-memory limit is known
     * (a remote server's is not, and fio fails a job whose buffers it cannot pin: there fio copies as the engine
     * does without the allowance).
     */
    static List<String> options(Point point, boolean local) {
        // the rest (overwrite, registerfiles, disable_slat, iodepth_batch_submit) is in every job file DriveLab
        // writes, `drivelab fio-job`'s too
        List<String> options = new ArrayList<>();
        if (local && canPin(pinnedBytes(point))) {
            options.add("fixedbufs=1");
        }
        return options;
    }

    /** What fio pins with fixedbufs: a buffer of the largest block size per I/O in flight, per job. */
    static long pinnedBytes(Point point) {
        return (long) point.iodepth() * point.numjobs() * point.workload().maxBs();
    }

    private static boolean canPin(long bytes) {
        if (capabilities().map(c -> (c & CAP_IPC_LOCK) != 0).orElse(false)) {
            return true;
        }
        OptionalLong limit = lockedMemoryLimit();
        return limit.isPresent() && limit.getAsLong() >= bytes;
    }

    private static java.util.Optional<Long> capabilities() {
        return procLine(Path.of("/proc/self/status"), "CapEff:")
                .map(v -> Long.parseUnsignedLong(v.strip(), 16));
    }

    /** This process's locked-memory limit in bytes (Long.MAX_VALUE when unlimited); empty when unknown. */
    private static OptionalLong lockedMemoryLimit() {
        return procLine(Path.of("/proc/self/limits"), "Max locked memory").map(v -> {
            String soft = v.strip().split("\\s+")[0];
            return soft.equals("unlimited") ? OptionalLong.of(Long.MAX_VALUE) : OptionalLong.of(Long.parseLong(soft));
        }).orElse(OptionalLong.empty());
    }

    private static java.util.Optional<String> procLine(Path file, String prefix) {
        try {
            return Files.readAllLines(file).stream().filter(l -> l.startsWith(prefix))
                    .map(l -> l.substring(prefix.length())).findFirst();
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }
}
