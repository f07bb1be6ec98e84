package io.drivelab.device;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Active swap areas, from /proc/swaps. */
final class SwapTable {

    private final Set<String> files;

    private SwapTable(Set<String> files) {
        this.files = files;
    }

    /** A missing file means a kernel without swap support: no swap. Any other read failure is an error. */
    static SwapTable read(Path procSwaps) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(procSwaps);
        } catch (NoSuchFileException e) {
            return new SwapTable(Set.of());
        }
        Set<String> files = new HashSet<>();
        // "Filename  Type  Size  Used  Priority" then one line per area.
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            String[] fields = line.trim().split("\\s+");
            if (!fields[0].isEmpty()) {
                files.add(MountTable.unescape(fields[0]));
            }
        }
        return new SwapTable(files);
    }

    boolean anyOf(List<String> devPaths) {
        return devPaths.stream().anyMatch(files::contains);
    }
}
