#!/bin/sh
# Status writer throughput against plain opensearch-java bulks on an embedded OpenSearch node.
# Usage: bench/status-writer.sh [documents per run, default 100000] [rounds, default 3]
set -e
cd "$(dirname "$0")/.."
mvn -q -B test-compile
mvn -q -B dependency:build-classpath -DincludeScope=test -Dmdep.outputFile=target/bench.classpath
exec java -Xmx2g -cp "target/classes:target/test-classes:$(cat target/bench.classpath)" \
    io.squall.bench.StatusWriterBenchmark "$@"
