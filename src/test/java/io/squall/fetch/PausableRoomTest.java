package io.squall.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class PausableRoomTest {
    /** A room that records what it was asked and always has room (7 units a fetch). */
    private static final class CountingRoom implements FetchEngine.Room {
        final List<String> calls = new ArrayList<>();

        @Override
        public long take(long maxWaitMillis) {
            calls.add("take");
            return 7;
        }

        @Override
        public void giveBack(long taken) {
            calls.add("giveBack " + taken);
        }
    }

    @Test
    void whilePausedNoFetchGetsRoomAndTheRoomBehindIsNotAsked() throws Exception {
        CountingRoom behind = new CountingRoom();
        AtomicBoolean running = new AtomicBoolean(false);
        PausableRoom room = new PausableRoom(behind, running::get);
        assertEquals(-1, room.take(5));
        assertEquals(-1, room.take(5));
        assertEquals(List.of(), behind.calls, "no room taken while paused");

        running.set(true);
        assertEquals(7, room.take(5), "running again: the room behind decides");
        room.giveBack(7);
        assertEquals(List.of("take", "giveBack 7"), behind.calls);
    }
}
