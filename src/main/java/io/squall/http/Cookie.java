package io.squall.http;

import crawlercommons.domains.EffectiveTldFinder;
import io.squall.urls.IpLiterals;
import io.squall.urls.WebUrl;
import java.net.UnknownHostException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * One cookie as RFC 6265 stores it (section 5.3): a Domain attribute that the setting host does not
 * domain-match, or that is a public suffix, refuses the cookie; without one, the cookie is host-only. The
 * matching ({@link #matches}) is section 5.4's: domain, path, secure, expiry.
 *
 * @param expiresMillis when it expires (epoch milliseconds), {@link Long#MAX_VALUE} for a session cookie
 */
record Cookie(String name, String value, String domain, boolean hostOnly, String path, boolean secure,
        long expiresMillis) {

    /** Name, value and attributes longer than this are refused, as browsers do (RFC 6265 section 6.1). */
    static final int MAX_BYTES = 4096;

    /** The bytes this cookie holds, as a jar counts them. */
    int size() {
        return name.length() + value.length() + domain.length() + path.length();
    }

    boolean expiredAt(long nowMillis) {
        return expiresMillis <= nowMillis;
    }

    /** Whether it replaces {@code other} when stored (same name, domain, host-only flag and path). */
    boolean sameSlot(Cookie other) {
        return name.equals(other.name) && domain.equals(other.domain) && hostOnly == other.hostOnly
                && path.equals(other.path);
    }

    /** Whether a request to this URL carries the cookie (RFC 6265 section 5.4). */
    boolean matches(WebUrl url) {
        String host = url.hostName().toLowerCase(Locale.ROOT);
        boolean domainOk = hostOnly ? host.equals(domain) : domainMatches(host, domain);
        return domainOk && pathMatches(url.pathAndQuery(), path) && (!secure || url.scheme().equals("https"));
    }

    /**
     * The cookie a Set-Cookie header of a response to {@code from} sets, or null when it sets none
     * (malformed, too long, a Domain foreign to the host or a public suffix).
     */
    static Cookie parse(String header, WebUrl from, long nowMillis) {
        if (header.length() > MAX_BYTES) {
            return null;
        }
        String[] parts = header.split(";");
        int eq = parts[0].indexOf('=');
        if (eq < 0) {
            return null;
        }
        String name = parts[0].substring(0, eq).strip();
        String value = parts[0].substring(eq + 1).strip();
        if (name.isEmpty()) {
            return null;
        }
        String host = from.hostName().toLowerCase(Locale.ROOT);
        String domain = null;
        String path = null;
        boolean secure = false;
        long expires = Long.MAX_VALUE;
        boolean maxAgeSeen = false;
        for (int i = 1; i < parts.length; i++) {
            String attribute = parts[i].strip();
            int e = attribute.indexOf('=');
            String key = (e < 0 ? attribute : attribute.substring(0, e)).strip().toLowerCase(Locale.ROOT);
            String v = e < 0 ? "" : attribute.substring(e + 1).strip();
            switch (key) {
                case "domain" -> domain = v.startsWith(".") ? v.substring(1).toLowerCase(Locale.ROOT)
                        : v.toLowerCase(Locale.ROOT);
                case "path" -> path = v.startsWith("/") ? v : null;
                case "secure" -> secure = true;
                case "max-age" -> {
                    try {
                        long seconds = Long.parseLong(v);
                        expires = seconds <= 0 ? Long.MIN_VALUE
                                : nowMillis + Math.min(seconds, Long.MAX_VALUE / 2000) * 1000;
                        maxAgeSeen = true;
                    } catch (NumberFormatException ignored) {
                        // RFC 6265 5.2.2: an attribute that is not a number is ignored
                    }
                }
                case "expires" -> {
                    if (!maxAgeSeen) {
                        expires = parseDate(v, expires);
                    }
                }
                default -> {
                    // HttpOnly, SameSite and unknown attributes do not change what a crawler sends
                }
            }
        }
        boolean hostOnly = domain == null || domain.isEmpty();
        if (hostOnly) {
            domain = host;
        } else if (!domain.equals(host) && (!domainMatches(host, domain) || isPublicSuffix(domain))) {
            return null;
        }
        return new Cookie(name, value, domain, hostOnly, path == null ? defaultPath(from.pathAndQuery()) : path,
                secure, expires);
    }

    /** RFC 6265 5.1.3: the host is the domain, or ends with "." and the domain, and is not an address. */
    static boolean domainMatches(String host, String domain) {
        if (host.equals(domain)) {
            return true;
        }
        return host.endsWith("." + domain) && !isAddress(host);
    }

    /** RFC 6265 5.1.4. */
    static boolean pathMatches(String requestPathAndQuery, String cookiePath) {
        int q = requestPathAndQuery.indexOf('?');
        String requestPath = q < 0 ? requestPathAndQuery : requestPathAndQuery.substring(0, q);
        if (requestPath.equals(cookiePath)) {
            return true;
        }
        return requestPath.startsWith(cookiePath)
                && (cookiePath.endsWith("/") || requestPath.charAt(cookiePath.length()) == '/');
    }

    /** RFC 6265 5.1.4: the request path up to its last "/", or "/". */
    private static String defaultPath(String pathAndQuery) {
        int q = pathAndQuery.indexOf('?');
        String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
        int slash = path.lastIndexOf('/');
        return !path.startsWith("/") || slash <= 0 ? "/" : path.substring(0, slash);
    }

    private static boolean isAddress(String host) {
        try {
            return IpLiterals.of(host) != null;
        } catch (UnknownHostException e) {
            return true; // ends in a number but is no address: never a domain to match under
        }
    }

    /**
     * A Domain such as "com", "co.uk" or "github.io" (the public suffix list's), or a single label ("corp"),
     * under which unrelated sites could read the cookie.
     */
    private static boolean isPublicSuffix(String domain) {
        EffectiveTldFinder.EffectiveTLD suffix = EffectiveTldFinder.getEffectiveTLD(domain);
        return isAddress(domain) || domain.indexOf('.') < 0 || (suffix != null && suffix.getDomain().equals(domain));
    }

    private static long parseDate(String text, long otherwise) {
        try {
            return ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            return otherwise; // RFC 6265 5.2.1: an unreadable date is ignored
        }
    }
}
