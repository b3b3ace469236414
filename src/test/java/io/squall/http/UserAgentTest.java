package io.squall.http;

import io.squall.testsupport.FetchTestConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRulesParser;
import io.squall.api.ConfigException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class UserAgentTest {
    private static UserAgent agent(String name, Object... more) {
        Object[] settings = new Object[more.length + 2];
        settings[0] = "http.agent.name";
        settings[1] = name;
        System.arraycopy(more, 0, settings, 2, more.length);
        return UserAgent.fromConfig(FetchTestConfig.with(settings));
    }

    @Test
    void aNameWithDigitsAndDotsIsSentWholeAndMatchedInRobotsTxtOnItsProductToken() {
        UserAgent bot2 = agent("bot2.1", "http.agent.version", "0.3", "http.agent.url", "https://example.org/bot");
        assertEquals("bot2.1/0.3 (https://example.org/bot)", bot2.header());
        assertEquals("bot2.1", bot2.name());
        assertEquals("bot", bot2.robotsToken());
        assertEquals("my-crawler_x", agent("my-crawler_x9").robotsToken());
        assertEquals("squall-test", agent("squall-test").robotsToken());
    }

    @Test
    void aNameThatIsNoCrawlerNameIsRefusedInOneLine() {
        for (String bad : List.of("2bot", ".bot", "bot 2", "bot/2", "b\u00f6t", "-x")) {
            ConfigException e = assertThrows(ConfigException.class, () -> agent(bad), bad);
            assertTrue(e.getMessage().startsWith("http.agent.name '" + bad + "' is not a crawler name: use a letter"),
                    e.getMessage());
        }
        assertTrue(assertThrows(ConfigException.class, () -> agent(" ")).getMessage()
                .startsWith("http.agent.name is not set"));
    }

    /** The token meets robots.txt as the fetcher's parser reads it: a group named bot2 applies to bot2. */
    @Test
    void robotsTxtGroupsNamedWithOrWithoutTheDigitsApplyToTheAgent() {
        String robots = "User-agent: bot2\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n";
        BaseRobotRules rules = parse(robots, agent("bot2"));
        assertFalse(rules.isAllowed("http://example.com/private/a"));
        assertTrue(rules.isAllowed("http://example.com/public"), "bot2's own group, not the * group, applies");

        BaseRobotRules plain = parse("User-agent: bot\nDisallow: /b\n\nUser-agent: *\nDisallow: /\n", agent("bot2"));
        assertTrue(plain.isAllowed("http://example.com/a"));
        assertFalse(plain.isAllowed("http://example.com/b"));

        BaseRobotRules other = parse("User-agent: otherbot\nDisallow: /\n", agent("bot2"));
        assertTrue(other.isAllowed("http://example.com/a"), "another crawler's group does not apply");
    }

    private static BaseRobotRules parse(String robots, UserAgent agent) {
        return new SimpleRobotRulesParser().parseContent("http://example.com/robots.txt",
                robots.getBytes(StandardCharsets.UTF_8), "text/plain",
                List.of(agent.robotsToken().toLowerCase(Locale.ROOT)));
    }
}
