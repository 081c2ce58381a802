package com.mytopling.ycsb.core.config;

import com.mytopling.ycsb.core.Secrets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A run's settings after the one merge ({@link SettingsMerge}): every given setting with where it came from, and the
 * sealed {@link java.util.Properties} view YCSB's interfaces take. Immutable.
 */
public final class ResolvedSettings {
  private final Map<String, Setting> settings;
  private SealedProperties properties;

  ResolvedSettings(Map<String, Setting> settings) {
    this.settings = Collections.unmodifiableMap(new TreeMap<>(settings));
  }

  /** The given settings by name (defaults of the registry are not among them: they apply where nothing is given). */
  public Map<String, Setting> settings() {
    return settings;
  }

  public Setting get(String name) {
    return settings.get(name);
  }

  public String value(String name) {
    Setting s = settings.get(name);
    return s == null ? null : s.value();
  }

  public String value(Property p) {
    return value(p.name());
  }

  public Set<String> names() {
    return settings.keySet();
  }

  /** The settings as YCSB takes them, sealed: whoever tries to set one fails. One instance per resolution. */
  public synchronized SealedProperties properties() {
    if (properties == null) {
      Map<String, String> values = new LinkedHashMap<>();
      settings.forEach((k, v) -> values.put(k, v.value()));
      properties = new SealedProperties(values);
    }
    return properties;
  }

  /** The values with secrets masked (passwords, URLs that carry one), for metadata.json and the run's records. */
  public Map<String, String> masked() {
    Map<String, String> m = new TreeMap<>();
    settings.forEach((k, v) -> m.put(k, masked(k, v.value())));
    return m;
  }

  /** A value as it may be shown: a secret property's masked, a URL's password masked. */
  public static String masked(String name, String value) {
    Property p = Registry.find(name);
    if ((p != null && p.secret()) || Secrets.isSecretName(name)) {
      return Secrets.MASK;
    }
    return Secrets.maskUrl(value);
  }

  /** True when the value cannot be shown as it is: the settings file holds it masked, the environment carries it. */
  public static boolean isSecret(String name, String value) {
    return !masked(name, value).equals(value);
  }
}
