package io.drivelab.fio;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * The connection between fio's client and a fio server, passed through this JVM unchanged so that the server's
 * progress reports can be read as they go by: fio's client (3.33) asks the server for one every ~0.9 s but, with
 * JSON output, shows nothing before the job ends. It listens once on 127.0.0.1 (a port of the system's choosing),
 * connects the client that comes to the host, and copies bytes both ways as they arrive. The server's side is read
 * as fio's messages (a 24-byte {@code struct fio_net_cmd} header, little-endian, then {@code pdu_len} bytes), each
 * handed over by its opcode once it is passed on (a progress report: {@link FioEta}).
 */
final class FioRelay implements AutoCloseable {
    static final String THREAD_PREFIX = "drivelab-fio-relay-";
    private static final int HEADER = 24;
    private static final int OPCODE_AT = 2;
    private static final int PDU_LEN_AT = 16;
    /** fio sends a message in fragments of 1 KiB; more than this cannot be a message of fio's: copied as it is. */
    private static final int LARGEST_MESSAGE = 16 * 1024 * 1024;
    private static final long CONNECT_TIMEOUT_MS = TimeUnit.SECONDS.toMillis(HostWatch.SILENT_INTERVALS);
    private static final long CLOSE_WAIT_MS = 5000;

    private final FioHost host;
    private final ServerSocket listening;
    private final BiConsumer<Integer, ByteBuffer> messages;
    private final Thread fromServer;
    private final Thread toServer;
    private volatile Socket client;
    private volatile Socket server;
    private volatile String failure;
    private volatile boolean closed;

    private FioRelay(FioHost host, ServerSocket listening, BiConsumer<Integer, ByteBuffer> messages) {
        this.host = host;
        this.listening = listening;
        this.messages = messages;
        this.fromServer = thread("from-server", this::connectAndRelayServer);
        this.toServer = thread("to-server", this::relayClient);
    }

    /**
     * Listens for fio's client; {@code messages} gets each message the server sends (its opcode and payload), on the
     * relay's thread.
     */
    static FioRelay open(FioHost host, BiConsumer<Integer, ByteBuffer> messages) throws IOException {
        ServerSocket listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        FioRelay relay = new FioRelay(host, listening, messages);
        relay.fromServer.start();
        return relay;
    }

    /** Where fio's client connects instead of the host. */
    FioHost local() {
        return new FioHost(listening.getInetAddress().getHostAddress(), listening.getLocalPort());
    }

    /** Why the host could not be reached or the connection broke; null while it works or when it ended well. */
    String failure() {
        return failure;
    }

    private void connectAndRelayServer() {
        try {
            client = listening.accept();
        } catch (IOException e) {
            return;  // closed before fio's client came
        } finally {
            closeQuietly(listening);
        }
        Socket upstream = new Socket();
        server = upstream;
        try {
            if (closed) {
                throw new IOException("the point ended");
            }
            upstream.connect(new InetSocketAddress(host.host(), host.port()), (int) CONNECT_TIMEOUT_MS);
        } catch (IOException e) {
            if (!closed) {
                failure = "cannot connect to " + host + ": " + e.getMessage();
            }
            closeQuietly(client);
            closeQuietly(upstream);
            return;
        }
        toServer.start();
        // each way ends with a half close, as the other side ended it: the sockets close with the relay
        try {
            relayMessages(upstream.getInputStream(), client.getOutputStream());
            client.shutdownOutput();
        } catch (IOException e) {
            if (!closed && failure == null) {
                failure = "the connection to " + host + " broke: " + e.getMessage();
            }
            closeQuietly(client);
            closeQuietly(upstream);
        }
    }

    /** Copies the server's messages one by one until it closes, each as soon as it is whole. */
    private void relayMessages(InputStream in, OutputStream out) throws IOException {
        byte[] header = new byte[HEADER];
        while (true) {
            int got = in.readNBytes(header, 0, HEADER);
            out.write(header, 0, got);
            if (got < HEADER) {
                out.flush();
                return;
            }
            ByteBuffer h = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
            int opcode = Short.toUnsignedInt(h.getShort(OPCODE_AT));
            long length = Integer.toUnsignedLong(h.getInt(PDU_LEN_AT));
            if (length > LARGEST_MESSAGE) {
                out.flush();
                in.transferTo(out);  // not fio's framing: stop reading it, keep copying
                return;
            }
            byte[] payload = in.readNBytes((int) length);
            out.write(payload);
            out.flush();
            if (payload.length < length) {
                return;
            }
            messages.accept(opcode, ByteBuffer.wrap(payload).asReadOnlyBuffer());
        }
    }

    private void relayClient() {
        Socket from = client;
        Socket to = server;
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            byte[] buffer = new byte[8192];
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                out.flush();
            }
            to.shutdownOutput();
        } catch (IOException e) {
            // the other side's thread or close() ended the connection; it says why when there is a why
            closeQuietly(to);
        }
    }

    /** Ends the connection both ways and waits for the relay's threads. */
    @Override
    public void close() {
        closed = true;
        closeQuietly(listening);
        closeQuietly(client);
        closeQuietly(server);
        join(fromServer);
        join(toServer);
    }

    private static void join(Thread thread) {
        try {
            thread.join(CLOSE_WAIT_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Thread thread(String what, Runnable body) {
        Thread thread = new Thread(body, THREAD_PREFIX + host + "-" + what);
        thread.setDaemon(true);
        return thread;
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception ignored) {
            // closing what is already closed or broken
        }
    }
}
