/**
 * The topology's assembly from Flux files, its checks, and its submission.
 *
 * <p><b>Internal:</b> not Squall's API; any of it may change in any release. Extensions and bolts build on
 * {@code io.squall.api} and {@code io.squall.api.storm} (docs/extending.md).
 *
 * <p>API by name only: {@link Submit}, which {@code storm jar} names,
 * keep their names and this package (recorded in src/test/resources/api/squall-api.txt); their
 * methods are internal.
 */
package io.squall.topology;
