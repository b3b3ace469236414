package io.squall.testsupport;


import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real proxy process on 127.0.0.1 for the tests, with a configuration of its own and its log in a file:
 * tinyproxy (an HTTP proxy that tunnels with CONNECT) or microsocks (SOCKS5), Debian packages that
 * {@code .ci/run} installs. Without them a test is skipped, saying why, except in CI ({@code CI} set), where
 * it fails.
 */
public final class ProxyProcess implements AutoCloseable {
    private static final long START_MILLIS = 10_000;
    private final Process process;
    private final Path log;
    private final int port;

    private ProxyProcess(Process process, Path log, int port) {
        this.process = process;
        this.log = log;
        this.port = port;
    }

    /** tinyproxy in the foreground, logging each request; with a user when {@code user} is not null. */
    public static ProxyProcess tinyproxy(Path dir, String user, String password) {
        Path binary = require("tinyproxy", "tinyproxy-bin");
        int port = freePort();
        Path log = dir.resolve("tinyproxy-" + port + ".log");
        Path conf = dir.resolve("tinyproxy-" + port + ".conf");
        String text = "Port " + port + "\nListen 127.0.0.1\nTimeout 30\nMaxClients 20\nLogLevel Connect\n"
                + "LogFile \"" + log + "\"\n" + (user == null ? "" : "BasicAuth " + user + " " + password + "\n");
        write(conf, text);
        return start(List.of(binary.toString(), "-d", "-c", conf.toString()), log, port);
    }

    /** microsocks, which logs each connection it makes (to the target's address); with a user if not null. */
    public static ProxyProcess microsocks(Path dir, String user, String password) {
        Path binary = require("microsocks", "microsocks");
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(binary.toString(), "-i", "127.0.0.1", "-p",
                String.valueOf(port)));
        if (user != null) {
            command.addAll(List.of("-u", user, "-P", password));
        }
        return start(command, dir.resolve("microsocks-" + port + ".log"), port);
    }

    public int port() {
        return port;
    }

    /** What the proxy has logged so far. */
    public String log() {
        try {
            return Files.exists(log) ? Files.readString(log, StandardCharsets.ISO_8859_1) : "";
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the proxy's log " + log + ": " + e, e);
        }
    }

    private static ProxyProcess start(List<String> command, Path log, int port) {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot start " + command + ": " + e, e);
        }
        ProxyProcess proxy = new ProxyProcess(process, log, port);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(command.get(0) + " ended at start: " + proxy.log());
            }
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return proxy;
            } catch (IOException notYet) {
                pause();
            }
        }
        proxy.close();
        throw new IllegalStateException(command.get(0) + " is not listening on port " + port + ": " + proxy.log());
    }

    /** A short pause between two looks at a starting process. */
    private static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the proxy started", e);
        }
    }

    private static Path require(String name, String debianPackage) {
        Path binary = Path.of("/usr/bin", name);
        if (Files.isExecutable(binary)) {
            return binary;
        }
        String missing = "no " + name + " for the proxy tests (apt-get install " + debianPackage + ")";
        Ci.require(false, missing);
        return binary;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port on loopback: " + e, e);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + file + ": " + e, e);
        }
    }

    @Override
    public void close() {
        // Killed: tinyproxy lingers for seconds after a SIGTERM, and nothing of its state is kept anyway.
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
