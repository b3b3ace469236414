package io.squall.api;

/**
 * A configuration problem, said in one line that names the key and where it came from, so that the
 * user can fix it without reading a stack trace.
 */
public class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
