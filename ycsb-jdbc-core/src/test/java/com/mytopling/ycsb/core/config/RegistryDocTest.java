package com.mytopling.ycsb.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/properties.md is the registry: its generated part is what {@code scripts/ycsb properties --markdown OWNER}
 * prints for each owner, byte for byte, and its detail tables name registered properties only, with the registry's
 * defaults where they give one as a plain value.
 */
class RegistryDocTest {
  private static final Path DOC = Path.of("..", "docs", "properties.md");
  private static final String GENERATED_START = "<!-- Generated from the registry";
  private static final String GENERATED_END = "<!-- End of the generated part. -->";
  private static final Pattern CODE = Pattern.compile("`([^`]+)`");
  private static final Pattern PROPERTY = Pattern.compile("[a-z_][a-z0-9_]*(\\.[A-Za-z0-9_]+)*");

  /** The owner's name on the command line ({@code scripts/ycsb properties --markdown NAME}). */
  static String cliName(Owner o) {
    return o.label().replace(' ', '-').toLowerCase(Locale.ROOT);
  }

  /** What the generated part must be: each owner's heading and table, as the regeneration loop prints them. */
  static String generated() {
    StringBuilder b = new StringBuilder();
    for (Owner o : Owner.values()) {
      b.append("### ").append(cliName(o)).append("\n\n").append(PropertyListing.markdown(List.of(o))).append('\n');
    }
    return b.toString();
  }

  @Test
  void theGeneratedPartIsTheRegistry() throws Exception {
    String text = Files.readString(DOC);
    int comment = text.indexOf(GENERATED_START);
    assertTrue(comment >= 0, "docs/properties.md has no generated part");
    int start = text.indexOf("-->\n", comment) + "-->\n".length();
    int end = text.indexOf(GENERATED_END, start);
    assertTrue(end > start, "docs/properties.md's generated part has no end marker");
    assertEquals(generated(), text.substring(start, end),
        "docs/properties.md's generated part is not the registry: regenerate it as its comment says");
  }

  /** Each detail table row: its first cell's property names (families as declared) and its default cell. */
  static Map<String, String> detailRows() throws Exception {
    String text = Files.readString(DOC);
    int start = text.indexOf("\n## Details");
    assertTrue(start >= 0, "docs/properties.md has no Details section");
    int end = text.indexOf("\n## ", start + 1);
    String section = end < 0 ? text.substring(start) : text.substring(start, end);
    Map<String, String> rows = new TreeMap<>();
    for (String line : section.lines().toList()) {
      if (!line.startsWith("| `")) {
        continue;
      }
      String[] cells = line.split("\\|");
      String first = cells[1];
      String dflt = cells.length > 2 ? cells[2].strip() : "";
      Matcher m = CODE.matcher(first);
      List<String> names = new ArrayList<>();
      while (m.find()) {
        names.add(m.group(1));
      }
      for (String n : names) {
        if (n.equals("db.url.1")) {
          continue; // "`db.url.1` .. `db.url.N`"
        }
        if (PROPERTY.matcher(n).matches() || n.endsWith(".N") || n.endsWith(".NAME")) {
          rows.put(n, names.size() == 1 ? dflt : "");
        }
      }
    }
    return rows;
  }

  @Test
  void theDetailsNameRegisteredPropertiesOnly() throws Exception {
    Set<String> registry = new TreeSet<>();
    Registry.all().forEach(p -> registry.add(p.name()));
    Set<String> unknown = new TreeSet<>(detailRows().keySet());
    unknown.removeAll(registry);
    assertEquals(Set.of(), unknown, "in docs/properties.md's details, not in the registry");
    assertTrue(detailRows().size() > 80, "the binding's, launcher's and file loader's details: " + detailRows().size());
  }

  @Test
  void aDefaultTheDetailsGiveAsAPlainValueIsTheRegistrys() throws Exception {
    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, String> row : detailRows().entrySet()) {
      Matcher m = Pattern.compile("`([^`]*)`").matcher(row.getValue());
      Property p = Registry.find(row.getKey());
      if (p == null || p.defaultValue() == null || !m.matches()) {
        continue;
      }
      if (!m.group(1).equals(p.defaultValue())) {
        wrong.add(row.getKey() + ": docs `" + m.group(1) + "`, registry " + p.defaultValue());
      }
    }
    assertEquals(List.of(), wrong);
  }

  @Test
  void theDocSaysHowSettingsAreResolvedAndWhereTheyAreRecorded() throws Exception {
    String text = Files.readString(DOC).replaceAll("\\s+", " ");
    assertTrue(text.contains(SettingsFile.RULE.substring("Precedence, lowest first: ".length())),
        "docs/properties.md states the one precedence rule as SettingsFile.RULE words it");
    assertTrue(text.contains("settings.strict"));
    assertTrue(text.contains("settings-PHASE.properties"));
  }
}
