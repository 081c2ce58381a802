package com.mytopling.ycsb.core.record;

import com.fasterxml.jackson.core.type.TypeReference;
import com.mytopling.ycsb.core.Secrets;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes a {@link RunRecord} to its file, the one way records are written (format: {@link RunRecordReader}).
 * Every string of the record goes through {@link Secrets} first, with the run's password, so no URL password, no
 * password echoed in a server's message and no secret-named value reaches the file; only the record's fixed words
 * ({@link RunRecord#FIXED_WORDS}) are not searched. The file is replaced
 * atomically (written beside it, then moved), so a reader never sees half a record, and a phase that is killed
 * leaves the last complete version.
 */
public final class RunRecordWriter {
  private final Path file;
  private final String password;

  /**
   * @param file where the record goes (db.recordfile, fileloader.recordfile); its folder is created
   * @param password the run's password, masked wherever it appears; null when there is none
   */
  public RunRecordWriter(Path file, String password) {
    this.file = file;
    this.password = password;
  }

  public Path file() {
    return file;
  }

  /** Writes (or replaces) the file with this record, stamped with the time of writing. */
  public void write(RunRecord record) throws IOException {
    record.writtenAt = OffsetDateTime.now().toString();
    Map<String, Object> tree = RecordJson.mapper().convertValue(record, new TypeReference<LinkedHashMap<String, Object>>() {
    });
    @SuppressWarnings("unchecked")
    Map<String, Object> masked = (Map<String, Object>) Secrets.maskTree(tree, password, RunRecord.FIXED_WORDS);
    byte[] json = (RecordJson.mapper().writeValueAsString(masked) + "\n").getBytes(StandardCharsets.UTF_8);
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      Files.createDirectories(dir);
    }
    Path partial = file.resolveSibling(file.getFileName() + ".partial");
    Files.write(partial, json);
    try {
      Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
