/**
 * Squall's API for a bolt of your own in {@code topology.yaml}: the streams and fields it receives and
 * emits, and the help a bolt that holds tuples needs to keep them from timing out. The part of the API
 * that names Storm's types; {@code io.squall.api} names none.
 */
package io.squall.api.storm;
