package io.squall.urls;

import com.ibm.icu.text.IDNA;
import java.util.EnumSet;
import java.util.Set;

/**
 * The WHATWG URL standard's "domain to ASCII": UTS #46 processing, non-transitional (so {@code faß.example}
 * is {@code xn--fa-hia.example}, as browsers have it, not IDNA2003's {@code fass.example}), with the bidi
 * and joiner checks, without STD3 rules, hyphen checks or DNS length limits.
 */
final class DomainToAscii {
    private static final IDNA UTS46 = IDNA.getUTS46Instance(IDNA.NONTRANSITIONAL_TO_ASCII
            | IDNA.NONTRANSITIONAL_TO_UNICODE | IDNA.CHECK_BIDI | IDNA.CHECK_CONTEXTJ);
    /** What UTS #46 reports but the URL standard does not check (CheckHyphens and VerifyDnsLength are false). */
    private static final Set<IDNA.Error> NOT_CHECKED = EnumSet.of(IDNA.Error.LEADING_HYPHEN,
            IDNA.Error.TRAILING_HYPHEN, IDNA.Error.HYPHEN_3_4, IDNA.Error.EMPTY_LABEL, IDNA.Error.LABEL_TOO_LONG,
            IDNA.Error.DOMAIN_NAME_TOO_LONG);

    private DomainToAscii() {
    }

    /**
     * Whether a host needs the conversion: only a non-ASCII one. An ASCII host only needs lower case (its
     * punycode labels are taken as they are, as the web-platform tests Squall runs expect).
     */
    static boolean isNeeded(String host) {
        for (int i = 0; i < host.length(); i++) {
            if (host.charAt(i) >= 0x80) {
                return true;
            }
        }
        return false;
    }

    static String convert(String domain) throws InvalidUrlException {
        IDNA.Info info = new IDNA.Info();
        StringBuilder ascii = UTS46.nameToASCII(domain, new StringBuilder(domain.length() + 8), info);
        Set<IDNA.Error> errors = EnumSet.noneOf(IDNA.Error.class);
        errors.addAll(info.getErrors());
        errors.removeAll(NOT_CHECKED);
        if (!errors.isEmpty()) {
            throw InvalidUrlException.invalid("host '" + domain + "' is not a valid domain name (" + errors + ")");
        }
        return ascii.toString();
    }
}
