package io.squall.api.testing;

import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.api.Url;
import io.squall.api.UrlFilter;
import io.squall.config.CrawlerConfig;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.ParsedUrl;
import io.squall.urls.UrlNormalizer;

/** URLs as URL filters get them, for a test. */
public final class TestUrls {
    private static final UrlNormalizer NORMALIZER = UrlNormalizer.fromConfig(CrawlerConfig.defaults());

    private TestUrls() {
    }

    /** The URL normalized as Squall's default settings normalize it, with its parts. */
    public static Url url(String url) {
        try {
            return new ParsedUrl(NORMALIZER.normalize(url));
        } catch (InvalidUrlException e) {
            throw new IllegalArgumentException("Squall does not read " + url + " as a URL: " + e.getMessage(), e);
        }
    }

    /** The filter's verdict on the URL (normalized first, as the chain does), found with no metadata. */
    public static FilterVerdict filter(UrlFilter filter, String url) {
        return filter(filter, url, new Metadata());
    }

    /** The filter's verdict on the URL (normalized first), with the metadata it would be stored with. */
    public static FilterVerdict filter(UrlFilter filter, String url, Metadata metadata) {
        return filter.filter(url(url), metadata);
    }
}
