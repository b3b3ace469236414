package io.squall.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HrefTableTest {
    @Test
    void findsAKeyByAnyHrefThatStartsWithItBeforeTheFragment() {
        HrefTable<String> table = new HrefTable<>();
        table.put("functions.html", "f");
        String href = "functions.html#abs";
        assertEquals("f", table.get(href, href.indexOf('#')));
        assertEquals("f", table.get("functions.html", "functions.html".length()));
        assertNull(table.get("functions.htm", "functions.htm".length()));
        assertNull(table.get(href, href.length()), "the whole href is another key");
    }

    @Test
    void keysWithTheSameHashStayApart() {
        HrefTable<Integer> table = new HrefTable<>();
        table.put("Aa", 1); // "Aa" and "BB" have the same String hash
        table.put("BB", 2);
        assertEquals(1, table.get("Aa#x", 2));
        assertEquals(2, table.get("BB#x", 2));
    }

    @Test
    void hashesAPrefixAsStringHashesTheCutCopy() {
        String href = "library/functions.html#abs\u00e9";
        for (int end = 0; end <= href.length(); end++) {
            assertEquals(href.substring(0, end).hashCode(), HrefTable.hash(href, end));
        }
    }

    /** Against a HashMap of cut copies, through many growths of the table. */
    @Test
    void sameAnswersAsAMapOfCutCopies() {
        Random random = new Random(42);
        HrefTable<Integer> table = new HrefTable<>();
        Map<String, Integer> expected = new HashMap<>();
        for (int i = 0; i < 50_000; i++) {
            String href = "p" + random.nextInt(20_000) + ".html" + (random.nextBoolean() ? "#s" + i : "");
            int end = href.indexOf('#') < 0 ? href.length() : href.indexOf('#');
            String key = href.substring(0, end);
            assertEquals(expected.get(key), table.get(href, end), href);
            if (!expected.containsKey(key)) {
                expected.put(key, i);
                table.put(key, i);
            }
        }
    }
}
