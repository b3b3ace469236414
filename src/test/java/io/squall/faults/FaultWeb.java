package io.squall.faults;

import io.squall.testweb.Site;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.Set;

/**
 * The web of a fault schedule, drawn from its seed onto the test web's sites: every page it serves, and the
 * links of each. Each host's pages form a binary tree from its "/" (so every page is reachable from the
 * seeds), a few more links go anywhere on the web, and one page in ten is heavy: it links {@code heavyLinks}
 * pages of every host, most of them not yet known, so that the status writers have far more to write than the
 * fetchers fetch. Everything else on the sites (robots.txt included) is a 404.
 */
public final class FaultWeb {
    private static final int EXTRA_LINKS = 3;
    private static final int HEAVY_ONE_IN = 10;

    private final Map<String, List<String>> links;
    private final List<String> seeds;

    private FaultWeb(Map<String, List<String>> links, List<String> seeds) {
        this.links = links;
        this.seeds = seeds;
    }

    /** Declares the schedule's web on the sites (the first {@code scale.hosts()} of them). */
    public static FaultWeb declare(FaultSchedule schedule, List<Site> sites) {
        FaultScale scale = schedule.scale();
        if (sites.size() < scale.hosts()) {
            throw new IllegalArgumentException(scale.hosts() + " hosts needed, " + sites.size() + " given");
        }
        List<Site> hosts = sites.subList(0, scale.hosts());
        List<String> all = new ArrayList<>();
        for (Site site : hosts) {
            for (int i = 0; i < scale.pagesPerHost(); i++) {
                all.add(site.url(path(i)));
            }
        }
        // Its own stream of the seed: the schedule's draws do not shift the web's.
        SplittableRandom random = new SplittableRandom(~schedule.seed());
        Map<String, List<String>> links = new LinkedHashMap<>();
        List<String> seeds = new ArrayList<>();
        for (Site site : hosts) {
            seeds.add(site.url(path(0)));
            for (int i = 0; i < scale.pagesPerHost(); i++) {
                Set<String> out = new LinkedHashSet<>();
                for (int child = 2 * i + 1; child <= 2 * i + 2 && child < scale.pagesPerHost(); child++) {
                    out.add(site.url(path(child)));
                }
                int extra = random.nextInt(HEAVY_ONE_IN) == 0 ? scale.heavyLinks() : EXTRA_LINKS;
                for (int k = 0; k < extra; k++) {
                    out.add(all.get(random.nextInt(all.size())));
                }
                List<String> pageLinks = List.copyOf(out);
                site.page(path(i), pageLinks.toArray(String[]::new));
                links.put(site.url(path(i)), pageLinks);
            }
        }
        return new FaultWeb(Collections.unmodifiableMap(links), List.copyOf(seeds));
    }

    private static String path(int page) {
        return page == 0 ? "/" : "/p/" + page;
    }

    /** Every URL the web serves a page at. */
    public Set<String> urls() {
        return links.keySet();
    }

    /** The links of a page the web serves. */
    public List<String> links(String url) {
        return links.getOrDefault(url, List.of());
    }

    /** Each host's "/". */
    public List<String> seeds() {
        return seeds;
    }
}
