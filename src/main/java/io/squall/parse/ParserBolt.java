package io.squall.parse;

import io.squall.config.CrawlerConfig;
import io.squall.core.Metadata;
import io.squall.core.Status;
import io.squall.topology.StatusStream;
import io.squall.topology.TaskCounters;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * Storm's side of {@link ParseProcessor}. Input {@code url, content, metadata} (from the fetcher).
 * <ul>
 *   <li>HTML page or other content: default stream {@code url, content, metadata, text}; outlinks as
 *       DISCOVERED on "status";</li>
 *   <li>sitemap (metadata isSitemap=true, or sniffed when sitemap.discovery): entries DISCOVERED and the
 *       sitemap FETCHED on "status", nothing to the default stream;</li>
 *   <li>meta refresh: the page REDIRECTION (with _redirTo), its target DISCOVERED, nothing to indexing;</li>
 *   <li>parse failure: ERROR on "status" with error.cause=parse.</li>
 * </ul>
 * Every emit is anchored to the input, which is acked once.
 */
public class ParserBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;

    private transient OutputCollector collector;
    private transient ParseProcessor processor;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.processor = ParseProcessor.fromConfig(CrawlerConfig.fromStormConf(topoConf), new TaskCounters(context));
    }

    @Override
    public void execute(Tuple input) {
        String url = input.getStringByField("url");
        byte[] content = input.getBinaryByField("content");
        Metadata metadata = (Metadata) input.getValueByField("metadata");
        ParseProcessor.Outcome outcome = processor.process(url, content, metadata);
        for (ParseProcessor.Discovered d : outcome.discovered()) {
            collector.emit(StatusStream.NAME, input, new Values(d.url(), d.metadata(), Status.DISCOVERED));
        }
        switch (outcome.kind()) {
            case PAGE, NON_HTML -> collector.emit(input, new Values(url, content, outcome.metadata(), outcome.text()));
            case SITEMAP -> collector.emit(StatusStream.NAME, input, new Values(url, outcome.metadata(), Status.FETCHED));
            case REDIRECT -> collector.emit(StatusStream.NAME, input,
                    new Values(url, outcome.metadata(), Status.REDIRECTION));
            case ERROR -> collector.emit(StatusStream.NAME, input, new Values(url, outcome.metadata(), Status.ERROR));
            default -> throw new IllegalStateException(outcome.kind().name());
        }
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields("url", "content", "metadata", "text"));
        declarer.declareStream(StatusStream.NAME, StatusStream.FIELDS);
    }
}
