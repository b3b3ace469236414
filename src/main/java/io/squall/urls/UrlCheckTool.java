package io.squall.urls;

import io.squall.api.ConfigException;
import io.squall.api.FilterVerdict;
import io.squall.api.Metadata;
import io.squall.config.ConfigLoader;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.metrics.Counters;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * "Why was this URL not crawled?": reads lines {@code base<TAB>href} (a link found on page base) or a bare
 * URL (a seed) and prints, for each, the URL as Squall would store it or {@code REJECTED <filter>: <reason>}.
 * Usage: {@code [--conf crawler-conf.yaml]...} with the lines on standard input.
 */
public final class UrlCheckTool {
    private UrlCheckTool() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.in, System.out, System.err));
    }

    /** @return the exit code: 0, or 2 for bad arguments or configuration */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        UrlFilterChain chain;
        try {
            chain = UrlFilters.fromConfig(config(args), Counters.NONE);
        } catch (IllegalArgumentException | ConfigException e) {
            err.println(e.getMessage());
            return 2;
        }
        OutlinkMetadata outlinks = new OutlinkMetadata(List.of(), true, true);
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                int tab = line.indexOf('\t');
                FilterVerdict verdict;
                if (tab < 0) {
                    verdict = chain.filter(line.strip(), new Metadata().set(MetadataKeys.DEPTH, "0"));
                } else {
                    String base = line.substring(0, tab).strip();
                    Metadata md = outlinks.forOutlink(base, new Metadata().set(MetadataKeys.DEPTH, "0"), Instant.now());
                    verdict = chain.resolveAndFilter(base, line.substring(tab + 1), md);
                }
                out.println(verdict);
            }
        } catch (IOException e) {
            err.println("cannot read standard input: " + e.getMessage());
            return 2;
        }
        return 0;
    }

    /** The defaults, overlaid by the files given with --conf. */
    static CrawlerConfig config(String[] args) {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--conf") && i + 1 < args.length) {
                files.add(Path.of(args[++i]));
            } else {
                throw new IllegalArgumentException("unexpected argument '" + args[i] + "' (usage: [--conf file]...)");
            }
        }
        return ConfigLoader.load(files);
    }
}
