package io.squall.freshness;

/**
 * What pages of a host that change alike share in their paths: the first {@value #DIRECTORIES} directories,
 * with every run of digits read as one '#'. A news site's {@code /news/2026/11/a.html} and
 * {@code /news/2025/03/b.html} share {@code /news/#/}, its {@code /archive/...} pages another pattern, and a
 * page that was never fetched starts from the change rate of the pages of its pattern rather than of the
 * whole host. The page's own name (after the last '/') and the query are left out: they name the page, not
 * its kind.
 */
public final class PathPattern {
    static final int DIRECTORIES = 2;

    private PathPattern() {
    }

    /** The pattern of a URL's path; "/" for a URL without one. */
    public static String ofUrl(String url) {
        int scheme = url.indexOf("://");
        int start = -1;
        int end = url.length();
        for (int i = scheme < 0 ? end : scheme + 3; i < end; i++) {
            char c = url.charAt(i);
            if (c == '?' || c == '#') {
                end = i;
            } else if (c == '/' && start < 0) {
                start = i;
            }
        }
        return start < 0 ? "/" : of(url.substring(start, end));
    }

    /** The pattern of a path (from its first '/', without query or fragment); "/" for a page at the root. */
    public static String of(String path) {
        int end = path.lastIndexOf('/');
        StringBuilder pattern = new StringBuilder("/");
        int directories = 0;
        boolean inDigits = false;
        for (int i = 1; i <= end && directories < DIRECTORIES; i++) {
            char c = path.charAt(i);
            if (c >= '0' && c <= '9') {
                if (!inDigits) {
                    pattern.append('#');
                }
                inDigits = true;
                continue;
            }
            inDigits = false;
            pattern.append(c);
            if (c == '/') {
                directories++;
            }
        }
        return pattern.toString();
    }
}
