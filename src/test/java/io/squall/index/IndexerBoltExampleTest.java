package io.squall.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.api.storm.StatusStream;
import io.squall.testsupport.BoltDriver;
import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.apache.storm.topology.IRichBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bolt that docs/extending.md shows in the indexer's place, compiled from the page itself and driven with
 * real tuples of the parser's fields: a page is written and its outcome emitted, FETCHED, anchored, with its
 * metadata and discoveries, then acked; a noindex page is not written but still FETCHED; a page that cannot
 * be written is failed and emits nothing.
 */
class IndexerBoltExampleTest {
    private static final Path DOC = Path.of("docs/extending.md");
    private static final String SECTION = "## Replacing the indexer: a bolt in Java";
    private static final Fields PARSER_FIELDS = new Fields("url", "content", "metadata", "text", "discovered");

    @TempDir
    Path dir;
    private Class<?> boltClass;

    @BeforeEach
    void compileTheDocsExample() throws Exception {
        String doc = Files.readString(DOC);
        int section = doc.indexOf(SECTION);
        assertTrue(section >= 0, DOC + " has the section \"" + SECTION + "\"");
        Matcher code = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(doc);
        assertTrue(code.find(section), "the section has a Java example");
        Path source = dir.resolve("src/com/example/crawler/JsonLinesIndexerBolt.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, code.group(1));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int result = javac.run(null, errors, errors, "-classpath", System.getProperty("java.class.path"),
                "-d", classes.toString(), source.toString());
        assertEquals(0, result, "the example compiles against Squall: " + errors.toString(StandardCharsets.UTF_8));
        URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader());
        boltClass = loader.loadClass("com.example.crawler.JsonLinesIndexerBolt");
    }

    private IRichBolt prepared(BoltDriver driver, Path jsonl) throws Exception {
        IRichBolt bolt = (IRichBolt) boltClass.getConstructor().newInstance();
        Map<String, Object> conf = new HashMap<>();
        conf.put("mycrawler.jsonl.dir", jsonl.toString());
        bolt.prepare(conf, driver.context(), driver.collector());
        return bolt;
    }

    @Test
    void aPageIsWrittenThenItsOutcomeEmittedWithItsLinksAndAcked() throws Exception {
        BoltDriver driver = new BoltDriver(Map.of("default", PARSER_FIELDS));
        Path jsonl = dir.resolve("jsonl");
        IRichBolt bolt = prepared(driver, jsonl);

        Metadata metadata = new Metadata().set("parse.title", "Home").set("_writes.ticket", "7");
        List<Discovered> links = List.of(new Discovered("https://example.org/a", new Metadata().set("depth", "1")));
        Tuple page = driver.tuple("default", "https://example.org/", new byte[0], metadata, "Welcome home", links);
        bolt.execute(page);
        Metadata hidden = new Metadata().set("robots.noIndex", "true");
        Tuple noIndex = driver.tuple("default", "https://example.org/hidden", new byte[0], hidden, "secret", List.of());
        bolt.execute(noIndex);
        bolt.cleanup();

        List<String> lines = Files.readAllLines(jsonl.resolve("pages-" + driver.context().getThisTaskId() + ".jsonl"));
        assertEquals(List.of(Map.of("url", "https://example.org/", "title", "Home", "text", "Welcome home")),
                lines.stream().map(IndexerBoltExampleTest::json).toList(), "the noindex page is not written");
        assertEquals(List.of(page, noIndex), driver.acked());
        List<BoltDriver.Emitted> emitted = driver.emitted();
        assertEquals(2, emitted.size());
        BoltDriver.Emitted outcome = emitted.get(0);
        assertEquals(StatusStream.NAME, outcome.stream());
        assertEquals(List.of(page), outcome.anchors());
        assertEquals(List.of("https://example.org/", metadata, Status.FETCHED, links), outcome.values(),
                "the metadata received (its _writes.ticket too) and the parser's links");
        assertEquals(Status.FETCHED, emitted.get(1).values().get(2));
    }

    @Test
    void aPageThatCannotBeWrittenFailsAndEmitsNothing() throws Exception {
        BoltDriver driver = new BoltDriver(Map.of("default", PARSER_FIELDS));
        Path jsonl = dir.resolve("jsonl");
        IRichBolt bolt = prepared(driver, jsonl);
        bolt.cleanup(); // its file closed under it: every write fails

        Tuple page = driver.tuple("default", "https://example.org/", new byte[0], new Metadata(), "text", List.of());
        bolt.execute(page);

        assertEquals(List.of(page), driver.failed());
        assertEquals(List.of(), driver.acked());
        assertEquals(List.of(), driver.emitted());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(String line) {
        try {
            return new ObjectMapper().readValue(line, Map.class);
        } catch (Exception e) {
            throw new AssertionError("not a JSON line: " + line, e);
        }
    }
}
