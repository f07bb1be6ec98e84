package io.drivelab.cli;

import java.io.FilterWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.util.Map;

/**
 * Output for a terminal whose encoding cannot write DriveLab's symbols (LANG=C or POSIX: ssh to a server, cron,
 * `env -i`): "×" becomes "x", "µs" "us", "…" "..." rather than the "?" Java writes instead ("QD1 ? 1 job: 47.0 ?s").
 * fio writes such figures in ASCII too.
 */
final class PlainTextWriter extends FilterWriter {
    private static final Map<Character, String> PLAIN = Map.ofEntries(Map.entry('×', "x"), Map.entry('µ', "u"),
            Map.entry('…', "..."), Map.entry('°', " deg "), Map.entry('·', "-"), Map.entry('→', "->"),
            Map.entry('–', "-"), Map.entry('—', "-"), Map.entry('−', "-"), Map.entry('≤', "<="),
            Map.entry('≥', ">="), Map.entry('•', "*"), Map.entry('é', "e"), Map.entry('ê', "e"),
            Map.entry('’', "'"), Map.entry('“', "\""), Map.entry('”', "\""));
    private final CharsetEncoder encoder;

    private PlainTextWriter(Writer out, Charset charset) {
        super(out);
        this.encoder = charset.newEncoder();
    }

    /** {@code out} itself where {@code charset} writes "×" and "µ"; else one writing their plain forms. */
    static Writer of(Writer out, Charset charset) {
        return charset.newEncoder().canEncode("×µ…") ? out : new PlainTextWriter(out, charset);
    }

    @Override
    public void write(int c) throws IOException {
        if (c < 0x80 || encoder.canEncode((char) c)) {
            out.write(c);
        } else {
            out.write(PLAIN.getOrDefault((char) c, "?"));
        }
    }

    @Override
    public void write(char[] chars, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
            write(chars[i]);
        }
    }

    @Override
    public void write(String text, int off, int len) throws IOException {
        for (int i = off; i < off + len; i++) {
            write(text.charAt(i));
        }
    }
}
