package io.squall.parse;

import io.squall.api.ConfigException;
import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.config.ConfigLoader;
import io.squall.core.MetadataKeys;
import io.squall.metrics.Counters;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.UrlNormalizer;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses a local file (or standard input) as the page at a given URL, as a seed of the crawl, and prints
 * its charset, title, description, language, the start of its text, canonical URL, robots directives,
 * refresh target and the outlinks that survive the filters (a feed's entries with their dates and titles).
 * Usage: {@code [--conf crawler-conf.yaml]... [--content-type type] <url> [file|-]}.
 */
public final class ParseTool {
    /** Characters of the extracted text shown: enough to see that it is the page's main text. */
    static final int TEXT_SHOWN = 300;

    private ParseTool() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.in, System.console() != null, System.out, System.err));
    }

    /** @return the exit code: 0, 1 when the page cannot be parsed, 2 for bad arguments */
    public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        return run(args, in, false, out, err);
    }

    /**
     * @param stdinIsTerminal whether stdin is a terminal: the page is then expected in a file, not typed
     * @return the exit code: 0, 1 when the page cannot be parsed, 2 for bad arguments or no page
     */
    public static int run(String[] args, InputStream in, boolean stdinIsTerminal, PrintStream out, PrintStream err) {
        List<Path> confs = new ArrayList<>();
        List<String> positional = new ArrayList<>();
        String contentType = "text/html";
        for (int i = 0; i < args.length; i++) {
            if ((args[i].equals("--conf") || args[i].equals("--content-type")) && i + 1 < args.length) {
                if (args[i].equals("--conf")) {
                    confs.add(Path.of(args[++i]));
                } else {
                    contentType = args[++i];
                }
            } else {
                positional.add(args[i]);
            }
        }
        if (positional.isEmpty() || positional.size() > 2) {
            err.println("usage: [--conf file]... [--content-type type] <url> [file|-]");
            return 2;
        }
        try {
            ParseProcessor processor = ParseProcessor.fromConfig(ConfigLoader.load(confs), Counters.NONE);
            UrlNormalizer normalizer = processor.filters().normalizer();
            String url = normalizer.normalize(positional.get(0));
            String file = positional.size() == 2 ? positional.get(1) : "-";
            if (positional.size() == 1 && stdinIsTerminal) {
                err.println("no page to parse: give the saved page as FILE (squall parse URL page.html), or pipe it"
                        + " (curl -s URL | squall parse URL -)");
                return 2;
            }
            byte[] content = file.equals("-") ? in.readAllBytes() : Files.readAllBytes(Path.of(file));
            if (content.length == 0) {
                err.println("nothing to parse: " + (file.equals("-") ? "stdin" : "'" + file + "'") + " is empty");
                return 2;
            }
            Metadata md = new Metadata().set("Content-Type", contentType).set(MetadataKeys.DEPTH, "0");
            ParseProcessor.Outcome outcome;
            try {
                outcome = processor.process(url, content, md);
            } finally {
                processor.close(); // a document's JVM ends with the command
            }
            Metadata result = outcome.metadata();
            out.println("url:        " + url);
            out.println("outcome:    " + outcome.kind());
            if (outcome.kind() == ParseProcessor.Kind.ERROR) {
                out.println("error:      " + result.getFirst(MetadataKeys.ERROR_MESSAGE));
                return 1;
            }
            out.println("charset:    " + result.getFirst(MetadataKeys.PARSE_CHARSET, "-"));
            out.println("title:      " + result.getFirst(MetadataKeys.PARSE_TITLE, "-"));
            out.println("description: " + result.getFirst(MetadataKeys.PARSE_DESCRIPTION, "-"));
            out.println("language:   " + result.getFirst(MetadataKeys.PARSE_LANGUAGE, "-"));
            out.println("text:       " + shortened(outcome.text()));
            out.println("canonical:  " + result.getFirst(MetadataKeys.PARSE_CANONICAL, "-"));
            out.println("robots:     " + new RobotsDirectives(result.containsKey(MetadataKeys.ROBOTS_NOINDEX),
                    result.containsKey(MetadataKeys.ROBOTS_NOFOLLOW)));
            out.println("refresh:    " + result.getFirst(MetadataKeys.REDIRECT_TO, "-"));
            out.println("digest:     " + result.getFirst(MetadataKeys.DIGEST));
            out.println("outlinks:   " + outcome.discovered().size());
            for (Discovered d : outcome.discovered()) {
                List<String> anchors = new ArrayList<>(d.metadata().getValues(MetadataKeys.ANCHORS));
                // a feed's entries have no anchors: their date and title say what they are
                for (String key : List.of(MetadataKeys.FEED_PUBLISHED, MetadataKeys.FEED_TITLE)) {
                    anchors.addAll(d.metadata().getValues(key));
                }
                out.println("  " + d.url() + (anchors.isEmpty() ? "" : "\t" + String.join(" | ", anchors)));
            }
            return 0;
        } catch (InvalidUrlException e) {
            err.println("invalid page URL: " + e.getMessage());
            return 2;
        } catch (ConfigException e) {
            err.println(e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("cannot read " + e.getMessage());
            return 2;
        }
    }

    /** "1,234 characters: Hello world …", white space collapsed, the words of the first {@link #TEXT_SHOWN} characters. */
    static String shortened(String text) {
        if (text == null || text.isBlank()) {
            return "-";
        }
        String collapsed = text.strip().replaceAll("\\s+", " ");
        String shown = collapsed;
        if (collapsed.length() > TEXT_SHOWN) {
            int cut = collapsed.lastIndexOf(' ', TEXT_SHOWN);
            shown = collapsed.substring(0, cut > 0 ? cut : TEXT_SHOWN) + " \u2026"; // whole words
        }
        return String.format(java.util.Locale.ROOT, "%,d characters: %s", text.length(), shown);
    }
}
