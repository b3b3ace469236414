package io.squall.cli;

import io.squall.urls.InvalidUrlException;
import io.squall.urls.WebUrl;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A first look at the seeds given on the command line, before anything starts: URLs, and files of URLs
 * (one a line, optionally followed by TAB-separated {@code key=value} metadata; blank lines and {@code #}
 * comments skipped). An unreadable file, or seeds among which none is an http(s) URL, are errors found
 * here in a moment rather than after OpenSearch has started. The injector then filters and reports each
 * seed in detail.
 *
 * @param urls the valid seeds, without repeats, in the order given
 * @param problems one message per rejected seed, naming where it was ({@code file:line})
 */
record SeedList(List<String> urls, List<String> problems) {

    static SeedList read(List<String> args) {
        Set<String> urls = new LinkedHashSet<>();
        List<String> problems = new ArrayList<>();
        for (String arg : args) {
            if (arg.contains("://")) {
                check(arg.trim(), "command line", urls, problems);
            } else {
                readFile(Path.of(arg), urls, problems);
            }
        }
        return new SeedList(List.copyOf(urls), List.copyOf(problems));
    }

    /** The seeds, or a {@link UsageException} when seeds were given but none is valid. */
    SeedList requireSome(List<String> args) {
        if (!args.isEmpty() && urls.isEmpty()) {
            String first = problems.isEmpty() ? "the seed files are empty" : problems.get(0);
            throw new UsageException("no valid seed in " + String.join(", ", args) + ": " + first);
        }
        return this;
    }

    private static void readFile(Path file, Set<String> urls, List<String> problems) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new UsageException("seeds file '" + file + "' not found"
                    + (file.toString().contains(".") && !file.toString().contains("/")
                            ? " (for a URL, write https://" + file + "/)" : ""));
        } catch (MalformedInputException e) {
            throw new UsageException("seeds file '" + file + "' is not UTF-8 text");
        } catch (IOException e) {
            throw new UsageException("seeds file '" + file + "' cannot be read: " + e.getMessage(), e);
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                int tab = line.indexOf('\t'); // seed metadata follows the URL, TAB-separated
                check(tab < 0 ? line : line.substring(0, tab).strip(), file + ":" + (i + 1), urls, problems);
            }
        }
    }

    private static void check(String url, String where, Set<String> urls, List<String> problems) {
        String problem = problemWith(url);
        if (problem == null) {
            urls.add(url);
        } else {
            problems.add(where + ": " + problem);
        }
    }

    /** Why the text is not a seed, or null if it is one: read by the parser the injector normalizes with. */
    static String problemWith(String url) {
        try {
            WebUrl.parse(url);
            return null;
        } catch (InvalidUrlException e) {
            return e.isSchemeProblem() ? "'" + url + "' is not an http or https URL"
                    : "'" + url + "' is not a valid URL (" + e.getMessage() + ")";
        }
    }
}
