package io.squall.storm;

/**
 * A bolt that holds tuples while it works on them and renews their timeouts on tick tuples, through a
 * {@link TimeoutRenewal}: wherever the topology is built, such a bolt is given a tick every
 * {@link MessageTimeout#renewalPeriodSeconds} (a Flux file cannot set one component's configuration).
 */
public interface HoldsTuples {
}
