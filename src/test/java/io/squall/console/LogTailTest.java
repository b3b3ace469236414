package io.squall.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogTailTest {

    @Test
    void theLastCompleteLinesOldestFirst(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("crawl.log");
        assertEquals(List.of(), LogTail.read(log, 5), "no log yet");
        Files.writeString(log, "one\ntwo\nthree\nfour\nhalf a li", StandardCharsets.UTF_8);
        assertEquals(List.of("three", "four"), LogTail.read(log, 2), "a line being written is left out");
        assertEquals(List.of("one", "two", "three", "four"), LogTail.read(log, 10));
    }

    @Test
    void aLargeFileIsReadFromItsEndOnlyAndItsFirstCutLineLeftOut(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("crawl.log");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            lines.add("line " + i + " é".repeat(i % 7));
        }
        Files.write(log, lines, StandardCharsets.UTF_8);
        List<String> tail = LogTail.read(log, 100_000);
        assertEquals(lines.get(lines.size() - 1), tail.get(tail.size() - 1));
        assertEquals(lines.subList(lines.size() - tail.size(), lines.size()), tail, "whole lines only");
        int bytes = tail.stream().mapToInt(l -> l.getBytes(StandardCharsets.UTF_8).length + 1).sum();
        assertEquals(true, bytes <= LogTail.MAX_BYTES, bytes + " bytes");
    }
}
