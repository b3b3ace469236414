package io.squall.fetch;

import com.codahale.metrics.Gauge;
import io.squall.api.Discovered;
import io.squall.api.Metadata;
import io.squall.api.Status;
import io.squall.api.storm.HoldsTuples;
import io.squall.api.storm.StageFields;
import io.squall.api.storm.StatusStream;
import io.squall.api.storm.TimeoutRenewal;
import io.squall.config.CrawlerConfig;
import io.squall.core.CrawlClock;
import io.squall.http.HttpProtocol;
import io.squall.http.Protocol;
import io.squall.opensearch.ControlDocument;
import io.squall.opensearch.ControlWatch;
import io.squall.opensearch.OpenSearchClients;
import io.squall.opensearch.SquallIndex;
import io.squall.render.RenderRule;
import io.squall.render.RenderingProtocol;
import io.squall.storm.FetchStop;
import io.squall.storm.PendingWrites;
import io.squall.storm.TaskCounters;
import io.squall.storm.TaskGauges;
import io.squall.storm.WriteTickets;
import io.squall.urls.UrlFilters;
import io.squall.warc.ArchivingProtocol;
import io.squall.warc.WarcArchive;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.opensearch.client.opensearch.OpenSearchAsyncClient;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * Storm's face of the {@link FetchEngine}: input {@code (url, key, metadata)} fields-grouped on {@code key};
 * output {@code (url, content, metadata)} on the default stream and {@code (url, metadata, status, discovered)} on
 * "status", every emit anchored to its input, every input acked or failed exactly once by the engine.
 * The fetch threads emit and ack, through the thread-safe collector of a {@link TimeoutRenewal}. Its host
 * queues' state goes to the host index and is read back when the task starts ({@link HostIndex}). Every
 * outcome emitted holds a ticket of its worker's {@link PendingWrites}, and no fetch starts while the worker
 * owes {@code fetcher.max.status.backlog} status writes or more.
 */
public class FetcherBolt extends BaseRichBolt implements HoldsTuples {
    private static final long serialVersionUID = 1L;
    private transient FetchEngine<Tuple> engine;
    private transient TimeoutRenewal renewal;
    private transient Protocol protocol;
    private transient WarcArchive warc;
    private transient Runnable unregisterStop;
    private transient OpenSearchClient hostsClient;
    private transient HostIndex hosts;
    private transient WriteTickets tickets;

    @Override
    public void prepare(Map<String, Object> topoConf, TopologyContext context, OutputCollector collector) {
        CrawlerConfig config = CrawlerConfig.fromStormConf(topoConf);
        CrawlClock clock = CrawlClock.system();
        renewal = new TimeoutRenewal(collector, topoConf);
        TaskCounters counters = new TaskCounters(context);
        warc = WarcArchive.fromConfig(config, workerName(context), counters, clock);
        HttpProtocol http = new HttpProtocol(config);
        protocol = warc == null ? http : new ArchivingProtocol(http, warc::offer);
        RenderRule render = RenderRule.fromConfig(config);
        if (render.isOn()) {
            // Outside the archive: the WARC files keep every answer the browser was given, not the DOM.
            protocol = new RenderingProtocol(protocol, render, config, counters);
        }
        tickets = WriteTickets.join(topoConf, context);
        engine = new FetchEngine<>(config, protocol, UrlFilters.fromConfig(config, counters),
                new CollectorSink(renewal.collector(), tickets), counters, crawlLog(config, context), clock);
        unregisterStop = FetchStop.register(topoConf, engine::stopFetching);
        FetchEngine.Room room = room(tickets.ledger(), config.getLong("fetcher.max.status.backlog"));
        registerMetrics(context);
        if (HostIndex.enabled(config)) {
            hostsClient = OpenSearchClients.create(config);
            long controlInterval = config.getDuration("spout.control.interval").toMillis();
            if (controlInterval > 0) {
                // The console's pause and stop hold the requests back too, not only the spouts' new URLs.
                OpenSearchAsyncClient async = new OpenSearchAsyncClient(hostsClient._transport());
                String hostsIndex = SquallIndex.HOSTS.name(config);
                ControlWatch control = new ControlWatch(() -> ControlDocument.readAsync(async, hostsIndex),
                        controlInterval, clock, "the fetcher");
                room = new PausableRoom(room, control::running);
            }
            hosts = new HostIndex(hostsClient, config, context.getThisTaskId());
            hosts.ensureIndex(config);
            engine.queues().restore(hosts.load(config.getInt("fetcher.hosts.restore.max")));
            hosts.startFlushing(engine.queues(),
                    config.getDuration("fetcher.hosts.flush.interval"));
        }
        engine.fetchWithin(room);
    }

    /** Room for a fetch while the worker owes fewer than {@code bound} status writes (0: no bound). */
    private static FetchEngine.Room room(PendingWrites owed, long bound) {
        if (bound <= 0) {
            return FetchEngine.Room.UNBOUNDED;
        }
        return new FetchEngine.Room() {
            @Override
            public long take(long maxWaitMillis) throws InterruptedException {
                return owed.reserve(bound, maxWaitMillis);
            }

            @Override
            public void giveBack(long taken) {
                owed.release(taken);
            }
        };
    }

    /**
     * This task's name in WARC file names, unique among the tasks that may share a directory:
     * {@code <host>-<worker port>-<task id>}.
     */
    private static String workerName(TopologyContext context) {
        String host;
        try {
            host = org.apache.storm.utils.Utils.hostname().replaceAll("[^A-Za-z0-9.-]", "_");
        } catch (java.net.UnknownHostException e) {
            host = "unknown-host"; // the port and task id still tell the writers apart on this machine
        }
        return host + "-" + context.getThisWorkerPort() + "-" + context.getThisTaskId();
    }

    /**
     * The task's crawl log, when {@code fetcher.crawl.log} names one: with several fetcher tasks, each has a
     * file of its own ({@code crawl-2.log}), so that no two writers interleave in one file.
     */
    private static CrawlLog crawlLog(CrawlerConfig config, TopologyContext context) {
        String name = config.getString("fetcher.crawl.log");
        if (name.isEmpty()) {
            return null;
        }
        Path file = Path.of(name);
        if (context.getComponentTasks(context.getThisComponentId()).size() > 1) {
            String base = file.getFileName().toString();
            int dot = base.lastIndexOf('.');
            String own = dot > 0 ? base.substring(0, dot) + "-" + context.getThisTaskIndex() + base.substring(dot)
                    : base + "-" + context.getThisTaskIndex();
            file = file.resolveSibling(own);
        }
        return new CrawlLog(file);
    }

    /** Emits through the collector, which the fetch threads share (hence a synchronized one). */
    private static final class CollectorSink implements FetchEngine.Sink<Tuple> {
        private final OutputCollector collector;
        private final WriteTickets tickets;

        CollectorSink(OutputCollector collector, WriteTickets tickets) {
            this.collector = collector;
            this.tickets = tickets;
        }

        @Override
        public void emitContent(Tuple anchor, String url, byte[] content, Metadata metadata) {
            // The parser does not renew what it holds: its queue and the parse get a whole message timeout
            // from here, not what is left of it since this task last renewed the tuple.
            collector.resetTimeout(anchor);
            tickets.openPage(metadata);
            tickets.emitted(metadata, collector.emit(anchor, new Values(url, content, metadata)));
        }

        @Override
        public void emitStatus(Tuple anchor, String url, Metadata metadata, Status status,
                               List<Discovered> discovered) {
            tickets.open(metadata, discovered.size());
            tickets.emitted(metadata, collector.emit(StatusStream.NAME, anchor,
                    StatusStream.values(url, metadata, status, discovered)));
        }

        @Override
        public void ack(Tuple anchor) {
            collector.ack(anchor);
        }

        @Override
        public void fail(Tuple anchor) {
            collector.fail(anchor);
        }
    }

    /** The engine's state as gauges; its counters are this task's own already ({@link TaskCounters}). */
    private void registerMetrics(TopologyContext context) {
        FetcherMetrics m = engine.metrics();
        HostQueues<Tuple> queues = engine.queues();
        gauge(context, "fetcher.active.threads", m::activeThreads);
        context.registerGauge("fetcher.queues", new QueueGauge(queues));
        gauge(context, "fetcher.urls.in.queues", queues::size);
        gauge(context, "fetcher.blocked.queues", queues::blockedQueues);
        gauge(context, "fetcher.mean.fetch.ms", m::meanFetchMillis);
        gauge(context, "fetcher.mean.queue.ms", m::meanQueueMillis);
    }

    private static void gauge(TopologyContext context, String name, LongSupplier value) {
        TaskGauges.register(context, name, (Gauge<Long>) value::getAsLong);
    }

    /**
     * Queues a URL; on a tick tuple, renews the timeout of the URLs held for a while (waiting for their
     * host, or being fetched), so that Storm replays none of them however long a host's queue is.
     */
    @Override
    public void execute(Tuple tuple) {
        if (!renewal.receive(tuple)) {
            return;
        }
        engine.offer(tuple.getStringByField("url"), tuple.getStringByField("key"),
                (Metadata) tuple.getValueByField("metadata"), tuple);
    }

    @Override
    public void cleanup() {
        if (unregisterStop != null) {
            unregisterStop.run();
        }
        if (engine != null) {
            engine.close();
            protocol.close();
        }
        if (hosts != null) {
            hosts.close(engine.queues());
            OpenSearchClients.close(hostsClient);
        }
        if (warc != null) {
            warc.close(); // after the engine: every answer fetched is in its queue by then
        }
        if (tickets != null) {
            tickets.leave();
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(StageFields.FETCHER);
        declarer.declareStream(StatusStream.NAME, StatusStream.FIELDS);
    }
}
