package io.squall.fetch;

import com.codahale.metrics.Counter;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.api.storm.StageFields;
import io.squall.api.storm.StatusStream;
import io.squall.config.CrawlerConfig;
import io.squall.core.MetadataKeys;
import io.squall.urls.PartitionKeys;
import io.squall.urls.PartitionMode;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * Adds the partition key to each URL: {@code (url, metadata)} → {@code (url, key, metadata)}, so that the
 * fetcher can be fields-grouped on {@code key}. A key stored in the metadata ({@code _key}) is reused,
 * so a URL never changes queue when DNS changes; otherwise it is computed per {@code partition.url.mode}
 * and stored. A URL without a usable host gets ERROR on the status stream.
 */
public class URLPartitionerBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;
    private transient OutputCollector collector;
    private transient PartitionKeys keys;
    private transient Counter invalid;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector outputCollector) {
        this.collector = outputCollector;
        CrawlerConfig config = CrawlerConfig.fromStormConf(topoConf);
        this.keys = new PartitionKeys(PartitionMode.parse(config.getString("partition.url.mode")));
        this.invalid = context.registerCounter("partitioner.invalid");
    }

    @Override
    public void execute(Tuple tuple) {
        String url = tuple.getStringByField("url");
        Metadata metadata = (Metadata) tuple.getValueByField("metadata");
        String key = metadata.getFirst(MetadataKeys.PARTITION_KEY);
        if (key == null || key.isBlank()) {
            try {
                key = keys.keyOf(url);
            } catch (IllegalArgumentException e) {
                Metadata md = metadata.copy();
                md.set(MetadataKeys.ERROR_CAUSE, "url.invalid");
                md.set(MetadataKeys.ERROR_MESSAGE, e.getMessage());
                invalid.inc();
                collector.emit(StatusStream.NAME, tuple, StatusStream.values(url, md, Status.ERROR, List.of()));
                collector.ack(tuple);
                return;
            }
            metadata = metadata.copy().set(MetadataKeys.PARTITION_KEY, key);
        }
        collector.emit(tuple, new Values(url, key, metadata));
        collector.ack(tuple);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(StageFields.PARTITIONER);
        declarer.declareStream(StatusStream.NAME, StatusStream.FIELDS);
    }
}
