package {{package}};

import io.squall.api.ParseContext;
import io.squall.api.ParseFilter;
import io.squall.api.Settings;

/**
 * A parse filter of this crawler: counts the words of a page's text into the {@value #KEY} metadata key,
 * which crawler-conf.yaml's {@code indexer.md.mapping} puts in the content index, and keeps pages of fewer
 * than {@code minWords} words (a parameter in parsefilters.yaml) out of the index. One instance per parser
 * task, called from that task's thread only.
 */
public final class WordCountFilter implements ParseFilter {
    static final String KEY = "words";
    private int minWords;

    @Override
    public void configure(Settings params) {
        minWords = params.getInt("minWords", 0);
        if (minWords < 0) {
            throw params.error("minWords", "must be 0 or more");
        }
    }

    @Override
    public void filter(ParseContext page) {
        int words = count(page.text());
        page.metadata().set(KEY, String.valueOf(words));
        if (words < minWords) {
            page.setNoIndex();
        }
    }

    private static int count(String text) {
        int words = 0;
        boolean inWord = false;
        for (int i = 0; i < text.length(); i++) {
            boolean letter = Character.isLetterOrDigit(text.charAt(i));
            if (letter && !inWord) {
                words++;
            }
            inWord = letter;
        }
        return words;
    }
}
