#!/usr/bin/env bash
# Fetch throughput benchmark (not a test): the fetching engine vs a plain thread pool on the same client,
# over loopback hosts of the test web. Usage: bench/fetch-bench.sh [hosts] [pagesPerHost] [threads]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.classpath -DincludeScope=test
java -Xmx2g -cp "target/test-classes:target/classes:$(cat target/bench.classpath)" \
  io.squall.fetch.bench.FetchBenchmark "$@"
