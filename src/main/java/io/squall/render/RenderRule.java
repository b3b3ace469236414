package io.squall.render;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.http.AddressAllowList;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.WebUrl;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Which pages are rendered in a browser, and which of the browser's own requests are let through. A page is
 * rendered when its host is listed in {@code fetcher.render.hosts} or its URL matches a regular expression of
 * {@code fetcher.render.urls}; both empty (the default), nothing is rendered. Hosts are written and matched
 * as in {@code http.address.allow} ({@link AddressAllowList}): a name exactly ({@code app.example}), with a
 * leading dot the name and every name under it ({@code .example}), an address or a CIDR range. A robots.txt
 * is never rendered.
 *
 * <p>While a page renders, the browser may request from the page's own host, and from the hosts of
 * {@code fetcher.render.allow.hosts}; nothing else. Requests of the resource types in
 * {@code fetcher.render.block.types} (Chromium's names: Image, Media, Font...) are refused wherever they go.
 */
public final class RenderRule {
    /** What becomes of one request the browser makes while it renders a page. */
    public enum Verdict {
        ALLOWED(null),
        /** Another host, not in fetcher.render.allow.hosts. */
        OTHER_HOST("another host, not in fetcher.render.allow.hosts"),
        /** A resource type in fetcher.render.block.types. */
        BLOCKED_TYPE("a resource type in fetcher.render.block.types"),
        /** Not a GET of an http or https URL: Squall's HTTP client makes no other request. */
        NOT_FETCHABLE("not a GET of an http(s) URL");

        public final String reason;

        Verdict(String reason) {
            this.reason = reason;
        }
    }

    private final AddressAllowList hosts;
    private final List<Pattern> urls;
    private final AddressAllowList allowHosts;
    private final Set<String> blockTypes;

    RenderRule(AddressAllowList hosts, List<Pattern> urls, AddressAllowList allowHosts, Set<String> blockTypes) {
        this.hosts = hosts;
        this.urls = List.copyOf(urls);
        this.allowHosts = allowHosts;
        this.blockTypes = Set.copyOf(blockTypes);
    }

    public static RenderRule fromConfig(CrawlerConfig config) {
        List<Pattern> urls = new ArrayList<>();
        for (String regex : config.getStringList("fetcher.render.urls")) {
            try {
                urls.add(Pattern.compile(regex));
            } catch (PatternSyntaxException e) {
                throw new ConfigException("fetcher.render.urls: '" + regex + "' is not a regular expression: "
                        + e.getDescription());
            }
        }
        Set<String> types = new TreeSet<>();
        config.getStringList("fetcher.render.block.types").forEach(t -> types.add(t.trim().toLowerCase(Locale.ROOT)));
        return new RenderRule(hostList(config, "fetcher.render.hosts"), urls,
                hostList(config, "fetcher.render.allow.hosts"), types);
    }

    private static AddressAllowList hostList(CrawlerConfig config, String key) {
        return new AddressAllowList(key, config.getStringList(key));
    }

    /** Whether any page is to be rendered: only then is a browser started. */
    public boolean isOn() {
        return !hosts.entries().isEmpty() || !urls.isEmpty();
    }

    /** Whether the page at this URL is rendered in a browser. */
    public boolean renders(String url) {
        if (!isOn()) {
            return false;
        }
        WebUrl u = parse(url);
        if (u == null || u.pathAndQuery().equals("/robots.txt")) {
            return false;
        }
        if (hosts.matches(u.hostName())) {
            return true;
        }
        for (Pattern p : urls) {
            if (p.matcher(url).find()) {
                return true;
            }
        }
        return false;
    }

    /**
     * What becomes of a request the browser makes while it renders {@code pageUrl}.
     *
     * @param resourceType the type the browser gives the request (Document, Script, Image, XHR...)
     */
    public Verdict request(String pageUrl, String method, String url, String resourceType) {
        String host = hostOf(url);
        if (host == null || !"GET".equalsIgnoreCase(method)) {
            return Verdict.NOT_FETCHABLE;
        }
        if (resourceType != null && blockTypes.contains(resourceType.toLowerCase(Locale.ROOT))) {
            return Verdict.BLOCKED_TYPE;
        }
        if (host.equals(hostOf(pageUrl)) || allowHosts.matches(host)) {
            return Verdict.ALLOWED;
        }
        return Verdict.OTHER_HOST;
    }

    /** The host of an http(s) URL, lower case, or null for any other URL. */
    private static String hostOf(String url) {
        WebUrl u = parse(url);
        return u == null ? null : u.hostName().toLowerCase(Locale.ROOT);
    }

    private static WebUrl parse(String url) {
        try {
            WebUrl u = WebUrl.parse(url);
            return u.scheme().equals("http") || u.scheme().equals("https") ? u : null;
        } catch (InvalidUrlException e) {
            return null;
        }
    }
}
