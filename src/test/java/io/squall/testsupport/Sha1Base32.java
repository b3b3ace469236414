package io.squall.testsupport;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** A WARC digest's value (RFC 4648 base32 of the SHA-1), computed here rather than by the WARC library under test. */
public final class Sha1Base32 {
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

    private Sha1Base32() {
    }

    public static String of(byte[] bytes) throws NoSuchAlgorithmException {
        byte[] digest = MessageDigest.getInstance("SHA-1").digest(bytes);
        StringBuilder out = new StringBuilder(32);
        int buffer = 0;
        int bits = 0;
        for (byte b : digest) {
            buffer = (buffer << 8) | (b & 0xff);
            bits += 8;
            while (bits >= 5) {
                out.append(ALPHABET.charAt((buffer >> (bits - 5)) & 31));
                bits -= 5;
            }
        }
        return out.toString(); // 160 bits: 32 characters, no padding
    }
}
