package io.squall.fetch;

import java.util.function.BooleanSupplier;

/**
 * Room for a fetch only while the crawl runs: while its control says paused or stopped, a fetch thread gets no
 * room and sends no request (it keeps its host's turn and looks again), so that a pause from the console stops
 * the requests within the control's read interval instead of after every URL the fetchers had queued.
 */
final class PausableRoom implements FetchEngine.Room {
    private final FetchEngine.Room room;
    private final BooleanSupplier running;

    PausableRoom(FetchEngine.Room room, BooleanSupplier running) {
        this.room = room;
        this.running = running;
    }

    @Override
    public long take(long maxWaitMillis) throws InterruptedException {
        if (!running.getAsBoolean()) {
            Thread.sleep(maxWaitMillis);
            return -1;
        }
        return room.take(maxWaitMillis);
    }

    @Override
    public void giveBack(long taken) {
        room.giveBack(taken);
    }
}
