package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeptAllowListTest {
    @TempDir
    Path home;

    private CrawlerConfig crawl(String... args) {
        return CrawlSettings.forCrawl(home, CrawlOptions.parse(List.of(args)));
    }

    @Test
    void aResumedCrawlAllowsWhatEarlierRunsSeedsAndAllowDid() {
        Path data = home.resolve("data");
        String dataDir = data.toString();
        KeptAllowList.add(data, CrawlSettings.ownAllowed(CrawlOptions.parse(List.of("http://127.0.0.3:8080/",
                "--allow", "10.0.0.0/8", "--data", dataDir))));
        KeptAllowList.add(data, List.of("127.0.0.3", "::1"));
        assertEquals(List.of("10.0.0.0/8", "127.0.0.3", "::1"), KeptAllowList.read(data),
                "--allow and the seed's address, each once, in the order added");

        CrawlerConfig resumed = crawl("--agent", "bot", "--data", dataDir, "--allow", "192.168.1.0/24");
        assertEquals(List.of("192.168.1.0/24", "10.0.0.0/8", "127.0.0.3", "::1"),
                resumed.getStringList("http.address.allow"), "this run's --allow, then what the data kept");
        assertEquals(List.of(), crawl("--agent", "bot", "--data", home.resolve("other").toString())
                .getStringList("http.address.allow"), "another data directory keeps nothing");
    }

    @Test
    void theHeaderSaysWhichAllowancesCameFromTheCrawlsData() {
        Path data = home.resolve("data");
        KeptAllowList.add(data, List.of("127.0.0.3"));
        CrawlerConfig resumed = crawl("--agent", "bot", "--data", data.toString(), "--allow", "10.0.0.0/8");
        assertEquals("Address guard: on, loopback and private addresses refused but 10.0.0.0/8 (http.address.allow,"
                + " --allow and the seeds'), 127.0.0.3 (the crawl's data: earlier runs' seeds and --allow, kept in "
                + KeptAllowList.file(data) + ")",
                AddressGuardHeader.line(resumed, List.of("127.0.0.3"), KeptAllowList.file(data)));
        assertEquals("Address guard: on, loopback and private addresses refused (allow your own with --allow"
                + " ADDR|CIDR|HOST)", AddressGuardHeader.line(crawl("--agent", "bot", "--data",
                home.resolve("empty").toString()), List.of(), KeptAllowList.file(data)));
    }

    @Test
    void aBadLineInTheFileIsOneErrorNamingFileAndLine() throws IOException {
        Path data = home.resolve("data");
        Files.createDirectories(data);
        Files.writeString(KeptAllowList.file(data), "# kept\n127.0.0.3\n\n10.0.0.0/40\n");
        ConfigException e = assertThrows(ConfigException.class, () -> KeptAllowList.read(data));
        assertEquals(KeptAllowList.file(data) + ":4: http.address.allow: '10.0.0.0/40' is not valid: the prefix"
                + " length must be 0 to 32 (correct or remove the line)", e.getMessage());
        assertThrows(ConfigException.class, () -> crawl("--agent", "bot", "--data", data.toString()),
                "a crawl on that directory does not start with the line ignored");
    }

    @Test
    void theFileIsRewrittenOnlyWhenSomethingIsNew() throws IOException {
        Path data = home.resolve("data");
        KeptAllowList.add(data, List.of());
        assertTrue(Files.notExists(KeptAllowList.file(data)), "nothing allowed, nothing written");
        KeptAllowList.add(data, List.of("127.0.0.3"));
        String first = Files.readString(KeptAllowList.file(data));
        assertTrue(first.startsWith("# "), "the file says what it is: " + first);
        Files.writeString(KeptAllowList.file(data), first + "# the user's note\n");
        KeptAllowList.add(data, List.of("127.0.0.3"));
        assertTrue(Files.readString(KeptAllowList.file(data)).endsWith("# the user's note\n"), "left as it was");
    }
}
