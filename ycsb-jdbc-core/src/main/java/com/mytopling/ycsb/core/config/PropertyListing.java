package com.mytopling.ycsb.core.config;

import java.util.List;
import java.util.Locale;

/** The registry as {@code scripts/ycsb properties} prints it: by owner, as text or as the README's Markdown tables. */
public final class PropertyListing {
  private PropertyListing() {
  }

  /** Every property, grouped by owner: name, default, what values it takes, meaning. */
  public static String text() {
    StringBuilder b = new StringBuilder();
    for (Owner o : Owner.values()) {
      b.append(o.label()).append(":\n");
      for (Property p : Registry.all()) {
        if (p.owner() == o) {
          b.append(String.format(Locale.ROOT, "  %-40s %-24s %s%n", p.name(), dflt(p), values(p)));
          b.append("      ").append(p.meaning()).append('\n');
        }
      }
    }
    return b.toString();
  }

  /** The properties of the given owners as a Markdown table (property, default, meaning). */
  public static String markdown(List<Owner> owners) {
    StringBuilder b = new StringBuilder("| property | default | meaning |\n|---|---|---|\n");
    for (Property p : Registry.all()) {
      if (owners.contains(p.owner())) {
        String d = p.defaultValue() != null && p.defaultText().equals(p.defaultValue())
            ? "`" + p.defaultValue() + "`" : p.defaultText();
        String v = values(p);
        b.append("| `").append(p.name()).append("` | ").append(d.isEmpty() ? "(none)" : d).append(" | ")
            .append(p.meaning()).append(v.isEmpty() || p.kind() == Property.Kind.TEXT ? "" : " (" + v + ")")
            .append(" |\n");
      }
    }
    return b.toString();
  }

  private static String dflt(Property p) {
    String d = p.defaultText();
    return d.isEmpty() ? "(none)" : d;
  }

  /** What values a property takes, in words. */
  static String values(Property p) {
    return switch (p.kind()) {
      case FLAG -> "true or false";
      case WHOLE -> p.max() == Long.MAX_VALUE || p.max() == Integer.MAX_VALUE ? "whole number, at least " + p.min()
          : "whole number, " + p.min() + " to " + p.max();
      case CHOICE -> String.join(", ", p.choices());
      case DECIMAL -> "number";
      case LIST -> "comma-separated list";
      case FILE -> "file";
      case CLASS -> "class name";
      case SECRET -> "secret, masked";
      case TEXT -> "";
    };
  }
}
