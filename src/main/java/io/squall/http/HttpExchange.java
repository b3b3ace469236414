package io.squall.http;

import java.time.Instant;

/**
 * One HTTP exchange as it went over the wire, for an archive: the request's head as sent, the response's
 * head as received and its body as received (after de-chunking, before any Content-Encoding is undone).
 *
 * <p>Heads are in HTTP/1.1 form, CRLF-terminated lines ending with an empty line. An HTTP/2 exchange is
 * written in that form too (as other archiving crawlers do, since WARC readers know no HTTP/2 framing).
 * As the body is stored de-chunked, a {@code Transfer-Encoding} header is renamed
 * {@code X-Crawler-Transfer-Encoding} so that no reader de-chunks it again.
 *
 * @param started when the request was sent
 * @param ip the address the answer came from, or null when unknown
 * @param bodyTruncated the body was cut at {@code http.content.limit}: it holds the first bytes only
 */
public record HttpExchange(Instant started, String ip, byte[] requestHead, byte[] responseHead, byte[] body,
        boolean bodyTruncated) {
}
