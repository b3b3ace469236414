package io.squall.e2e;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.TopologyInfo;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;

/**
 * A real Storm cluster on this machine, each daemon its own OS process started with plain {@code java}, as
 * Storm's own scripts would start them: ZooKeeper, Nimbus, and one Supervisor with two worker slots,
 * which starts the workers (each a JVM of its own behind a LogWriter JVM). The installation is
 * {@code target/storm-home} (assembled by Maven from Storm's artifacts); everything a run writes
 * (configuration, local state, logs) is under one directory of its own.
 *
 * <p>{@link #close} stops every process it started, workers included, whatever state the test left
 * them in: the workers outlive a stopped Supervisor, so they are found by that directory in their
 * command line.
 */
final class StormDaemons implements AutoCloseable {
    static final String WORKER_MAIN = "org.apache.storm.daemon.worker.Worker";

    private final Path home;
    private final Path dir;
    private final Map<String, Object> clientConf;
    private final List<Process> daemons = new ArrayList<>();
    final List<Integer> slots;

    private StormDaemons(Path home, Path dir, Map<String, Object> clientConf, List<Integer> slots) {
        this.home = home;
        this.dir = dir;
        this.clientConf = clientConf;
        this.slots = slots;
    }

    /** Starts ZooKeeper, Nimbus and a Supervisor, and waits until the Supervisor offers its two slots. */
    static StormDaemons start(Path home, Path dir, Duration timeout) throws Exception {
        if (!Files.isDirectory(home.resolve("lib")) || !Files.isDirectory(home.resolve("lib-worker"))) {
            throw new IllegalStateException(home + " is not a Storm installation: run the tests with `mvn verify`,"
                    + " which assembles it (pre-integration-test)");
        }
        Files.createDirectories(dir.resolve("conf"));
        Files.createDirectories(dir.resolve("logs"));
        int zkPort = freePort();
        int nimbusPort = freePort();
        List<Integer> slots = List.of(freePort(), freePort());
        Files.writeString(dir.resolve("zoo.cfg"), String.join("\n",
                "tickTime=2000", "initLimit=10", "syncLimit=5",
                "dataDir=" + dir.resolve("zookeeper"),
                "clientPort=" + zkPort, "clientPortAddress=127.0.0.1",
                "admin.enableServer=false", "4lw.commands.whitelist=ruok") + "\n");
        Files.writeString(dir.resolve("conf/storm.yaml"), String.join("\n",
                "storm.zookeeper.servers: [\"127.0.0.1\"]",
                "storm.zookeeper.port: " + zkPort,
                "nimbus.seeds: [\"127.0.0.1\"]",
                "nimbus.thrift.port: " + nimbusPort,
                "storm.local.hostname: \"127.0.0.1\"",
                "storm.log.dir: \"" + dir.resolve("logs") + "\"",
                "storm.metricstore.rocksdb.location: \"" + dir.resolve("storm_rocks") + "\"",
                "supervisor.slots.ports: " + slots,
                "supervisor.thrift.port: " + freePort(),
                "logviewer.port: " + freePort(),
                // Small heaps: two workers, their LogWriters, three daemons and the test share 2 cores.
                "worker.heap.memory.mb: 512",
                "worker.childopts: \"-Xmx512m -XX:TieredStopAtLevel=1 -Dio.netty.allocator.numDirectArenas=0\"",
                "worker.logwriter.childopts: \"-Xmx64m\"",
                "supervisor.worker.shutdown.sleep.secs: 1") + "\n");

        StormDaemons cluster = new StormDaemons(home, dir, clientConf(zkPort, nimbusPort), slots);
        try {
            cluster.daemons.add(cluster.java("zookeeper", "-Xmx128m", List.of(),
                    "org.apache.storm.shade.org.apache.zookeeper.server.ZooKeeperServerMain", dir.resolve("zoo.cfg").toString()));
            awaitPort(zkPort, timeout);
            cluster.daemons.add(cluster.daemon("nimbus", "org.apache.storm.daemon.nimbus.Nimbus"));
            awaitPort(nimbusPort, timeout);
            cluster.daemons.add(cluster.daemon("supervisor", "org.apache.storm.daemon.supervisor.Supervisor"));
            cluster.awaitSlots(slots.size(), timeout);
            return cluster;
        } catch (Exception | AssertionError e) {
            cluster.close();
            throw e;
        }
    }

    private static Map<String, Object> clientConf(int zkPort, int nimbusPort) {
        Map<String, Object> conf = new HashMap<>(Utils.readDefaultConfig());
        conf.put("storm.zookeeper.servers", List.of("127.0.0.1"));
        conf.put("storm.zookeeper.port", zkPort);
        conf.put("nimbus.seeds", List.of("127.0.0.1"));
        conf.put("nimbus.thrift.port", nimbusPort);
        return conf;
    }

    private Process daemon(String name, String mainClass) throws IOException {
        Path local = dir.resolve("local-" + name);
        return java(name, "-Xmx256m", List.of(
                "-Dstorm.home=" + home, "-Dstorm.log.dir=" + dir.resolve("logs"), "-Ddaemon.name=" + name,
                "-Dlog4j.configurationFile=" + home.resolve("log4j2/cluster.xml"),
                "-Dstorm.options=storm.local.dir=" + local), mainClass);
    }

    private Process java(String name, String heap, List<String> properties, String mainClass, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(javaBin(), heap, "-XX:TieredStopAtLevel=1"));
        command.addAll(properties);
        command.add("-cp");
        command.add(home.resolve("lib") + "/*:" + dir.resolve("conf"));
        command.add(mainClass);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("logs/" + name + ".out").toFile());
        // The Supervisor gives its workers this configuration directory (storm.yaml) on their classpath.
        builder.environment().put("STORM_CONF_DIR", dir.resolve("conf").toString());
        return builder.start();
    }

    /**
     * The command line of {@code storm jar JAR MAIN ARGS --jars DEPENDENCIES}: what Storm's script runs, on the
     * worker classpath; the dependency jars are uploaded with the topology and on its workers' classpath.
     */
    List<String> stormJarCommand(Path jar, List<Path> dependencyJars, String mainClass, String... args) {
        String dependencies = dependencyJars.stream().map(Path::toString).collect(java.util.stream.Collectors.joining(","));
        String classpath = home.resolve("lib-worker") + "/*:" + jar + ":" + dir.resolve("conf")
                + dependencyJars.stream().map(d -> ":" + d).collect(java.util.stream.Collectors.joining());
        List<String> command = new ArrayList<>(List.of(javaBin(), "-Xmx256m", "-Dstorm.jar=" + jar,
                "-Dstorm.dependency.jars=" + dependencies, "-Dstorm.dependency.artifacts={}", "-cp", classpath,
                mainClass));
        command.addAll(List.of(args));
        return command;
    }

    ClusterSummary summary() throws Exception {
        try (NimbusClient nimbus = NimbusClient.getConfiguredClient(clientConf)) {
            return nimbus.getClient().getClusterInfo();
        }
    }

    /** The running topology of that name, with its executors and where they run; empty when there is none. */
    Optional<TopologyInfo> topology(String name) throws Exception {
        try (NimbusClient nimbus = NimbusClient.getConfiguredClient(clientConf)) {
            var topologies = nimbus.getClient().getClusterInfo().get_topologies();
            for (var t : topologies) {
                if (t.get_name().equals(name)) {
                    return Optional.of(nimbus.getClient().getTopologyInfo(t.get_id()));
                }
            }
            return Optional.empty();
        }
    }

    void kill(String topology) throws Exception {
        try (NimbusClient nimbus = NimbusClient.getConfiguredClient(clientConf)) {
            KillOptions options = new KillOptions();
            options.set_wait_secs(0);
            nimbus.getClient().killTopologyWithOpts(topology, options);
        }
    }

    /** The worker JVMs (not their LogWriters) of this cluster now running. */
    List<ProcessHandle> workers() {
        return processes(args -> args.contains(WORKER_MAIN) && !args.contains("org.apache.storm.LogWriter"));
    }

    /** The worker JVM listening on that slot's port, if it runs. */
    Optional<ProcessHandle> worker(int port) {
        return workers().stream().filter(p -> argumentsOf(p).contains(" " + port + " ")
                || argumentsOf(p).endsWith(" " + port)).findFirst();
    }

    /** Resident memory of a process in MB, from /proc; -1 when it is gone. */
    static long residentMegabytes(ProcessHandle process) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + process.pid() + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // gone
        }
        return -1;
    }

    /** Every process of this cluster (daemons, workers, LogWriters) with its resident memory, for the report. */
    Map<String, Long> memory() {
        Map<String, Long> mb = new java.util.TreeMap<>();
        String[] names = {"zookeeper", "nimbus", "supervisor"};
        for (int i = 0; i < daemons.size() && i < names.length; i++) {
            mb.put(names[i], residentMegabytes(daemons.get(i).toHandle()));
        }
        for (ProcessHandle p : processes(args -> args.contains(WORKER_MAIN))) {
            String kind = argumentsOf(p).contains("org.apache.storm.LogWriter") ? "logwriter-" : "worker-";
            mb.put(kind + p.pid(), residentMegabytes(p));
        }
        return mb;
    }

    private List<ProcessHandle> processes(Predicate<String> arguments) {
        String marker = dir.toString();
        return ProcessHandle.allProcesses()
                .filter(p -> {
                    String args = argumentsOf(p);
                    return args.contains(marker) && arguments.test(args);
                })
                .toList();
    }

    private static String argumentsOf(ProcessHandle p) {
        return p.info().arguments().map(a -> String.join(" ", a)).orElse("");
    }

    private void awaitSlots(int slots, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try {
                ClusterSummary summary = summary();
                if (summary.get_supervisors_size() == 1 && summary.get_supervisors().get(0).get_num_workers() == slots) {
                    return;
                }
            } catch (Exception e) {
                last = e;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the Supervisor did not offer " + slots + " slots within " + timeout
                + " (logs in " + dir.resolve("logs") + ")" + (last == null ? "" : ": " + last));
    }

    private static void awaitPort(int port, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(200);
            }
        }
        throw new AssertionError("nothing listens on port " + port + " after " + timeout);
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * Stops everything: the workers first (killing the topologies would take seconds more, and the
     * workers outlive their Supervisor), then the Supervisor, Nimbus and ZooKeeper.
     */
    @Override
    public void close() {
        for (int round = 0; round < 2; round++) {
            for (ProcessHandle p : processes(args -> true)) {
                p.destroyForcibly();
            }
            for (int i = daemons.size() - 1; i >= 0; i--) {
                Process daemon = daemons.get(i);
                daemon.descendants().forEach(ProcessHandle::destroyForcibly);
                daemon.destroyForcibly();
            }
        }
        for (Process daemon : daemons) {
            try {
                daemon.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
