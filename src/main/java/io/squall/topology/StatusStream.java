package io.squall.topology;

import org.apache.storm.tuple.Fields;

/** The status stream's name and fields, as every bolt that decides a URL's fate declares them. */
public final class StatusStream {
    public static final String NAME = "status";
    public static final Fields FIELDS = new Fields("url", "metadata", "status");

    private StatusStream() {
    }
}
