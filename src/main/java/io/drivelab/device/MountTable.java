package io.drivelab.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Mount points by device, from /proc/self/mountinfo. */
final class MountTable {

    private final Map<String, List<String>> byDeviceNumber = new LinkedHashMap<>();
    private final Map<String, List<String>> bySource = new LinkedHashMap<>();

    static MountTable read(Path mountinfo) throws IOException {
        MountTable table = new MountTable();
        for (String line : Files.readAllLines(mountinfo)) {
            table.add(line);
        }
        return table;
    }

    // "36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue"
    private void add(String line) {
        String[] fields = line.trim().split(" ");
        int separator = List.of(fields).indexOf("-");
        if (fields.length < 5 || separator < 0) {
            return;
        }
        String mountPoint = unescape(fields[4]);
        byDeviceNumber.computeIfAbsent(fields[2], k -> new ArrayList<>()).add(mountPoint);
        if (separator + 2 < fields.length) {
            bySource.computeIfAbsent(unescape(fields[separator + 2]), k -> new ArrayList<>()).add(mountPoint);
        }
    }

    /**
     * Mount points of a device, by its number and by its /dev paths: btrfs (and others) report an anonymous
     * device number, so only the mount source shows the device is mounted.
     */
    List<String> mountPointsOf(String majorMinor, List<String> devPaths) {
        Set<String> points = new LinkedHashSet<>();
        if (majorMinor != null) {
            points.addAll(byDeviceNumber.getOrDefault(majorMinor, List.of()));
        }
        for (String devPath : devPaths) {
            points.addAll(bySource.getOrDefault(devPath, List.of()));
        }
        return List.copyOf(points);
    }

    /** The kernel writes space, tab, newline and backslash in paths as octal escapes (\040). */
    static String unescape(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        StringBuilder out = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && isOctal(field, i + 1)) {
                out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private static boolean isOctal(String text, int from) {
        if (from + 3 > text.length()) {
            return false;
        }
        for (int i = from; i < from + 3; i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '7') {
                return false;
            }
        }
        return true;
    }
}
