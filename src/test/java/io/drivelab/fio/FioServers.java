package io.drivelab.fio;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * fio servers on loopback ports for a test ({@code fio --server=ip:127.0.0.1,PORT}), each on a port found free
 * when it starts; {@link #close()} stops every process they started (the server and the workers it forked).
 */
public final class FioServers implements AutoCloseable {
    private final List<Process> servers = new ArrayList<>();
    private final List<String> arguments = new ArrayList<>();

    /** Starts a server and returns its host once it accepts connections. */
    public FioHost start(FioBinary fio, Path log) throws IOException, InterruptedException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        return startOn(fio, port, log);
    }

    /** Starts a server on {@code port} (e.g. again, after {@link #kill}) and returns its host once it answers. */
    FioHost startOn(FioBinary fio, int port, Path log) throws IOException, InterruptedException {
        requireFree(port);
        // a session of its own: the workers it forks share its process group, so a kill reaches every one of them
        String argument = "--server=ip:127.0.0.1," + port;
        arguments.add(argument);
        Process server = new ProcessBuilder("setsid", "--wait", fio.path().toString(), argument)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        servers.add(server);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return new FioHost("127.0.0.1", port);
            } catch (IOException notYet) {
                if (!server.isAlive() || System.nanoTime() > deadline) {
                    throw new IOException("fio --server on port " + port + " did not start: "
                            + Files.readString(log));
                }
                server.waitFor(50, TimeUnit.MILLISECONDS);  // wakes early if the server died
            }
        }
    }

    /**
     * Waits until the fio measuring on {@code file} has laid it out to {@code bytes} (it is measuring then), or
     * {@code running} has ended; at most a minute.
     */
    static void awaitLaidOut(Path file, long bytes, Future<?> running) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!(Files.exists(file) && Files.size(file) == bytes) && !running.isDone()
                && System.nanoTime() < deadline) {
            try {
                running.get(50, TimeUnit.MILLISECONDS);  // wakes early if it ended
            } catch (TimeoutException stillRunning) {
                // look again
            } catch (ExecutionException failed) {
                return;
            }
        }
    }

    /** The {@code index}-th server stops answering at once: it and the workers it forked are killed. */
    public void kill(int index) throws InterruptedException {
        signal(index, "KILL");
        servers.get(index).destroyForcibly();
        servers.get(index).waitFor();
        killLeftBehind(arguments.get(index));
    }

    /**
     * Kills what a server forked after its processes were listed (a connection's or a job's process, left to
     * init). They hold the server's listening socket, and fio listens with SO_REUSEPORT: a new server on the port
     * would share its connections with a socket nobody accepts on (CI, 2026-12-01: a resumed point's host silent).
     * Killed ones are zombies with no command line, so the search ends.
     */
    private static void killLeftBehind(String argument) throws InterruptedException {
        for (int round = 0; round < 100; round++) {
            List<ProcessHandle> left = ProcessHandle.allProcesses().filter(p -> p.info().arguments()
                    .map(a -> List.of(a).contains(argument)).orElse(false)).toList();
            if (left.isEmpty()) {
                return;
            }
            left.forEach(ProcessHandle::destroyForcibly);
            Thread.sleep(20);  // a killed process's command line empties when it exits: no event to wait on
        }
        throw new IllegalStateException("processes of the fio server " + argument + " survive SIGKILL");
    }

    /** Fails clearly when something still listens on {@code port}, rather than with a server that never answers. */
    private static void requireFree(int port) throws IOException {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        } catch (java.net.BindException held) {
            throw new IOException("port " + port + " is still held (a process of an earlier fio server?): "
                    + held.getMessage(), held);
        }
    }

    /**
     * The {@code index}-th server hangs: it and its workers are stopped (SIGSTOP), their connections left open, as
     * a machine that froze. {@link #kill} or {@link #close} ends them.
     */
    void freeze(int index) throws InterruptedException {
        signal(index, "STOP");
    }

    private void signal(int index, String signal) throws InterruptedException {
        // fio and every process below it: setsid runs fio in its place or as its child, and fio's job processes
        // start sessions of their own (a signal to fio's process group misses them)
        ProcessHandle setsid = servers.get(index).toHandle();
        List<String> command = new ArrayList<>(List.of("kill", "-" + signal, "--", Long.toString(setsid.pid())));
        setsid.descendants().forEach(p -> command.add(Long.toString(p.pid())));
        try {
            new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (IOException e) {
            throw new IllegalStateException("cannot signal the fio server " + setsid.pid(), e);
        }
    }

    @Override
    public void close() throws InterruptedException {
        // kill also ends what a server left to init (a job whose connection ended first), by its argument
        for (int i = 0; i < servers.size(); i++) {
            kill(i);
        }
    }
}
