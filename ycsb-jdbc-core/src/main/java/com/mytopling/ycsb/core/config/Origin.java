package com.mytopling.ycsb.core.config;

/**
 * Where a setting came from. The layers are in precedence order, lowest first: a setting of a later layer beats one
 * of an earlier layer, and within a layer the one given later wins ({@link SettingsMerge}, the one rule).
 *
 * @param layer the kind of source
 * @param where which file, option or step, or null when the layer says it all
 */
public record Origin(Layer layer, String where) {
  /** Sources of settings, lowest precedence first. */
  public enum Layer {
    /** The registry's default. */
    DEFAULT,
    /** An entry point's own default (scripts/benchmark's short-run status interval, its server metrics). */
    JOB_DEFAULT,
    /** A property file: -P, --target's, --workload's, in the order given. */
    FILE,
    /** An option that sets a property: -threads, --records (and its default), --warmup, ... */
    OPTION,
    /** -p name=value, in the order given: the most specific thing a user types, so it beats the options. */
    COMMAND_LINE,
    /** What the harness sets for a phase or client: its part of the keys, its record files, the start barrier. */
    HARNESS,
    /** A value another setting implies, worked out while resolving (the file workload's fields). */
    DERIVED
  }

  public static final Origin DEFAULT = new Origin(Layer.DEFAULT, null);
  public static final Origin COMMAND_LINE = new Origin(Layer.COMMAND_LINE, null);

  public static Origin file(String path) {
    return new Origin(Layer.FILE, path);
  }

  public static Origin option(String option) {
    return new Origin(Layer.OPTION, option);
  }

  public static Origin jobDefault(String why) {
    return new Origin(Layer.JOB_DEFAULT, why);
  }

  public static Origin harness(String why) {
    return new Origin(Layer.HARNESS, why);
  }

  public static Origin derived(String why) {
    return new Origin(Layer.DERIVED, why);
  }

  /** The words of the settings file and `properties` output: {@code file /x/workloada}, {@code -p}, ... */
  @Override
  public String toString() {
    return switch (layer) {
      case DEFAULT -> "default";
      case JOB_DEFAULT -> "default of the job" + (where == null ? "" : " (" + where + ")");
      case FILE -> where == null ? "file" : "file " + where;
      case OPTION -> where == null ? "option" : "option " + where;
      case COMMAND_LINE -> "-p";
      case HARNESS -> "harness" + (where == null ? "" : " (" + where + ")");
      case DERIVED -> "derived" + (where == null ? "" : " (" + where + ")");
    };
  }
}
