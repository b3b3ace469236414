package io.squall.http;

import com.github.luben.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;
import org.brotli.dec.BrotliInputStream;

/**
 * Decodes a body per its Content-Encoding (gzip, deflate, br, zstd, several in a row), streaming and
 * stopping at the content limit, so a decompression bomb costs at most the limit in memory.
 */
final class ContentDecoder {
    /** The encodings sent in Accept-Encoding. */
    static final String ACCEPTED = "gzip, deflate, br, zstd";

    private ContentDecoder() {
    }

    /** Decoded content, and why it is incomplete (null when complete). */
    record Decoded(byte[] bytes, String trimmedReason) {
    }

    /**
     * @param raw the body as received (perhaps cut at its raw limit: {@code rawTrimmed})
     * @param contentEncoding the header value, null or empty for none
     * @param limit bytes of decoded content kept
     * @throws FetchException for an encoding Squall does not know
     */
    static Decoded decode(byte[] raw, boolean rawTrimmed, String contentEncoding, int limit) throws FetchException {
        List<String> encodings = encodings(contentEncoding);
        String limitReason = "content.limit: more than " + limit + " bytes";
        if (encodings.isEmpty()) {
            if (raw.length > limit) {
                return new Decoded(java.util.Arrays.copyOf(raw, limit), limitReason);
            }
            return new Decoded(raw, rawTrimmed ? limitReason : null);
        }
        InputStream in = new ByteArrayInputStream(raw);
        ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(limit, Math.max(1024, raw.length * 4)));
        try {
            // Content-Encoding lists the codings in the order they were applied: undo the last one first.
            for (String encoding : encodings) {
                in = wrap(in, encoding);
            }
            byte[] buf = new byte[16 * 1024];
            int n;
            while ((n = in.read(buf, 0, Math.min(buf.length, limit - out.size() + 1))) > 0) {
                int keep = Math.min(n, limit - out.size());
                out.write(buf, 0, keep);
                if (keep < n) {
                    return new Decoded(out.toByteArray(), limitReason);
                }
            }
            return new Decoded(out.toByteArray(), rawTrimmed ? limitReason : null);
        } catch (IOException e) {
            // A body cut at its raw limit ends mid-stream: that is the limit, not a broken encoding.
            String reason = rawTrimmed ? limitReason : "content.decoding: " + e.getMessage();
            return new Decoded(out.toByteArray(), reason);
        } finally {
            try {
                in.close();
            } catch (IOException e) {
                // in-memory streams: nothing to release
            }
        }
    }

    /** The codings of a Content-Encoding header, last applied first, identity left out. */
    private static List<String> encodings(String header) throws FetchException {
        List<String> list = new ArrayList<>();
        if (header == null) {
            return list;
        }
        for (String part : header.split(",")) {
            String e = part.trim().toLowerCase(Locale.ROOT);
            if (e.isEmpty() || e.equals("identity")) {
                continue;
            }
            if (!List.of("gzip", "x-gzip", "deflate", "br", "zstd").contains(e)) {
                throw new FetchException(FetchException.Cause.CONTENT_ENCODING,
                        "unsupported Content-Encoding '" + e + "'", null);
            }
            list.add(e);
        }
        Collections.reverse(list);
        return list;
    }

    private static InputStream wrap(InputStream in, String encoding) throws IOException {
        return switch (encoding) {
            case "gzip", "x-gzip" -> new GZIPInputStream(in, 8192);
            case "deflate" -> inflate(in);
            case "br" -> new BrotliInputStream(in);
            case "zstd" -> new ZstdInputStream(in);
            default -> throw new IllegalStateException("unchecked encoding " + encoding);
        };
    }

    /** "deflate" is zlib-wrapped per the RFC, but some servers send raw deflate: look at the header. */
    private static InputStream inflate(InputStream in) throws IOException {
        java.io.PushbackInputStream peek = new java.io.PushbackInputStream(in, 2);
        int b0 = peek.read();
        int b1 = peek.read();
        if (b1 >= 0) {
            peek.unread(b1);
        }
        if (b0 >= 0) {
            peek.unread(b0);
        }
        boolean zlib = b0 >= 0 && b1 >= 0 && (b0 & 0x0f) == 8 && ((b0 << 8) | b1) % 31 == 0;
        return new InflaterInputStream(peek, new Inflater(!zlib), 8192);
    }
}
