package io.squall.api.storm;

/**
 * A bolt that holds tuples while it works on them (batches, asynchronous writes) and renews their timeouts
 * on tick tuples, through a {@link TimeoutRenewal}: wherever the topology is built, a bolt that implements
 * this interface is given a tick every third of {@code topology.message.timeout.secs} (a Flux file cannot
 * set one component's configuration).
 */
public interface HoldsTuples {
}
