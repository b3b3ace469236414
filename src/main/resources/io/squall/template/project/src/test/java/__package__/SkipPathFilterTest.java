package {{package}};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.api.Settings;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SkipPathFilterTest {
    private static SkipPathFilter filter(Object paths) {
        return new SkipPathFilter(CrawlerConfig.defaults().settings().forEntry("skipPath", "urlfilters.yaml",
                Map.of("paths", paths)));
    }

    @Test
    void rejectsThePathsItIsGivenAndKeepsTheOthers() {
        SkipPathFilter filter = filter(List.of("/private/"));
        FilterVerdict rejected = filter.filter("http://example.org/private/a.html", new Metadata());
        assertFalse(rejected.accepted());
        assertEquals("skipPath", rejected.rejectedBy());
        assertTrue(filter.filter("http://example.org/public/a.html", new Metadata()).accepted());
    }

    @Test
    void refusesAnEntryWithoutPaths() {
        assertThrows(ConfigException.class, () -> filter(List.of()));
    }
}
