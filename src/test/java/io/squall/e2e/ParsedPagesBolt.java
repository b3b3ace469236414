package io.squall.e2e;

import java.nio.file.Path;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;

/** A bolt a user adds to the topology file: fed by the parser, it writes each parsed page's URL to a file. */
public class ParsedPagesBolt extends BaseRichBolt {
    private transient OutputCollector collector;
    private transient Path file;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.file = SinkFiles.of(topoConf, context, "parsed");
    }

    @Override
    public void execute(Tuple input) {
        SinkFiles.append(file, input.getStringByField("url"));
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
    }
}
