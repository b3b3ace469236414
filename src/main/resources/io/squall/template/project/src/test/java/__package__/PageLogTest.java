package {{package}};

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PageLogTest {
    @Test
    void writesOneLinePerPageAndKeepsWhatWasThere(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("logs/pages-1.tsv");
        try (PageLog log = new PageLog(file)) {
            log.log("http://example.org/", "12");
        }
        try (PageLog log = new PageLog(file)) {
            log.log("http://example.org/b", null);
        }
        assertEquals(List.of("http://example.org/\t12", "http://example.org/b\t"), Files.readAllLines(file));
    }
}
