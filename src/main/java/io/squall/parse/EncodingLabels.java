package io.squall.parse;

import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Character encoding labels read as browsers read them (the WHATWG Encoding standard): ISO-8859-1, ASCII
 * and latin1 mean windows-1252, ISO-8859-9 means windows-1254, GB2312 means GB18030, Shift_JIS means
 * windows-31j, EUC-KR means windows-949, "utf-16" means UTF-16LE. Other labels Java knows are used as
 * Java reads them; unknown labels give null, so that the caller moves on to its next source.
 */
final class EncodingLabels {
    private static final Map<String, String> WEB_LABELS = new HashMap<>();

    static {
        labels("windows-1252", "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1",
                "iso-ir-100", "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii",
                "windows-1252", "x-cp1252", "x-user-defined");
        labels("UTF-8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8");
        labels("UTF-16LE", "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le");
        labels("UTF-16BE", "unicodefffe", "utf-16be");
        labels("windows-1254", "cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599",
                "iso_8859-9", "iso_8859-9:1989", "l5", "latin5", "windows-1254", "x-cp1254");
        labels("x-windows-874", "dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620", "windows-874");
        labels("GB18030", "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk",
                "iso-ir-58", "x-gbk", "gb18030");
        labels("Big5-HKSCS", "big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5");
        labels("windows-31j", "csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j",
                "x-sjis");
        labels("x-windows-949", "cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987",
                "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949");
    }

    private EncodingLabels() {
    }

    private static void labels(String charset, String... names) {
        for (String name : names) {
            WEB_LABELS.put(name, charset);
        }
    }

    /** The charset a browser would use for the label, or null when the label means nothing usable. */
    static Charset forLabel(String label) {
        if (label == null) {
            return null;
        }
        String key = label.trim().toLowerCase(Locale.ROOT);
        if (key.isEmpty()) {
            return null;
        }
        String web = WEB_LABELS.get(key);
        try {
            if (web != null) {
                return Charset.isSupported(web) ? Charset.forName(web) : null;
            }
            return Charset.isSupported(key) ? Charset.forName(key) : null;
        } catch (IllegalCharsetNameException e) {
            return null;
        }
    }

    /** A charset declared in a meta tag: UTF-16 there is a mistake (the meta was readable as ASCII), read as UTF-8. */
    static Charset forMetaLabel(String label) {
        Charset c = forLabel(label);
        if (c == null) {
            return null;
        }
        String name = c.name();
        return name.startsWith("UTF-16") || name.startsWith("UTF-32") ? StandardCharsets.UTF_8 : c;
    }
}
