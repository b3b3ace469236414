package io.squall.urls;

import java.util.List;

/**
 * A parsed http(s) URL, its parts already percent-encoded: what {@link WhatwgUrlParser} produces and
 * {@link UrlNormalizer} serializes. The fragment is never kept: it does not reach the server.
 *
 * @param userinfo "user", "user:password" or "" when there is none
 * @param port -1 for the scheme's default port
 * @param path the path segments (at least one; "/" is one empty segment)
 * @param query the query without '?', or null when there is none
 */
record WebUrl(String scheme, String userinfo, String host, int port, List<String> path, String query) {
}
