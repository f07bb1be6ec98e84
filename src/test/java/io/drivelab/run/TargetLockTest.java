package io.drivelab.run;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One run at a time on a target (issue 10, item 5), within one process; ConcurrentRunTest does it across two. */
class TargetLockTest {
    @TempDir
    Path dir;

    private Path locks() {
        return dir.resolve("locks");
    }

    @Test
    void aSecondRunOnATargetIsToldWhichRunHoldsIt() {
        Path target = dir.resolve("x.img");
        try (TargetLock first = TargetLock.acquire(locks(), target, 12, Path.of("/data/a.db"))) {
            RunException e = assertThrows(RunException.class,
                    () -> TargetLock.acquire(locks(), target, 13, Path.of("/data/b.db")));

            assertTrue(e.getMessage().startsWith(target + " is being tested by run 12 (drivelab pid "
                    + ProcessHandle.current().pid()), e.getMessage());
            assertTrue(e.getMessage().contains("database /data/a.db") && e.getMessage().contains("wait for it"),
                    e.getMessage());
        }
    }

    @Test
    void aTargetIsFreeAgainWhenItsRunEnds() {
        Path target = dir.resolve("x.img");
        TargetLock.acquire(locks(), target, 1, null).close();

        try (TargetLock again = TargetLock.acquire(locks(), target, 2, null)) {
            assertEquals(2, assertHolder(target).run());
        }
    }

    @Test
    void anotherPathToTheSameFileIsTheSameTarget() throws Exception {
        Path target = Files.writeString(dir.resolve("x.img"), "data");
        Path hardLink = Files.createLink(dir.resolve("other-name.img"), target);
        Path symlink = Files.createSymbolicLink(dir.resolve("link.img"), target);

        try (TargetLock first = TargetLock.acquire(locks(), target, 1, null)) {
            assertThrows(RunException.class, () -> TargetLock.acquire(locks(), hardLink, 2, null));
            assertThrows(RunException.class, () -> TargetLock.acquire(locks(), symlink, 3, null));
        }
    }

    @Test
    void aFileCreatedByTheFirstRunIsStillLockedForTheSecond() throws Exception {
        Path target = dir.resolve("new.img");
        try (TargetLock first = TargetLock.acquire(locks(), target, 1, null)) {
            Files.writeString(target, "laid out by the engine");

            assertThrows(RunException.class, () -> TargetLock.acquire(locks(), target, 2, null));
        }
    }

    @Test
    void theLockFolderIsWorldWritableAndStickyAndLockFilesAreOpenToEveryUser() throws Exception {
        try (TargetLock lock = TargetLock.acquire(locks(), dir.resolve("x.img"), 1, null)) {
            assertEquals(01777, (Integer) Files.getAttribute(locks(), "unix:mode") & 07777);
            try (Stream<Path> files = Files.list(locks())) {
                for (Path f : files.toList()) {
                    assertEquals(0666, (Integer) Files.getAttribute(f, "unix:mode") & 0777, f.toString());
                }
            }
        }
    }

    @Test
    void aSecondRunInTheHoldingProcessIsRefusedEvenAfterTheLockFileWasOpenedAndClosed() throws Exception {
        // fcntl locks drop when the process closes any descriptor of the file: the holder is read from memory here
        Path target = dir.resolve("x.img");
        try (TargetLock first = TargetLock.acquire(locks(), target, 1, null)) {
            assertEquals(1, assertHolder(target).run());
            try (Stream<Path> files = Files.list(locks())) {
                for (Path f : files.toList()) {
                    FileChannel.open(f, StandardOpenOption.READ).close();  // what a file chooser might do
                }
            }

            assertThrows(RunException.class, () -> TargetLock.acquire(locks(), target, 2, null));
        }
    }

    private TargetLock.Holder assertHolder(Path target) {
        try {
            return TargetLock.holderOf(locks(), target).orElseThrow();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }
}
