package io.squall.cli;

import io.squall.config.CrawlerConfig;
import io.squall.http.AddressAllowList;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The crawl header's line on the address guard: which loopback, private and special addresses are allowed. */
final class AddressGuardHeader {
    private AddressGuardHeader() {
    }

    /**
     * @param kept the entries allowed only because earlier runs kept them in {@code keptFile}, named apart so
     *             that a resumed crawl says where its allowances came from
     */
    static String line(CrawlerConfig config, List<String> kept, Path keptFile) {
        if (!config.getBoolean("http.address.guard")) {
            return "Address guard: OFF (http.address.guard: false), loopback, private and cloud metadata addresses"
                    + " may be crawled";
        }
        List<String> allowed = AddressAllowList.fromConfig(config).entries();
        if (allowed.isEmpty()) {
            return "Address guard: on, loopback and private addresses refused (allow your own with --allow"
                    + " ADDR|CIDR|HOST)";
        }
        List<String> own = allowed.stream().filter(e -> !kept.contains(e)).toList();
        List<String> fromData = allowed.stream().filter(kept::contains).toList();
        List<String> parts = new ArrayList<>();
        if (!own.isEmpty()) {
            parts.add(String.join(", ", own) + " (http.address.allow, --allow and the seeds')");
        }
        if (!fromData.isEmpty()) {
            parts.add(String.join(", ", fromData) + " (the crawl's data: earlier runs' seeds and --allow, kept in "
                    + keptFile + ")");
        }
        return "Address guard: on, loopback and private addresses refused but " + String.join(", ", parts);
    }
}
