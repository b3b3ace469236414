package io.squall.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.squall.testsupport.Ci;
import io.squall.testsupport.OpenSearchExtension;
import io.squall.testsupport.Sha1Base32;
import io.squall.testsupport.TestOpenSearch;
import io.squall.testweb.LoggedRequest;
import io.squall.testweb.Response;
import io.squall.testweb.Site;
import io.squall.testweb.TestWeb;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.WarcCaptureRecord;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcTruncationReason;
import org.netpreserve.jwarc.Warcinfo;

/**
 * The WARC files of a real crawl (the squall command, local mode, files under --data) read back record by
 * record: a response (or revisit) and a request for every answer the test web gave, each as the web served
 * it, the duplicate page as a revisit of its first capture, the page past the content limit marked
 * truncated. Then an independent reader, the warcio npm package's CLI, must index the same records (skipped
 * without npm, saying so, except in CI, where it fails: .ci/run installs npm).
 */
@ExtendWith(OpenSearchExtension.class)
class WarcCrawlIT {
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final int LIMIT = 10_000;
    private static final String WARCIO = "warcio@2.4.11";

    @TempDir
    Path dir;

    /** What one answer became in the files, read while its record was at hand. */
    private record Capture(WarcCaptureRecord record, Path file, int status, Map<String, List<String>> headers,
            byte[] payload) {
    }

    @Test
    void theWarcFilesOfACrawlHoldEveryExchangeAsTheWebServedIt(TestOpenSearch os) throws Exception {
        try (TestWeb web = TestWeb.start(1)) {
            Site a = web.site(0);
            Map<String, byte[]> bodies = buildWeb(a);
            Path conf = ScopedCrawlConf.write(dir, os, List.of(a.host()), "http.content.limit: " + LIMIT);
            SquallProcess.Result run = SquallProcess.run(dir.resolve("run"), TIMEOUT, "crawl", a.url("/"),
                    "--opensearch", os.address(), "--conf", conf.toString(), "--data",
                    SquallProcess.path(dir.resolve("data")), "--agent", "squall-test", "--delay", "0", "--json");
            assertEquals(0, run.exitCode(), run.stderr());
            assertTrue(run.stderr().contains(", WARC files in " + dir.resolve("data").resolve("warc").toAbsolutePath()),
                    "the header says where the files go: " + run.stderr());

            List<Path> files = warcFiles(dir.resolve("data").resolve("warc"));
            Map<java.net.URI, Capture> captures = new HashMap<>();
            Map<java.net.URI, WarcRequest> requestsByResponse = new HashMap<>();
            List<WarcRecord> all = new ArrayList<>();
            read(files, captures, requestsByResponse, all);

            // Every answer the web gave, once, with the request the server saw, as the web served it.
            List<LoggedRequest> answered = web.log().all();
            Map<String, Capture> byUrl = new TreeMap<>();
            for (Capture c : captures.values()) {
                assertTrue(byUrl.put(c.record().target(), c) == null, "one capture per URL: " + c.record().target());
            }
            assertEquals(answered.size(), captures.size(), "a response or revisit per answer: " + byUrl.keySet());
            for (LoggedRequest seen : answered) {
                Capture c = byUrl.get(a.url(seen.path()));
                assertNotNull(c, "no capture of " + seen.path() + " in " + byUrl.keySet());
                assertEquals(seen.status(), c.status(), seen.path());
                assertEquals("127.0.0.2", c.record().ipAddress().orElseThrow().getHostAddress());
                WarcRequest request = requestsByResponse.get(c.record().id());
                assertNotNull(request, "a request concurrent to " + seen.path());
                assertEquals(c.record().target(), request.target());
                assertEquals(c.record().date(), request.date());
                assertEquals(List.of(seen.headers().strip().split("\r\n")), headerLines(request),
                        "the request as the server saw it: " + seen.path());
                byte[] served = bodies.get(seen.path());
                if (served != null && c.record() instanceof WarcResponse) {
                    boolean cut = served.length > LIMIT;
                    assertArrayEquals(cut ? Arrays.copyOf(served, LIMIT) : served, c.payload(), seen.path());
                    assertEquals(cut ? WarcTruncationReason.LENGTH : WarcTruncationReason.NOT_TRUNCATED,
                            c.record().truncated(), seen.path());
                    assertEquals("sha1:" + Sha1Base32.of(c.payload()),
                            c.record().payloadDigest().orElseThrow().prefixedBase32(), seen.path());
                }
            }
            assertTrue(byUrl.containsKey(a.url("/robots.txt")), "robots.txt is archived too");
            assertEquals(List.of("gzip"), byUrl.get(a.url("/gz")).headers().get("content-encoding"),
                    "the gzip body is stored as received");

            // The same page under two URLs: the second is a revisit of the first.
            Capture one = byUrl.get(a.url("/one"));
            Capture two = byUrl.get(a.url("/two"));
            Capture first = one.record() instanceof WarcResponse ? one : two;
            Capture second = first == one ? two : one;
            WarcRevisit revisit = (WarcRevisit) second.record();
            assertEquals(WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_0, revisit.profile());
            assertEquals(first.record().id(), revisit.refersTo().orElseThrow());
            assertEquals(first.record().target(), revisit.refersToTargetURI().orElseThrow().toString());
            assertEquals(first.record().date(), revisit.refersToDate().orElseThrow());
            assertEquals(first.record().payloadDigest(), revisit.payloadDigest());
            assertEquals(1, captures.values().stream().filter(c -> c.record() instanceof WarcRevisit).count());

            readableByWarcio(files, all, captures.values());
        }
    }

    private static Map<String, byte[]> buildWeb(Site a) throws IOException {
        Map<String, byte[]> bodies = new HashMap<>();
        String duplicate = "<html><head><title>twice</title></head><body>the same page under two URLs</body></html>";
        byte[] html = "<html><body><p>compressed on the wire</p></body></html>".getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(gzipped)) {
            gz.write(html);
        }
        String robots = "User-agent: *\nDisallow: /private/\n";
        serve(a, bodies, "/", Response.page("home", "/one", "/two", "/gz", "/big", "/missing", "/moved",
                "/private/x"));
        serve(a, bodies, "/one", Response.html(duplicate));
        serve(a, bodies, "/two", Response.html(duplicate));
        serve(a, bodies, "/gz", Response.encoded(gzipped.toByteArray(), "gzip"));
        serve(a, bodies, "/big", Response.html("<html><body>" + "z".repeat(3 * LIMIT) + "</body></html>"));
        serve(a, bodies, "/missing", Response.status(404).body("not here"));
        serve(a, bodies, "/moved", Response.redirect(301, "/one"));
        serve(a, bodies, "/robots.txt", Response.text(robots));
        return bodies;
    }

    private static void serve(Site site, Map<String, byte[]> bodies, String path, Response response) {
        site.on(path, response);
        bodies.put(path, response.bodyBytes());
    }

    private static List<Path> warcFiles(Path warcDir) throws IOException {
        try (Stream<Path> list = Files.list(warcDir)) {
            List<Path> files = list.sorted().toList();
            String name = "squall-\\d{17}-[A-Za-z0-9._-]+-\\d+-\\d+-\\d{5}\\.warc\\.gz"; // time-host-port-task-seq
            for (Path f : files) {
                assertTrue(f.getFileName().toString().matches(name), "a finished file with its name: " + f.getFileName());
            }
            assertTrue(!files.isEmpty(), "files in " + warcDir);
            return files;
        }
    }

    private static void read(List<Path> files, Map<java.net.URI, Capture> captures,
            Map<java.net.URI, WarcRequest> requestsByResponse, List<WarcRecord> all) throws IOException {
        for (Path file : files) {
            try (WarcReader reader = new WarcReader(file)) {
                boolean firstRecord = true;
                for (WarcRecord r : reader) {
                    all.add(r);
                    if (firstRecord) {
                        assertTrue(r instanceof Warcinfo, "a file begins with its warcinfo: " + file);
                        firstRecord = false;
                    } else if (r instanceof WarcResponse || r instanceof WarcRevisit) {
                        WarcCaptureRecord record = (WarcCaptureRecord) r;
                        HttpResponse http = r instanceof WarcResponse resp ? resp.http() : ((WarcRevisit) r).http();
                        Map<String, List<String>> headers = new HashMap<>();
                        http.headers().map().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v));
                        captures.put(r.id(), new Capture(record, file, http.status(), headers,
                                http.body().stream().readAllBytes()));
                    } else if (r instanceof WarcRequest request) {
                        request.http(); // parsed while the reader is on it
                        requestsByResponse.put(request.concurrentTo().get(0), request);
                    }
                }
            }
        }
    }

    private static List<String> headerLines(WarcRequest request) throws IOException {
        String head = new String(request.http().serializeHeader(), StandardCharsets.ISO_8859_1);
        return List.of(head.substring(head.indexOf("\r\n") + 2).strip().split("\r\n"));
    }

    /**
     * The warcio npm package, a reader that shares nothing with jwarc, indexes every record where jwarc found
     * it, with the same type and target, and the same status and payload digest for every capture.
     */
    private static void readableByWarcio(List<Path> files, List<WarcRecord> jwarcRecords,
            java.util.Collection<Capture> captures) throws Exception {
        Ci.require(onPath("npm"), "npm is not installed (apt-get install npm): the independent reader (warcio) was"
                + " not run");
        // Installed under target/ (a build's output), with npm's cache there too rather than in the user's home.
        Path home = Path.of("target", "warcio").toAbsolutePath();
        Path cli = home.resolve("node_modules").resolve(".bin").resolve("warcio");
        if (!Files.isExecutable(cli)) {
            Files.createDirectories(home);
            String out = run(home, "npm", "install", "--no-audit", "--no-fund", "--prefix", home.toString(),
                    "--cache", home.resolve("npm-cache").toString(), WARCIO);
            assertTrue(Files.isExecutable(cli), "npm install " + WARCIO + ": " + out);
        }
        List<String> index = new ArrayList<>(List.of(cli.toString(), "index"));
        files.forEach(f -> index.add(f.toString()));
        index.addAll(List.of("-f", "offset", "warc-type", "warc-target-uri", "warc-record-id"));
        List<JsonNode> lines = jsonLines(run(home, index.toArray(String[]::new)));
        assertEquals(jwarcRecords.size(), lines.size(), "records found by warcio and jwarc");
        for (int i = 0; i < lines.size(); i++) {
            WarcRecord r = jwarcRecords.get(i);
            JsonNode w = lines.get(i);
            assertEquals(r.position(), w.get("offset").asLong(), "offset of record " + i);
            assertEquals(r.type(), w.get("warc-type").asText(), "type of record " + i);
            assertEquals("<" + r.id() + ">", w.get("warc-record-id").asText(), "id of record " + i);
        }
        // cdx-index parses each capture's HTTP head: the same captures, where jwarc found them, same status.
        List<String> cdx = new ArrayList<>(List.of(cli.toString(), "cdx-index"));
        files.forEach(f -> cdx.add(f.toString()));
        cdx.addAll(List.of("--format", "json"));
        Map<String, String> expected = new TreeMap<>();
        for (Capture c : captures) {
            expected.put(c.file().getFileName() + "@" + c.record().position(), c.record().target() + " " + c.status());
        }
        Map<String, String> indexed = new TreeMap<>();
        for (JsonNode line : jsonLines(run(home, cdx.toArray(String[]::new)))) {
            indexed.put(line.get("filename").asText() + "@" + line.get("offset").asLong(),
                    line.get("url").asText() + " " + line.get("status").asText());
        }
        assertEquals(expected, indexed, "warcio's CDX index: every response and revisit, same URL and status");
    }

    private static List<JsonNode> jsonLines(String text) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank()) {
                lines.add(json.readTree(line));
            }
        }
        return lines;
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        return path != null && Arrays.stream(path.split(File.pathSeparator))
                .anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    private static String run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), String.join(" ", command) + " did not end");
        String text = new String(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + text);
        return text;
    }
}
