package {{package}};

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.api.testing.ParseResult;
import io.squall.api.testing.TestExtensions;
import io.squall.api.testing.TestPage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WordCountFilterTest {
    private static WordCountFilter filter(int minWords) {
        return TestExtensions.configure(new WordCountFilter(), Map.of("minWords", minWords));
    }

    @Test
    void countsThePagesWordsIntoTheFieldTheIndexGets() {
        ParseResult page = TestPage.html("https://example.org/", "<html><body><p>One, two-3 four!</p>"
                + "<p>naïve café</p></body></html>")
                .setting("indexer.md.mapping", List.of(WordCountFilter.KEY))
                .parse(filter(0));
        assertEquals("6", page.metadata().getFirst(WordCountFilter.KEY));
        assertEquals(Map.of(WordCountFilter.KEY, List.of("6")), page.indexFields());
        assertFalse(page.noIndex());
    }

    @Test
    void keepsShortPagesOutOfTheIndexButFollowsTheirLinks() {
        ParseResult page = TestPage.html("https://example.org/", "<p>Too short. <a href=\"/next\">next</a></p>")
                .parse(filter(50));
        assertTrue(page.noIndex());
        assertEquals(List.of("https://example.org/next"), page.outlinkUrls());
    }

    @Test
    void refusesANegativeMinimum() {
        assertThrows(ConfigException.class, () -> filter(-1));
    }
}
