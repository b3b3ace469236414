package io.squall.cli;

import io.squall.migrate.Migration;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code squall migrate DIR}: a StormCrawler project's settings, filters and topology as Squall's files, and a
 * report of what became what, one line each. It writes over no file unless told to.
 */
final class MigrateCommand {
    /** The options as picocli reads them and shows them in {@code squall migrate --help}. */
    @Command(name = "migrate", header = "Squall's files from a StormCrawler project",
            customSynopsis = "squall migrate DIR [--output DIR] [--force]",
            description = {"Reads the StormCrawler project in DIR (crawler.flux and the settings files it includes,"
                    + " crawler-conf.yaml, opensearch-conf.yaml or es-conf.yaml, urlfilters.json, parsefilters.json"
                    + " and the regex files they name, at the top or in src/main/resources) and writes Squall's"
                    + " crawler-conf.yaml, es-conf/opensearch-conf.yaml, urlfilters.yaml, parsefilters.yaml and"
                    + " topology.yaml. Prints one line per setting, filter and component: mapped (to what), kept,"
                    + " or with no equivalent in Squall (and why).", ""},
            descriptionHeading = "%n", optionListHeading = "Options:%n")
    static final class Spec {
        @Parameters(paramLabel = "DIR", arity = "0..1", hidden = true)
        Path dir;
        @Option(names = "--output", paramLabel = "DIR", description = "where Squall's files go (default: the"
                + " current directory)")
        Path output = Path.of("");
        @Option(names = "--force", description = "write over files that are already there")
        boolean force;
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help", order = 99)
        boolean help;
    }

    private final PrintStream out;

    MigrateCommand(PrintStream out) {
        this.out = out;
    }

    int run(List<String> args) throws IOException {
        Spec spec = CommandLines.parse(new Spec(), "migrate", args);
        if (spec.dir == null) {
            throw new UsageException("give the StormCrawler project's directory, e.g. squall migrate ../my-sc-crawler");
        }
        Path output = spec.output.toAbsolutePath().normalize();
        Migration migration = Migration.of(spec.dir.toAbsolutePath().normalize());
        if (!spec.force) {
            List<String> existing = migration.files().keySet().stream().filter(f -> Files.exists(output.resolve(f)))
                    .toList();
            if (!existing.isEmpty()) {
                throw new UsageException(output + " already has " + String.join(", ", existing)
                        + ": give another --output, or --force to write over them");
            }
        }
        for (Map.Entry<String, String> file : migration.files().entrySet()) {
            Path target = output.resolve(file.getKey());
            Files.createDirectories(target.getParent());
            Files.writeString(target, file.getValue());
        }
        migration.report().forEach(out::println);
        out.println("Wrote " + String.join(", ", migration.files().keySet()) + " into " + output + ".");
        return 0;
    }
}
