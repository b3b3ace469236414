package io.squall.parse;

import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.api.storm.StageFields;
import io.squall.api.storm.StatusStream;
import io.squall.config.CrawlerConfig;
import io.squall.freshness.NearDuplicateIndex;
import io.squall.storm.TaskCounters;
import io.squall.storm.WorkerNearDuplicates;
import io.squall.storm.WriteTickets;
import io.squall.urls.UrlFilters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;

/**
 * Storm's side of {@link ParseProcessor}. Input {@code url, content, metadata} (from the fetcher).
 * <ul>
 *   <li>HTML page, document (through Tika) or other content: default stream
 *       {@code url, content, metadata, text, discovered} (its outlinks, which the indexer passes on with the
 *       page's FETCHED);</li>
 *   <li>sitemap (metadata isSitemap=true, or sniffed when sitemap.discovery) or feed (RSS, Atom): the
 *       document FETCHED on "status" with its entries as discoveries, nothing to the default stream;</li>
 *   <li>meta refresh: the page REDIRECTION (with _redirTo) with its target as discovery, nothing to
 *       indexing;</li>
 *   <li>parse failure: ERROR on "status" with error.cause=parse (a document: parse.timeout, parse.too.large,
 *       parse.memory, parse.crash or parse).</li>
 * </ul>
 * Every emit is anchored to the input, which is acked once. With {@code dedup.enabled}, the parser tasks of a
 * worker look for near-duplicates in one index ({@link WorkerNearDuplicates}). The page's ticket of the
 * worker's pending writes ({@link WriteTickets}) is settled at its own write and its links' before it goes on.
 */
public class ParserBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;

    private transient OutputCollector collector;
    private transient ParseProcessor processor;
    /** The topology configuration, when this task joined its worker's near-duplicate index; else null. */
    private transient Map<String, Object> dedupJoined;
    private transient WriteTickets tickets;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.tickets = WriteTickets.join(topoConf, context);
        CrawlerConfig config = CrawlerConfig.fromStormConf(topoConf);
        TaskCounters counters = new TaskCounters(context);
        NearDuplicateIndex duplicates = null;
        if (config.getBoolean("dedup.enabled")) {
            duplicates = WorkerNearDuplicates.join(topoConf, () -> NearDuplicateIndex.fromConfig(config));
            dedupJoined = topoConf;
        }
        this.processor = ParseProcessor.withFilters(config, UrlFilters.fromConfig(config, counters),
                ParseFilters.fromConfig(config), duplicates, counters);
    }

    @Override
    public void execute(Tuple input) {
        String url = input.getStringByField("url");
        byte[] content = input.getBinaryByField("content");
        Metadata metadata = (Metadata) input.getValueByField("metadata");
        ParseProcessor.Outcome outcome = processor.process(url, content, metadata);
        Metadata md = outcome.metadata();
        tickets.parsed(md, outcome.discovered().size());
        // The page's discoveries go with it, to be written with its new status (see StatusStream).
        List<Integer> to = switch (outcome.kind()) {
            case PAGE, NON_HTML -> collector.emit(input, new Values(url, content, md, outcome.text(),
                    new ArrayList<>(outcome.discovered())));
            case SITEMAP, FEED -> collector.emit(StatusStream.NAME, input,
                    StatusStream.values(url, md, Status.FETCHED, outcome.discovered()));
            case REDIRECT -> collector.emit(StatusStream.NAME, input,
                    StatusStream.values(url, md, Status.REDIRECTION, outcome.discovered()));
            case ERROR -> collector.emit(StatusStream.NAME, input,
                    StatusStream.values(url, md, Status.ERROR, outcome.discovered()));
        };
        tickets.emitted(md, to);
        collector.ack(input);
    }

    @Override
    public void cleanup() {
        if (processor != null) {
            processor.close();
        }
        if (dedupJoined != null) {
            WorkerNearDuplicates.leave(dedupJoined);
        }
        if (tickets != null) {
            tickets.leave();
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(StageFields.PARSER);
        declarer.declareStream(StatusStream.NAME, StatusStream.FIELDS);
    }
}
