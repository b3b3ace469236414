package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.opensearch.SquallIndex;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A crawler of the user's own, as a user makes one: {@code squall new} writes the project, which builds and
 * passes its tests with Maven from a local repository alone (where Squall's build installed Squall, done
 * here as `mvn install` would: the packaged jar and its POM), and its own {@code ./squall crawl}, built by its
 * script, crawls the test web with the project's URL filter, parse filter and bolt, each seen at work: the
 * filtered path is never requested, the words counted by the parse filter are in the content index, and the
 * bolt logged every parsed page. The project resolves every library Squall has at the version Squall resolves for
 * itself (its POM imports Squall's pins).
 *
 * <p>The local repository is the test's own, in its temporary directory: Squall, the flux stand-in and the
 * project are installed there, never in the user's {@code ~/.m2}. Every other artifact (Squall's libraries,
 * Maven's plugins) comes from the repository this build resolved from ({@code squall.build.repository}, set by
 * the POM to Maven's {@code settings.localRepository}), read as a {@code file://} remote repository through a
 * mirror of everything, in offline mode with only the {@code file} protocol allowed: nothing is written there
 * and nothing is fetched from the network.
 */
@ExtendWith(OpenSearchExtension.class)
class NewProjectIT {
    private static final Duration BUILD_TIMEOUT = Duration.ofMinutes(6);

    @TempDir
    Path dir;
    /** The local repository of this test's Maven runs. */
    private Path repository;
    /** A {@code mvn} that uses it (the project's {@code ./squall} is given it as {@code MVN}). */
    private Path mvn;

    @Test
    void aGeneratedProjectBuildsOfflineAndItsOwnPartsRunInItsCrawl(TestOpenSearch os) throws Exception {
        isolatedMaven();
        installSquall();
        Path project = dir.resolve("my-crawler");
        SquallProcess.Result created = newProject(project, repository);
        assertEquals(0, created.exitCode(), created.stderr());
        assertTrue(created.stdout().contains("Created " + project), created.stdout());
        assertFalse(created.stdout().contains("not in your local Maven repository"),
                "squall new finds Squall in the repository -Dmaven.repo.local names: " + created.stdout());
        Path empty = Files.createDirectories(dir.resolve("empty-repository"));
        SquallProcess.Result unbuilt = newProject(dir.resolve("other-crawler"), empty);
        assertTrue(unbuilt.stdout().contains("Squall is not in your local Maven repository (" + empty + ") yet"),
                "and says so when it is not there: " + unbuilt.stdout());

        run(project, dir.resolve("verify.txt"), mvn.toString(), "-B", "-q", "verify");
        assertTrue(Files.isRegularFile(project.resolve("target/my-crawler-0.1.0-SNAPSHOT-topology.jar")));
        assertSquallsVersions(project);

        try (TestWeb web = TestWeb.start(1)) {
            Site site = web.site(0);
            site.on("/", Response.html("<html><head><title>Home</title></head><body><h1>Welcome home</h1>"
                    + "<p>one two three</p><a href=\"/a\">a</a> <a href=\"/private/secret\">secret</a>"
                    // A path that Squall keeps as written (the URL standard leaves | unescaped), which the
                    // project's URL filter must read without a second parser.
                    + " <a href=\"/private/a|b\">pipe</a></body></html>"));
            site.on("/a", Response.html("<html><head><title>A</title></head><body><h1>Page A</h1>"
                    + "<p>alpha beta</p></body></html>"));
            site.page("/private/secret");
            Path conf = dir.resolve("test-conf.yaml");
            Files.writeString(conf, String.join("\n",
                    "opensearch.status.index.name: \"" + os.prefix() + "status\"",
                    "opensearch.content.index.name: \"" + os.prefix() + "content\"",
                    "opensearch.metrics.index.name: \"" + os.prefix() + "metrics\"",
                    "pagelog.dir: \"" + SquallProcess.path(dir.resolve("pagelog")) + "\"") + "\n");
            run(project, dir.resolve("crawl.txt"), "./squall", "crawl", site.url("/"), "--opensearch", os.address(),
                    "--conf", conf.toString(), "--data", SquallProcess.path(dir.resolve("data")),
                    "--agent", "squall-test", "--delay", "0");

            List<String> requested = web.log().forHost(site.host()).stream().map(LoggedRequest::path)
                    .filter(p -> !p.equals("/robots.txt")).sorted().toList();
            assertEquals(List.of("/", "/a"), requested, "the project's URL filter keeps /private/ out, | and all");

            Map<String, Map<String, Object>> content = os.documents(SquallIndex.CONTENT).stream()
                    .collect(Collectors.toMap(d -> (String) d.get("url"), d -> d));
            assertEquals("8", String.valueOf(content.get(site.url("/")).get("words")),
                    "the page that links to a URL the filter rejects is indexed: " + content);
            assertEquals("Page A", content.get(site.url("/a")).get("heading"), content.toString());

            assertEquals(new TreeSet<>(List.of(site.url("/") + "\t8", site.url("/a") + "\t4")), pageLogLines(),
                    "the project's bolt received every parsed page, with the parse filter's count");
        }
        assertTrue(Files.isDirectory(repository.resolve("org/example/my-crawler/0.1.0-SNAPSHOT")),
                "the project's ./squall installed it into the test's repository, as it installs into the user's");
    }

    /**
     * A local repository of the test's own, with a settings file that mirrors every repository to the build's
     * own local repository as a read-only file:// repository, and a {@code mvn} script that runs Maven offline
     * with them.
     */
    private void isolatedMaven() throws IOException {
        String build = System.getProperty("squall.build.repository");
        assertTrue(build != null && Files.isDirectory(Path.of(build)), "squall.build.repository names the build's"
                + " local repository (the POM's failsafe configuration sets it): " + build);
        repository = Files.createDirectories(dir.resolve("m2").resolve("repository"));
        Path settings = dir.resolve("m2").resolve("settings.xml");
        Files.writeString(settings, String.join("\n",
                "<settings>",
                "  <localRepository>" + repository + "</localRepository>",
                "  <mirrors>",
                "    <mirror>",
                "      <id>squall-build-repository</id>",
                "      <mirrorOf>*</mirrorOf>",
                "      <url>" + Path.of(build).toAbsolutePath().toUri() + "</url>",
                "    </mirror>",
                "  </mirrors>",
                "</settings>", ""));
        mvn = dir.resolve("m2").resolve("mvn");
        // -o: nothing from the network; aether.offline.protocols=file: but the file:// mirror may be read.
        Files.writeString(mvn, String.join("\n",
                "#!/bin/sh",
                "exec mvn -s '" + settings + "' -Dmaven.repo.local='" + repository + "' -o"
                        + " -Daether.offline.protocols=file \"$@\"", ""));
        Files.setPosixFilePermissions(mvn, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** {@code squall new}, told the local repository as a user's -Dmaven.repo.local would. */
    private SquallProcess.Result newProject(Path project, Path localRepository) throws Exception {
        Path run = Files.createDirectories(dir.resolve("new-" + project.getFileName()));
        ClassArchive classes = ClassArchive.get();
        List<String> options = new ArrayList<>(classes.javaOptions());
        options.add("-Dmaven.repo.local=" + localRepository);
        Process process = SquallProcess.start(run, classes.classpath(), options, "new", project.toString(),
                "--package", "org.example.crawler");
        assertTrue(process.waitFor(1, TimeUnit.MINUTES), "squall new ended");
        return new SquallProcess.Result(process.exitValue(), SquallProcess.read(run.resolve("stdout.txt")),
                SquallProcess.read(run.resolve("stderr.txt")));
    }

    /**
     * The project's libraries (those its topology jar holds: compile and runtime scope) are Squall's at the
     * versions Squall resolves for itself, Jackson, Bouncy Castle and ASM among them: Squall's pins reach it.
     */
    private void assertSquallsVersions(Path project) throws Exception {
        Map<String, String> projects = resolved(project, "project");
        Map<String, String> squalls = resolved(Path.of("").toAbsolutePath(), "squall");
        for (String pinned : List.of("com.fasterxml.jackson.core:jackson-core", "com.fasterxml.jackson.core:jackson-databind",
                "org.bouncycastle:bcprov-jdk18on", "org.ow2.asm:asm")) {
            assertTrue(squalls.containsKey(pinned) && projects.containsKey(pinned), pinned + " in both: " + projects);
        }
        Map<String, String> differing = new TreeMap<>();
        squalls.forEach((artifact, version) -> {
            if (!version.equals(projects.get(artifact))) {
                differing.put(artifact, version + " in Squall, " + projects.get(artifact) + " in the project");
            }
        });
        assertEquals(Map.of(), differing, "the project resolves Squall's libraries at Squall's versions");
    }

    /** {@code groupId:artifactId} to version, of what {@code mvn dependency:list} resolves for compile and runtime. */
    private Map<String, String> resolved(Path pomDir, String name) throws Exception {
        Path list = dir.resolve(name + "-dependencies.txt");
        run(pomDir, dir.resolve(name + "-dependency-list.txt"), mvn.toString(), "-B", "-q",
                "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:list", "-DincludeScope=runtime",
                "-DoutputFile=" + list, "-DexcludeGroupIds=io.squall");
        Map<String, String> versions = new TreeMap<>();
        for (String line : Files.readAllLines(list)) {
            // "   group:artifact:type[:classifier]:version:scope -- module ..."
            String[] parts = line.strip().split(" ")[0].split(":");
            if (parts.length >= 5) {
                versions.put(parts[0] + ":" + parts[1], parts[parts.length - 2]);
            }
        }
        assertTrue(versions.size() > 50, name + ": " + Files.readString(list));
        return versions;
    }

    /** What `mvn install` does for a crawler project: Squall's jar and POM, and the flux parent's stand-in. */
    private void installSquall() throws Exception {
        Path jar;
        try (Stream<Path> jars = Files.list(Path.of("target"))) {
            jar = jars.filter(p -> p.getFileName().toString().matches("squall-.*-SNAPSHOT\\.jar|squall-[0-9.]+\\.jar"))
                    .findFirst().orElseThrow(() -> new AssertionError("no target/squall-VERSION.jar: run after package"));
        }
        Path standIn;
        try (Stream<Path> poms = Files.walk(Path.of("build/maven-repo/org/apache/storm/flux"))) {
            standIn = poms.filter(p -> p.toString().endsWith(".pom")).findFirst().orElseThrow();
        }
        Path here = Path.of("").toAbsolutePath();
        // Outside any project, with the install plugin Squall's build uses.
        String installFile = "org.apache.maven.plugins:maven-install-plugin:3.1.3:install-file";
        run(dir, dir.resolve("install.txt"), mvn.toString(), "-B", "-q", installFile,
                "-Dfile=" + jar.toAbsolutePath(), "-DpomFile=" + here.resolve("pom.xml"));
        run(dir, dir.resolve("install-flux.txt"), mvn.toString(), "-B", "-q", installFile,
                "-Dfile=" + standIn.toAbsolutePath(), "-DpomFile=" + standIn.toAbsolutePath(), "-Dpackaging=pom");
    }

    private TreeSet<String> pageLogLines() throws IOException {
        TreeSet<String> lines = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir.resolve("pagelog"))) {
            for (Path file : files.toList()) {
                lines.addAll(Files.readAllLines(file));
            }
        }
        return lines;
    }

    private void run(Path workDir, Path output, String... command) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(List.of(command))).directory(workDir.toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().remove("SQUALL_CLASSPATH");
        builder.environment().put("MVN", mvn.toString());
        builder.environment().put("SQUALL_JAVA_OPTS", "-Xmx1g");
        builder.environment().put("SQUALL_CDS", "off");
        Process process = builder.start();
        if (!process.waitFor(BUILD_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError(String.join(" ", command) + " did not end within " + BUILD_TIMEOUT + ": "
                    + Files.readString(output));
        }
        assertEquals(0, process.exitValue(), String.join(" ", command) + " in " + workDir + ": " + Files.readString(output));
    }
}
