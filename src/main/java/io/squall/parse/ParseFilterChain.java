package io.squall.parse;

import io.squall.api.ParseContext;
import io.squall.api.ParseFilter;
import java.util.List;

/**
 * The parse filters of a parser task, in the file's order. A filter that throws stops the chain: the
 * exception comes out as a {@link ParseFilterException} naming it.
 */
public final class ParseFilterChain implements AutoCloseable {
    /** No filters: the parser then builds nothing for them. */
    public static final ParseFilterChain EMPTY = new ParseFilterChain(List.of(), List.of());

    private final List<String> names;
    private final List<ParseFilter> filters;

    public ParseFilterChain(List<String> names, List<ParseFilter> filters) {
        this.names = List.copyOf(names);
        this.filters = List.copyOf(filters);
    }

    public boolean isEmpty() {
        return filters.isEmpty();
    }

    /** The filters' names, in order. */
    public List<String> names() {
        return names;
    }

    void filter(ParseContext page) {
        for (int i = 0; i < filters.size(); i++) {
            try {
                filters.get(i).filter(page);
            } catch (RuntimeException e) {
                throw new ParseFilterException(names.get(i), e);
            }
        }
    }

    /** Closes every filter, each even if another failed to close. */
    @Override
    public void close() {
        RuntimeException first = null;
        for (ParseFilter filter : filters) {
            try {
                filter.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
