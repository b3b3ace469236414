package io.squall.testsupport;

import com.github.luben.zstd.ZstdOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Small bodies that decode to a great many zero bytes, for each Content-Encoding the fetcher accepts:
 * made here, so that the limits on decoding are tested without any file.
 */
public final class CompressionBombs {
    private CompressionBombs() {
    }

    /** {@code decodedBytes} zeros encoded as {@code encoding}: gzip, deflate (zlib), raw-deflate, br or zstd. */
    public static byte[] of(String encoding, int decodedBytes) {
        try {
            return switch (encoding) {
                case "gzip" -> zeros(new ByteArrayOutputStream(), GZIPOutputStream::new, decodedBytes);
                case "deflate" -> zeros(new ByteArrayOutputStream(),
                        out -> new DeflaterOutputStream(out, new Deflater(Deflater.BEST_COMPRESSION)), decodedBytes);
                case "raw-deflate" -> zeros(new ByteArrayOutputStream(),
                        out -> new DeflaterOutputStream(out, new Deflater(Deflater.BEST_COMPRESSION, true)),
                        decodedBytes);
                case "zstd" -> zeros(new ByteArrayOutputStream(), ZstdOutputStream::new, decodedBytes);
                case "br" -> Brotli.zeros(decodedBytes);
                default -> throw new IllegalArgumentException("no bomb for " + encoding);
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private interface Encoder {
        OutputStream wrap(OutputStream out) throws IOException;
    }

    private static byte[] zeros(ByteArrayOutputStream sink, Encoder encoder, int count) throws IOException {
        byte[] block = new byte[64 * 1024];
        try (OutputStream out = encoder.wrap(sink)) {
            for (int left = count; left > 0; left -= block.length) {
                out.write(block, 0, Math.min(left, block.length));
            }
        }
        return sink.toByteArray();
    }
}
