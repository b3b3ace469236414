package io.squall.local;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InjectionSignalTest {
    @TempDir
    Path data;

    @Test
    void eachAnnouncementIsSeenOnceAndAnEarlierRunsIsNotNews() throws Exception {
        InjectionSignal.announce(data); // left by an injection before this crawl started
        InjectionSignal signal = new InjectionSignal(data);
        assertFalse(signal.announced(), "the seeds of an earlier injection are found by the first search");

        InjectionSignal.announce(data);
        assertTrue(signal.announced());
        assertFalse(signal.announced(), "seen once");

        InjectionSignal.announce(data);
        InjectionSignal.announce(data);
        assertTrue(signal.announced(), "two injections between two looks wake the spouts once");
        assertFalse(signal.announced());
    }

    @Test
    void noFileNoNews() {
        assertFalse(new InjectionSignal(data).announced());
    }
}
