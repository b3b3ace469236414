package io.squall.urls;

import io.squall.config.CrawlerConfig;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns URLs and links into the one form under which Squall stores a URL: resolved as a browser would
 * ({@link WhatwgUrlParser}), without fragment, host lower-cased, default port dropped; optionally without
 * session ids and listed query parameters, and with the query sorted by parameter name.
 *
 * <p>Used by the injector, for redirect targets, for outlinks and for sitemap entries. Thread-safe.
 */
public final class UrlNormalizer {
    // cfid and cftoken: ColdFusion's pair of session ids
    private static final Set<String> SESSION_PARAMS = Set.of("jsessionid", "phpsessid", "sid", "sessionid",
            "session_id", "aspsessionid", "cfid", "cftoken");
    private static final Pattern SESSION_IN_PATH = Pattern.compile(
            ";(?i:jsessionid|phpsessid|sid|sessionid|cfid|cftoken)=[^;]*");
    private static final Pattern HEX32 = Pattern.compile("[0-9a-fA-F]{32}");

    private final boolean removeSessionIds;
    private final Set<String> removedParams;
    private final boolean sortQuery;
    /** The last base parsed: links of one page share it, so it is parsed once per page. */
    private volatile CachedBase lastBase;

    /** A base parsed, with the serialized prefixes {@link SimpleLinks} joins links to. */
    private record CachedBase(String url, WebUrl parsed, String origin, String directory) {
    }

    /**
     * @param removeSessionIds drop jsessionid/PHPSESSID/sid/sessionid/CFID/CFTOKEN parameters (in path or query), and
     *     parameters whose name mentions a session and whose value is 32 hex digits
     * @param removedParams query parameter names to drop (case-insensitive), e.g. utm_source
     * @param sortQuery sort query parameters by name (stable: repeated names keep their order)
     */
    public UrlNormalizer(boolean removeSessionIds, Collection<String> removedParams, boolean sortQuery) {
        this.removeSessionIds = removeSessionIds;
        this.removedParams = removedParams.stream().map(p -> p.toLowerCase(Locale.ROOT))
                .collect(Collectors.toUnmodifiableSet());
        this.sortQuery = sortQuery;
    }

    /** Reads {@code urlnormalizer.remove.session.ids}, {@code urlnormalizer.remove.params}, {@code urlnormalizer.sort.query}. */
    public static UrlNormalizer fromConfig(CrawlerConfig config) {
        return new UrlNormalizer(config.getBoolean("urlnormalizer.remove.session.ids"),
                config.getStringList("urlnormalizer.remove.params"), config.getBoolean("urlnormalizer.sort.query"));
    }

    /** Normalizes an absolute URL. */
    public String normalize(String url) throws InvalidUrlException {
        return serialize(WhatwgUrlParser.parse(url, null));
    }

    /**
     * Resolves a link found on a page.
     *
     * @param base the page's base URL (its URL, or its {@code <base href>} resolved), absolute
     * @param href the link as written in the page
     */
    public String resolve(String base, String href) throws InvalidUrlException {
        CachedBase parsedBase = parsedBase(base);
        String simple = SimpleLinks.resolve(parsedBase.origin, parsedBase.directory, href);
        return simple != null ? simple : serialize(WhatwgUrlParser.parse(href, parsedBase.parsed));
    }

    /** What {@link #resolve} gives, always by the full parser: the reference its shortcut is tested against. */
    String resolveByParser(String base, String href) throws InvalidUrlException {
        return serialize(WhatwgUrlParser.parse(href, parsedBase(base).parsed));
    }

    private CachedBase parsedBase(String base) throws InvalidUrlException {
        CachedBase cached = lastBase;
        if (cached != null && cached.url.equals(base)) {
            return cached;
        }
        WebUrl parsed = WhatwgUrlParser.parse(base, null);
        StringBuilder prefix = appendOrigin(new StringBuilder(64), parsed);
        String origin = prefix.toString();
        for (int i = 0; i < parsed.path().size() - 1; i++) {
            appendSegment(prefix, parsed.path().get(i));
        }
        cached = new CachedBase(base, parsed, origin, prefix.toString());
        lastBase = cached;
        return cached;
    }

    private String serialize(WebUrl url) {
        StringBuilder out = appendOrigin(new StringBuilder(64), url);
        for (String segment : url.path()) {
            appendSegment(out, segment);
        }
        String query = url.query() == null ? null : cleanQuery(url.query());
        if (query != null && !query.isEmpty()) {
            out.append('?').append(query);
        }
        return out.toString();
    }

    private static StringBuilder appendOrigin(StringBuilder out, WebUrl url) {
        out.append(url.scheme()).append("://");
        if (!url.userinfo().isEmpty()) {
            out.append(url.userinfo()).append('@');
        }
        out.append(url.host());
        if (url.port() >= 0) {
            out.append(':').append(url.port());
        }
        return out;
    }

    private void appendSegment(StringBuilder out, String segment) {
        out.append('/').append(removeSessionIds && segment.indexOf(';') >= 0
                ? SESSION_IN_PATH.matcher(segment).replaceAll("") : segment);
    }

    private String cleanQuery(String query) {
        if (!removeSessionIds && removedParams.isEmpty() && !sortQuery && !query.contains("&&")
                && !query.startsWith("&") && !query.endsWith("&")) {
            return query;
        }
        List<String> kept = new ArrayList<>();
        for (String param : query.split("&")) {
            if (!param.isEmpty() && !isRemoved(param)) {
                kept.add(param);
            }
        }
        if (sortQuery) {
            kept.sort(Comparator.comparing(UrlNormalizer::paramName));
        }
        return String.join("&", kept);
    }

    private boolean isRemoved(String param) {
        String name = paramName(param).toLowerCase(Locale.ROOT);
        if (removedParams.contains(name)) {
            return true;
        }
        if (!removeSessionIds) {
            return false;
        }
        if (SESSION_PARAMS.contains(name) || name.startsWith("aspsessionid")) {
            return true;
        }
        // vBulletin's s=, and other names for a session holding a 32-hex-digit id
        int eq = param.indexOf('=');
        return eq > 0 && (name.equals("s") || name.contains("sess") || name.endsWith("sid"))
                && HEX32.matcher(param.substring(eq + 1)).matches();
    }

    private static String paramName(String param) {
        int eq = param.indexOf('=');
        return eq < 0 ? param : param.substring(0, eq);
    }
}
