package com.mytopling.ycsb.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's property reference and the registry name the same properties, with the same defaults where the README
 * gives one as a plain value: no property in one and not the other.
 */
class RegistryReadmeTest {
  private static final Path README = Path.of("..", "README.md");
  private static final Pattern CODE = Pattern.compile("`([^`]+)`");
  private static final Pattern PROPERTY = Pattern.compile("[a-z_][a-z0-9_]*(\\.[A-Za-z0-9_]+)*");

  /** Each table row of the reference: its first cell's property names (families as declared) and its default cell. */
  static Map<String, String> readmeRows() throws Exception {
    String text = Files.readString(README);
    int start = text.indexOf("\n## Property reference");
    int end = text.indexOf("\n## ", start + 1);
    String section = end < 0 ? text.substring(start) : text.substring(start, end);
    Map<String, String> rows = new TreeMap<>();
    for (String line : section.lines().toList()) {
      if (!line.startsWith("| `") && !line.startsWith("| env")) {
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
      if (first.strip().startsWith("env")) {
        continue;
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
  void theReadmeAndTheRegistryNameTheSameProperties() throws Exception {
    Set<String> readme = readmeRows().keySet();
    Set<String> registry = new TreeSet<>();
    Registry.all().forEach(p -> registry.add(p.name()));
    Set<String> onlyReadme = new TreeSet<>(readme);
    onlyReadme.removeAll(registry);
    Set<String> onlyRegistry = new TreeSet<>(registry);
    onlyRegistry.removeAll(readme);
    assertEquals(Set.of(), onlyReadme, "in the README's property reference, not in the registry");
    assertEquals(Set.of(), onlyRegistry, "in the registry, not in the README's property reference");
  }

  @Test
  void aDefaultTheReadmeGivesAsAPlainValueIsTheRegistrys() throws Exception {
    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, String> row : readmeRows().entrySet()) {
      Matcher m = Pattern.compile("`([^`]*)`").matcher(row.getValue());
      Property p = Registry.find(row.getKey());
      if (p == null || p.defaultValue() == null || !m.matches()) {
        continue;
      }
      if (!m.group(1).equals(p.defaultValue())) {
        wrong.add(row.getKey() + ": README `" + m.group(1) + "`, registry " + p.defaultValue());
      }
    }
    assertEquals(List.of(), wrong);
  }

  @Test
  void theReadmeSaysHowSettingsAreResolvedAndWhereTheyAreRecorded() throws Exception {
    String text = Files.readString(README).replaceAll("\\s+", " ");
    assertTrue(text.contains(SettingsFile.RULE.substring("Precedence, lowest first: ".length())),
        "the README states the one precedence rule as SettingsFile.RULE words it");
    assertTrue(text.contains("settings.strict"));
    assertTrue(text.contains("settings-PHASE.properties"));
  }
}
