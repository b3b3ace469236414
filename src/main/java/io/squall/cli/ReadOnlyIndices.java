package io.squall.cli;

import io.squall.config.CrawlerConfig;
import io.squall.opensearch.OpenSearchErrors;
import io.squall.opensearch.OpenSearchUnavailableException;
import io.squall.opensearch.SquallIndex;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.opensearch.client.opensearch.OpenSearchClient;

/**
 * The write block ({@code index.blocks.write}) that keeps a served crawl's indices as the crawl left them:
 * searches, counts and aggregations work, writes are refused. Other indices (OpenSearch Dashboards' own) stay
 * writable. The block is stored with the index, so a node that was stopped hard while serving keeps it: the
 * commands that write lift it when they open the data directory.
 */
final class ReadOnlyIndices {
    private ReadOnlyIndices() {
    }

    static void block(OpenSearchClient client, CrawlerConfig config) {
        set(client, config, true);
    }

    static void lift(OpenSearchClient client, CrawlerConfig config) {
        set(client, config, false);
    }

    private static void set(OpenSearchClient client, CrawlerConfig config, boolean blocked) {
        List<String> names = Arrays.stream(SquallIndex.values()).map(i -> i.name(config)).toList();
        try {
            client.indices().putSettings(p -> p.index(names).allowNoIndices(true).ignoreUnavailable(true)
                    .settings(s -> s.blocks(b -> b.write(blocked))));
        } catch (IOException e) {
            throw new OpenSearchUnavailableException("cannot " + (blocked ? "set" : "lift") + " the write block of "
                    + names + ": " + OpenSearchErrors.describe(e), e);
        }
    }
}
