package com.mytopling.ycsb.core.config;

import com.mytopling.ycsb.core.ConfigException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The settings file: a run's resolved settings as a properties file, written once into the run folder for each phase
 * and client and the one file that phase's process is started from ({@code ycsb load|run BINDING -P FILE}; stock
 * YCSB reads it too). Each setting is preceded by a comment with where it came from and what it beat; secrets are
 * masked in it, and the process that is started from it gets them in its environment ({@link #SECRETS_ENV}); the
 * registry's defaults that apply are listed at the end as comments. The one writer and reader of the format.
 */
public final class SettingsFile {
  /** The first line, by which a settings file is told from a user's property file. */
  public static final String MAGIC = "# ycsb-harness settings 1";
  /** Environment variable that carries a settings file's secrets (properties text) to the process started from it. */
  public static final String SECRETS_ENV = "YCSB_SETTINGS_SECRETS";
  private static final String ORIGIN = "#@ ";
  private static final String OVER = "; over: ";
  private static final String SECRET = "; secret";
  public static final String RULE = "Precedence, lowest first: defaults < the job's defaults < property files in the "
      + "order given < options < -p in the order given < what the harness sets for the phase < derived settings";

  private SettingsFile() {
  }

  /** Writes the settings with a title line; secrets masked. */
  public static void write(ResolvedSettings resolved, Path file, String title) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, text(resolved, title), StandardCharsets.UTF_8);
  }

  /** The file's text: what {@link #write} writes (a scale-out parent also ships it to its clients). */
  public static String text(ResolvedSettings resolved, String title) {
    StringBuilder b = new StringBuilder(MAGIC).append('\n');
    b.append("# ").append(title).append('\n');
    b.append("# ").append(RULE).append(".\n");
    b.append("# Secrets are masked here; the process started from this file gets them in its environment.\n");
    for (Setting s : resolved.settings().values()) {
      b.append(ORIGIN).append(s.name()).append(": ").append(s.origin());
      if (!s.overridden().isEmpty()) {
        List<String> over = new ArrayList<>();
        for (Setting o : s.overridden()) {
          over.add(o.origin() + " = " + ResolvedSettings.masked(o.name(), o.value()));
        }
        b.append(OVER).append(String.join(", ", over));
      }
      boolean secret = ResolvedSettings.isSecret(s.name(), s.value());
      if (secret) {
        b.append(SECRET);
      }
      b.append('\n');
      String line = line(s.name(), secret ? ResolvedSettings.masked(s.name(), s.value()) : s.value());
      b.append(secret ? "#" : "").append(line).append('\n');
    }
    b.append("#\n# Defaults in effect (the registry's; nothing above sets them):\n");
    for (Property p : Registry.all()) {
      if (!p.isFamily() && p.defaultValue() != null && resolved.get(p.name()) == null) {
        b.append('#').append(line(p.name(), p.defaultValue())).append('\n');
      }
    }
    return b.toString();
  }

  /** One name=value line as Properties.store escapes it. */
  private static String line(String name, String value) {
    Properties one = new Properties();
    one.setProperty(name, value);
    StringWriter w = new StringWriter();
    try {
      one.store(w, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString().lines().filter(l -> !l.startsWith("#")).findFirst().orElseThrow();
  }

  /** The environment a process started from {@code resolved}'s file needs: its secrets, or nothing. */
  public static Map<String, String> secretsEnvironment(ResolvedSettings resolved) {
    Properties secrets = new Properties();
    for (Setting s : resolved.settings().values()) {
      if (ResolvedSettings.isSecret(s.name(), s.value())) {
        secrets.setProperty(s.name(), s.value());
      }
    }
    if (secrets.isEmpty()) {
      return Map.of();
    }
    StringWriter w = new StringWriter();
    try {
      secrets.store(w, null);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.of(SECRETS_ENV, w.toString());
  }

  /** True when the file starts with {@link #MAGIC}. */
  public static boolean isSettingsFile(Path file) {
    try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return MAGIC.equals(r.readLine());
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }

  /**
   * The settings of a settings file, each in the file layer with the origin it records; a masked secret takes its value from {@code env}'s
   * {@link #SECRETS_ENV}, and is bad input when it is not there.
   */
  public static List<Setting> read(Path file, Map<String, String> env) throws ConfigException {
    String text;
    Properties values = new Properties();
    Properties secrets = new Properties();
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
      values.load(new StringReader(text));
      String carried = env.get(SECRETS_ENV);
      if (carried != null) {
        secrets.load(new StringReader(carried));
      }
    } catch (IOException | IllegalArgumentException e) {
      throw new ConfigException(file + ": cannot read: " + e.getMessage());
    }
    Map<String, Setting> out = new TreeMap<>();
    for (String raw : text.lines().toList()) {
      if (!raw.startsWith(ORIGIN)) {
        continue;
      }
      String rest = raw.substring(ORIGIN.length());
      int colon = rest.indexOf(": ");
      if (colon <= 0) {
        continue;
      }
      String name = rest.substring(0, colon);
      String originText = rest.substring(colon + 2);
      boolean secret = originText.endsWith(SECRET);
      if (secret) {
        originText = originText.substring(0, originText.length() - SECRET.length());
      }
      int over = originText.indexOf(OVER);
      if (over >= 0) {
        originText = originText.substring(0, over);
      }
      String value = secret ? secrets.getProperty(name) : values.getProperty(name);
      if (value == null) {
        throw new ConfigException(file + ": " + name + (secret ? " is a secret the process was not given ("
            + SECRETS_ENV + " unset)" : " has an origin line and no value"));
      }
      // In the file's layer, so that a -p given with the file still beats it; the origin it records stays readable.
      out.put(name, new Setting(name, value, Origin.file(file + " (" + originText + ")")));
    }
    // A line without an origin comment (edited by hand) still applies, as the file's own.
    for (String name : values.stringPropertyNames()) {
      out.putIfAbsent(name, new Setting(name, values.getProperty(name), Origin.file(file.toString())));
    }
    return new ArrayList<>(out.values());
  }
}
