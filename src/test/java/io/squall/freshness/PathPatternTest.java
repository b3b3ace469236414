package io.squall.freshness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PathPatternTest {

    @Test
    void pagesOfOneSectionShareAPatternWhateverTheirDatesAndNames() {
        assertEquals("/news/#/", PathPattern.of("/news/2026/11/storm-warning.html"));
        assertEquals("/news/#/", PathPattern.of("/news/2025/03/"));
        assertEquals("/news/", PathPattern.of("/news/index.html"));
    }

    @Test
    void aPagesOwnNameIsNotPartOfItsPattern() {
        assertEquals("/product/", PathPattern.of("/product/123"));
        assertEquals("/product/#/", PathPattern.of("/product/123/reviews"));
        assertEquals("/", PathPattern.of("/p17"));
        assertEquals("/", PathPattern.of("/"));
        assertEquals("/", PathPattern.of(""));
    }

    @Test
    void onlyTheFirstTwoDirectoriesCountAndEachRunOfDigitsIsOne() {
        assertEquals("/docs/v#.#/", PathPattern.of("/docs/v2.19/api/reference/index.html"));
        assertEquals("/a#b/c/", PathPattern.of("/a12b/c/d/e"));
    }

    @Test
    void aUrlsPatternIsItsPathsWithoutQueryOrFragment() {
        assertEquals("/news/#/", PathPattern.ofUrl("https://example.org/news/2026/a.html?ref=12/3#top"));
        assertEquals("/", PathPattern.ofUrl("https://example.org"));
        assertEquals("/", PathPattern.ofUrl("https://example.org?a=/b/c/"));
        assertEquals("/a/", PathPattern.ofUrl("http://127.0.0.2:8080/a/b"));
    }
}
