package io.squall.urls;

/**
 * Resolves the links that make up most pages, paths of plain characters relative to the page's
 * directory or to its host ({@code os.html}, {@code ../library/os.html}, {@code /about/}), by joining
 * strings, with the result the full parse ({@link WhatwgUrlParser}) gives: such a link has no scheme,
 * host, query, fragment, escape, backslash, whitespace, ';' (session ids) or character to encode, so
 * resolving it comes down to appending its segments to the base's and removing dot segments. Every other
 * link gets null here and goes to the full parser.
 */
final class SimpleLinks {
    /** ASCII characters a path keeps as they are (see WhatwgUrlParser.encode), less ':' ';' '%' '?' '#'. */
    private static final boolean[] PLAIN = new boolean[128];

    static {
        for (char c = 'a'; c <= 'z'; c++) {
            PLAIN[c] = true;
            PLAIN[Character.toUpperCase(c)] = true;
        }
        for (char c = '0'; c <= '9'; c++) {
            PLAIN[c] = true;
        }
        for (char c : "-._~!$&'()*+,=@/".toCharArray()) {
            PLAIN[c] = true;
        }
    }

    private SimpleLinks() {
    }

    /**
     * @param origin the base serialized up to its path: {@code scheme://[userinfo@]host[:port]}
     * @param directory the origin followed by the serialized segments of the base's path but its last
     *     ({@code http://h/a/b} for {@code http://h/a/b/c.html}, the origin alone for {@code http://h/c.html})
     * @return the resolved URL, or null when the link is not that simple
     */
    static String resolve(String origin, String directory, String href) {
        int n = href.length();
        if (n == 0) {
            return null; // the base itself, query included
        }
        boolean dotSegment = false;
        for (int i = 0; i < n; i++) {
            char c = href.charAt(i);
            if (c >= 128 || !PLAIN[c]) {
                return null;
            }
            if (c == '.' && (i == 0 || href.charAt(i - 1) == '/')) {
                int end = i + 1 < n && href.charAt(i + 1) == '.' ? i + 2 : i + 1;
                dotSegment |= end == n || href.charAt(end) == '/';
            }
        }
        boolean fromRoot = href.charAt(0) == '/';
        if (fromRoot && n > 1 && href.charAt(1) == '/') {
            return null; // "//host/...": another authority
        }
        if (!dotSegment) {
            return fromRoot ? origin + href : directory + "/" + href;
        }
        StringBuilder out = new StringBuilder(directory.length() + n + 1).append(fromRoot ? origin : directory);
        int i = fromRoot ? 1 : 0;
        while (true) {
            int end = href.indexOf('/', i);
            boolean more = end >= 0;
            end = more ? end : n;
            boolean dot = end - i == 1 && href.charAt(i) == '.';
            boolean dotDot = end - i == 2 && href.charAt(i) == '.' && href.charAt(i + 1) == '.';
            if (dotDot && out.length() > origin.length()) {
                out.setLength(out.lastIndexOf("/")); // up one segment, never above the root
            }
            if (!dot && !dotDot) {
                out.append('/').append(href, i, end);
            } else if (!more) {
                out.append('/'); // "a/.." and "a/." end in a directory
            }
            if (!more) {
                return out.toString();
            }
            i = end + 1;
        }
    }
}
