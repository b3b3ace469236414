package io.squall.cli;

import io.squall.config.CrawlerConfig;
import io.squall.fetch.AddressAllowList;
import java.util.List;

/** The crawl header's line on the address guard: which loopback, private and special addresses are allowed. */
final class AddressGuardHeader {
    private AddressGuardHeader() {
    }

    static String line(CrawlerConfig config) {
        if (!config.getBoolean("http.address.guard")) {
            return "Address guard: OFF (http.address.guard: false), loopback, private and cloud metadata addresses"
                    + " may be crawled";
        }
        List<String> allowed = AddressAllowList.fromConfig(config).entries();
        return "Address guard: on, loopback and private addresses refused"
                + (allowed.isEmpty() ? " (allow your own with --allow ADDR|CIDR|HOST)"
                        : " but " + String.join(", ", allowed) + " (http.address.allow, --allow and the seeds')");
    }
}
