package io.squall.bench.recrawl;

/**
 * Where the benchmark's hosts live: host h on 127.0.(1 + h / 250).(1 + h % 250), inside 127.0.0.0/8 and
 * outside 127.0.0.x, which the other benchmarks and the tests' webs use.
 */
final class LoopbackHosts {
    private static final int A_BLOCK = 250;
    /** Hosts that fit: 250 in each of 127.0.1.x to 127.0.254.x. */
    static final int MAX = A_BLOCK * 254;
    /** What the crawl's address guard has to let through. */
    static final String RANGE = "127.0.0.0/8";

    private LoopbackHosts() {
    }

    static String address(int host) {
        if (host < 0 || host >= MAX) {
            throw new IllegalArgumentException("host " + host + " is not one of 0 to " + (MAX - 1));
        }
        return "127.0." + (1 + host / A_BLOCK) + "." + (1 + host % A_BLOCK);
    }
}
