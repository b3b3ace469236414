package io.squall.warc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.http.HttpExchange;
import io.squall.metrics.CounterTally;
import io.squall.testsupport.Sha1Base32;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcTruncationReason;
import org.netpreserve.jwarc.Warcinfo;

class WarcFilesTest {
    private static final Instant T0 = Instant.parse("2026-11-25T10:15:30.250Z");
    private static final String NAME = "squall-\\d{17}-w1-\\d{5}\\.warc\\.gz";

    @TempDir
    Path dir;

    private final CounterTally counters = new CounterTally();
    /** The block of every record read, by record id. */
    private final Map<java.net.URI, byte[]> blocks = new java.util.HashMap<>();

    private WarcFiles files(long rotateBytes, int revisits) {
        return files(rotateBytes, revisits, 6);
    }

    private WarcFiles files(long rotateBytes, int revisits, int level) {
        return new WarcFiles(dir, "w1", rotateBytes, Map.of("software", List.of("test")), revisits, level, counters,
                Clock.fixed(T0, ZoneOffset.UTC));
    }

    @Test
    void recordsAreCompressedAtTheLevelAskedAndReadBackWhole() throws Exception {
        StringBuilder page = new StringBuilder("<html><body>");
        Random random = new Random(7);
        for (int i = 0; i < 4000; i++) { // words from a small vocabulary: what levels 1 and 9 compress apart
            page.append(List.of("crawl", "frontier", "status", "fetch", "parse", "index", "host", "queue")
                    .get(random.nextInt(8))).append(i % 13 == 0 ? "<br>\n" : " ");
        }
        byte[] body = page.append("</body></html>").toString().getBytes(StandardCharsets.UTF_8);
        long[] sizes = new long[2];
        int[] levels = {1, 9};
        for (int i = 0; i < 2; i++) {
            try (WarcFiles files = files(1_000_000, 10, levels[i])) {
                files.write(response("http://a.example/" + i, 200, body, false));
            }
            Path file = onlyFile();
            WarcResponse response = assertInstanceOf(WarcResponse.class, readAll(file).get(1));
            byte[] block = blocks.get(response.id()); // the HTTP head, then the body
            assertArrayEquals(body, java.util.Arrays.copyOfRange(block, block.length - body.length, block.length));
            assertBlockDigest(response);
            sizes[i] = Files.size(file);
            Files.delete(file);
        }
        assertTrue(sizes[1] < sizes[0] * 0.95, "level 9 " + sizes[1] + " bytes against level 1 " + sizes[0]);
    }

    @Test
    void aFetchIsAResponseAndARequestWithDigestsAddressAndDates() throws Exception {
        byte[] body = "<html>hello</html>".getBytes(StandardCharsets.UTF_8);
        try (WarcFiles files = files(1_000_000, 10)) {
            files.write(response("http://a.example/x", 200, body, false));
        }
        List<WarcRecord> records = readAll(onlyFile());
        assertEquals(3, records.size(), records.toString());
        Warcinfo info = assertInstanceOf(Warcinfo.class, records.get(0));
        assertTrue(info.filename().orElseThrow().matches(NAME), info.filename().toString());
        assertEquals("test", info.fields().first("software").orElseThrow());

        WarcResponse response = assertInstanceOf(WarcResponse.class, records.get(1));
        assertEquals("http://a.example/x", response.target());
        assertEquals(Instant.parse("2026-11-25T10:15:30Z"), response.date());
        assertEquals(InetAddress.getByName("192.0.2.7"), response.ipAddress().orElseThrow());
        assertEquals(info.id(), response.warcinfoID().orElseThrow());
        assertEquals(200, response.http().status());
        assertEquals("text/html", response.http().headers().first("Content-Type").orElseThrow());
        assertArrayEquals(body, response.http().body().stream().readAllBytes());
        assertEquals("sha1:" + Sha1Base32.of(body), response.payloadDigest().orElseThrow().prefixedBase32());
        assertBlockDigest(response);
        assertEquals(WarcTruncationReason.NOT_TRUNCATED, response.truncated());

        WarcRequest request = assertInstanceOf(WarcRequest.class, records.get(2));
        assertEquals(List.of(response.id()), request.concurrentTo());
        assertEquals("http://a.example/x", request.target());
        assertEquals("/x", request.http().target());
        assertEquals("squall-test", request.http().headers().first("User-Agent").orElseThrow());
        assertBlockDigest(request);
        assertEquals(2, counters.get("warc.records"));
        assertEquals(Files.size(onlyFile()), counters.get("warc.bytes"));
    }

    @Test
    void aPayloadSeenBeforeUnderAnotherUrlIsARevisitOfItsFirstCapture() throws Exception {
        byte[] body = "same page".getBytes(StandardCharsets.UTF_8);
        try (WarcFiles files = files(1_000_000, 10)) {
            files.write(response("http://a.example/one", 200, body, false));
            files.write(response("http://a.example/two", 200, body, false));
            files.write(response("http://a.example/gone", 404, body, false)); // errors are never revisits
        }
        List<WarcRecord> records = readAll(onlyFile());
        WarcResponse first = assertInstanceOf(WarcResponse.class, records.get(1));
        WarcRevisit revisit = assertInstanceOf(WarcRevisit.class, records.get(3));
        assertEquals("http://a.example/two", revisit.target());
        assertEquals(WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_0, revisit.profile());
        assertEquals(first.id(), revisit.refersTo().orElseThrow());
        assertEquals(first.target(), revisit.refersToTargetURI().orElseThrow().toString());
        assertEquals(first.date(), revisit.refersToDate().orElseThrow());
        assertEquals(first.payloadDigest(), revisit.payloadDigest());
        assertEquals(200, revisit.http().status());
        assertEquals(0, revisit.http().body().stream().readAllBytes().length, "a revisit holds the head only");
        assertBlockDigest(revisit);
        assertEquals(revisit.id(), ((WarcRequest) records.get(4)).concurrentTo().get(0));
        assertInstanceOf(WarcResponse.class, records.get(5));
        assertEquals(1, counters.get("warc.revisits"));
    }

    @Test
    void theDigestMemoryIsBoundedAndForgetsTheLeastRecentFirst() throws Exception {
        try (WarcFiles files = files(1_000_000, 1)) {
            files.write(response("http://a.example/a1", 200, bytes("A"), false));
            files.write(response("http://a.example/b1", 200, bytes("B"), false)); // A forgotten
            files.write(response("http://a.example/a2", 200, bytes("A"), false)); // written in full; B forgotten
            files.write(response("http://a.example/a3", 200, bytes("A"), false)); // a revisit of a2
        }
        List<WarcRecord> records = readAll(onlyFile());
        assertInstanceOf(WarcResponse.class, records.get(5));
        WarcRevisit revisit = assertInstanceOf(WarcRevisit.class, records.get(7));
        assertEquals("http://a.example/a2", revisit.refersToTargetURI().orElseThrow().toString());
    }

    @Test
    void aBodyCutAtTheContentLimitIsMarkedTruncatedAndNeverRevisited() throws Exception {
        byte[] part = bytes("the first bytes only");
        try (WarcFiles files = files(1_000_000, 10)) {
            files.write(response("http://a.example/big", 200, part, true));
            files.write(response("http://a.example/big2", 200, part, true));
        }
        List<WarcRecord> records = readAll(onlyFile());
        for (int i : new int[] {1, 3}) {
            WarcResponse r = assertInstanceOf(WarcResponse.class, records.get(i));
            assertEquals(WarcTruncationReason.LENGTH, r.truncated());
            assertArrayEquals(part, r.http().body().stream().readAllBytes());
        }
    }

    @Test
    void filesRotateBySizeEachWithItsWarcinfoAndNamesThatDoNotCollide() throws Exception {
        Random random = new Random(7);
        try (WarcFiles files = files(4_000, 10)) {
            for (int i = 0; i < 12; i++) {
                byte[] noise = new byte[1500]; // incompressible: about 1.5 KB a fetch
                random.nextBytes(noise);
                files.write(response("http://a.example/" + i, 200, noise, false));
                Path open = files.openFile();
                if (open != null) {
                    assertTrue(open.getFileName().toString().matches(NAME + "\\.open"), open.toString());
                }
            }
        }
        List<Path> written = warcFiles();
        assertTrue(written.size() >= 3, written.toString());
        List<String> targets = new ArrayList<>();
        for (Path file : written) {
            assertTrue(file.getFileName().toString().matches(NAME), file.toString());
            List<WarcRecord> records = readAll(file);
            assertEquals(file.getFileName().toString(), ((Warcinfo) records.get(0)).filename().orElseThrow());
            for (WarcRecord r : records.subList(1, records.size())) {
                if (r instanceof WarcResponse response) {
                    targets.add(response.target());
                    assertEquals(records.get(0).id(), response.warcinfoID().orElseThrow(), "its own file's warcinfo");
                }
            }
            assertTrue(Files.size(file) < 4_000 + 2 * 1_700, "rotated once past the size: " + Files.size(file));
        }
        assertEquals(12, targets.size(), "every fetch once, in order: " + targets);
        assertEquals("http://a.example/0", targets.get(0));
        assertEquals(written.size(), counters.get("warc.files"));
    }

    @Test
    void aFileCutMidRecordIsReadableUpToItsLastCompleteRecord() throws Exception {
        WarcFiles files = files(1_000_000, 10);
        for (int i = 0; i < 5; i++) {
            files.write(response("http://a.example/" + i, 200, bytes("page " + i), false));
        }
        // As after kill -9: the file keeps its .open name, and may end in the middle of a record.
        Path open = files.openFile();
        byte[] whole = Files.readAllBytes(open);
        Path cut = dir.resolve("cut.warc.gz");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length - 20));
        List<WarcRecord> records = new ArrayList<>();
        try (WarcReader reader = new WarcReader(cut)) {
            assertThrows(IOException.class, () -> {
                try {
                    for (WarcRecord r : reader) {
                        r.body().consume();
                        records.add(r);
                    }
                } catch (java.io.UncheckedIOException e) {
                    throw e.getCause(); // the iterator wraps the reader's exception
                }
            });
        }
        assertEquals(10, records.size(), "warcinfo and 4 complete fetches, the 5th request lost");
        assertEquals("http://a.example/4", ((WarcResponse) records.get(9)).target());
        files.close();
    }

    @Test
    void aWriterFinishesTheFilesItsDeadPredecessorLeftOpenAndNoOtherWritersFiles() throws Exception {
        Path ownDead = deadFile("squall-20260101000000000-w1-00003.warc.gz.open");
        WarcFiles other = new WarcFiles(dir, "w2", 1_000_000, Map.of(), 10, 6, counters, Clock.systemUTC());
        other.write(response("http://a.example/2", 200, bytes("y"), false));
        Path othersLive = other.openFile();

        WarcFiles restarted = files(1_000_000, 10);
        restarted.write(response("http://a.example/1", 200, bytes("x"), false));
        assertTrue(Files.exists(dir.resolve("squall-20260101000000000-w1-00003.warc.gz")), "renamed");
        assertFalse(Files.exists(ownDead));
        assertTrue(Files.exists(othersLive), "another writer's file keeps its name");
        restarted.close();
        other.close();
        assertEquals(3, finishedFiles());
    }

    @Test
    void aDirectoryNoWriterUsesHasAllItsOpenFilesFinished() throws Exception {
        deadFile("squall-20260101000000000-a-00000.warc.gz.open");
        deadFile("squall-20260101000000000-b-00007.warc.gz.open");
        WarcFiles.finishAllLeftovers(dir);
        assertEquals(2, finishedFiles());
        WarcFiles.finishAllLeftovers(dir.resolve("missing")); // no directory yet: nothing to do
    }

    private Path deadFile(String name) throws IOException {
        Path dead = dir.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dead))) {
            out.write(bytes("WARC/1.0\r\n"));
        }
        return dead;
    }

    /** Files with a finished name, whoever wrote them; none may be left open. */
    private long finishedFiles() throws IOException {
        try (Stream<Path> all = Files.list(dir)) {
            List<String> names = all.map(p -> p.getFileName().toString()).toList();
            assertTrue(names.stream().noneMatch(n -> n.endsWith(".open")), names.toString());
            return names.stream().filter(n -> n.endsWith(".warc.gz")).count();
        }
    }

    /** A fetch as HttpProtocol hands it over. */
    static WarcFiles.Answer response(String url, int status, byte[] body, boolean truncated) {
        String path = url.substring(url.indexOf('/', 8));
        byte[] request = ("GET " + path + " HTTP/1.1\r\nHost: a.example\r\nUser-Agent: squall-test\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        byte[] head = ("HTTP/1.1 " + status + " X\r\nContent-Type: text/html\r\nContent-Length: " + body.length
                + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1);
        HttpExchange wire = new HttpExchange(T0, "192.0.2.7", request, head, body, truncated);
        return new WarcFiles.Answer(url, status, wire);
    }

    private void assertBlockDigest(WarcRecord r) throws Exception {
        assertEquals("sha1:" + Sha1Base32.of(blocks.get(r.id())), r.blockDigest().orElseThrow().prefixedBase32());
    }

    private List<WarcRecord> readAll(Path file) throws IOException {
        List<WarcRecord> records = new ArrayList<>();
        try (WarcReader reader = new WarcReader(file)) {
            for (WarcRecord r : reader) {
                // the body's bytes read now: the reader moves on at the next record
                byte[] block = r.body().stream().readAllBytes();
                blocks.put(r.id(), block);
                records.add(reparse(r, block));
            }
        }
        return records;
    }

    /** The record again, over its own copy of the block, so that it can be read after the reader moved on. */
    private static WarcRecord reparse(WarcRecord r, byte[] block) throws IOException {
        byte[] header = r.serializeHeader();
        byte[] whole = new byte[header.length + block.length + 4];
        System.arraycopy(header, 0, whole, 0, header.length);
        System.arraycopy(block, 0, whole, header.length, block.length);
        System.arraycopy(new byte[] {'\r', '\n', '\r', '\n'}, 0, whole, header.length + block.length, 4);
        try (WarcReader again = new WarcReader(new java.io.ByteArrayInputStream(whole))) {
            WarcRecord copy = again.next().orElseThrow();
            assertNotNull(copy);
            return copy;
        }
    }

    private Path onlyFile() throws IOException {
        List<Path> files = warcFiles();
        assertEquals(1, files.size(), files.toString());
        return files.get(0);
    }

    private List<Path> warcFiles() throws IOException {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.getFileName().toString().matches(NAME)).sorted().toList();
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
