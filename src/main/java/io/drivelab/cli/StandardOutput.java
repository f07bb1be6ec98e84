package io.drivelab.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The commands' stdout, on the file descriptor itself rather than System.out (a PrintStream that hides failed
 * writes), remembering why a write failed: PrintWriter keeps only that one did ({@link PrintWriter#checkError}).
 */
final class StandardOutput extends FilterOutputStream {
    private IOException failure;

    private StandardOutput() {
        super(new FileOutputStream(FileDescriptor.out));
    }

    /** A writer on stdout in the console's encoding; its failures are told by {@link #failure(PrintWriter)}. */
    static PrintWriter writer() {
        return new FailureKeepingWriter(new StandardOutput(), charset("sun.stdout.encoding"));
    }

    /** stderr in the console's encoding, the symbols it cannot write in plain text. */
    static PrintWriter errors() {
        Charset charset = charset("sun.stderr.encoding");
        return new PrintWriter(PlainTextWriter.of(new OutputStreamWriter(System.err, charset), charset), true);
    }

    private static Charset charset(String property) {
        String encoding = System.getProperty(property);
        return encoding != null ? Charset.forName(encoding) : Charset.defaultCharset();
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            failure = failure == null ? e : failure;
            throw e;
        }
    }

    /**
     * Why writing to {@code out} failed ("No space left on device"), after flushing it; null when nothing failed
     * (and for writers that are not stdout's, e.g. a test's StringWriter, which cannot fail).
     */
    static String failure(PrintWriter out) {
        if (!out.checkError()) {
            return null;
        }
        IOException e = out instanceof FailureKeepingWriter w ? w.stream.failure : null;
        return e == null || e.getMessage() == null ? "a write failed" : e.getMessage();
    }

    /**
     * Whether stdout is a pipe: a write to one fails only when its reader has gone (EPIPE: `drivelab runs | head`),
     * which a shell's tools end on quietly, by SIGPIPE (exit 141), rather than as an error.
     */
    static boolean isPipe() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/1")).toString().startsWith("pipe:");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    private static final class FailureKeepingWriter extends PrintWriter {
        private final StandardOutput stream;

        FailureKeepingWriter(StandardOutput stream, Charset charset) {
            super(PlainTextWriter.of(new OutputStreamWriter(stream, charset), charset), true);
            this.stream = stream;
        }
    }
}
