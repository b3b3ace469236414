package io.squall.urls;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The metadata a newly found URL (an outlink, a sitemap entry, a meta-refresh target) is discovered with:
 * the parent's depth + 1 ({@code metadata.track.depth}), the chain of parent URLs
 * ({@code metadata.track.path}), the keys listed in {@code metadata.transfer}, the seed it descends from
 * (for the scope filter) and the discovery date.
 */
public final class OutlinkMetadata {
    private final List<String> transferKeys;
    private final boolean trackPath;
    private final boolean trackDepth;

    public OutlinkMetadata(List<String> transferKeys, boolean trackPath, boolean trackDepth) {
        this.transferKeys = List.copyOf(transferKeys);
        this.trackPath = trackPath;
        this.trackDepth = trackDepth;
    }

    public static OutlinkMetadata fromConfig(CrawlerConfig config) {
        return new OutlinkMetadata(config.getStringList("metadata.transfer"),
                config.getBoolean("metadata.track.path"), config.getBoolean("metadata.track.depth"));
    }

    /** Metadata for a URL found one link away from the parent. */
    public Metadata forOutlink(String parentUrl, Metadata parent, Instant now) {
        Metadata md = sameDepth(parentUrl, parent, now);
        if (trackDepth) {
            md.set(MetadataKeys.DEPTH, Integer.toString(parent.getInt(MetadataKeys.DEPTH, 0) + 1));
        }
        return md;
    }

    /** Metadata for a URL that stands in for the parent (a meta-refresh target): a redirect keeps its depth. */
    public Metadata forRedirect(String parentUrl, Metadata parent, Instant now) {
        Metadata md = sameDepth(parentUrl, parent, now);
        if (trackDepth) {
            md.set(MetadataKeys.DEPTH, Integer.toString(parent.getInt(MetadataKeys.DEPTH, 0)));
        }
        String seed = parent.getFirst(MetadataKeys.SEED_URL);
        md.set(MetadataKeys.SEED_URL, seed); // a seed's redirect target is a seed too: no seed.url
        return md;
    }

    private Metadata sameDepth(String parentUrl, Metadata parent, Instant now) {
        Metadata md = new Metadata();
        for (String key : transferKeys) {
            List<String> values = parent.getValues(key);
            if (!values.isEmpty()) {
                md.set(key, values);
            }
        }
        if (trackPath) {
            List<String> path = new ArrayList<>(parent.getValues(MetadataKeys.URL_PATH));
            path.add(parentUrl);
            md.set(MetadataKeys.URL_PATH, path);
        }
        // A parent without a seed is a seed (or a seed's redirect target): it becomes the origin.
        md.set(MetadataKeys.SEED_URL, parent.getFirst(MetadataKeys.SEED_URL, parentUrl));
        md.set(MetadataKeys.DISCOVERY_DATE, now.toString());
        return md;
    }
}
