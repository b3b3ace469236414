package io.squall.e2e;

import io.squall.testsupport.TestOpenSearch;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code --conf} file for an end-to-end crawl: the test's own indices on a shared node, and the jar's
 * URL filters with the scope set to the given hosts (the default scope, the seeds' domains, would not
 * let a crawl go from one loopback site to another).
 */
final class ScopedCrawlConf {
    private ScopedCrawlConf() {
    }

    static Path write(Path dir, TestOpenSearch os, List<String> hosts, String... moreSettings) throws IOException {
        List<String> lines = new ArrayList<>(List.of(
                "opensearch.status.index.name: \"" + os.prefix() + "status\"",
                "opensearch.content.index.name: \"" + os.prefix() + "content\"",
                "opensearch.metrics.index.name: \"" + os.prefix() + "metrics\"",
                "opensearch.hosts.index.name: \"" + os.prefix() + "hosts\""));
        lines.addAll(List.of(moreSettings));
        return write(dir, hosts, lines);
    }

    /** The same for a crawl in local mode's own node, whose indices are the crawl's alone. */
    static Path write(Path dir, List<String> hosts) throws IOException {
        return write(dir, hosts, List.of());
    }

    private static Path write(Path dir, List<String> hosts, List<String> settings) throws IOException {
        String filters;
        try (InputStream in = ScopedCrawlConf.class.getClassLoader().getResourceAsStream("urlfilters.yaml")) {
            filters = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String scoped = filters.replace("params: {mode: domain}",
                "params: {mode: hosts, hosts: [" + String.join(", ", hosts) + "]}");
        if (scoped.equals(filters)) {
            throw new AssertionError("the jar's urlfilters.yaml no longer has the scope filter this test replaces");
        }
        Path urlfilters = dir.resolve("urlfilters.yaml");
        Files.writeString(urlfilters, scoped);
        List<String> lines = new ArrayList<>(settings);
        lines.add("urlfilters.config.file: \"" + SquallProcess.path(urlfilters) + "\"");
        Path conf = dir.resolve("crawl-conf.yaml");
        Files.writeString(conf, String.join("\n", lines) + "\n");
        return conf;
    }
}
