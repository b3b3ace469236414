package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(OpenSearchExtension.class)
class DashboardsIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    @TempDir
    Path dir;

    @Test
    void explore(TestOpenSearch os) throws Exception {
        try (TestWeb web = TestWeb.start(3)) {
            Site a = web.site(0);
            Site b = web.site(1);
            Site outside = web.site(2);
            a.tree(120).robots("User-agent: *\nDisallow: /private/\n");
            b.tree(120);
            a.page("/", "/page/1", "/page/2", "/private/x", "/missing", "/broken", b.url("/"), outside.url("/"));
            a.on("/broken", Response.status(500));
            SquallProcess.Result crawl = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl", a.url("/"),
                    "--opensearch", os.address(), "--conf",
                    ScopedCrawlConf.write(dir, os, List.of(a.host(), b.host())).toString(),
                    "--data", SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--delay", "0.15",
                    "--json");
            assertEquals(0, crawl.exitCode(), crawl.stderr());
            Map<String, Integer> names = new TreeMap<>();
            for (Map<String, Object> doc : os.documents(SquallIndex.METRICS)) {
                names.merge(doc.get("component") + " " + doc.get("name"), 1, Integer::sum);
            }
            names.forEach((k, v) -> System.out.println("[metric] " + k + " " + v));
            System.out.println("[metric] distinct " + names.size());
        }
    }
}
