package io.squall.opensearch;

/** A failure of a request to OpenSearch, in one line for the user: what OpenSearch answered, or why it did not. */
public final class OpenSearchErrors {
    private static final int MAX_LENGTH = 300;

    private OpenSearchErrors() {
    }

    /**
     * {@code OpenSearch answers 503 search_phase_execution_exception: all shards failed} when it answered (never
     * its raw JSON), else the root cause's class and first line, as {@code ConnectException: Connection refused}.
     */
    public static String describe(Throwable failure) {
        return ErrorAnswer.of(failure).map(answer -> "OpenSearch answers " + shortened(answer.toString()))
                .orElseGet(() -> rootCause(failure));
    }

    private static String rootCause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        String line = message == null ? "" : message.lines().findFirst().orElse("");
        return root.getClass().getSimpleName() + (line.isEmpty() ? "" : ": " + shortened(line));
    }

    private static String shortened(String line) {
        return line.length() > MAX_LENGTH ? line.substring(0, MAX_LENGTH) + "..." : line;
    }
}
