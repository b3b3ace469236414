package io.squall.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.metrics.Counters;
import io.squall.urls.UrlFilters;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DepthLimitTest {
    @TempDir
    Path dir;

    @Test
    void maxDepthReplacesTheDepthFiltersLimitAndKeepsTheRestOfTheChain() throws Exception {
        CrawlerConfig config = DepthLimit.apply(CrawlerConfig.defaults(), 1, dir);
        var chain = UrlFilters.fromConfig(config, Counters.NONE);
        assertTrue(chain.filter("http://a.example/x", new Metadata().set(MetadataKeys.DEPTH, "1")).accepted());
        assertFalse(chain.filter("http://a.example/x", new Metadata().set(MetadataKeys.DEPTH, "2")).accepted());
        assertFalse(chain.filter("http://a.example/a/a/a/a/a/", new Metadata().set(MetadataKeys.DEPTH, "0")).accepted(),
                "the other filters (path repetition) are still there");
        assertEquals(dir.resolve("urlfilters-max-depth.yaml").toAbsolutePath().toString(),
                config.getString("urlfilters.config.file"));
    }
}
