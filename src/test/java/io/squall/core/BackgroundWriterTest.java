package io.squall.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class BackgroundWriterTest {

    /** An output whose first write waits until released, as a disk that has stalled. */
    private static final class StalledOutput implements BackgroundWriter.Output<String> {
        final CountDownLatch writing = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<String> written = new CopyOnWriteArrayList<>();
        volatile boolean closed;

        @Override
        public void write(String item) throws IOException {
            writing.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IOException(e);
            }
            if (item.equals("fail")) {
                throw new IOException("disk full");
            }
            written.add(item);
        }

        @Override
        public void flush() {
            // nothing buffered
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void aStalledOutputNeverHoldsTheProducerItemsPastTheBoundsAreDroppedAndCounted() throws Exception {
        StalledOutput out = new StalledOutput();
        BackgroundWriter<String> writer = new BackgroundWriter<>("test", out, 3, 10, String::length);
        assertTrue(writer.offer("aaaa"));
        assertTrue(out.writing.await(30, TimeUnit.SECONDS), "the writer took the first item and stalled on it");
        assertTrue(writer.offer("bbbb"));
        assertFalse(writer.offer("ccc"), "4 + 4 + 3 bytes: past the weight bound");
        assertTrue(writer.offer("cc"));
        assertFalse(writer.offer("d"), "3 items queued: past the item bound");
        assertEquals(2, writer.dropped());

        out.release.countDown();
        writer.close(30);
        assertEquals(List.of("aaaa", "bbbb", "cc"), out.written, "what was queued is written, in order, at close");
        assertTrue(out.closed);
    }

    @Test
    void afterTheOutputFailsEverythingIsDroppedAndCounted() throws Exception {
        StalledOutput out = new StalledOutput();
        out.release.countDown();
        BackgroundWriter<String> writer = new BackgroundWriter<>("test", out, 100, 1000, s -> 1);
        writer.offer("fail");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (writer.offer("after") && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertTrue(writer.dropped() >= 1, "an offer after the failure is dropped");
        writer.close(30);
        assertTrue(out.closed);
    }
}
