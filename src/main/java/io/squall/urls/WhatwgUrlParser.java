package io.squall.urls;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Parses a URL or resolves a link against a base the way the WHATWG URL standard does for http and https
 * (the "special" schemes): tabs and newlines removed, backslashes read as slashes, any number of slashes
 * after the scheme, dot segments (also percent-encoded) removed, characters percent-encoded as UTF-8,
 * default ports dropped, hosts parsed by {@link HostParser}.
 *
 * <p>Path and query are percent-encoded with the standard's sets: what a browser leaves raw ({@code [ ] |}
 * in a path; {@code ` { } ^ [ ] | \} in a query) stays raw. Deliberate differences from a browser, so that
 * equal resources get equal strings: a '%' not followed by two hex digits becomes "%25", hex digits of
 * escapes are upper-cased and escaped unreserved characters ({@code A-Z a-z 0-9 - . _ ~}) are decoded.
 * Query strings are always encoded as UTF-8 (browsers use the page's encoding for legacy pages).
 */
final class WhatwgUrlParser {
    /** The standard's path percent-encode set, beyond controls, space and non-ASCII. */
    private static final String PATH_ESCAPED = "\"#<>?^`{}";
    /** The standard's special-query percent-encode set, beyond controls, space and non-ASCII. */
    private static final String QUERY_ESCAPED = "\"#<>'";
    private static final String USERINFO_ESCAPED = "\"#<>?`{}/:;=@[\\]^|";
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private WhatwgUrlParser() {
    }

    /**
     * @param input an absolute URL, or a link relative to base
     * @param base the parsed base, or null when input must be absolute
     */
    static WebUrl parse(String input, WebUrl base) throws InvalidUrlException {
        String s = clean(input);
        String scheme = scheme(s);
        if (scheme != null) {
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw InvalidUrlException.scheme(scheme);
            }
            String rest = s.substring(scheme.length() + 1);
            if (base != null && base.scheme().equals(scheme)) {
                return relative(rest, base); // "http:page.html" is relative to an http base
            }
            return authorityAndRest(scheme, rest, skipSlashes(rest, 0));
        }
        if (base == null) {
            throw InvalidUrlException.invalid("'" + abbreviate(input) + "' is relative and has no base URL");
        }
        return relative(s, base);
    }

    private static WebUrl relative(String s, WebUrl base) throws InvalidUrlException {
        if (s.isEmpty()) {
            return base;
        }
        char c = s.charAt(0);
        if (isSlash(c)) {
            if (s.length() > 1 && isSlash(s.charAt(1))) {
                return authorityAndRest(base.scheme(), s, skipSlashes(s, 0));
            }
            return pathAndRest(base.scheme(), base.userinfo(), base.host(), base.port(), new ArrayList<>(), s, 1);
        }
        if (c == '?') {
            return new WebUrl(base.scheme(), base.userinfo(), base.host(), base.port(), base.path(), query(s, 1));
        }
        if (c == '#') {
            return base;
        }
        List<String> path = new ArrayList<>(base.path());
        path.remove(path.size() - 1);
        return pathAndRest(base.scheme(), base.userinfo(), base.host(), base.port(), path, s, 0);
    }

    private static WebUrl authorityAndRest(String scheme, String s, int start) throws InvalidUrlException {
        int end = start;
        while (end < s.length() && "/\\?#".indexOf(s.charAt(end)) < 0) {
            end++;
        }
        String authority = s.substring(start, end);
        String userinfo = "";
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            userinfo = userinfo(authority.substring(0, at));
            authority = authority.substring(at + 1);
        }
        int colon = -1;
        boolean inBrackets = false;
        for (int i = 0; i < authority.length() && colon < 0; i++) {
            char c = authority.charAt(i);
            if (c == '[') {
                inBrackets = true;
            } else if (c == ']') {
                inBrackets = false;
            } else if (c == ':' && !inBrackets) {
                colon = i;
            }
        }
        String hostPart = colon < 0 ? authority : authority.substring(0, colon);
        if (hostPart.isEmpty()) {
            throw InvalidUrlException.invalid("no host in '" + abbreviate(s) + "'");
        }
        String host = HostParser.parse(hostPart);
        int port = colon < 0 ? -1 : port(authority.substring(colon + 1), scheme);
        if (end < s.length() && isSlash(s.charAt(end))) {
            end++;
        }
        return pathAndRest(scheme, userinfo, host, port, new ArrayList<>(), s, end);
    }

    private static int port(String digits, String scheme) throws InvalidUrlException {
        if (digits.isEmpty()) {
            return -1;
        }
        int port = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                throw InvalidUrlException.invalid("invalid port '" + digits + "'");
            }
            port = port * 10 + (c - '0');
            if (port > 65535) {
                throw InvalidUrlException.invalid("port " + digits + " is out of range");
            }
        }
        int defaultPort = scheme.equals("https") ? 443 : 80;
        return port == defaultPort ? -1 : port;
    }

    /** Reads path segments from index i into path, then the query; the fragment is dropped. */
    private static WebUrl pathAndRest(String scheme, String userinfo, String host, int port, List<String> path,
            String s, int i) {
        int n = s.length();
        int segmentStart = i;
        while (true) {
            char c = i < n ? s.charAt(i) : '#';
            if (isSlash(c) || c == '?' || c == '#') {
                String raw = s.substring(segmentStart, i);
                boolean more = isSlash(c);
                if (isDoubleDot(raw)) {
                    if (!path.isEmpty()) {
                        path.remove(path.size() - 1);
                    }
                    if (!more) {
                        path.add("");
                    }
                } else if (isSingleDot(raw)) {
                    if (!more) {
                        path.add("");
                    }
                } else {
                    path.add(encode(raw, PATH_ESCAPED));
                }
                if (!more) {
                    break;
                }
                segmentStart = i + 1;
            }
            i++;
        }
        String query = i < n && s.charAt(i) == '?' ? query(s, i + 1) : null;
        return new WebUrl(scheme, userinfo, host, port, List.copyOf(path), query);
    }

    private static String query(String s, int start) {
        int hash = s.indexOf('#', start);
        return encode(s.substring(start, hash < 0 ? s.length() : hash), QUERY_ESCAPED);
    }

    private static String userinfo(String raw) {
        int colon = raw.indexOf(':');
        String user = encode(colon < 0 ? raw : raw.substring(0, colon), USERINFO_ESCAPED);
        String password = colon < 0 ? "" : encode(raw.substring(colon + 1), USERINFO_ESCAPED);
        return password.isEmpty() ? user : user + ":" + password;
    }

    /**
     * Percent-encodes controls, space, non-ASCII (as UTF-8) and the given characters; normalizes existing
     * escapes (see the class comment).
     */
    static String encode(String raw, String escaped) {
        StringBuilder out = null;
        int n = raw.length();
        for (int i = 0; i < n; i++) {
            char c = raw.charAt(i);
            boolean plain = c > 0x20 && c < 0x7F && c != '%' && escaped.indexOf(c) < 0;
            if (plain) {
                if (out != null) {
                    out.append(c);
                }
                continue;
            }
            if (out == null) {
                out = new StringBuilder(n + 16).append(raw, 0, i);
            }
            if (c == '%') {
                int hi = i + 2 < n ? hexValue(raw.charAt(i + 1)) : -1;
                int lo = i + 2 < n ? hexValue(raw.charAt(i + 2)) : -1;
                if (hi < 0 || lo < 0) {
                    out.append("%25");
                } else {
                    char decoded = (char) (hi * 16 + lo);
                    if (isUnreserved(decoded)) {
                        out.append(decoded);
                    } else {
                        out.append('%').append(HEX[hi]).append(HEX[lo]);
                    }
                    i += 2;
                }
            } else if (c < 0x80) {
                appendEscaped(out, c);
            } else {
                int codePoint = c;
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(raw.charAt(i + 1))) {
                    codePoint = Character.toCodePoint(c, raw.charAt(++i));
                } else if (Character.isSurrogate(c)) {
                    codePoint = 0xFFFD;
                }
                for (byte b : new String(Character.toChars(codePoint)).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                    appendEscaped(out, b & 0xFF);
                }
            }
        }
        return out == null ? raw : out.toString();
    }

    private static void appendEscaped(StringBuilder out, int b) {
        out.append('%').append(HEX[b >> 4]).append(HEX[b & 15]);
    }

    private static int hexValue(char c) {
        return c < 0x80 ? Character.digit(c, 16) : -1;
    }

    private static boolean isUnreserved(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
                || c == '_' || c == '~';
    }

    private static boolean isSingleDot(String s) {
        return s.equals(".") || s.equalsIgnoreCase("%2e");
    }

    private static boolean isDoubleDot(String s) {
        return s.equals("..") || s.equalsIgnoreCase(".%2e") || s.equalsIgnoreCase("%2e.")
                || s.equalsIgnoreCase("%2e%2e");
    }

    private static boolean isSlash(char c) {
        return c == '/' || c == '\\';
    }

    private static int skipSlashes(String s, int i) {
        while (i < s.length() && isSlash(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** The lower-cased scheme when the input starts with one, else null. */
    private static String scheme(String s) {
        if (s.isEmpty() || !isAsciiLetter(s.charAt(0))) {
            return null;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == ':') {
                return s.substring(0, i).toLowerCase(Locale.ROOT);
            }
            if (!isAsciiLetter(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') {
                return null;
            }
        }
        return null;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** Strips leading and trailing C0 controls and spaces, and removes tabs and newlines anywhere. */
    private static String clean(String input) {
        int start = 0;
        int end = input.length();
        while (start < end && input.charAt(start) <= 0x20) {
            start++;
        }
        while (end > start && input.charAt(end - 1) <= 0x20) {
            end--;
        }
        String s = input.substring(start, end);
        if (s.indexOf('\t') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\t' && c != '\n' && c != '\r') {
                out.append(c);
            }
        }
        return out.toString();
    }

    static String abbreviate(String s) {
        return s.length() <= 100 ? s : s.substring(0, 100) + "...";
    }
}
