package io.drivelab.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Text files DriveLab reads (plans, fio output): only a regular file (links followed), at most a given size,
 * checked before reading, and valid UTF-8. A device such as /dev/zero, a pipe, a folder, a file too large or a
 * binary file is refused with a message naming the file and what it is.
 */
public final class InputFile {
    static final String MISSING = "does not exist";

    private InputFile() {
    }

    /**
     * The file's text.
     *
     * @param maxBytes the most the file may hold
     * @param kind     what the file should be, for messages: "a plan file"
     * @throws InputFileException naming the file and why it was not read
     */
    public static String readText(Path file, long maxBytes, String kind) {
        OutputFile.Kind type = Files.isSymbolicLink(file) && Files.exists(file) ? kindBehindLink(file)
                : OutputFile.Kind.of(file);
        if (type == OutputFile.Kind.MISSING) {
            throw new InputFileException(file, MISSING, null);
        }
        if (type != OutputFile.Kind.REGULAR) {
            throw new InputFileException(file, "is " + type.words + ", not " + kind, null);
        }
        byte[] bytes;
        try {
            if (Files.size(file) > maxBytes) {
                throw tooLarge(file, String.format(Locale.ROOT, " (it holds %,d bytes)", Files.size(file)),
                        maxBytes, kind);
            }
            // read no more than the limit even when the size said less (a file still growing, /proc)
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            }
        } catch (NoSuchFileException e) {
            throw new InputFileException(file, MISSING, e);
        } catch (IOException e) {
            throw new InputFileException(file, "cannot be read: " + OutputFile.reason(e), e);
        }
        if (bytes.length > maxBytes) {
            throw tooLarge(file, "", maxBytes, kind);
        }
        return utf8(file, bytes, kind);
    }

    private static String utf8(Path file, byte[] bytes, String kind) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            return decoder.decode(in).toString();
        } catch (CharacterCodingException e) {
            int at = firstBadByte(bytes);
            throw new InputFileException(file, "is not text (UTF-8): byte " + at + " (0x"
                    + String.format(Locale.ROOT, "%02x", bytes[Math.max(0, at)] & 0xff) + ") is not valid; "
                    + "is it " + kind + "?", e);
        }
    }

    /** The offset of the first byte that does not decode, found by decoding a byte longer each time. */
    private static int firstBadByte(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(bytes.length + 1);
        var result = decoder.decode(in, out, true);
        return result.isError() ? in.position() : 0;
    }

    private static OutputFile.Kind kindBehindLink(Path link) {
        try {
            return OutputFile.Kind.of(link.toRealPath());
        } catch (IOException e) {
            return OutputFile.Kind.MISSING;
        }
    }

    private static InputFileException tooLarge(Path file, String holds, long maxBytes, String kind) {
        return new InputFileException(file, String.format(Locale.ROOT, "is larger than the limit of %,d bytes%s "
                + "for %s%s; is it the right file?", maxBytes, mebibytes(maxBytes), kind, holds), null);
    }

    private static String mebibytes(long bytes) {
        return bytes % (1 << 20) == 0 ? " (" + bytes / (1 << 20) + " MiB)" : "";
    }
}
