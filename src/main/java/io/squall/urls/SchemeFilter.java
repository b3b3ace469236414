package io.squall.urls;

import io.squall.api.Settings;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Url;
import io.squall.api.UrlFilter;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** Keeps URLs whose scheme is listed (default: http and https; "https" alone keeps a crawl encrypted). */
public final class SchemeFilter implements UrlFilter {
    private final String name;
    private final Set<String> allowed;

    public SchemeFilter(Settings params) {
        this.name = params.name();
        this.allowed = params.getStringList("allowed", List.of("http", "https")).stream()
                .map(s -> s.toLowerCase(Locale.ROOT)).collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public FilterVerdict filter(Url link, Metadata metadata) {
        String url = link.toString();
        int colon = url.indexOf(':');
        // normalized URLs have lower-case schemes: compared in place first, rather than cut, lowered and looked up
        for (String allowedScheme : allowed) {
            if (colon == allowedScheme.length() && url.startsWith(allowedScheme)) {
                return FilterVerdict.accept(url);
            }
        }
        String scheme = colon < 0 ? "" : url.substring(0, colon).toLowerCase(Locale.ROOT);
        return allowed.contains(scheme) ? FilterVerdict.accept(url)
                : FilterVerdict.reject(name, "scheme '" + scheme + "' is not in " + allowed);
    }
}
