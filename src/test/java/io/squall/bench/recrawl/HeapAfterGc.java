package io.squall.bench.recrawl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM's heap after a full collection, asked of it with one {@code jcmd PID -f FILE}: GC.run, then
 * GC.heap_info. Why force one: under the parallel collector (squall's) the old generation's usage after a
 * collection moves only at a full collection, which an hour of crawling may not have, and the heap used
 * between collections is mostly garbage; after a full collection what is left is what the crawler holds.
 * The collection costs the crawler a pause and some CPU each time, the same in every minute.
 */
final class HeapAfterGc {
    /** "PSYoungGen total 611840K, used 10485K", "ParOldGen ...", or G1's "garbage-first heap total ..., used ...". */
    private static final Pattern USED = Pattern.compile("total \\d+K, used (\\d+)K");

    private final Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    private final Path commands;

    HeapAfterGc(Path dir) throws IOException {
        this.commands = Files.writeString(dir.resolve("heap-after-gc.jcmd"), "GC.run\nGC.heap_info\n");
    }

    /** Megabytes of heap in use after a full collection, or NaN when the JVM could not be asked. */
    double megabytes(long pid) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "-f", commands.toString())
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            return Double.NaN;
        }
        Matcher m = USED.matcher(output);
        long kilobytes = 0;
        boolean found = false;
        while (m.find()) {
            kilobytes += Long.parseLong(m.group(1));
            found = true;
        }
        return found ? kilobytes / 1024.0 : Double.NaN;
    }
}
