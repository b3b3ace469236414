package io.squall.warc;

import io.squall.http.HttpExchange;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.WarcCaptureRecord;
import org.netpreserve.jwarc.WarcDigest;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcTruncationReason;

/**
 * The WARC records of one fetch: a {@code response} (or a {@code revisit} when its payload was written
 * before, under this URL or another), then a {@code request} concurrent to it. Every record carries
 * WARC-Target-URI, WARC-Date (when the request was sent), WARC-IP-Address, WARC-Block-Digest and a link to
 * its file's warcinfo; responses and revisits carry WARC-Payload-Digest (SHA-1 of the body as received),
 * and a response whose body the content limit cut, {@code WARC-Truncated: length}.
 *
 * <p>Only complete, non-empty payloads of 2xx answers are remembered for revisits: an error page or a
 * redirect's body is not worth the lookup, and a cut payload's digest is not the payload's.
 */
final class CaptureRecords {
    private final PayloadDigests digests;

    CaptureRecords(PayloadDigests digests) {
        this.digests = digests;
    }

    /** What a fetch becomes, and whether its response was written as a revisit. */
    record Capture(List<WarcCaptureRecord> records, boolean revisit) {
    }

    Capture of(String url, int statusCode, HttpExchange wire, URI warcinfoId) {
        // WARC/1.0 dates have whole seconds: a revisit refers to the date its original record carries
        Instant date = wire.started().truncatedTo(ChronoUnit.SECONDS);
        InetAddress ip = address(wire.ip());
        WarcDigest payloadDigest = sha1(wire.body());
        URI responseId = URI.create("urn:uuid:" + UUID.randomUUID());
        PayloadDigests.Capture first = null;
        if (statusCode / 100 == 2 && wire.body().length > 0 && !wire.bodyTruncated()) {
            first = digests.seen(payloadDigest.prefixedBase32(), new PayloadDigests.Capture(url, date, responseId));
        }
        WarcCaptureRecord response = first == null
                ? response(url, date, ip, wire, payloadDigest, responseId, warcinfoId)
                : revisit(url, date, ip, wire, payloadDigest, responseId, warcinfoId, first);
        WarcRequest.Builder request = new WarcRequest.Builder(url).date(date)
                .body(MediaType.HTTP_REQUEST, wire.requestHead())
                .blockDigest(sha1(wire.requestHead()))
                .concurrentTo(responseId)
                .warcinfoId(warcinfoId);
        if (ip != null) {
            request.ipAddress(ip);
        }
        return new Capture(List.of(response, request.build()), first != null);
    }

    private static WarcResponse response(String url, Instant date, InetAddress ip, HttpExchange wire,
            WarcDigest payloadDigest, URI id, URI warcinfoId) {
        WarcResponse.Builder b = new WarcResponse.Builder(url).recordId(id).date(date)
                .body(MediaType.HTTP_RESPONSE, new TwoArrays(wire.responseHead(), wire.body()),
                        (long) wire.responseHead().length + wire.body().length)
                .blockDigest(sha1(wire.responseHead(), wire.body()))
                .payloadDigest(payloadDigest)
                .warcinfoId(warcinfoId);
        if (ip != null) {
            b.ipAddress(ip);
        }
        if (wire.bodyTruncated()) {
            b.truncated(WarcTruncationReason.LENGTH);
        }
        return b.build();
    }

    /** A revisit holds the response's head only: the payload is in the record it refers to. */
    private static WarcRevisit revisit(String url, Instant date, InetAddress ip, HttpExchange wire,
            WarcDigest payloadDigest, URI id, URI warcinfoId, PayloadDigests.Capture first) {
        WarcRevisit.Builder b = new WarcRevisit.Builder(url, WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_0)
                .recordId(id).date(date)
                .body(MediaType.HTTP_RESPONSE, wire.responseHead())
                .blockDigest(sha1(wire.responseHead()))
                .payloadDigest(payloadDigest)
                .refersTo(first.recordId(), first.targetUri(), first.date())
                .warcinfoId(warcinfoId);
        if (ip != null) {
            b.ipAddress(ip);
        }
        return b.build();
    }

    /** An IP literal as an address, or null: a host name (never expected here) is not looked up. */
    private static InetAddress address(String ip) {
        if (ip == null || !(ip.contains(":") || ip.matches("[0-9.]+"))) {
            return null;
        }
        try {
            return InetAddress.getByName(ip);
        } catch (IOException e) {
            return null;
        }
    }

    static WarcDigest sha1(byte[]... parts) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            for (byte[] part : parts) {
                sha1.update(part);
            }
            return new WarcDigest(sha1);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-1", e);
        }
    }

    /** A record body made of a head and a body without copying them into one array. */
    private static final class TwoArrays implements ReadableByteChannel {
        private final ByteBuffer first;
        private final ByteBuffer second;

        TwoArrays(byte[] first, byte[] second) {
            this.first = ByteBuffer.wrap(first);
            this.second = ByteBuffer.wrap(second);
        }

        @Override
        public int read(ByteBuffer dst) {
            ByteBuffer from = first.hasRemaining() ? first : second;
            if (!from.hasRemaining()) {
                return -1;
            }
            int n = Math.min(dst.remaining(), from.remaining());
            dst.put(from.slice(from.position(), n));
            from.position(from.position() + n);
            return n;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
            // arrays: nothing to release
        }
    }
}
