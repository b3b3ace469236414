/**
 * The Storm adapters every bolt stands on: collectors, task metrics, serialization, hooks.
 *
 * <p><b>Internal:</b> not Squall's API; any of it may change in any release. Extensions and bolts build on
 * {@code io.squall.api} and {@code io.squall.api.storm} (docs/extending.md).
 *
 * <p>API by name only: {@link FailedOutcomes}, {@link TaskStart}, {@link MetricsIndexConsumer}, which Flux files name,
 * keep their names and this package (recorded in src/test/resources/api/squall-api.txt); their
 * methods are internal.
 */
package io.squall.storm;
