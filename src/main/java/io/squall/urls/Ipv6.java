package io.squall.urls;

/** The WHATWG IPv6 parser and serializer (compressed, lower-case hex), without any name lookup. */
final class Ipv6 {
    private Ipv6() {
    }

    static int[] parse(String s) throws InvalidUrlException {
        int[] address = new int[8];
        int n = s.length();
        int piece = 0;
        int compress = -1;
        int p = 0;
        if (p < n && s.charAt(p) == ':') {
            if (p + 1 >= n || s.charAt(p + 1) != ':') {
                throw invalid(s);
            }
            p += 2;
            piece++;
            compress = piece;
        }
        while (p < n) {
            if (piece == 8) {
                throw invalid(s);
            }
            if (s.charAt(p) == ':') {
                if (compress != -1) {
                    throw invalid(s);
                }
                p++;
                piece++;
                compress = piece;
                continue;
            }
            int value = 0;
            int length = 0;
            while (length < 4 && p < n && Character.digit(s.charAt(p), 16) >= 0 && s.charAt(p) < 0x80) {
                value = value * 16 + Character.digit(s.charAt(p), 16);
                p++;
                length++;
            }
            if (p < n && s.charAt(p) == '.') {
                if (length == 0 || piece > 6) {
                    throw invalid(s);
                }
                p -= length;
                piece = parseIpv4Tail(s, p, address, piece);
                p = n;
                break;
            } else if (p < n && s.charAt(p) == ':') {
                p++;
                if (p >= n) {
                    throw invalid(s);
                }
            } else if (p < n) {
                throw invalid(s);
            }
            address[piece++] = value;
        }
        if (compress != -1) {
            int swaps = piece - compress;
            piece = 7;
            while (piece != 0 && swaps > 0) {
                int t = address[piece];
                address[piece] = address[compress + swaps - 1];
                address[compress + swaps - 1] = t;
                piece--;
                swaps--;
            }
        } else if (piece != 8) {
            throw invalid(s);
        }
        return address;
    }

    /** An embedded IPv4 address (::ffff:1.2.3.4) fills the last two pieces; returns the next piece index. */
    private static int parseIpv4Tail(String s, int p, int[] address, int piece) throws InvalidUrlException {
        int n = s.length();
        int numbersSeen = 0;
        while (p < n) {
            int value = -1;
            if (numbersSeen > 0) {
                if (s.charAt(p) == '.' && numbersSeen < 4) {
                    p++;
                } else {
                    throw invalid(s);
                }
            }
            if (p >= n || s.charAt(p) < '0' || s.charAt(p) > '9') {
                throw invalid(s);
            }
            while (p < n && s.charAt(p) >= '0' && s.charAt(p) <= '9') {
                int digit = s.charAt(p) - '0';
                if (value == -1) {
                    value = digit;
                } else if (value == 0) {
                    throw invalid(s);
                } else {
                    value = value * 10 + digit;
                }
                if (value > 255) {
                    throw invalid(s);
                }
                p++;
            }
            address[piece] = address[piece] * 0x100 + value;
            numbersSeen++;
            if (numbersSeen == 2 || numbersSeen == 4) {
                piece++;
            }
        }
        if (numbersSeen != 4) {
            throw invalid(s);
        }
        return piece;
    }

    static String serialize(int[] address) {
        int bestStart = -1;
        int bestLength = 1; // only runs of two or more zero pieces are compressed
        for (int i = 0; i < 8; ) {
            int j = i;
            while (j < 8 && address[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j == i ? i + 1 : j;
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                out.append(i == 0 ? "::" : ":");
                i += bestLength - 1;
                continue;
            }
            out.append(Integer.toHexString(address[i]));
            if (i < 7) {
                out.append(':');
            }
        }
        return out.toString();
    }

    private static InvalidUrlException invalid(String s) {
        return InvalidUrlException.invalid("invalid IPv6 address '" + s + "'");
    }
}
