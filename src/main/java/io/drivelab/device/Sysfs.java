package io.drivelab.device;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Reading sysfs attributes and the names the kernel gives devices; shared by discovery's parts. */
final class Sysfs {
    private static final Pattern NUMBER_RUN = Pattern.compile("\\d+|\\D+");
    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

    private Sysfs() {
    }

    /** /dev/NAME; sysfs writes '/' in names as '!' (cciss!c0d0 is /dev/cciss/c0d0). */
    static Path devPathOf(String name) {
        return Path.of("/dev", name.replace('!', '/'));
    }

    /** The paths mountinfo and /proc/swaps may use for a device: /dev/NAME, and /dev/mapper/NAME for dm. */
    static List<String> devPathsOf(String name, Path dir) {
        List<String> paths = new ArrayList<>();
        paths.add(devPathOf(name).toString());
        String dmName = text(dir.resolve("dm/name"));
        if (dmName != null) {
            paths.add("/dev/mapper/" + dmName);
        }
        return paths;
    }

    /** The partitions' directories of a whole device's directory (those with a "partition" attribute). */
    static List<Path> partitionDirs(Path dir) {
        return children(dir, null).stream().filter(c -> Files.isRegularFile(c.resolve("partition"))).toList();
    }

    /** Names of the devices in {@code dir}/holders (dm, md: the kernel's own record of stacking). */
    static List<String> holders(Path dir) {
        return children(dir.resolve("holders"), null).stream().map(p -> p.getFileName().toString()).toList();
    }

    /**
     * The device number ("7:3") of the block device node at {@code node}, links followed; empty when it is no
     * block device node. dev_t as glibc encodes it: 12 bits of major, 20 of minor, split.
     */
    static Optional<String> deviceNumberOf(Path node) {
        try {
            int mode = (Integer) Files.getAttribute(node, "unix:mode");
            if ((mode & S_IFMT) != S_IFBLK) {
                return Optional.empty();
            }
            return Optional.of(majorMinor((Long) Files.getAttribute(node, "unix:rdev")));
        } catch (IOException | UnsupportedOperationException | ClassCastException e) {
            return Optional.empty();
        }
    }

    /** The device number ("254:1") of the file system {@code file} is on (stat's st_dev); links followed. */
    static Optional<String> fileSystemNumberOf(Path file) {
        try {
            return Optional.of(majorMinor((Long) Files.getAttribute(file, "unix:dev")));
        } catch (IOException | UnsupportedOperationException | ClassCastException e) {
            return Optional.empty();
        }
    }

    private static String majorMinor(long dev) {
        long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
        long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
        return major + ":" + minor;
    }

    /** Entries of a directory in natural order, those matching {@code names} when given; none when unreadable. */
    static List<Path> children(Path dir, Pattern names) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.filter(p -> names == null || names.matcher(p.getFileName().toString()).matches())
                    .sorted(Comparator.comparing(p -> p.getFileName().toString(), NATURAL_ORDER))
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** A sysfs attribute, trimmed; null when missing, unreadable (some are root-only) or empty. */
    static String text(Path file) {
        try {
            String value = Files.readString(file, StandardCharsets.UTF_8).trim();
            return value.isEmpty() ? null : value;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static Optional<Long> number(Path file) {
        String value = text(file);
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Long.parseLong(value));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    static boolean flag(Path file) {
        return "1".equals(text(file));
    }

    static String first(String a, String b) {
        return a != null ? a : b;
    }

    /** Names with their digit runs compared as numbers: loop2 before loop10, nvme2n1 before nvme10n1. */
    static final Comparator<String> NATURAL_ORDER = (a, b) -> {
        Matcher left = NUMBER_RUN.matcher(a);
        Matcher right = NUMBER_RUN.matcher(b);
        while (left.find() && right.find()) {
            String l = left.group();
            String r = right.group();
            int order = Character.isDigit(l.charAt(0)) && Character.isDigit(r.charAt(0))
                    ? compareNumbers(l, r) : l.compareTo(r);
            if (order != 0) {
                return order;
            }
        }
        return Integer.compare(a.length(), b.length());
    };

    private static int compareNumbers(String a, String b) {
        String l = a.replaceFirst("^0+(?=.)", "");
        String r = b.replaceFirst("^0+(?=.)", "");
        return l.length() != r.length() ? Integer.compare(l.length(), r.length()) : l.compareTo(r);
    }
}
