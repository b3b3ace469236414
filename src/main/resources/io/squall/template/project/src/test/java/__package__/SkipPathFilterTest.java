package {{package}};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.api.FilterVerdict;
import io.squall.api.testing.TestExtensions;
import io.squall.api.testing.TestUrls;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SkipPathFilterTest {
    private static SkipPathFilter filter(Object paths) {
        return TestExtensions.configure(new SkipPathFilter(), Map.of("paths", paths));
    }

    @Test
    void rejectsThePathsItIsGivenAndKeepsTheOthers() {
        SkipPathFilter filter = filter(List.of("/private/"));
        FilterVerdict rejected = TestUrls.filter(filter, "http://example.org/private/a.html");
        assertFalse(rejected.accepted());
        assertEquals("test", rejected.rejectedBy());
        assertTrue(TestUrls.filter(filter, "http://example.org/public/a.html").accepted());
    }

    @Test
    void readsUrlsThatAStricterParserRefuses() {
        SkipPathFilter filter = filter(List.of("/private/"));
        assertFalse(TestUrls.filter(filter, "http://example.org/private/a|b{c}^d").accepted());
        assertTrue(TestUrls.filter(filter, "http://example.org/wiki/a|b{c}^d").accepted());
    }

    @Test
    void refusesAnEntryWithoutPaths() {
        assertThrows(ConfigException.class, () -> filter(List.of()));
    }
}
