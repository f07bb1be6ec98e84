package io.drivelab.fio;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A fio server's hello ({@code FIO_NET_CMD_PROBE}'s reply, {@code struct cmd_probe_reply_pdu} in server.h,
 * unchanged from fio 3.29 on): its machine's name and its fio release. fio's client prints it only in its normal
 * output, not with JSON, so DriveLab reads it from the wire.
 *
 * @param hostname the server's machine, as it names itself
 * @param version  its fio ("fio-3.33")
 */
record FioProbeReply(String hostname, String version) {
    static final int OPCODE = 10;
    private static final int HOSTNAME = 64;
    private static final int VERSION_AT = HOSTNAME + 1;
    private static final int VERSION = 32;

    /** The reply in {@code payload}; empty when it is too short to be one. */
    static Optional<FioProbeReply> decode(ByteBuffer payload) {
        if (payload.remaining() < VERSION_AT + VERSION) {
            return Optional.empty();
        }
        ByteBuffer b = payload.slice();
        return Optional.of(new FioProbeReply(text(b, 0, HOSTNAME), text(b, VERSION_AT, VERSION)));
    }

    /** A NUL-terminated string in a field of {@code length} bytes. */
    private static String text(ByteBuffer b, int at, int length) {
        int end = at;
        while (end < at + length && b.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - at];
        b.get(at, bytes);
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
