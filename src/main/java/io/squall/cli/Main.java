package io.squall.cli;

import io.squall.api.ConfigException;
import io.squall.opensearch.OpenSearchUnavailableException;
import io.squall.parse.ParseTool;
import io.squall.urls.UrlCheckTool;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * The {@code squall} command. Mistakes the user can fix (options, seeds, configuration, an unreachable
 * OpenSearch, a port in use) end in one line on stderr and a non-zero exit; details of anything else go
 * to the log file under the data directory.
 *
 * <p>Exit codes: 0 done, 1 failed, 2 bad command line.
 */
public final class Main {
    /** {@code squall --help}: the commands, each with the first line of its own help. */
    @Command(name = "squall", customSynopsis = "squall COMMAND [options]",
            commandListHeading = "%nCommands:%n", optionListHeading = "%nOptions:%n",
            footer = {"", "Squall's directory (topology.yaml, crawler-conf.yaml, es-conf/) is the one of the squall"
                    + " script. squall COMMAND --help tells more of a command."})
    static final class Squall {
        @Option(names = "--version", description = "print Squall's version")
        boolean version;
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help", order = 99)
        boolean help;
    }

    /** {@code squall urls}: its options, handed to the URL check tool. */
    @Command(name = "urls", customSynopsis = "squall urls [--conf FILE] [URL...]",
            header = "show what the URL filters make of URLs (or of lines \"page<TAB>link\" on stdin)",
            description = {"Prints each URL as Squall would store it, or REJECTED <filter>: <reason>. Without URLs,"
                    + " reads lines from stdin: a URL (a seed), or \"page-URL<TAB>link\" (a link as found on a page).",
                    ""},
            descriptionHeading = "%n", optionListHeading = "Options:%n")
    static final class Urls {
        @Parameters(hidden = true)
        List<String> urls = new ArrayList<>();
        @Option(names = "--conf", paramLabel = "FILE", description = "a configuration file applied over"
                + " crawler-conf.yaml (repeatable)")
        List<Path> confFiles = new ArrayList<>();
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help", order = 99)
        boolean help;
    }

    /** {@code squall parse}: its options, handed to the parse tool. */
    @Command(name = "parse",
            customSynopsis = "squall parse [--conf FILE] [--content-type TYPE] URL [FILE|-]",
            header = "show what the parser extracts from a page saved in FILE (or stdin)",
            description = {"Parses the page saved in FILE (or piped on stdin) as if fetched from URL, and prints its"
                    + " charset, title, description, language, the start of its text, robots directives, digest and"
                    + " outlinks after the URL filters.", ""},
            descriptionHeading = "%n", optionListHeading = "Options:%n")
    static final class Parse {
        @Parameters(hidden = true)
        List<String> args = new ArrayList<>();
        @Option(names = "--conf", paramLabel = "FILE", description = "a configuration file applied over"
                + " crawler-conf.yaml (repeatable)")
        List<Path> confFiles = new ArrayList<>();
        @Option(names = "--content-type", paramLabel = "TYPE", description = "the page's Content-Type header")
        String contentType;
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help", order = 99)
        boolean help;
    }

    private final Path home;
    private final PrintStream out;
    private final PrintStream err;
    private final boolean terminal;
    private final StopSignal stop;

    Main(Path home, PrintStream out, PrintStream err, boolean terminal, StopSignal stop) {
        this.home = home;
        this.out = out;
        this.err = err;
        this.terminal = terminal;
        this.stop = stop;
    }

    public static void main(String[] args) {
        Path home = Path.of(System.getProperty("squall.home", "."));
        configureLogging(args);
        boolean terminal = Boolean.parseBoolean(System.getProperty("squall.terminal",
                String.valueOf(System.console() != null)));
        // Commands that stop cleanly on Ctrl-C take the signal; for the others it ends the process as usual.
        boolean stoppable = args.length > 0 && List.of("crawl", "serve", "export").contains(args[0]);
        StopSignal stop = stoppable ? StopSignal.install() : StopSignal.manual();
        int code = new Main(home, System.out, System.err, terminal, stop).run(args);
        System.out.flush();
        if (Boolean.getBoolean("squall.classes.recording")) {
            // The JVM writes the archive the squall script asked for as it exits (see the script).
            System.err.println("squall: saving the classes this crawl loaded, so that the next crawls start faster"
                    + " (once per build)...");
        }
        System.exit(code);
    }

    int run(String[] argv) {
        List<String> args = Arrays.asList(argv);
        if (args.isEmpty() || List.of("help", "--help", "-h").contains(args.get(0))) {
            out.print(usage());
            return args.isEmpty() ? 2 : 0;
        }
        if (args.get(0).equals("--version") || args.get(0).equals("version")) {
            out.println(Version.line());
            return 0;
        }
        String command = args.get(0);
        List<String> rest = args.subList(1, args.size());
        try {
            return switch (command) {
                case "crawl" -> new CrawlCommand(home, out, err, terminal, stop).run(CrawlOptions.parse(rest));
                case "status" -> new ToolCommands(home, out, err).status(rest);
                case "inject" -> new ToolCommands(home, out, err).inject(rest);
                case "console" -> new ConsoleCommand(home, err, stop).run(rest);
                case "urls" -> urls(CommandLines.parse(new Urls(), "urls", rest));
                case "parse" -> parse(CommandLines.parse(new Parse(), "parse", rest));
                case "serve" -> new ServeCommand(home, out, err, stop).run(rest);
                case "export" -> new ExportCommand(home, out, err, terminal, stop).run(rest);
                case "new" -> new NewCommand(out).run(rest);
                case "migrate" -> new MigrateCommand(out).run(rest);
                default -> throw new UsageException("unknown command '" + command + "' (commands: crawl, inject,"
                        + " console, status, urls, parse, serve, export, new, migrate)");
            };
        } catch (CommandLines.HelpRequested e) {
            out.print(e.usage());
            return 0;
        } catch (UsageException e) {
            err.println("squall " + command + ": " + e.getMessage());
            return 2;
        } catch (InterruptedException e) {
            // Ctrl-C where a command stops early (an export): exit like a process ended by SIGINT.
            err.println("squall " + command + ": " + oneLine(e));
            return 130;
        } catch (ConfigException | OpenSearchUnavailableException e) {
            err.println("squall " + command + ": " + e.getMessage());
            return 1;
        } catch (Exception | LinkageError e) {
            org.slf4j.LoggerFactory.getLogger(Main.class).error("squall {} failed", command, e);
            err.println("squall " + command + ": failed: " + oneLine(e) + " (details in the log)");
            return 1;
        }
    }

    /** The top command's usage, listing the commands with the first line of each one's help. */
    static String usage() {
        CommandLine squall = new CommandLine(new Squall());
        squall.setUsageHelpWidth(100);
        for (Object command : List.of(new CrawlOptions.Spec(), new ToolOptions.Inject(), new ConsoleCommand.Spec(),
                new ToolOptions.Status(), new Urls(), new Parse(), new ServeCommand.Spec(), new ExportCommand.Spec(),
                new NewCommand.Spec(), new MigrateCommand.Spec())) {
            squall.addSubcommand(CommandLines.of(command));
        }
        return squall.getUsageMessage();
    }

    /** The URL check tool, with URLs from the command line or lines from stdin. */
    private int urls(Urls options) {
        InputStream in = options.urls.isEmpty() ? System.in
                : new ByteArrayInputStream(String.join("\n", options.urls).getBytes(StandardCharsets.UTF_8));
        return UrlCheckTool.run(withConf(confArgs(options.confFiles)), in, out, err);
    }

    private int parse(Parse options) {
        List<String> args = confArgs(options.confFiles);
        if (options.contentType != null) {
            args.add("--content-type");
            args.add(options.contentType);
        }
        args.addAll(options.args);
        return ParseTool.run(withConf(args), System.in, stdinIsTerminal(), out, err);
    }

    private static List<String> confArgs(List<Path> files) {
        List<String> args = new ArrayList<>();
        for (Path file : files) {
            args.add("--conf");
            args.add(file.toString());
        }
        return args;
    }

    /** Whether stdin is a terminal, as the squall script found it (a JVM cannot tell it alone). */
    private static boolean stdinIsTerminal() {
        return Boolean.parseBoolean(System.getProperty("squall.stdin.terminal", "false"));
    }

    /** The tools read Squall's crawler-conf.yaml first, like a crawl. */
    private String[] withConf(List<String> args) {
        List<String> all = confArgs(CrawlSettings.files(home, null));
        all.addAll(args);
        return all.toArray(String[]::new);
    }

    static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    /**
     * Local mode logs to a file under the data directory and shows only warnings on the terminal. Set
     * before any logger exists; a logging configuration given with -Dlog4j2.configurationFile wins.
     */
    private static void configureLogging(String[] args) {
        Path data = Path.of("data");
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals("--data")) {
                data = Path.of(args[i + 1]);
            }
        }
        for (String arg : args) {
            if (arg.startsWith("--data=")) {
                data = Path.of(arg.substring("--data=".length()));
            }
        }
        System.setProperty("squall.log.file", CrawlDataDir.logFile(data).toString());
        if (System.getProperty("log4j2.configurationFile") == null) {
            System.setProperty("log4j2.configurationFile", "squall-local-log4j2.xml");
        }
    }
}
