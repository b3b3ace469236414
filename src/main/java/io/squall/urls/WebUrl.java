package io.squall.urls;

import java.util.List;

/**
 * A parsed http(s) URL, its parts already percent-encoded: Squall's one model of a URL, what
 * {@link WhatwgUrlParser} produces and {@link UrlNormalizer} serializes. Every component that needs a
 * part of a URL (its host, origin, port, path) reads it here, so that a URL the normalizer accepted is
 * never refused later by a stricter parser ({@code java.net.URI} refuses {@code my_host.example.com}).
 * The fragment is never kept: it does not reach the server.
 *
 * @param userinfo "user", "user:password" or "" when there is none
 * @param host a domain (lower case, punycode), dotted-decimal IPv4, or bracketed compressed IPv6
 * @param port -1 for the scheme's default port
 * @param path the path segments (at least one; "/" is one empty segment)
 * @param query the query without '?', or null when there is none
 */
public record WebUrl(String scheme, String userinfo, String host, int port, List<String> path, String query) {

    /** Parses an absolute http(s) URL as a browser would. */
    public static WebUrl parse(String url) throws InvalidUrlException {
        return WhatwgUrlParser.parse(url, null);
    }

    /** Resolves a reference (a link, a Location header) against this URL as a browser would. */
    public WebUrl resolve(String reference) throws InvalidUrlException {
        return WhatwgUrlParser.parse(reference, this);
    }

    /** The port connected to: the explicit one, else the scheme's default. */
    public int effectivePort() {
        return port >= 0 ? port : scheme.equals("https") ? 443 : 80;
    }

    /** The host without the brackets of an IPv6 address: the name to resolve or connect to. */
    public String hostName() {
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    /** scheme://host[:port], the port only when it is not the scheme's default. */
    public String origin() {
        return scheme + "://" + host + (port >= 0 ? ":" + port : "");
    }

    /** What an HTTP request line asks for: the path, and '?' with the query when there is one. */
    public String pathAndQuery() {
        StringBuilder out = new StringBuilder(32);
        for (String segment : path) {
            out.append('/').append(segment);
        }
        return query == null ? out.toString() : out.append('?').append(query).toString();
    }

    /** The URL as a string, without any of the normalizer's optional rewrites. */
    public String href() {
        StringBuilder out = new StringBuilder(64).append(scheme).append("://");
        if (!userinfo.isEmpty()) {
            out.append(userinfo).append('@');
        }
        return out.append(host).append(port >= 0 ? ":" + port : "").append(pathAndQuery()).toString();
    }
}
