package io.drivelab.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The CPUs a run keeps its jobs to, in fio's list syntax ({@code 1}, {@code 0-3}, {@code 0,2}, {@code 0-1,6}): what
 * the engine's {@code --cpus_allowed} and fio's {@code cpus_allowed} take. Checked here, before anything runs, as the
 * engine checks it: the syntax, and that each CPU is one this process may use (online, in its affinity set).
 * Unset is the default: docs/engine.md "QD1 latency" says why placement is a deliberate choice.
 *
 * @param text the list as given, passed on unchanged
 */
public record CpuList(String text) {
    /** Where Linux says which CPUs this process may run on (its affinity, online CPUs only). */
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final String ALLOWED = "Cpus_allowed_list:";
    /** The example every refusal gives. */
    private static final String FORM = "CPU numbers such as 1, 0-3 or 0,2";

    /**
     * A list of CPUs this process may use.
     *
     * @throws IllegalArgumentException naming the text when it is not a CPU list, or the first CPU of it that this
     *                                  process may not use
     */
    public static CpuList usable(String text) {
        CpuList list = parse(text);
        list.requireUsable(usableNow());
        return list;
    }

    /**
     * The list if its syntax is right (whether its CPUs exist is {@link #requireUsable}'s question).
     *
     * @throws IllegalArgumentException naming the text and the form expected
     */
    public static CpuList parse(String text) {
        ranges(text);
        return new CpuList(text);
    }

    /** The engine's option for these CPUs, one per point of a session (not a session option). */
    public String engineOption() {
        return "--cpus_allowed=" + text;
    }

    /**
     * @param usable the CPUs this process may use ({@link #usableNow()})
     * @throws IllegalArgumentException naming the first CPU of the list not in {@code usable}
     */
    public void requireUsable(BitSet usable) {
        for (int[] range : ranges(text)) {
            int missing = usable.nextClearBit(range[0]);
            if (missing <= range[1]) {
                throw new IllegalArgumentException("CPU " + missing + " (of " + text + ") is offline or not one "
                        + "this process may use; it may use " + describe(usable));
            }
        }
    }

    /**
     * The CPUs this process may use now: Linux's Cpus_allowed_list, or CPUs 0 to availableProcessors - 1 where
     * that cannot be read.
     */
    public static BitSet usableNow() {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith(ALLOWED)) {
                    return cpus(line.substring(ALLOWED.length()).strip());
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // not Linux, or no /proc: the JVM's count
        }
        BitSet all = new BitSet();
        all.set(0, Runtime.getRuntime().availableProcessors());
        return all;
    }

    /** A list's CPUs as a set (the list is Linux's own or one {@link #parse} accepted). */
    static BitSet cpus(String list) {
        BitSet set = new BitSet();
        for (int[] range : ranges(list)) {
            set.set(range[0], range[1] + 1);
        }
        return set;
    }

    /** {@code usable} as a list in the same syntax ("0-3", "0,2"). */
    static String describe(BitSet usable) {
        StringBuilder out = new StringBuilder();
        for (int first = usable.nextSetBit(0); first >= 0; first = usable.nextSetBit(first + 1)) {
            int last = usable.nextClearBit(first) - 1;
            out.append(out.isEmpty() ? "" : ",").append(first).append(first == last ? "" : "-" + last);
            first = last;
        }
        return out.isEmpty() ? "no CPU" : out.toString();
    }

    /** The list's ranges, first and last CPU each; a single CPU is a range of one. */
    private static List<int[]> ranges(String text) {
        if (text == null || text.isEmpty()) {
            throw new IllegalArgumentException("the CPU list is empty: give " + FORM);
        }
        List<int[]> ranges = new ArrayList<>();
        for (String range : text.split(",", -1)) {
            int dash = range.indexOf('-');
            int first = number(text, dash < 0 ? range : range.substring(0, dash));
            int last = dash < 0 ? first : number(text, range.substring(dash + 1));
            if (last < first) {
                throw new IllegalArgumentException("\"" + text + "\" has the range " + range + ", which runs "
                        + "backwards: give " + FORM);
            }
            ranges.add(new int[] {first, last});
        }
        return ranges;
    }

    private static int number(String text, String digits) {
        // 9 digits at most: far beyond any CPU, and no overflow
        if (digits.isEmpty() || digits.length() > 9 || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException("\"" + text + "\" is not a list of CPUs: give " + FORM);
        }
        return Integer.parseInt(digits);
    }
}
