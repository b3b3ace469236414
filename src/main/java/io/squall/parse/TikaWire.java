package io.squall.parse;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What the parser and its Tika child JVM ({@link TikaChild}) say to each other over the child's standard input
 * and output: one request (the document) and one answer at a time, each field length-prefixed. The child
 * says {@link #READY} once its parsers are loaded.
 */
final class TikaWire {
    static final int READY = 'R';
    static final int PARSED = 0;
    static final int FAILED = 1;

    /** The child's answer: the document as XHTML, its detected type and the metadata asked for. */
    record Answer(String type, String xhtml, boolean cut, List<String[]> metadata) {
    }

    private TikaWire() {
    }

    static void writeRequest(DataOutputStream out, String name, String type, byte[] content) throws IOException {
        writeString(out, name);
        writeString(out, type);
        out.writeInt(content.length);
        out.write(content);
        out.flush();
    }

    static void writeAnswer(DataOutputStream out, Answer answer) throws IOException {
        out.writeByte(PARSED);
        writeString(out, answer.type());
        writeString(out, answer.xhtml());
        out.writeBoolean(answer.cut());
        out.writeInt(answer.metadata().size());
        for (String[] entry : answer.metadata()) {
            writeString(out, entry[0]);
            writeString(out, entry[1]);
        }
        out.flush();
    }

    static void writeFailure(DataOutputStream out, String message) throws IOException {
        out.writeByte(FAILED);
        writeString(out, message);
        out.flush();
    }

    /**
     * @param maxBytes the most bytes a string of the answer may have: a larger one is refused before it is read
     * @throws TikaFailure (cause parse) when the child could not parse the document
     */
    static Answer readAnswer(DataInputStream in, int maxBytes) throws IOException, TikaFailure {
        int kind = in.readUnsignedByte();
        if (kind == FAILED) {
            throw new TikaFailure(TikaFailure.PARSE, readString(in, maxBytes));
        }
        if (kind != PARSED) {
            throw new IOException("unexpected answer " + kind + " from the Tika child JVM");
        }
        String type = readString(in, maxBytes);
        String xhtml = readString(in, maxBytes);
        boolean cut = in.readBoolean();
        int entries = in.readInt();
        List<String[]> metadata = new ArrayList<>();
        for (int i = 0; i < entries; i++) {
            metadata.add(new String[] {readString(in, maxBytes), readString(in, maxBytes)});
        }
        return new Answer(type, xhtml, cut, metadata);
    }

    static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = (s == null ? "" : s).getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    static String readString(DataInputStream in, int maxBytes) throws IOException, TikaFailure {
        return new String(readBytes(in, maxBytes), StandardCharsets.UTF_8);
    }

    static byte[] readBytes(DataInputStream in, int maxBytes) throws IOException, TikaFailure {
        int length = in.readInt();
        if (length < 0 || length > maxBytes) {
            throw new TikaFailure(TikaFailure.TOO_LARGE, "Tika's output of " + length + " bytes is over "
                    + maxBytes);
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }
}
