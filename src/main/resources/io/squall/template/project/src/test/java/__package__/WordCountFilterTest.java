package {{package}};

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class WordCountFilterTest {
    @Test
    void countsRunsOfLettersAndDigits() {
        assertEquals(0, WordCountFilter.count(""));
        assertEquals(4, WordCountFilter.count("  One, two-3 four!"));
        assertEquals(2, WordCountFilter.count("naïve café"));
    }
}
