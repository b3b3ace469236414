package io.squall.core;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The id of a URL's document in the status index: the SHA-256 of the normalized URL, in lower-case hex.
 * SHA-256 is what StormCrawler uses, so an existing status index keeps its ids, and its collisions are
 * not a practical concern, unlike 64-bit fingerprints.
 */
public final class UrlId {
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    });

    private UrlId() {
    }

    /** The id of an already normalized URL. */
    public static String of(String normalizedUrl) {
        byte[] digest = SHA256.get().digest(normalizedUrl.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest);
    }
}
