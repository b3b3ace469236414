/**
 * Fetching politely: per-host queues, delays and back-off, robots.txt, the host index, the fetch engine and the
 * fetcher bolt. The requests themselves go through {@code io.squall.http} (and {@code io.squall.render}).
 *
 * <p><b>Internal:</b> not Squall's API; any of it may change in any release. Extensions and bolts build on
 * {@code io.squall.api} and {@code io.squall.api.storm} (docs/extending.md).
 *
 * <p>API by name only: {@link URLPartitionerBolt}, {@link FetcherBolt}, which Flux files name,
 * keep their names and this package (recorded in src/test/resources/api/squall-api.txt); their
 * methods are internal.
 */
package io.squall.fetch;
