package io.squall.api.storm;

import org.apache.storm.tuple.Fields;

/**
 * The fields of the default stream of each of Squall's components, as a bolt of yours reads them (by name)
 * or, in the place of one of Squall's, declares them. {@code url} and {@code key} are strings,
 * {@code metadata} an {@link io.squall.api.Metadata}, {@code content} the fetched bytes, {@code text} the
 * page's text, {@code discovered} a list of {@link io.squall.api.Discovered}. The status stream is
 * {@link StatusStream}'s.
 */
public final class StageFields {
    public static final String URL = "url";
    /** The politeness key: host, domain or IP, by {@code partition.url.mode}. */
    public static final String KEY = "key";
    public static final String METADATA = "metadata";
    public static final String CONTENT = "content";
    public static final String TEXT = "text";
    public static final String STATUS = "status";
    public static final String DISCOVERED = "discovered";

    /** What the spout ({@code FrontierSpout}) emits. */
    public static final Fields SPOUT = new Fields(URL, METADATA);
    /** What the partitioner ({@code URLPartitionerBolt}) emits, grouped on {@link #KEY} to the fetcher. */
    public static final Fields PARTITIONER = new Fields(URL, KEY, METADATA);
    /** What the fetcher ({@code FetcherBolt}) emits. */
    public static final Fields FETCHER = new Fields(URL, CONTENT, METADATA);
    /** What the parser ({@code ParserBolt}) emits, to the indexer and any bolt beside it. */
    public static final Fields PARSER = new Fields(URL, CONTENT, METADATA, TEXT, DISCOVERED);

    private StageFields() {
    }
}
