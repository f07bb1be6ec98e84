package io.drivelab.fio;

import java.util.Objects;

/**
 * A machine running {@code fio --server}: DriveLab sends it each point's job file through fio's own client
 * ({@code fio --client=HOST,PORT}) and reads back fio's report. Nothing of DriveLab's runs there.
 */
public record FioHost(String host, int port) {
    /** fio's default server port. */
    public static final int DEFAULT_PORT = 8765;

    public FioHost {
        Objects.requireNonNull(host, "host");
        if (host.isBlank() || host.contains(",") || host.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("\"" + host + "\" is not a host name or address");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is not a TCP port (1-65535)");
        }
    }

    /** "HOST", "HOST:PORT" or "[IPV6]:PORT"; the port defaults to fio's 8765. */
    public static FioHost parse(String text) {
        String t = Objects.requireNonNull(text, "host").strip();
        if (t.startsWith("[")) {
            int close = t.indexOf(']');
            if (close < 0) {
                throw new IllegalArgumentException("\"" + text + "\" opens [ for an IPv6 address but does not "
                        + "close it");
            }
            String rest = t.substring(close + 1);
            return new FioHost(t.substring(1, close), rest.isEmpty() ? DEFAULT_PORT : port(text, rest.substring(1)));
        }
        int colon = t.lastIndexOf(':');
        if (colon < 0 || t.indexOf(':') != colon) {
            return new FioHost(t, DEFAULT_PORT);  // no port, or a bare IPv6 address
        }
        return new FioHost(t.substring(0, colon), port(text, t.substring(colon + 1)));
    }

    private static int port(String text, String port) {
        try {
            return Integer.parseInt(port);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + text + "\": \"" + port + "\" is not a port number", e);
        }
    }

    /** fio's --client argument: "HOST,PORT" (fio's own syntax; an IPv6 address goes as is). */
    String clientArgument() {
        return host + "," + port;
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
