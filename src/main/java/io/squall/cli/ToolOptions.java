package io.squall.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options of the commands that work on a crawl's status index without crawling
 * ({@code status}, {@code inject}, {@code export}, {@code serve}): which OpenSearch, through the data
 * directory or an address.
 */
record ToolOptions(List<String> args, Path confFile, String openSearch, Path dataDir, boolean json) {

    /** Which crawl: {@code --data}, {@code --opensearch} and {@code --conf}, shared by the tools' options. */
    static class Crawl {
        @Parameters(hidden = true)
        List<String> args = new ArrayList<>();
        @Option(names = "--data", paramLabel = "DIR", description = "the crawl's data directory (default: ./data)")
        Path dataDir = Path.of("data");
        @Option(names = "--opensearch", paramLabel = "URL[,URL...]",
                description = "the crawl's OpenSearch (one or more of its nodes), instead of --data")
        String openSearch;
        @Option(names = "--conf", paramLabel = "FILE", description = "a configuration file applied over crawler-conf.yaml")
        Path confFile;
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help", order = 99)
        boolean help;

        ToolOptions options(boolean json) {
            return new ToolOptions(List.copyOf(args), confFile, openSearch, dataDir, json);
        }
    }

    @Command(name = "status",
            header = "counts by status, top hosts and errors of a crawl", sortOptions = false,
            customSynopsis = "squall status [--data DIR | --opensearch URL] [--conf FILE] [--json]",
            description = {"Counts by status, top hosts and top error causes of the crawl in --data (default ./data),"
                    + " running or not, or of the status index at --opensearch.", ""},
            descriptionHeading = "%n", optionListHeading = "Options:%n")
    static final class Status extends Crawl {
        @Option(names = "--json", arity = "0", description = "print the report as one JSON object")
        boolean json;

        ToolOptions options() {
            return options(json);
        }
    }

    @Command(name = "inject",
            header = "add seeds to a crawl", sortOptions = false,
            customSynopsis = "squall inject URL|FILE... [--data DIR | --opensearch URL] [--conf FILE]",
            description = {"Adds seeds (URLs, or files of one URL a line) to the crawl in --data (default ./data),"
                    + " running or not, or to the status index at --opensearch. Known URLs are left as they are.", ""},
            descriptionHeading = "%n", optionListHeading = "Options:%n")
    static final class Inject extends Crawl {
        ToolOptions options() {
            return options(false);
        }
    }
}
