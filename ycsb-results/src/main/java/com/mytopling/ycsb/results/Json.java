package com.mytopling.ycsb.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mytopling.ycsb.core.record.RecordJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The module's JSON (summary.json, metadata.json, sweep records): the run folder's one configuration, shared with
 * the run records ({@link RecordJson}: snake_case public fields, nulls left out, pretty printed, unknown fields
 * ignored so that newer writers of the same schema version may add some).
 */
public final class Json {
  private static final ObjectMapper MAPPER = RecordJson.mapper();

  private Json() {
  }

  public static ObjectMapper mapper() {
    return MAPPER;
  }

  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
    }
  }

  public static void writeFile(Path file, Object value) throws IOException {
    Files.writeString(file, write(value));
  }

  public static <T> T readFile(Path file, Class<T> type) {
    try {
      return MAPPER.readValue(file.toFile(), type);
    } catch (NoSuchFileException e) {
      throw new ReportException(file + ": no such file");
    } catch (IOException e) {
      String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
      throw new ReportException(file + ": not valid JSON for " + type.getSimpleName() + " (" + reason + ")");
    }
  }
}
