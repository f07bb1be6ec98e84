package io.drivelab.fio;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

/**
 * fio servers as other machines: each in a network namespace of its own ("dlremote-..."), reached through a veth
 * pair with private addresses (10.251.N.0/30). {@link #close()} kills the servers and deletes the namespaces (their
 * veth pairs go with them). Skips the test where that cannot be done (not root, no {@code ip netns}).
 */
final class FioNamespaces implements AutoCloseable {
    private final String id = HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt(1 << 16));
    private final int subnet = ThreadLocalRandom.current().nextInt(256);
    private final List<String> namespaces = new ArrayList<>();
    private final List<Process> servers = new ArrayList<>();

    /** Starts a fio server in a new namespace and returns its host once it answers from this machine. */
    FioHost start(FioBinary fio, Path log) throws IOException, InterruptedException {
        int n = namespaces.size();
        String ns = "dlremote-" + id + "-" + n;
        String outside = "dlr" + id + "o" + n;  // interface names: at most 15 characters
        String inside = "dlr" + id + "i" + n;
        String prefix = "10.251." + subnet + ".";
        String hostAddress = prefix + (4 * n + 1);
        String serverAddress = prefix + (4 * n + 2);
        ip("netns", "add", ns);
        namespaces.add(ns);
        ip("link", "add", outside, "type", "veth", "peer", "name", inside);
        ip("link", "set", inside, "netns", ns);
        ip("addr", "add", hostAddress + "/30", "dev", outside);
        ip("link", "set", outside, "up");
        ip("-n", ns, "addr", "add", serverAddress + "/30", "dev", inside);
        ip("-n", ns, "link", "set", inside, "up");
        ip("-n", ns, "link", "set", "lo", "up");
        Process server = new ProcessBuilder("ip", "netns", "exec", ns, fio.path().toString(),
                "--server=ip:" + serverAddress + "," + FioHost.DEFAULT_PORT)
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        servers.add(server);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(serverAddress, FioHost.DEFAULT_PORT), 200);
                return new FioHost(serverAddress, FioHost.DEFAULT_PORT);
            } catch (IOException notYet) {
                if (!server.isAlive() || System.nanoTime() > deadline) {
                    throw new IOException("fio --server in " + ns + " did not start: " + Files.readString(log));
                }
                server.waitFor(50, TimeUnit.MILLISECONDS);  // wakes early if the server died
            }
        }
    }

    /** Skips the test unless this machine lets it make network namespaces (root, iproute2). */
    static void assumeAvailable() throws InterruptedException {
        boolean root;
        try {
            root = ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException e) {
            root = false;
        }
        Assumptions.assumeTrue(root, "network namespaces need root; CI runs the tests as root");
        int exit;
        try {
            exit = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
        } catch (IOException e) {
            exit = -1;
        }
        Assumptions.assumeTrue(exit == 0, "no `ip netns` here (iproute2 missing or namespaces not allowed)");
    }

    private static void ip(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output.strip());
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        for (Process server : servers) {
            // fio's job processes start sessions of their own: every process below the server, by pid
            server.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            server.destroyForcibly().waitFor();
        }
        for (String ns : namespaces) {
            ip("netns", "delete", ns);  // its end of the veth pair goes, and the pair with it
        }
    }
}
