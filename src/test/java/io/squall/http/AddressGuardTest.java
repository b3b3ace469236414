package io.squall.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.squall.api.ConfigException;
import io.squall.urls.IpLiterals;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The guard's logic without connections: which addresses are special, how hosts are read, what is allowed. */
class AddressGuardTest {
    @Test
    void specialAddressesIncludeIpv6FormsThatCarryASpecialIpv4Address() throws Exception {
        for (String special : new String[] {"127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254",
                "0.0.0.0", "100.64.0.1", "::1", "fc00::1", "fe80::1", "::ffff:127.0.0.1", "224.0.0.1",
                "::127.0.0.1", "::8.8.8.8", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b:1::808:808",
                "2002:7f00:1::1", "2002:a9fe:a9fe::", "2002:c0a8:101::1"}) {
            assertTrue(SpecialAddresses.isSpecial(InetAddress.getByName(special)), special);
        }
        for (String open : new String[] {"93.184.216.34", "8.8.8.8", "2606:4700::1111", "64:ff9b::808:808",
                "2002:808:808::1"}) {
            assertFalse(SpecialAddresses.isSpecial(InetAddress.getByName(open)), open);
        }
    }

    @Test
    void literalHostsAreReadAsBrowsersReadThemWithoutALookup() throws Exception {
        byte[] loopback = {127, 0, 0, 1};
        for (String host : new String[] {"127.0.0.1", "2130706433", "0x7f.1", "0x7F000001", "0177.0.0.1", "127.1",
                "0177.0.0.1.", "[::ffff:127.0.0.1]", "::ffff:7f00:1"}) {
            assertArrayEquals(loopback, IpLiterals.of(host).getAddress(), host);
        }
        assertEquals(InetAddress.getByName("::127.0.0.1"), IpLiterals.of("[::127.0.0.1]"));
        assertEquals(null, IpLiterals.of("example.com"));
        assertThrows(UnknownHostException.class, () -> IpLiterals.of("1.2.3.999"), "ends in a number: no lookup");
    }

    @Test
    void theAllowListMatchesAddressesRangesAndHostNames() throws Exception {
        AddressAllowList allow = new AddressAllowList(List.of("127.0.0.2", "10.0.0.0/8", "fd00::/8", "[::1]",
                "intranet.example", ".corp.example", "Wiki.Example."));
        assertTrue(allow.allowsAddress(InetAddress.getByName("127.0.0.2")));
        assertFalse(allow.allowsAddress(InetAddress.getByName("127.0.0.3")));
        assertTrue(allow.allowsAddress(InetAddress.getByName("10.255.0.1")));
        assertFalse(allow.allowsAddress(InetAddress.getByName("11.0.0.1")));
        assertTrue(allow.allowsAddress(InetAddress.getByName("fd12::1")));
        assertFalse(allow.allowsAddress(InetAddress.getByName("fc00::1")));
        assertTrue(allow.allowsAddress(InetAddress.getByName("::1")));
        assertTrue(allow.allowsHost("intranet.example"));
        assertFalse(allow.allowsHost("www.intranet.example"), "without a leading dot, the name alone");
        assertTrue(allow.allowsHost("corp.example"));
        assertTrue(allow.allowsHost("a.b.corp.example"));
        assertFalse(allow.allowsHost("evilcorp.example"));
        assertTrue(allow.allowsHost("wiki.example"));
        assertFalse(allow.allowsHost("127.0.0.2"), "addresses are matched on the resolved address");
    }

    @Test
    void aBadEntryIsOneLineNamingTheKey() {
        for (String bad : new String[] {"10.0.0.0/33", "fd00::/129", "10.0.0.0/x", "1.2.3.999", "not a host",
                "http://example.com/", "::1::2", "host.example/8"}) {
            ConfigException e = assertThrows(ConfigException.class, () -> new AddressAllowList(List.of(bad)), bad);
            assertTrue(e.getMessage().startsWith("http.address.allow: '" + bad + "' is not valid"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void theGuardRefusesEverySpellingOfAnAddressThatIsNotAllowed() throws Exception {
        AddressGuard guard = new AddressGuard(true, new AddressAllowList(List.of("127.0.0.2", "localhost")));
        for (String host : new String[] {"127.0.0.1", "2130706433", "0x7f.1", "0177.0.0.1", "[::ffff:127.0.0.1]",
                "[::127.0.0.1]", "[::1]", "169.254.169.254", "[64:ff9b::a9fe:a9fe]", "[2002:a9fe:a9fe::]"}) {
            AddressGuard.BlockedAddressException e = assertThrows(AddressGuard.BlockedAddressException.class,
                    () -> guard.resolve(host), host);
            assertTrue(e.getMessage().contains("http.address.allow"), e.getMessage());
        }
        assertArrayEquals(new byte[] {127, 0, 0, 2}, guard.resolve("0x7f.0.0.2")[0].getAddress());
        assertTrue(guard.resolve("localhost").length > 0, "an allowed name may resolve to loopback");
        assertEquals("127.0.0.1", new AddressGuard(false, new AddressAllowList(List.of())).resolve("0x7f.1")[0]
                .getHostAddress(), "with the guard off, the same reading of the host");
    }
}
