package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.core.MetadataKeys;
import io.squall.core.UrlId;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local crawl (Storm LocalCluster, real OpenSearch, loopback web) of a page whose links spell hosts that
 * browsers accept and java.net.URI does not: underscores in host names, IPv4 addresses in hex and as one
 * number. Every such URL must end with a status document, and every error with its cause; none may be
 * dropped with a warning on the way. No request leaves loopback: the underscore hosts fail at their (closed)
 * name lookup, and the address guard refuses the loopback address that is not a seed's.
 */
@ExtendWith(OpenSearchExtension.class)
class OddUrlsIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    @TempDir
    Path dir;

    @Test
    void everyOddlySpelledUrlEndsWithAStatusAndEveryErrorWithACause(TestOpenSearch os) throws Exception {
        try (TestWeb web = TestWeb.start(2)) {
            Site a = web.site(0);
            Site b = web.site(1);
            a.robots("");
            // a is 127.0.0.2 (the seed's address, which local mode allows), b is 127.0.0.3 (not allowed)
            String hexA = "http://0x7f.0.0.2:" + a.port() + "/hex";
            String numberA = "http://2130706434:" + a.port() + "/number";
            String hexB = "http://0x7f.0.0.3:" + b.port() + "/refused";
            a.page("/", "http://a_b.example:8105/x", "http://my_host.example.com/", hexA, numberA, hexB);
            a.page("/hex");
            a.page("/number");
            b.page("/refused");

            SquallProcess.Result crawl = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl", a.url("/"),
                    "--opensearch", os.address(), "--conf", ScopedCrawlConf.write(dir, os, List.of(a.host(), b.host(), "a_b.example",
                            "my_host.example.com")).toString(),
                    "--data", SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--json");
            assertEquals(0, crawl.exitCode(), crawl.stderr());

            Map<String, String> expected = new TreeMap<>();
            expected.put(a.url("/"), "FETCHED");
            expected.put(a.url("/hex"), "FETCHED");
            expected.put(a.url("/number"), "FETCHED");
            expected.put("http://a_b.example:8105/x", "FETCH_ERROR");
            expected.put("http://my_host.example.com/", "FETCH_ERROR");
            expected.put(b.url("/refused"), "FETCH_ERROR");
            assertEquals(expected, os.statusByUrl(), "one status per URL, the odd spellings normalized");

            for (String url : new String[] {"http://a_b.example:8105/x", "http://my_host.example.com/"}) {
                Metadata md = metadataOf(os, url);
                String host = url.substring(7, url.indexOf('/', 7)).replaceFirst(":.*", "");
                assertNotNull(md.getFirst(MetadataKeys.ERROR_CAUSE), url + " has a cause");
                assertTrue(md.getFirst(MetadataKeys.ERROR_MESSAGE).contains("dns: unknown host " + host),
                        url + ": " + md.getFirst(MetadataKeys.ERROR_MESSAGE));
            }
            assertEquals("address.guard", metadataOf(os, b.url("/refused")).getFirst(MetadataKeys.ERROR_CAUSE));
            assertEquals(0, web.log().forHost(b.host()).size(), "nothing requested from the refused address");
            String log = Files.readString(dir.resolve("data").resolve("logs").resolve("squall.log"));
            assertFalse(log.contains("Not storing"), "no URL dropped on its way to the status index");
        }
    }

    private static Metadata metadataOf(TestOpenSearch os, String url) {
        return TestOpenSearch.metadataOf(os.statusDocument(UrlId.of(url)));
    }
}
