package io.squall.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SeedListTest {
    @TempDir
    Path dir;

    @Test
    void urlsAndFilesWithCommentsMetadataAndProblemsByLine() throws IOException {
        Path file = dir.resolve("seeds.txt");
        Files.writeString(file, "# my seeds\n\nhttps://a.example/\nftp://b.example/\nhttp://c.example/x\tkey=value\n"
                + "https://a.example/\nnot a url\n");
        SeedList seeds = SeedList.read(List.of("http://z.example/", file.toString()));
        assertEquals(List.of("http://z.example/", "https://a.example/", "http://c.example/x"), seeds.urls());
        assertEquals(List.of(file + ":4: 'ftp://b.example/' is not an http or https URL",
                file + ":7: 'not a url' is not a valid URL ('not a url' is relative and has no base URL)"), seeds.problems());
    }

    @Test
    void missingFileIsAnErrorNamingIt() {
        UsageException e = assertThrows(UsageException.class, () -> SeedList.read(List.of(dir.resolve("nope.txt").toString())));
        assertEquals("seeds file '" + dir.resolve("nope.txt") + "' not found", e.getMessage());
        assertEquals("seeds file 'example.com' not found (for a URL, write https://example.com/)",
                assertThrows(UsageException.class, () -> SeedList.read(List.of("example.com"))).getMessage());
    }

    @Test
    void binaryFileIsAnError() throws IOException {
        Path file = dir.resolve("seeds.bin");
        Files.write(file, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        assertTrue(assertThrows(UsageException.class, () -> SeedList.read(List.of(file.toString())))
                .getMessage().endsWith("is not UTF-8 text"));
    }

    @Test
    void noValidSeedIsAnError() throws IOException {
        Path file = dir.resolve("bad.txt");
        Files.writeString(file, "mailto:x@example.com\n", StandardCharsets.UTF_8);
        List<String> args = List.of(file.toString());
        UsageException e = assertThrows(UsageException.class, () -> SeedList.read(args).requireSome(args));
        assertEquals("no valid seed in " + file + ": " + file + ":1: 'mailto:x@example.com' is not an http or https URL",
                e.getMessage());
        // Without seeds the crawl resumes: that is not an error here.
        assertEquals(List.of(), SeedList.read(List.of()).requireSome(List.of()).urls());
    }

    @Test
    void urlWithoutHostOrWithBadSyntax() {
        assertEquals("'http://' is not a valid URL (no host in '//')", SeedList.problemWith("http://"));
        assertTrue(SeedList.problemWith("http://a b/").contains("is not a valid URL"));
    }

    @Test
    void everyUrlTheNormalizerAcceptsIsASeed() {
        // java.net.URI, which read seeds before, has no host for these: the injector stores them all.
        assertEquals(null, SeedList.problemWith("http://my_host.example.com/"));
        assertEquals(null, SeedList.problemWith("http://0x7f.1/"));
        assertEquals(null, SeedList.problemWith("http:///x"), "http://x/ to a browser");
    }
}
