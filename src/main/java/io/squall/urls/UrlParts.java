package io.squall.urls;

/**
 * Cheap access to parts of a normalized URL (scheme://authority/path?query) without parsing it again;
 * the filters run for every link, so the common questions are answered without cutting copies.
 */
final class UrlParts {
    private UrlParts() {
    }

    /** The host (lower case, as normalized), or "" when the URL has no authority. */
    static String host(String url) {
        long range = hostRange(url);
        return range < 0 ? "" : url.substring((int) (range >>> 32), (int) range);
    }

    /** Whether the URL's host is that one: {@code host(url).equals(host)} without the copy. */
    static boolean hasHost(String url, String host) {
        long range = hostRange(url);
        if (range < 0) {
            return host.isEmpty();
        }
        int start = (int) (range >>> 32);
        int end = (int) range;
        return end - start == host.length() && url.startsWith(host, start);
    }

    /** The host's start index in the high half, its end in the low half; -1 without an authority. */
    private static long hostRange(String url) {
        int start = url.indexOf("://");
        if (start < 0) {
            return -1;
        }
        start += 3;
        int end = authorityEnd(url, start);
        int at = url.lastIndexOf('@', end - 1);
        if (at >= start) {
            start = at + 1;
        }
        if (start < end && url.charAt(start) == '[') {
            int close = url.indexOf(']', start);
            return ((long) start << 32) | (close < 0 ? end : close + 1);
        }
        int colon = url.indexOf(':', start);
        return ((long) start << 32) | (colon >= 0 && colon < end ? colon : end);
    }

    /** The path, from its first '/' up to the query; "/" when empty. */
    static String path(String url) {
        int start = pathStart(url);
        int end = pathEnd(url, start);
        return start >= end ? "/" : url.substring(start, end);
    }

    /** Where the path starts: its first '/' (or where the query starts when the path is empty). */
    static int pathStart(String url) {
        int start = url.indexOf("://");
        return start < 0 ? url.length() : authorityEnd(url, start + 3);
    }

    /** Where the path that starts at {@code pathStart} ends: at the query, or the end of the URL. */
    static int pathEnd(String url, int pathStart) {
        int query = url.indexOf('?', pathStart);
        return query < 0 ? url.length() : query;
    }

    private static int authorityEnd(String url, int start) {
        for (int i = start; i < url.length(); i++) {
            char c = url.charAt(i);
            if (c == '/' || c == '?' || c == '#') {
                return i;
            }
        }
        return url.length();
    }
}
