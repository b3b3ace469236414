package io.squall.frontier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.OpenSearchProxy;
import io.squall.testsupport.TestOpenSearch;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.opensearch.client.opensearch.OpenSearchClient;

@ExtendWith(OpenSearchExtension.class)
class InjectorTest {

    private static String sha256(String s) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void injectingAThousandSeedsTwiceLeavesExactlyAThousandDiscoveredDocuments(TestOpenSearch os, @TempDir Path dir)
            throws Exception {
        List<String> lines = new ArrayList<>();
        Set<String> normalized = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            // Not yet normalized: upper-case scheme and host, default port, fragment.
            lines.add("HTTP://Host" + (i % 10) + ".Example.COM:80/p/" + i + "#top");
            normalized.add("http://host" + (i % 10) + ".example.com/p/" + i);
        }
        Path seeds = Files.write(dir.resolve("seeds.txt"), lines);
        List<String> problems = new ArrayList<>();
        Injector injector = new Injector(os.config(), os.client());

        InjectionReport first = injector.inject(seeds, problems::add);
        assertEquals(new InjectionReport(1000, 0, 0, 0), first);
        InjectionReport second = injector.inject(seeds, problems::add);
        assertEquals(new InjectionReport(0, 1000, 0, 0), second);
        assertEquals(List.of(), problems);

        List<Map<String, Object>> docs = os.documents(SquallIndex.STATUS);
        assertEquals(1000, docs.size());
        assertEquals(1000, os.countStatus("DISCOVERED"));
        Set<String> urls = new HashSet<>();
        for (Map<String, Object> doc : docs) {
            String url = (String) doc.get("url");
            urls.add(url);
            assertEquals(sha256(url), doc.get("_id"));
            assertEquals("DISCOVERED", doc.get("status"));
        }
        assertEquals(normalized, urls);
    }

    @Test
    void invalidSeedLinesAreReportedWithTheirLineNumberAndTheOthersInjected(TestOpenSearch os, @TempDir Path dir)
            throws Exception {
        Path seeds = Files.writeString(dir.resolve("seeds.txt"), String.join("\n",
                "# my seeds",
                "",
                "https://good.example.org/\tisSitemap=false\tlang=en\tlang=fr",
                "not a url at all",
                "ftp://files.example.org/",
                "https://bad-metadata.example.org/\tnovalue",
                "https://bad-interval.example.org/\tfetchInterval=soon",
                "   https://spaces.example.org/path   ",
                "https://good.example.org/\tfetchInterval=30s"));
        List<String> problems = new ArrayList<>();
        InjectionReport report = new Injector(os.config(), os.client()).inject(seeds, problems::add);

        assertEquals(new InjectionReport(2, 1, 4, 0), report);
        assertEquals(4, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith(seeds + ":4: "), problems.get(0));
        assertTrue(problems.get(1).startsWith(seeds + ":5: ftp://files.example.org/ REJECTED"), problems.get(1));
        assertTrue(problems.get(2).startsWith(seeds + ":6: ") && problems.get(2).contains("novalue"), problems.get(2));
        assertEquals(seeds + ":7: https://bad-interval.example.org/ REJECTED metadata: fetchInterval expects minutes"
                + " (1440, -1 for never) or a duration such as 30s or 1h30m, up to 36500 days, got 'soon'",
                problems.get(3));

        Map<String, Object> good = os.statusDocument(sha256("https://good.example.org/"));
        Metadata md = TestOpenSearch.metadataOf(good);
        assertEquals("0", md.getFirst("depth"));
        assertEquals("true", md.getFirst("isSeed"));
        assertEquals(List.of("en", "fr"), md.getValues("lang"));
        assertEquals("good.example.org", good.get("key"));
        assertEquals(2, os.count(SquallIndex.STATUS));
    }

    @Test
    void seedsWhoseOneBulkANodeTooBusyRefusesAreSentAgainAndWritten(TestOpenSearch os) throws Exception {
        // The seeds' one bulk request leaves as the injector closes its writer: a busy node's 429 then must
        // be retried like any other, not turned into a seed that was not written.
        try (OpenSearchProxy proxy = new OpenSearchProxy(os.address()).rejectBulks(2)) {
            OpenSearchClient viaProxy = OpenSearchClients.create(os.config(Map.of("opensearch.addresses",
                    List.of(proxy.address()))));
            List<String> problems = new ArrayList<>();
            try {
                InjectionReport report = new Injector(os.config(Map.of("opensearch.addresses",
                        List.of(proxy.address()))), viaProxy).inject(List.of("http://busy.example.com/"),
                        problems::add);
                assertEquals(new InjectionReport(1, 0, 0, 0), report, "problems: " + problems);
            } finally {
                OpenSearchClients.close(viaProxy);
            }
            assertEquals(List.of(), problems);
            assertEquals(2, proxy.bulksRejected());
        }
        assertEquals(1, os.countStatus("DISCOVERED"));
    }
}
