package io.squall.e2e;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.api.storm.StatusStream;
import java.nio.file.Path;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;

/**
 * An indexer a user puts in place of Squall's: it writes each page's URL to a file, and says on the status
 * stream that the page is FETCHED, with the links the parser found, as every indexer must.
 */
public class FileIndexerBolt extends BaseRichBolt {
    private transient OutputCollector collector;
    private transient Path file;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.file = SinkFiles.of(topoConf, context, "indexed");
    }

    @Override
    public void execute(Tuple input) {
        String url = input.getStringByField("url");
        SinkFiles.append(file, url);
        collector.emit(StatusStream.NAME, input, StatusStream.values(url, (Metadata) input.getValueByField("metadata"),
                Status.FETCHED, StatusStream.discovered(input)));
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(StatusStream.NAME, StatusStream.FIELDS);
    }
}
