package io.squall.urls;

/** Cheap access to parts of a normalized URL (scheme://authority/path?query) without parsing it again. */
final class UrlParts {
    private UrlParts() {
    }

    /** The host (lower case, as normalized), or "" when the URL has no authority. */
    static String host(String url) {
        int start = url.indexOf("://");
        if (start < 0) {
            return "";
        }
        start += 3;
        int end = authorityEnd(url, start);
        int at = url.lastIndexOf('@', end - 1);
        if (at >= start) {
            start = at + 1;
        }
        if (start < end && url.charAt(start) == '[') {
            int close = url.indexOf(']', start);
            return url.substring(start, close < 0 ? end : close + 1);
        }
        int colon = url.indexOf(':', start);
        return url.substring(start, colon >= 0 && colon < end ? colon : end);
    }

    /** The path, from its first '/' up to the query; "/" when empty. */
    static String path(String url) {
        int start = url.indexOf("://");
        if (start < 0) {
            return "/";
        }
        int pathStart = authorityEnd(url, start + 3);
        int query = url.indexOf('?', pathStart);
        int end = query < 0 ? url.length() : query;
        return pathStart >= end ? "/" : url.substring(pathStart, end);
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
