package io.squall.urls;

import io.squall.api.Url;

/**
 * A normalized URL as URL filters see it: the string at once, its parts parsed by {@link WebUrl} on the
 * first question about them (most filters ask none, or only the host).
 */
public final class ParsedUrl implements Url {
    private final String url;
    private WebUrl parts;

    /** @param url a URL the normalizer made, which its parser reads again without fail */
    public ParsedUrl(String url) {
        this.url = url;
    }

    @Override
    public String toString() {
        return url;
    }

    @Override
    public String scheme() {
        return parts().scheme();
    }

    @Override
    public String host() {
        return parts().host();
    }

    @Override
    public int port() {
        return parts().port();
    }

    @Override
    public String path() {
        String pathAndQuery = parts().pathAndQuery();
        int query = pathAndQuery.indexOf('?');
        return query < 0 ? pathAndQuery : pathAndQuery.substring(0, query);
    }

    @Override
    public String query() {
        return parts().query();
    }

    private WebUrl parts() {
        if (parts == null) {
            try {
                parts = WebUrl.parse(url);
            } catch (InvalidUrlException e) {
                // The chain gives filters only what the normalizer produced, or what a filter rewrote it to.
                throw new IllegalArgumentException("not a URL Squall can read: " + url, e);
            }
        }
        return parts;
    }
}
