package io.drivelab.engine;

import java.util.List;

/**
 * The options the engine actually runs with, as echoed in its start line (sizes in bytes).
 *
 * @param rateBytes bytes per second per job ({@code --rate}); 0: none
 * @param rateIops  I/Os per second per job ({@code --rate_iops}); 0: none
 */
public record EngineOptions(
        String name,
        String rw,
        int rwmixread,
        long bs,
        List<BlockSizeWeight> bssplit,
        int iodepth,
        int numjobs,
        long size,
        long offset,
        long runtimeMs,
        long rampMs,
        long ioSize,
        long loops,
        boolean direct,
        long randseed,
        long statusIntervalMs,
        String bufferPattern,
        int bufferCompressPercentage,
        boolean hipri,
        boolean sqthreadPoll,
        long rateBytes,
        long rateIops) {

    /** One entry of a block-size mix; weight in percent. */
    public record BlockSizeWeight(long bs, double weight) {
    }
}
