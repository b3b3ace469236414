package io.squall.parse;

import io.squall.api.Metadata;
import io.squall.config.CrawlerConfig;
import io.squall.metrics.Counters;
import io.squall.testsupport.TestDocuments;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU a document costs the parser: its own thread's CPU time and its Tika child JVM's (the JVM's total, read
 * from the operating system), after a warm-up round, for generated documents with a link each: a one-page PDF
 * of one line, a DOCX and an ODT of one paragraph of 60 sentences. CPU time, not wall time: the machine may be shared. Not a test: run
 * {@code DocumentBenchmark [documents per type] [rounds]}.
 */
public final class DocumentBenchmark {
    private static final String BASE = "http://docs.example.org/";

    public static void main(String[] args) throws Exception {
        int count = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            text.append("Sentence ").append(i).append(" of a document that is long enough to be a page. ");
        }
        Map<String, byte[]> kinds = new LinkedHashMap<>();
        kinds.put("pdf", TestDocuments.pdf("PDF", text.substring(0, 90), BASE + "linked"));
        kinds.put("docx", TestDocuments.docx("DOCX", text.toString(), BASE + "linked"));
        kinds.put("odt", TestDocuments.odt("ODT", text.toString(), BASE + "linked"));
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        ParseProcessor processor = ParseProcessor.fromConfig(CrawlerConfig.defaults(), Counters.NONE);
        try {
            processor.process(BASE + "first.txt", "a first document".getBytes(StandardCharsets.UTF_8),
                    new Metadata().set("Content-Type", "text/plain"));
            System.out.printf("the Tika JVM's start and first (plain text) document: %.2f s CPU%n",
                    childCpu().toNanos() / 1e9);
            for (int round = 0; round <= rounds; round++) { // round 0 starts the child JVM and warms it up
                for (Map.Entry<String, byte[]> kind : kinds.entrySet()) {
                    long thread0 = cpu.getCurrentThreadCpuTime();
                    Duration child0 = childCpu();
                    int pages = 0;
                    for (int i = 0; i < count; i++) {
                        ParseProcessor.Outcome outcome = processor.process(BASE + i + "." + kind.getKey(),
                                kind.getValue(), new Metadata());
                        pages += outcome.kind() == ParseProcessor.Kind.PAGE ? 1 : 0;
                    }
                    double thread = (cpu.getCurrentThreadCpuTime() - thread0) / 1e9;
                    double child = (childCpu().minus(child0)).toNanos() / 1e9;
                    if (round > 0) {
                        System.out.printf("round %d %-4s %d parsed (%d bytes each): %.1f ms CPU a document"
                                + " (parser thread %.1f, Tika JVM %.1f)%n", round, kind.getKey(), pages,
                                kind.getValue().length, 1000 * (thread + child) / count, 1000 * thread / count,
                                1000 * child / count);
                    }
                }
            }
        } finally {
            processor.close();
        }
    }

    /** The CPU time of this JVM's child processes (the Tika JVM). */
    private static Duration childCpu() {
        return ProcessHandle.current().children().map(p -> p.info().totalCpuDuration().orElse(Duration.ZERO))
                .reduce(Duration.ZERO, Duration::plus);
    }
}
