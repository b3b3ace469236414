package io.squall.fetch;

import io.squall.api.Metadata;

/**
 * A URL waiting in (or taken from) a fetch queue, with the handle its outcome is reported to (the Storm
 * tuple in the bolt) and when it entered the queue.
 */
public record FetchItem<T>(String url, String key, Metadata metadata, T anchor, long enqueuedNanos) {
}
