package io.squall.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code squall new DIR}: a crawler of the user's own, as a Maven project that depends on Squall, with a
 * parse filter, a URL filter and a bolt of its own wired into its files, and the same two commands as Squall
 * ({@code ./squall crawl ...} and {@code mvn verify}). The project resolves Squall from the local Maven
 * repository, where Squall's build ({@code ./squall}'s first run, or {@code mvn install}) put it.
 */
final class NewCommand {
    /** The options as picocli reads them and shows them in {@code squall new --help}. */
    @Command(name = "new", header = "a crawler project of your own, built on Squall",
            customSynopsis = "squall new DIR [--package NAME] [--group-id ID]",
            description = {"Creates a crawler project of your own in DIR (which must not exist, or be empty): a"
                    + " pom.xml that depends on Squall, a parse filter, a URL filter and a bolt of your own with their"
                    + " tests, and the files they are wired in (topology.yaml, crawler-conf.yaml, parsefilters.yaml,"
                    + " urlfilters.yaml, es-conf/). DIR's name is the project's artifact id. Then, in DIR,"
                    + " ./squall crawl --agent NAME URL crawls locally with your parts, and mvn verify runs your"
                    + " tests.", ""},
            descriptionHeading = "%n", optionListHeading = "Options:%n")
    static final class Spec {
        @Parameters(paramLabel = "DIR", arity = "0..1", hidden = true)
        Path dir;
        @Option(names = "--package", paramLabel = "NAME",
                description = "the Java package of your classes (default: org.example.crawler)")
        String packageName = "org.example.crawler";
        @Option(names = "--group-id", paramLabel = "ID",
                description = "the project's Maven group id (default: the package without its last part)")
        String groupId;
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help", order = 99)
        boolean help;
    }

    private final PrintStream out;

    NewCommand(PrintStream out) {
        this.out = out;
    }

    int run(List<String> args) {
        Spec spec = CommandLines.parse(new Spec(), "new", args);
        if (spec.dir == null) {
            throw new UsageException("give the new project's directory, e.g. squall new my-crawler");
        }
        Path dir = spec.dir.toAbsolutePath().normalize();
        String packageName = spec.packageName;
        String groupId = spec.groupId != null ? spec.groupId : packageName.contains(".")
                ? packageName.substring(0, packageName.lastIndexOf('.')) : packageName;
        ProjectTemplate.Project project = new ProjectTemplate.Project(dir, groupId,
                dir.getFileName().toString(), packageName);
        Map<String, String> versions = versions();
        new ProjectTemplate(versions).write(project);
        out.println("Created " + dir + " (" + groupId + ":" + project.artifactId() + ", package " + packageName
                + ") on Squall " + versions.get("squallVersion") + ".");
        Path repository = localRepository(System.getProperties(), System.getenv());
        Path installed = repository.resolve("io/squall/squall/" + versions.get("squallVersion"));
        if (!Files.isDirectory(installed)) {
            out.println("Squall is not in your local Maven repository (" + repository + ") yet: run `mvn install"
                    + " -DskipTests` in Squall's directory (./squall's first run does it), then the project builds"
                    + " without the network.");
        }
        out.println("Next: cd " + dir + " && ./squall crawl --agent NAME URL (a local crawl with your parts),"
                + " mvn verify (your tests); README.md there says more.");
        return 0;
    }

    /** The versions the project is written for: Squall's own and those it was built with. */
    private static Map<String, String> versions() {
        Properties built = Version.built();
        return Map.of("squallVersion", Version.squall(),
                "stormVersion", built.getProperty("storm.version", ""),
                "opensearchRunnerVersion", built.getProperty("opensearch.runner.version", ""),
                "junitVersion", built.getProperty("junit.version", ""));
    }

    /**
     * The local Maven repository, found as Maven finds it: {@code -Dmaven.repo.local} given to this JVM (through
     * {@code SQUALL_JAVA_OPTS}) or to Maven (in {@code MAVEN_OPTS} or {@code MAVEN_ARGS}), then the user settings'
     * {@code <localRepository>}, then {@code ~/.m2/repository}.
     *
     * @param properties the system properties ({@code maven.repo.local}, {@code user.home})
     * @param env the environment ({@code MAVEN_OPTS}, {@code MAVEN_ARGS})
     */
    static Path localRepository(Properties properties, Map<String, String> env) {
        String configured = properties.getProperty("maven.repo.local");
        for (String variable : List.of("MAVEN_OPTS", "MAVEN_ARGS")) {
            if (configured == null && env.get(variable) != null) {
                configured = repoLocalOption(env.get(variable));
            }
        }
        Path home = Path.of(properties.getProperty("user.home", ""));
        if (configured == null) {
            configured = settingsLocalRepository(home.resolve(".m2").resolve("settings.xml"), home);
        }
        return configured != null ? Path.of(configured) : home.resolve(".m2").resolve("repository");
    }

    /** The last {@code -Dmaven.repo.local=DIR} of options as a shell passes them to Maven, or null. */
    private static String repoLocalOption(String options) {
        String found = null;
        for (String option : options.trim().split("\\s+")) {
            String unquoted = option.replace("\"", "").replace("'", "");
            if (unquoted.startsWith("-Dmaven.repo.local=") && unquoted.length() > "-Dmaven.repo.local=".length()) {
                found = unquoted.substring("-Dmaven.repo.local=".length());
            }
        }
        return found;
    }

    /** The {@code <localRepository>} of a Maven settings file, with {@code ${user.home}} filled in, or null. */
    private static String settingsLocalRepository(Path settings, Path home) {
        if (!Files.isRegularFile(settings)) {
            return null;
        }
        try {
            javax.xml.parsers.DocumentBuilderFactory factory = javax.xml.parsers.DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            org.w3c.dom.NodeList nodes = factory.newDocumentBuilder().parse(settings.toFile())
                    .getElementsByTagName("localRepository");
            String value = nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
            return value.isEmpty() ? null : value.replace("${user.home}", home.toString());
        } catch (Exception e) {
            // Maven itself would refuse the file; the hint only says less.
            return null;
        }
    }
}
