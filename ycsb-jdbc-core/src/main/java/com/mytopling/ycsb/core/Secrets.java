package com.mytopling.ycsb.core;

import com.mytopling.ycsb.core.config.Registry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where passwords come from and how they are kept out of every line we print.
 *
 * <p>Sources, first match wins: {@code db.passwd}, the file named by {@code db.passwdfile}
 * (which must not be readable by group or others), the environment variable
 * {@value #PASSWORD_ENV}.
 */
public final class Secrets {
  /** Environment variable read when neither db.passwd nor db.passwdfile is set. */
  public static final String PASSWORD_ENV = "YCSB_DB_PASSWORD";
  /** What a secret is replaced with, everywhere (lines, metadata.json, reports). */
  public static final String MASK = "*****";

  // password=..., pwd=..., passwd=... inside JDBC URLs, in any letter case, up to the next
  // separator of either URL style (& for MySQL, ; for SQL Server).
  // SQL Server values may be braced, {..;..}, and then contain separators.
  private static final Pattern URL_PASSWORD =
      Pattern.compile("(?i)((?:password|passwd|pwd)\\s*=)(\\{[^}]*\\}?|[^&;]*)");
  // user:password@host in the authority part (Connector/J and MariaDB Connector/J accept it).
  private static final Pattern URL_USERINFO = Pattern.compile("(//[^/?#@:\\s]*:)([^/?#@\\s]*)(@)");

  private Secrets() {
  }

  /** The password to use, or null when none is configured anywhere. */
  public static String resolvePassword(Properties props, Map<String, String> env) throws ConfigException {
    // Blank is unset, as for every other property: db.passwdfile or the environment apply.
    PropertyReader p = new PropertyReader(props);
    String direct = p.string(Registry.DB_PASSWD);
    if (direct != null) {
      return direct;
    }
    String file = p.string(Registry.DB_PASSWDFILE);
    if (file != null) {
      return readPasswordFile(Path.of(file));
    }
    return env.get(PASSWORD_ENV);
  }

  private static String readPasswordFile(Path path) throws ConfigException {
    try {
      if (!Files.isReadable(path)) {
        throw new ConfigException(Registry.DB_PASSWDFILE.name() + ": cannot read " + path);
      }
      try {
        Set<PosixFilePermission> perms = Files.getPosixFilePermissions(path);
        if (perms.contains(PosixFilePermission.GROUP_READ) || perms.contains(PosixFilePermission.OTHERS_READ)) {
          throw new ConfigException(Registry.DB_PASSWDFILE.name() + ": " + path
              + " is readable by group or others; restrict it with chmod 600");
        }
      } catch (UnsupportedOperationException notPosix) {
        // Non-POSIX file systems have no such bits to check.
      }
      String content = Files.readString(path, StandardCharsets.UTF_8);
      int newline = content.indexOf('\n');
      return (newline >= 0 ? content.substring(0, newline) : content).strip();
    } catch (IOException e) {
      throw new ConfigException(Registry.DB_PASSWDFILE.name() + ": cannot read " + path + ": " + e.getMessage());
    }
  }

  /** The URL with any embedded password replaced by a mask. */
  public static String maskUrl(String url) {
    if (url == null) {
      return null;
    }
    Matcher m = URL_PASSWORD.matcher(url);
    String masked = m.find() ? m.replaceAll("$1" + MASK) : url;
    Matcher u = URL_USERINFO.matcher(masked);
    return u.find() ? u.replaceAll("$1" + MASK + "$3") : masked;
  }

  /**
   * Text safe to print: URL passwords masked and every occurrence of a known password
   * (which a server or driver may echo in an error message) replaced.
   */
  public static String mask(String text, String password) {
    if (text == null) {
      return null;
    }
    String masked = maskUrl(text);
    if (password != null && password.length() >= 3) {
      masked = masked.replace(password, MASK);
    }
    for (String known : URL_SECRETS) {
      masked = masked.replace(known, MASK);
    }
    return masked;
  }

  /** Passwords seen inside configured URLs, masked wherever they appear (see {@link #rememberUrlSecrets}). */
  private static final Set<String> URL_SECRETS = java.util.concurrent.ConcurrentHashMap.newKeySet();

  /**
   * Remembers the passwords a URL carries (password=..., user:password@), plain and URL-decoded,
   * so that a driver's message quoting one in another shape (MariaDB Connector/J: "Incorrect
   * port value : secret@host") is masked too.
   */
  public static void rememberUrlSecrets(String url) {
    if (url == null) {
      return;
    }
    List<String> found = new java.util.ArrayList<>();
    Matcher m = URL_PASSWORD.matcher(url);
    while (m.find()) {
      String v = m.group(2).strip();
      found.add(v.startsWith("{") && v.endsWith("}") && v.length() >= 2 ? v.substring(1, v.length() - 1) : v);
    }
    Matcher u = URL_USERINFO.matcher(url);
    while (u.find()) {
      found.add(u.group(2));
    }
    for (String secret : found) {
      addSecret(secret);
      try {
        addSecret(java.net.URLDecoder.decode(secret, StandardCharsets.UTF_8));
      } catch (IllegalArgumentException notEncoded) {
        // Not %-encoded: the plain form is remembered.
      }
    }
  }

  private static void addSecret(String secret) {
    if (secret != null && secret.length() >= 3) {
      URL_SECRETS.add(secret);
    }
  }

  /** True for property names whose values are secret. */
  public static boolean isSecretName(String name) {
    String n = name.toLowerCase(Locale.ROOT);
    return n.contains("passwd") || n.contains("password") || n.contains("secret") || n.contains("token");
  }

  /**
   * A deep copy of a JSON-like tree (maps, lists, strings) with the values of secret-named keys
   * replaced and passwords inside strings masked. The results tools apply it to every run folder
   * they read, because a folder may come from an older harness, another host or a hand-written file.
   */
  public static Object maskTree(Object node) {
    return maskTree(node, null, Set.of());
  }

  /**
   * {@link #maskTree} that also masks a known password wherever it appears in a string, except in the values of
   * {@code fixedWordKeys}: keys whose values are the writer's own words from a fixed vocabulary (a record's schema name,
   * writer, phase, the enumerations its reader parses). Such a value cannot carry a secret, and masking a short password
   * that happens to be one of those words (the password "ycsb" of a user "ycsb", ci-regression's own servers) left
   * "mytopling-*****-record", a record no reader accepts. Every other string is searched, whoever wrote it (URLs, paths,
   * a server's messages), and the values of secret-named keys are masked whole.
   */
  public static Object maskTree(Object node, String password, Set<String> fixedWordKeys) {
    if (node instanceof Map<?, ?> map) {
      Map<String, Object> copy = new java.util.LinkedHashMap<>();
      map.forEach((k, v) -> {
        String key = String.valueOf(k);
        Object masked;
        if (isSecretName(key) && v != null && !(v instanceof Map)) {
          masked = MASK;
        } else if (fixedWordKeys.contains(key) && (v instanceof String || v == null)) {
          masked = v;
        } else {
          masked = maskTree(v, password, fixedWordKeys);
        }
        copy.put(key, masked);
      });
      return copy;
    }
    if (node instanceof List<?> list) {
      return list.stream().map(v -> maskTree(v, password, fixedWordKeys)).toList();
    }
    if (node instanceof String s) {
      return password == null ? maskUrl(s) : mask(s, password);
    }
    return node;
  }

  /** {@link #maskTree} of a map, typed as one; null stays null. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> maskMap(Map<String, Object> map) {
    return map == null ? null : (Map<String, Object>) maskTree(map);
  }

  /** A copy of the properties, sorted, with secret values masked and URL passwords removed. */
  public static Map<String, String> maskedProperties(Properties props) {
    Map<String, String> out = new TreeMap<>();
    for (String name : props.stringPropertyNames()) {
      String value = props.getProperty(name);
      out.put(name, isSecretName(name) ? MASK : maskUrl(value));
    }
    return out;
  }
}
