package io.squall.fetch;

import org.apache.storm.tuple.Fields;

/** The status stream's name and fields, as every bolt that decides a URL's fate declares them. */
final class StatusStream {
    static final String NAME = "status";
    static final Fields FIELDS = new Fields("url", "metadata", "status");

    private StatusStream() {
    }
}
