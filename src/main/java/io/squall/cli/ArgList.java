package io.squall.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The arguments of one subcommand: {@code --name value}, {@code --name=value} and {@code --flag} options
 * anywhere among positional arguments; {@code --} ends the options. An option the subcommand does not
 * know is a {@link UsageException} naming it.
 */
final class ArgList {
    private final String command;
    /** Every value of each option given, in order: most options keep the last, repeatable ones all. */
    private final Map<String, List<String>> values = new TreeMap<>();
    private final List<String> positional = new ArrayList<>();

    private ArgList(String command) {
        this.command = command;
    }

    /**
     * @param valued options that take a value
     * @param flags options that take none
     */
    static ArgList parse(String command, List<String> args, Set<String> valued, Set<String> flags) {
        ArgList result = new ArgList(command);
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (optionsEnded || !arg.startsWith("--") || arg.equals("-")) {
                result.positional.add(arg);
                continue;
            }
            if (arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
            if (flags.contains(name)) {
                if (eq >= 0) {
                    throw new UsageException("option --" + name + " of 'squall " + command + "' takes no value");
                }
                result.add(name, "true");
            } else if (valued.contains(name)) {
                String value;
                if (eq >= 0) {
                    value = arg.substring(eq + 1);
                } else if (i + 1 < args.size()) {
                    value = args.get(++i);
                } else {
                    throw new UsageException("option --" + name + " of 'squall " + command + "' needs a value");
                }
                result.add(name, value);
            } else {
                throw new UsageException("unknown option '" + arg + "' for 'squall " + command
                        + "' (see squall " + command + " --help)");
            }
        }
        return result;
    }

    private void add(String name, String value) {
        values.computeIfAbsent(name, k -> new ArrayList<>(1)).add(value);
    }

    List<String> positional() {
        return positional;
    }

    boolean flag(String name) {
        return values.containsKey(name);
    }

    String string(String name, String fallback) {
        List<String> given = values.get(name);
        return given == null ? fallback : given.get(given.size() - 1);
    }

    /** Every value of a repeatable option, in the order given; empty when absent. */
    List<String> all(String name) {
        return List.copyOf(values.getOrDefault(name, List.of()));
    }

    /** The option's value converted, or null when absent; a bad value is a {@link UsageException}. */
    <T> T value(String name, Function<String, T> converter) {
        String raw = string(name, null);
        if (raw == null) {
            return null;
        }
        try {
            return converter.apply(raw);
        } catch (IllegalArgumentException e) {
            String why = e.getMessage() == null ? "has a bad value '" + raw + "'" : e.getMessage();
            throw new UsageException("option --" + name + " of 'squall " + command + "' " + why);
        }
    }

    static Integer positiveInt(String s) {
        int n = integer(s);
        if (n <= 0) {
            throw new IllegalArgumentException("expects a positive integer, got '" + s + "'");
        }
        return n;
    }

    static Integer nonNegativeInt(String s) {
        int n = integer(s);
        if (n < 0) {
            throw new IllegalArgumentException("expects an integer of 0 or more, got '" + s + "'");
        }
        return n;
    }

    static Double nonNegativeNumber(String s) {
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

    private static int integer(String s) {
        try {
            return Integer.parseInt(s.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expects an integer, got '" + s + "'");
        }
    }
}
