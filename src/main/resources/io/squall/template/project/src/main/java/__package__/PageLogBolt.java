package {{package}};

import io.squall.api.Metadata;
import io.squall.api.storm.StageFields;
import java.nio.file.Path;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;

/**
 * A bolt of this crawler, added in topology.yaml beside Squall's: it receives every parsed page from the
 * parser (fields {@code url, content, metadata, text}) and writes a line per page to
 * {@code pagelog.dir}/pages-TASK.tsv. It emits nothing, so it acks each page once written; a page it fails
 * is replayed from the spout.
 */
public class PageLogBolt extends BaseRichBolt {
    private static final long serialVersionUID = 1L;
    private transient OutputCollector collector;
    private transient PageLog log;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        String dir = String.valueOf(conf.getOrDefault("pagelog.dir", "pagelog"));
        log = new PageLog(Path.of(dir, "pages-" + context.getThisTaskId() + ".tsv"));
    }

    @Override
    public void execute(Tuple page) {
        Metadata metadata = (Metadata) page.getValueByField(StageFields.METADATA);
        log.log(page.getStringByField(StageFields.URL), metadata.getFirst(WordCountFilter.KEY));
        collector.ack(page);
    }

    @Override
    public void cleanup() {
        log.close();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // a sink: nothing downstream
    }
}
