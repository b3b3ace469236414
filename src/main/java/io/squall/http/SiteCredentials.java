package io.squall.http;

import io.squall.api.ConfigException;
import io.squall.config.CrawlerConfig;
import io.squall.config.YamlFiles;
import io.squall.urls.InvalidUrlException;
import io.squall.urls.WebUrl;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The credentials the user gives for sites, in the YAML file {@code http.credentials.file} names (read
 * where the fetcher runs, never carried in the topology configuration): per host, HTTP Basic or Digest
 * (optionally for one realm), or a form login. A password is written in the file, or read from the file
 * {@code password.file} names, or from the environment variable {@code password.env} names.
 */
public final class SiteCredentials {
    static final String KEY = "http.credentials.file";
    private static final Set<String> HTTP_KEYS = Set.of("host", "scheme", "realm", "user", "password",
            "password.file", "password.env");
    private static final Set<String> FORM_KEYS = Set.of("host", "scheme", "login.url", "fields", "user",
            "user.field", "password", "password.file", "password.env", "password.field", "success.cookie",
            "success.text");

    /** Basic or Digest credentials for a host (any port when {@code port} is -1), for one realm or any (null). */
    record HttpCredential(String scheme, String host, int port, String realm, String user, String password) {
        @Override
        public String toString() {
            return scheme + " for " + host + (port < 0 ? "" : ":" + port) + (realm == null ? "" : " realm " + realm)
                    + " as " + user;
        }
    }

    /**
     * A form to post once per host before its pages: the login URL, its fields (the user's and the password's
     * among them), and what tells a login that worked: a cookie it sets, a text its answer holds, or both.
     */
    record FormCredential(String host, WebUrl loginUrl, Map<String, String> fields, String passwordField,
            String successCookie, String successText) {
        @Override
        public String toString() {
            return "form login for " + host + " at " + loginUrl.href(); // never the fields: the password is one
        }
    }

    private final List<HttpCredential> http;
    private final Map<String, FormCredential> forms;

    private SiteCredentials(List<HttpCredential> http, Map<String, FormCredential> forms) {
        this.http = List.copyOf(http);
        this.forms = Map.copyOf(forms);
    }

    /**
     * The credentials of the file the configuration names, or null when it names none.
     *
     * @throws ConfigException naming the file and the entry: a missing or unreadable file, a wrong entry
     */
    public static SiteCredentials fromConfig(CrawlerConfig config) {
        return fromConfig(config, System::getenv);
    }

    static SiteCredentials fromConfig(CrawlerConfig config, UnaryOperator<String> environment) {
        if (!config.isSet(KEY)) {
            return null;
        }
        Path file = Path.of(config.getString(KEY).strip());
        if (config.getBoolean("http.trust.everything")) {
            throw new ConfigException(KEY + " is refused with http.trust.everything: credentials are never sent over"
                    + " connections whose certificates are not verified");
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException(KEY + ": cannot read '" + file + "' (" + e.getClass().getSimpleName()
                    + "); it must exist where the crawl starts and on every worker");
        }
        Object root = YamlFiles.parse(text, file.toString());
        if (!(root instanceof List<?> entries)) {
            throw new ConfigException(file + ": a list of credentials is expected (entries starting with '- host:')");
        }
        List<HttpCredential> http = new ArrayList<>();
        Map<String, FormCredential> forms = new LinkedHashMap<>();
        for (int i = 0; i < entries.size(); i++) {
            Entry entry = new Entry(file, i + 1, entries.get(i), environment);
            String scheme = entry.required("scheme").toLowerCase(Locale.ROOT);
            switch (scheme) {
                case "basic", "digest" -> {
                    entry.onlyKeys(HTTP_KEYS);
                    HostPort hp = entry.hostPort();
                    http.add(new HttpCredential(scheme, hp.host, hp.port, entry.optional("realm"),
                            entry.required("user"), entry.password()));
                }
                case "form" -> {
                    entry.onlyKeys(FORM_KEYS);
                    FormCredential form = entry.form();
                    if (forms.put(form.host(), form) != null) {
                        throw entry.invalid("a second form login for " + form.host());
                    }
                    if (!config.getBoolean("http.use.cookies")) {
                        throw entry.invalid("a form login keeps its session in a cookie: set http.use.cookies: true");
                    }
                }
                default -> throw entry.invalid("scheme '" + scheme + "' is not basic, digest or form");
            }
        }
        return new SiteCredentials(http, forms);
    }

    List<HttpCredential> http() {
        return http;
    }

    /** The form login of the host, or null. */
    FormCredential formFor(String host) {
        return forms.get(host.toLowerCase(Locale.ROOT));
    }

    /** For the start-up log: who logs in where, never a password. */
    @Override
    public String toString() {
        List<Object> all = new ArrayList<>(http);
        all.addAll(forms.values());
        return all.toString();
    }

    private record HostPort(String host, int port) {
    }

    /** One entry of the file, read with errors that name the file and the entry's number. */
    private static final class Entry {
        private final Path file;
        private final int number;
        private final Map<?, ?> map;
        private final UnaryOperator<String> environment;

        Entry(Path file, int number, Object entry, UnaryOperator<String> environment) {
            this.file = file;
            this.number = number;
            this.environment = environment;
            if (!(entry instanceof Map<?, ?> m)) {
                throw invalid("an entry is a map of keys (host, scheme, user...)");
            }
            this.map = m;
        }

        ConfigException invalid(String why) {
            return new ConfigException(file + ": credentials entry " + number + ": " + why);
        }

        void onlyKeys(Set<String> known) {
            for (Object key : map.keySet()) {
                if (!known.contains(String.valueOf(key))) {
                    throw invalid("unknown key '" + key + "' (known: " + known.stream().sorted().toList() + ")");
                }
            }
        }

        String optional(String key) {
            Object value = map.get(key);
            return value == null || String.valueOf(value).isBlank() ? null : String.valueOf(value).strip();
        }

        String required(String key) {
            String value = optional(key);
            if (value == null) {
                throw invalid(key + " is missing");
            }
            return value;
        }

        HostPort hostPort() {
            String value = required("host").toLowerCase(Locale.ROOT);
            int colon = value.lastIndexOf(':');
            if (colon > 0 && value.indexOf(']') < colon && value.indexOf(':') == colon) {
                try {
                    int port = Integer.parseInt(value.substring(colon + 1));
                    if (port >= 1 && port <= 65_535) {
                        return new HostPort(value.substring(0, colon), port);
                    }
                } catch (NumberFormatException e) {
                    // said below
                }
                throw invalid("host '" + value + "': the port must be 1 to 65535");
            }
            return new HostPort(value, -1);
        }

        /** The password: in the entry, or from password.file, or from the variable password.env names. */
        String password() {
            String file = optional("password.file");
            String variable = optional("password.env");
            String inline = map.get("password") == null ? null : String.valueOf(map.get("password"));
            if ((file != null ? 1 : 0) + (variable != null ? 1 : 0) + (inline != null ? 1 : 0) != 1) {
                throw invalid("give the password once: password, password.file or password.env");
            }
            if (file != null) {
                try {
                    return Files.readString(Path.of(file), StandardCharsets.UTF_8).lines().findFirst().orElse("");
                } catch (IOException e) {
                    throw invalid("password.file: cannot read '" + file + "' (" + e.getClass().getSimpleName() + ")");
                }
            }
            if (variable != null) {
                String secret = environment.apply(variable);
                if (secret == null) {
                    throw invalid("password.env: the environment variable " + variable + " is not set");
                }
                return secret;
            }
            return inline;
        }

        FormCredential form() {
            String host = required("host").toLowerCase(Locale.ROOT);
            WebUrl login;
            try {
                login = WebUrl.parse(required("login.url"));
            } catch (InvalidUrlException e) {
                throw invalid("login.url is not a URL: " + e.getMessage());
            }
            if (!login.hostName().equalsIgnoreCase(host)) {
                throw invalid("login.url " + login.href() + " is not on " + host
                        + ": the session cookie would not be the host's");
            }
            Map<String, String> fields = new LinkedHashMap<>();
            if (map.get("fields") instanceof Map<?, ?> given) {
                given.forEach((k, v) -> fields.put(String.valueOf(k), v == null ? "" : String.valueOf(v)));
            } else if (map.get("fields") != null) {
                throw invalid("fields is a map of form field names to values");
            }
            fields.put(optional("user.field") == null ? "username" : optional("user.field"), required("user"));
            String passwordField = optional("password.field") == null ? "password" : optional("password.field");
            fields.put(passwordField, password());
            String cookie = optional("success.cookie");
            String text = optional("success.text");
            if (cookie == null && text == null) {
                throw invalid("say how a login that worked is told: success.cookie (a cookie it sets) or"
                        + " success.text (a text its answer holds)");
            }
            return new FormCredential(host, login, Collections.unmodifiableMap(fields), passwordField, cookie, text);
        }
    }
}
