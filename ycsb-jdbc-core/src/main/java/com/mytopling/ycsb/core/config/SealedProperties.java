package com.mytopling.ycsb.core.config;

import java.util.Map;
import java.util.Properties;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The run's settings as YCSB's interfaces want them (a {@link Properties} handed to the workload and every DB
 * instance), sealed: a part that tries to write into them fails at once with the name it tried to set, instead of
 * changing what a later reader sees. Settings that depend on others are worked out while resolving
 * ({@link SettingsMerge}), not written into a shared map. Reading is as fast as a plain Properties'.
 */
public final class SealedProperties extends Properties {
  private static final long serialVersionUID = 1L;
  private final boolean sealed;

  SealedProperties(Map<String, String> values) {
    for (Map.Entry<String, String> e : values.entrySet()) {
      super.put(e.getKey(), e.getValue());
    }
    sealed = true;
  }

  private UnsupportedOperationException refused(Object key) {
    return new UnsupportedOperationException("the run's settings are sealed: nothing may set " + key
        + " after they were resolved (a setting that depends on others is a step of the resolution)");
  }

  @Override
  public synchronized Object put(Object key, Object value) {
    if (sealed) {
      throw refused(key);
    }
    return super.put(key, value);
  }

  @Override
  public synchronized Object setProperty(String key, String value) {
    throw refused(key);
  }

  @Override
  public synchronized Object remove(Object key) {
    throw refused(key);
  }

  @Override
  public synchronized void putAll(Map<?, ?> t) {
    throw refused(t.keySet());
  }

  @Override
  public synchronized void clear() {
    throw refused("(all)");
  }

  @Override
  public synchronized Object putIfAbsent(Object key, Object value) {
    throw refused(key);
  }

  @Override
  public synchronized boolean remove(Object key, Object value) {
    throw refused(key);
  }

  @Override
  public synchronized boolean replace(Object key, Object oldValue, Object newValue) {
    throw refused(key);
  }

  @Override
  public synchronized Object replace(Object key, Object value) {
    throw refused(key);
  }

  @Override
  public synchronized void replaceAll(BiFunction<? super Object, ? super Object, ?> function) {
    throw refused("(all)");
  }

  @Override
  public synchronized Object computeIfAbsent(Object key, Function<? super Object, ?> mappingFunction) {
    throw refused(key);
  }

  @Override
  public synchronized Object computeIfPresent(Object key,
                                              BiFunction<? super Object, ? super Object, ?> remappingFunction) {
    throw refused(key);
  }

  @Override
  public synchronized Object compute(Object key, BiFunction<? super Object, ? super Object, ?> remappingFunction) {
    throw refused(key);
  }

  @Override
  public synchronized Object merge(Object key, Object value,
                                   BiFunction<? super Object, ? super Object, ?> remappingFunction) {
    throw refused(key);
  }

  @Override
  public synchronized boolean equals(Object o) {
    return super.equals(o);
  }

  @Override
  public synchronized int hashCode() {
    return super.hashCode();
  }
}
