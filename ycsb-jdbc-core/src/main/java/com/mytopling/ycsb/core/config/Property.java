package com.mytopling.ycsb.core.config;

import java.util.List;

/**
 * One property the harness reads, declared once in the {@link Registry}: its name (or a family of names such as
 * {@code db.url.N}), the kind of value, the default, the allowed range or words, the part that owns it and a one-line
 * meaning. Readers take the default and range from here ({@link com.mytopling.ycsb.core.PropertyReader}'s overloads
 * for a Property), so they are written once.
 */
public final class Property {
  /** What a value must look like. */
  public enum Kind { TEXT, FLAG, WHOLE, DECIMAL, CHOICE, LIST, FILE, CLASS, SECRET }

  /** How the names of a family continue after its prefix. */
  enum Family { NONE, DIGITS, ANY }

  private final String name;
  private final Family family;
  private final Kind kind;
  private final String defaultValue;
  private final String defaultText;
  private final long min;
  private final long max;
  private final List<String> choices;
  private final Owner owner;
  private final String meaning;

  Property(String name, Family family, Kind kind, String defaultValue, String defaultText, long min, long max,
           List<String> choices, Owner owner, String meaning) {
    this.name = name;
    this.family = family;
    this.kind = kind;
    this.defaultValue = defaultValue;
    this.defaultText = defaultText;
    this.min = min;
    this.max = max;
    this.choices = List.copyOf(choices);
    this.owner = owner;
    this.meaning = meaning;
  }

  /** The name; for a family, the name as documented ({@code db.url.N}, {@code fileloader.maxlength.NAME}). */
  public String name() {
    return name;
  }

  /** The setting {@code name=value}, as a -p argument or a line of a properties file the harness writes. */
  public String assign(Object value) {
    return name + "=" + value;
  }

  /** For a family, the part every member starts with ({@code db.url.}); else the name. */
  public String prefix() {
    return family == Family.NONE ? name : name.substring(0, name.lastIndexOf('.') + 1);
  }

  /** A member of a family: {@code db.url.3} of {@code db.url.N}. */
  public String member(String suffix) {
    return prefix() + suffix;
  }

  public boolean isFamily() {
    return family != Family.NONE;
  }

  /** True when {@code key} is this property or a member of its family. */
  public boolean matches(String key) {
    switch (family) {
      case NONE:
        return name.equals(key);
      case DIGITS: {
        String p = prefix();
        return key.length() > p.length() && key.startsWith(p) && key.substring(p.length()).chars()
            .allMatch(Character::isDigit);
      }
      default:
        return key.length() > prefix().length() && key.startsWith(prefix());
    }
  }

  public Kind kind() {
    return kind;
  }

  /** The default as a value, or null when there is none or it is worked out elsewhere (then see defaultText). */
  public String defaultValue() {
    return defaultValue;
  }

  /** The default as the README and `properties` say it. */
  public String defaultText() {
    return defaultText != null ? defaultText : defaultValue != null ? defaultValue : "";
  }

  public long min() {
    return min;
  }

  public long max() {
    return max;
  }

  /** The allowed words of a choice, in lower case; empty for other kinds. */
  public List<String> choices() {
    return choices;
  }

  public Owner owner() {
    return owner;
  }

  public String meaning() {
    return meaning;
  }

  /** A password or a value that may carry one: masked in every output. */
  public boolean secret() {
    return kind == Kind.SECRET;
  }

  /** The default of a whole-number property. */
  public long wholeDefault() {
    return Long.parseLong(defaultValue);
  }

  public boolean flagDefault() {
    return Boolean.parseBoolean(defaultValue);
  }

  @Override
  public String toString() {
    return name;
  }
}
