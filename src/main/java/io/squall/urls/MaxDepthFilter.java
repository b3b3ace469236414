package io.squall.urls;

import io.squall.api.Settings;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Url;
import io.squall.api.UrlFilter;
import io.squall.core.MetadataKeys;

/**
 * Rejects URLs further than {@code max} links from their seed. Seeds have depth 0 and a redirect keeps
 * its source's depth, so neither is ever rejected for depth when max &ge; 0; -1 means no limit.
 */
public final class MaxDepthFilter implements UrlFilter {
    private final String name;
    private final int max;

    public MaxDepthFilter(Settings params) {
        this.name = params.name();
        this.max = params.getInt("max", -1);
    }

    @Override
    public FilterVerdict filter(Url link, Metadata metadata) {
        String url = link.toString();
        int depth = metadata.getInt(MetadataKeys.DEPTH, 0);
        return max < 0 || depth <= max ? FilterVerdict.accept(url)
                : FilterVerdict.reject(name, "depth " + depth + " > " + max);
    }
}
