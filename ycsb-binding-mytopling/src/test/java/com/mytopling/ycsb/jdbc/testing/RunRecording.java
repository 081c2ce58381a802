package com.mytopling.ycsb.jdbc.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.jdbc.verify.DeterministicValues;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/** What a {@link RecordingDbClient} run wrote and found, compared with the table afterwards. */
public final class RunRecording {
  /** Values read or scanned and checked during the run, and scan rows among them. */
  public final long checkedValues;
  public final long checkedScanRows;
  public final List<String> problems = new ArrayList<>();
  /** "key\tfield" to the values writes sent, and the subset that was acknowledged. */
  private final Map<String, Set<String>> sent = new HashMap<>();
  private final Map<String, Set<String>> acknowledged = new HashMap<>();
  public final Set<String> inserted = new HashSet<>();

  private RunRecording(long checkedValues, long checkedScanRows) {
    this.checkedValues = checkedValues;
    this.checkedScanRows = checkedScanRows;
  }

  public static RunRecording read(Path file) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    String[] head = lines.get(0).split("\t");
    RunRecording r = new RunRecording(Long.parseLong(head[1]), Long.parseLong(head[2]));
    for (String line : lines.subList(1, lines.size())) {
      String[] p = line.split("\t", -1);
      switch (p[0]) {
        case "problem":
          r.problems.add(p[1]);
          break;
        case "acked":
          r.acknowledged.computeIfAbsent(p[1] + "\t" + p[2], k -> new HashSet<>()).add(p[3]);
          r.sent.computeIfAbsent(p[1] + "\t" + p[2], k -> new HashSet<>()).add(p[3]);
          break;
        case "sent":
          r.sent.computeIfAbsent(p[1] + "\t" + p[2], k -> new HashSet<>()).add(p[3]);
          break;
        case "inserted":
          r.inserted.add(p[1]);
          break;
        default:
          throw new AssertionError("unknown line in " + file + ": " + line);
      }
    }
    return r;
  }

  /** Keys some write touched (updated or inserted). */
  public Set<String> writtenKeys() {
    Set<String> keys = new HashSet<>();
    for (String kf : sent.keySet()) {
      keys.add(kf.substring(0, kf.indexOf('\t')));
    }
    return keys;
  }

  public long acknowledgedWrites() {
    return acknowledged.values().stream().mapToLong(Set::size).sum();
  }

  /**
   * The table holds every loaded key and every key whose insert was acknowledged, nothing else,
   * and every field of every row is what it must be: a field with an acknowledged write holds
   * one of the values writes of it sent (never the load's: that would be a lost update); a field
   * without one holds the load's value or a value a write sent.
   */
  public void assertTableMatches(StoredRows stored, Properties workloadProps, long loadedRecords, List<String> fields,
                                 int fieldLength) throws Exception {
    assertTrue(problems.isEmpty(), problems.size() + " problems seen during the run, first: "
        + problems.subList(0, Math.min(10, problems.size())));
    StoredRows.KeyNames names = StoredRows.KeyNames.of(workloadProps);
    Set<String> loadedKeys = new HashSet<>();
    for (long i = 0; i < loadedRecords; i++) {
      loadedKeys.add(names.key(i));
    }
    Set<String> expected = new HashSet<>(inserted);
    expected.addAll(loadedKeys);
    assertEquals(expected.size(), stored.size(), "rows in the table: loaded " + loadedRecords + " + inserted "
        + inserted.size());
    for (String key : expected) {
      String[] row = stored.row(key);
      assertNotNull(row, "key " + key + " is missing");
      for (int f = 0; f < fields.size(); f++) {
        String kf = key + "\t" + fields.get(f);
        Set<String> acked = acknowledged.getOrDefault(kf, Set.of());
        Set<String> candidates = sent.getOrDefault(kf, Set.of());
        String value = row[f];
        if (!acked.isEmpty() || !loadedKeys.contains(key)) {
          assertTrue(candidates.contains(value), key + " " + fields.get(f) + " holds '" + value
              + "', not a value written to it (acknowledged: " + acked + ")");
        } else {
          assertTrue(value.equals(DeterministicValues.value(key, fields.get(f), fieldLength))
              || candidates.contains(value), key + " " + fields.get(f) + " holds '" + value + "'");
        }
      }
    }
  }
}
