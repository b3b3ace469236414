package io.squall.http;

import java.nio.charset.StandardCharsets;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpRequest;
import org.apache.hc.core5.http.HttpResponse;
import org.apache.hc.core5.http.ProtocolVersion;

/** The heads of an {@link HttpExchange}, written back in HTTP/1.1 form from what HttpClient sent and parsed. */
final class WireHeads {
    /** What a Transfer-Encoding header becomes once the body it describes is stored decoded. */
    static final String RENAMED_TRANSFER_ENCODING = "X-Crawler-Transfer-Encoding";

    private WireHeads() {
    }

    /** What a credential header's value becomes in the archive: its scheme, then this. */
    static final String WITHHELD = "[withheld by the crawler]";

    /**
     * The request line and headers as sent; a Host header is added where HTTP/2 carried the authority in a
     * pseudo-header instead. The credentials of an Authorization or Proxy-Authorization header are withheld
     * (their scheme is kept: "Basic [withheld by the crawler]"): an archive must not hold a password, and a
     * Basic one is only encoded, a Digest one open to guessing.
     */
    static byte[] request(HttpRequest request, String authority) {
        StringBuilder head = new StringBuilder(256).append(request.getMethod()).append(' ')
                .append(request.getRequestUri()).append(" HTTP/1.1\r\n");
        if (request.getFirstHeader("Host") == null) {
            head.append("Host: ").append(authority).append("\r\n");
        }
        for (Header h : request.getHeaders()) {
            head.append(h.getName()).append(": ").append(withheld(h)).append("\r\n");
        }
        return bytes(head.append("\r\n"));
    }

    private static String withheld(Header h) {
        if (!h.getName().equalsIgnoreCase("Authorization") && !h.getName().equalsIgnoreCase("Proxy-Authorization")) {
            return h.getValue();
        }
        String value = h.getValue().strip();
        int space = value.indexOf(' ');
        return (space < 0 ? "" : value.substring(0, space + 1)) + WITHHELD;
    }

    /** The status line and headers as received, Transfer-Encoding renamed (the body is stored de-chunked). */
    static byte[] response(HttpResponse response) {
        ProtocolVersion version = response.getVersion();
        boolean http1 = version != null && version.getMajor() == 1;
        String reason = response.getReasonPhrase();
        StringBuilder head = new StringBuilder(512).append(http1 ? version.format() : "HTTP/1.1").append(' ')
                .append(response.getCode()).append(' ').append(reason == null ? "" : reason).append("\r\n");
        for (Header h : response.getHeaders()) {
            String name = h.getName().equalsIgnoreCase("Transfer-Encoding") ? RENAMED_TRANSFER_ENCODING : h.getName();
            head.append(name).append(": ").append(h.getValue()).append("\r\n");
        }
        return bytes(head.append("\r\n"));
    }

    /** Header text is ISO-8859-1 on the wire, and HttpClient reads it so: this gives back the same bytes. */
    private static byte[] bytes(StringBuilder text) {
        return text.toString().getBytes(StandardCharsets.ISO_8859_1);
    }
}
