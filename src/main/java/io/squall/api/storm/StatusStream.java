package io.squall.api.storm;

import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import java.util.ArrayList;
import java.util.List;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * The status stream, as every bolt that decides a URL's fate emits it: the URL, its metadata, its new
 * status, and the URLs it discovered (outlinks, a redirect target, sitemap entries). The discoveries
 * travel in the same tuple as the status so that one status updater writes them together: were they
 * separate tuples, they could reach another updater in another worker, and a worker that dies could lose
 * them after the page's new status was stored, which would leave the page not due and its links unknown.
 */
public final class StatusStream {
    public static final String NAME = "status";
    public static final Fields FIELDS = new Fields(StageFields.URL, StageFields.METADATA, StageFields.STATUS,
            StageFields.DISCOVERED);

    private StatusStream() {
    }

    /** A status tuple's values; the discoveries in a list that Storm's Kryo knows (whatever list is given). */
    public static Values values(String url, Metadata metadata, Status status, List<Discovered> discovered) {
        return new Values(url, metadata, status, new ArrayList<>(discovered));
    }

    /** The discoveries of a status tuple, or of a tuple of the parser's default stream. */
    @SuppressWarnings("unchecked")
    public static List<Discovered> discovered(Tuple tuple) {
        return (List<Discovered>) tuple.getValueByField(StageFields.DISCOVERED);
    }
}
