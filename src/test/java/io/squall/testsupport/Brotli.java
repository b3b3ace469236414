package io.squall.testsupport;

import java.io.ByteArrayOutputStream;

/**
 * Brotli streams (RFC 7932) written by hand, since Squall has only a brotli decoder: content stored
 * uncompressed, and a bomb of zeros.
 */
public final class Brotli {
    /** Insert-and-copy symbol 399: insert length code 1 (one literal), copy length code 23, explicit distance. */
    private static final int COMMAND = 384 + (1 << 3) + 7;
    /** Copy length code 23: 2118 plus 24 extra bits. */
    private static final int COPY_BASE = 2118;
    /** Distance symbol 16 with its extra bit 0 is distance 1 (NPOSTFIX and NDIRECT being 0). */
    private static final int DISTANCE_SYMBOL = 16;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private int bits;
    private int bitCount;

    private Brotli() {
    }

    /** The content in one uncompressed meta-block, then an empty last one. */
    public static byte[] uncompressed(byte[] content) {
        if (content.length == 0 || content.length > 1 << 24) {
            throw new IllegalArgumentException("one uncompressed meta-block holds 1 to 2^24 bytes");
        }
        Brotli w = new Brotli();
        w.write(0, 1); // WBITS 16
        w.write(0, 1); // ISLAST: no
        w.length(content.length);
        w.write(1, 1); // ISUNCOMPRESSED
        w.flush(); // the stored bytes start on a byte boundary
        w.out.writeBytes(content);
        w.write(1, 1); // ISLAST
        w.write(1, 1); // ISLASTEMPTY
        w.flush();
        return w.out.toByteArray();
    }

    /**
     * {@code decodedBytes} zeros in one meta-block holding one command, "insert one literal 0, then copy
     * from distance 1", whose copy length makes it a bomb of a dozen bytes. Every prefix code has a single
     * symbol, so the command costs only its extra bits.
     */
    public static byte[] zeros(int decodedBytes) {
        int copy = decodedBytes - 1;
        if (copy < COPY_BASE || copy - COPY_BASE >= 1 << 24) {
            throw new IllegalArgumentException("a one-command brotli bomb decodes to 2,119 to 2^24 + 2,118 bytes");
        }
        Brotli w = new Brotli();
        w.write(0, 1); // WBITS 16
        w.write(1, 1); // ISLAST
        w.write(0, 1); // ISLASTEMPTY: no
        w.length(decodedBytes);
        w.write(0, 1); // NBLTYPESL 1
        w.write(0, 1); // NBLTYPESI 1
        w.write(0, 1); // NBLTYPESD 1
        w.write(0, 2); // NPOSTFIX 0
        w.write(0, 4); // NDIRECT 0
        w.write(0, 2); // context mode of the literal block type: LSB6
        w.write(0, 1); // NTREESL 1
        w.write(0, 1); // NTREESD 1
        w.simplePrefixCode(0, 8); // literals (alphabet 256): only 0
        w.simplePrefixCode(COMMAND, 10); // insert-and-copy lengths (alphabet 704)
        w.simplePrefixCode(DISTANCE_SYMBOL, 6); // distances (alphabet 64)
        // the command: its copy length's extra bits, the literal (no bits), the distance's extra bit
        w.write(copy - COPY_BASE, 24);
        w.write(0, 1);
        w.flush();
        return w.out.toByteArray();
    }

    /** MLEN - 1 in as few nibbles as hold it, four at least (MNIBBLES codes 0, 1, 2: four, five, six). */
    private void length(int mlen) {
        int nibbles = Math.max(4, (32 - Integer.numberOfLeadingZeros(mlen - 1) + 3) / 4);
        write(nibbles - 4, 2);
        write(mlen - 1, 4 * nibbles);
    }

    /** A simple prefix code of one symbol: HSKIP 1, NSYM - 1 = 0, the symbol; reading it costs no bits. */
    private void simplePrefixCode(int symbol, int alphabetBits) {
        write(1, 2);
        write(0, 2);
        write(symbol, alphabetBits);
    }

    /** Bits are packed from the least significant end of each byte, fields least significant bit first. */
    private void write(int value, int count) {
        for (int i = 0; i < count; i++) {
            bits |= ((value >>> i) & 1) << bitCount;
            if (++bitCount == 8) {
                out.write(bits);
                bits = 0;
                bitCount = 0;
            }
        }
    }

    /** Writes the bits of a partly filled byte, its unused high bits zero. */
    private void flush() {
        if (bitCount > 0) {
            out.write(bits);
            bits = 0;
            bitCount = 0;
        }
    }
}
