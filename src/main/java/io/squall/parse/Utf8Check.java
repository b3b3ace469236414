package io.squall.parse;

/** Whether bytes are well-formed UTF-8 that uses at least one multi-byte sequence (so not plain ASCII). */
final class Utf8Check {
    private Utf8Check() {
    }

    static boolean isUtf8WithNonAscii(byte[] b) {
        boolean nonAscii = false;
        int i = 0;
        int n = b.length;
        while (i < n) {
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                i++;
                continue;
            }
            int extra;
            int min;
            if (c >= 0xC2 && c <= 0xDF) {
                extra = 1;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                extra = 2;
                min = 0x800;
            } else if (c >= 0xF0 && c <= 0xF4) {
                extra = 3;
                min = 0x10000;
            } else {
                return false;
            }
            if (i + extra >= n) { // a sequence cut by the content limit
                return nonAscii && allContinuation(b, i + 1, n);
            }
            int cp = c & (0x3F >> extra);
            for (int k = 1; k <= extra; k++) {
                int cc = b[i + k] & 0xFF;
                if ((cc & 0xC0) != 0x80) {
                    return false;
                }
                cp = (cp << 6) | (cc & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                return false;
            }
            nonAscii = true;
            i += extra + 1;
        }
        return nonAscii;
    }

    private static boolean allContinuation(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if ((b[i] & 0xC0) != 0x80) {
                return false;
            }
        }
        return true;
    }
}
