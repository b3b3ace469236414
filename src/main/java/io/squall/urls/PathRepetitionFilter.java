package io.squall.urls;

import io.squall.api.Settings;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Url;
import io.squall.api.UrlFilter;
import java.util.HashMap;
import java.util.Map;

/**
 * Rejects paths in which one segment occurs too often ({@code /a/b/a/b/a/b/a/}) or that have too many
 * segments: the shape of crawler traps made by relative links that keep adding themselves to the path.
 */
public final class PathRepetitionFilter implements UrlFilter {
    private final String name;
    private final int maxRepeats;
    private final int maxSegments;

    public PathRepetitionFilter(Settings params) {
        this.name = params.name();
        this.maxRepeats = params.getInt("maxRepeats", 3);
        this.maxSegments = params.getInt("maxSegments", 40);
    }

    @Override
    public FilterVerdict filter(Url link, Metadata metadata) {
        String url = link.toString();
        int start = UrlParts.pathStart(url);
        int end = UrlParts.pathEnd(url, start);
        int slashes = start < end ? 0 : 1; // an empty path is "/"
        for (int i = start; i < end; i++) {
            if (url.charAt(i) == '/') {
                slashes++;
            }
        }
        if (slashes <= maxRepeats && slashes <= maxSegments) {
            return FilterVerdict.accept(url); // too few segments for either rule: the common case, without allocation
        }
        String[] segments = UrlParts.path(url).substring(1).split("/");
        if (segments.length > maxSegments) {
            return FilterVerdict.reject(name, segments.length + " path segments > " + maxSegments);
        }
        Map<String, Integer> counts = new HashMap<>();
        for (String segment : segments) {
            if (!segment.isEmpty() && counts.merge(segment, 1, Integer::sum) > maxRepeats) {
                return FilterVerdict.reject(name, "path segment '" + segment + "' repeated more than " + maxRepeats
                        + " times");
            }
        }
        return FilterVerdict.accept(url);
    }
}
