package io.squall.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.testweb.TestWeb;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FaultWebTest {
    private static final FaultScale SMALL = new FaultScale("small", 3, 40, 50, 1);

    @Test
    void everyPageIsReachableFromTheSeedsAndLinksOnlyPagesOfTheWeb() {
        try (TestWeb web = TestWeb.start(3)) {
            FaultWeb faultWeb = FaultWeb.declare(FaultSchedule.generate(3, SMALL), web.sites());
            assertEquals(SMALL.pages(), faultWeb.urls().size());
            Set<String> reached = new HashSet<>(faultWeb.seeds());
            Deque<String> next = new ArrayDeque<>(faultWeb.seeds());
            while (!next.isEmpty()) {
                for (String link : faultWeb.links(next.pop())) {
                    assertTrue(faultWeb.urls().contains(link), link);
                    if (reached.add(link)) {
                        next.add(link);
                    }
                }
            }
            assertEquals(faultWeb.urls(), reached);
        }
    }

    @Test
    void someHeavyPagesLinkFarMoreThanOthers() {
        try (TestWeb web = TestWeb.start(3)) {
            FaultWeb faultWeb = FaultWeb.declare(FaultSchedule.generate(3, SMALL), web.sites());
            long heavy = faultWeb.urls().stream().filter(u -> faultWeb.links(u).size() > 30).count();
            assertTrue(heavy > 0 && heavy < SMALL.pages() / 4, heavy + " heavy pages");
        }
    }

    @Test
    void theSameSeedDrawsTheSameLinksAndTheSitesServeThem() throws Exception {
        try (TestWeb one = TestWeb.start(3); TestWeb two = TestWeb.start(3)) {
            FaultWeb first = FaultWeb.declare(FaultSchedule.generate(5, SMALL), one.sites());
            FaultWeb second = FaultWeb.declare(FaultSchedule.generate(5, SMALL), two.sites());
            String page = first.seeds().get(1);
            String samePage = second.seeds().get(1);
            assertEquals(first.links(page).stream().map(u -> u.replaceFirst(":\\d+/", "/")).toList(),
                    second.links(samePage).stream().map(u -> u.replaceFirst(":\\d+/", "/")).toList());
            String body = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(page)).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            for (String link : first.links(page)) {
                assertTrue(body.contains("href=\"" + link + "\""), link + " in " + body);
            }
        }
    }
}
