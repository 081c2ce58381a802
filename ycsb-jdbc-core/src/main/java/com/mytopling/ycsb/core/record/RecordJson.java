package com.mytopling.ycsb.core.record;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * The one JSON configuration of the run folder's files (run records here, summary.json and metadata.json in
 * ycsb-results): models are classes of public fields, written in snake_case, nulls left out, pretty printed; a
 * reader ignores fields it does not know, so that a writer of the same schema version may add some.
 */
public final class RecordJson {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .setVisibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.NONE)
      .setVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.PUBLIC_ONLY)
      .setSerializationInclusion(JsonInclude.Include.NON_NULL)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private RecordJson() {
  }

  /** Shared and thread-safe once configured; do not reconfigure it. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }
}
