package io.drivelab.engine;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * How the engine of a run gets at its target: directly when the user may open it the way the plan needs (root,
 * group {@code disk}, a file of theirs), otherwise once per run through {@code pkexec} and the installed engine
 * (policy {@code io.drivelab.engine}, docs/safety.md "The desktop user's path").
 */
public final class DeviceAccess {
    /** Where the package installs the engine: the policy's {@code exec.path}, owned by root. */
    public static final Path INSTALLED_ENGINE = Path.of("/usr/lib/drivelab/drivelab-engine");
    /** pkexec's exit codes when no authorization was obtained: refused or failed (127), dialog dismissed (126). */
    static final int PKEXEC_NOT_AUTHORIZED = 127;
    static final int PKEXEC_DISMISSED = 126;

    private static final int S_IFMT = 0170000;
    private static final int S_IFBLK = 0060000;

    private DeviceAccess() {
    }

    /** The command that starts a session on {@code target} with {@code sessionOptions}, privileged or not. */
    public static List<String> sessionCommand(Path engine, Path target, List<String> sessionOptions, boolean writes)
            throws EngineException {
        List<String> command = new ArrayList<>();
        if (needsPrivileges(target, writes)) {
            command.add(pkexec().toString());
            command.add(installedEngine().toString());
        } else {
            command.add(engine.toString());
        }
        command.add("--serve");
        command.add("--filename=" + target);
        command.addAll(sessionOptions);
        return command;
    }

    /** Whether an administrator's authorization can be asked for here: pkexec and the installed engine are there. */
    public static boolean canAskForPrivileges() {
        try {
            pkexec();
            installedEngine();
            return true;
        } catch (EngineException e) {
            return false;
        }
    }

    /** A block device this user may not open for the plan's access (EACCES): only then is pkexec asked. */
    public static boolean needsPrivileges(Path target, boolean writes) {
        if (!isBlockDevice(target)) {
            return false;  // files: the engine says why it cannot use them, and no privilege is ever asked
        }
        try (FileChannel ignored = writes
                ? FileChannel.open(target, StandardOpenOption.READ, StandardOpenOption.WRITE)
                : FileChannel.open(target, StandardOpenOption.READ)) {
            return false;
        } catch (AccessDeniedException e) {
            return true;
        } catch (IOException | SecurityException e) {
            return false;  // busy, gone, read-only: the engine's own error says so precisely
        }
    }

    static boolean isBlockDevice(Path target) {
        try {
            return ((Integer) Files.getAttribute(target, "unix:mode") & S_IFMT) == S_IFBLK;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /** Says what pkexec's exit code means, or null when it is the engine's own. */
    static String refusal(int exitCode, String pkexecWords) {
        if (exitCode != PKEXEC_NOT_AUTHORIZED && exitCode != PKEXEC_DISMISSED) {
            return null;
        }
        String why = pkexecWords.isBlank()
                ? (exitCode == PKEXEC_DISMISSED ? "the dialog was dismissed" : "not authorized")
                : pkexecWords.strip();
        return "authorization was refused: " + why + "; nothing was measured or written. Ask an administrator to "
                + "allow DriveLab's engine (polkit action io.drivelab.engine), or use a device you may open "
                + "(group disk)";
    }

    private static Path pkexec() throws EngineException {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "pkexec");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new EngineException("this device needs an administrator's authorization, and pkexec is not "
                + "installed: install it (sudo apt-get install pkexec) or use a device you may open (group disk)");
    }

    private static Path installedEngine() throws EngineException {
        if (!Files.isExecutable(INSTALLED_ENGINE)) {
            throw new EngineException("this device needs an administrator's authorization, which is given to the "
                    + "installed engine only, and there is none at " + INSTALLED_ENGINE + ": install DriveLab's "
                    + "package, or use a device you may open (group disk)");
        }
        return INSTALLED_ENGINE;
    }
}
