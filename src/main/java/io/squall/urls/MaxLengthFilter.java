package io.squall.urls;

import io.squall.api.Settings;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Url;
import io.squall.api.UrlFilter;

/** Rejects URLs longer than a number of characters: long URLs are mostly generated, and some servers refuse them. */
public final class MaxLengthFilter implements UrlFilter {
    private final String name;
    private final int max;

    public MaxLengthFilter(Settings params) {
        this.name = params.name();
        this.max = params.getInt("max", 2048);
    }

    @Override
    public FilterVerdict filter(Url link, Metadata metadata) {
        String url = link.toString();
        return url.length() <= max ? FilterVerdict.accept(url)
                : FilterVerdict.reject(name, "length " + url.length() + " > " + max);
    }
}
