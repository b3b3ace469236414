package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.core.MetadataKeys;
import io.squall.testsupport.BoltDriver;
import io.squall.testsupport.FetchTestConfig;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;

class FetcherBoltTest {

    @Test
    void eachUrlGoesOutOnTheStreamOfItsOutcomeAnchoredToItsTupleAndIsAckedFromTheFetchThreads() throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0).robots("User-agent: *\nDisallow: /private").page("/", "/a");
            BoltDriver driver = new BoltDriver(Map.of("default", new Fields("url", "key", "metadata")));
            FetcherBolt bolt = new FetcherBolt();
            bolt.prepare(new HashMap<>(FetchTestConfig.with().asMap()), driver.context(), driver.collector());
            try {
                Tuple page = driver.tuple("default", site.url("/"), site.host(), new Metadata());
                Tuple missing = driver.tuple("default", site.url("/missing"), site.host(), new Metadata());
                Tuple disallowed = driver.tuple("default", site.url("/private/x"), site.host(), new Metadata());
                for (Tuple t : List.of(page, missing, disallowed)) {
                    bolt.execute(t);
                }
                // No more tuples and no tick: the fetch threads ack on their own.
                driver.awaitOutcomes(3);

                assertEquals(List.of(), driver.failed());
                assertEquals(new HashSet<>(List.of(page, missing, disallowed)), new HashSet<>(driver.acked()));
                assertEquals(3, driver.acked().size(), "each tuple acked once");
                Map<Tuple, BoltDriver.Emitted> byInput = driver.emitted().stream()
                        .collect(Collectors.toMap(e -> e.anchors().get(0), Function.identity()));
                assertEquals(3, byInput.size(), "one emit per tuple, anchored to it");

                BoltDriver.Emitted content = byInput.get(page);
                assertEquals("default", content.stream());
                assertEquals(site.url("/"), content.values().get(0));
                String html = new String((byte[]) content.values().get(1), StandardCharsets.UTF_8);
                assertTrue(html.contains("/a"), html);
                assertEquals("200", ((Metadata) content.values().get(2)).getFirst(MetadataKeys.FETCH_STATUS_CODE));
                assertEquals(List.of(page), driver.renewed(), "the page's timeout renewed as it goes to the parser (no"
                        + " tick came, and the others go to a holder)");

                BoltDriver.Emitted notFound = byInput.get(missing);
                assertEquals("status", notFound.stream());
                assertEquals(Status.ERROR, notFound.values().get(2));
                assertEquals("http.404", ((Metadata) notFound.values().get(1)).getFirst(MetadataKeys.ERROR_CAUSE));

                BoltDriver.Emitted refused = byInput.get(disallowed);
                assertEquals("status", refused.stream());
                assertEquals(Status.ERROR, refused.values().get(2));
                assertEquals("robots", ((Metadata) refused.values().get(1)).getFirst(MetadataKeys.ERROR_CAUSE));
                assertEquals(0, site.served("/private/x"), "never requested");
            } finally {
                bolt.cleanup();
            }
        }
    }
}
