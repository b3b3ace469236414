package io.squall.cli;

import io.squall.config.Durations;
import java.time.Duration;
import picocli.CommandLine.ITypeConverter;

/**
 * picocli converters of the options' values. A bad value is an {@link IllegalArgumentException} saying what
 * was expected; {@link CommandLines} puts the option's and the command's name before it.
 */
final class OptionValues {
    private OptionValues() {
    }

    static final class PositiveInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String s) {
            int n = integer(s);
            if (n <= 0) {
                throw new IllegalArgumentException("expects a positive integer, got '" + s + "'");
            }
            return n;
        }
    }

    static final class NonNegativeInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String s) {
            int n = integer(s);
            if (n < 0) {
                throw new IllegalArgumentException("expects an integer of 0 or more, got '" + s + "'");
            }
            return n;
        }
    }

    /** A TCP port; 0 for a free one. */
    static final class Port implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String s) {
            int port = new NonNegativeInt().convert(s);
            if (port > 65535) {
                throw new IllegalArgumentException("expects a port number up to 65535, got " + port);
            }
            return port;
        }
    }

    static final class Seconds implements ITypeConverter<Double> {
        @Override
        public Double convert(String s) {
            double d;
            try {
                d = Double.parseDouble(s.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expects a number, got '" + s + "'");
            }
            if (!(d >= 0) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("expects a number of seconds of 0 or more, got '" + s + "'");
            }
            return d;
        }
    }

    /** A duration above zero: a crawl that stops at once is a mistake. */
    static final class PositiveDuration implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String text) {
            Duration d = Durations.parse(text);
            if (d.isZero()) {
                throw new IllegalArgumentException("expects a duration such as 90s, 15m, 2h or 1h30m, got '" + text
                        + "'");
            }
            return d;
        }
    }

    private static int integer(String s) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expects an integer, got '" + s + "'");
        }
    }
}
