package com.mytopling.ycsb.fileloader.tool;

import com.mytopling.ycsb.core.dialect.ColumnSize;
import com.mytopling.ycsb.fileloader.format.DataFileSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the jobs that load a data file need to know of it, read by one pass of the file loader's parser (as
 * {@code dataset stats} does) instead of from that command's printed text: the usable records and the average
 * length of a field value in characters, and what each field's column must hold (the input of the dialects' column
 * types, as {@code dataset schema} sizes them).
 *
 * @param records records the parser returned (malformed ones skipped, as a load skips them)
 * @param averageValueChars the mean over the fields of each field's average value length
 * @param columns each field's longest value, in field order
 */
public record DataFileFacts(long records, double averageValueChars, List<ColumnSize> columns) {
  /** One pass over {@code file}; its format, compression and charset detected as {@code dataset} detects them. */
  public static DataFileFacts of(Path file, PrintStream err) throws IOException {
    List<FieldStats> fields = new ArrayList<>();
    RecordScan.Result r = RecordScan.run(DataFileSpec.detect(file), err, "stats",
        names -> names.forEach(n -> fields.add(new FieldStats(n))),
        record -> {
          for (int i = 0; i < record.size(); i++) {
            fields.get(i).add(record.value(i));
          }
        });
    double sum = 0;
    List<ColumnSize> columns = new ArrayList<>();
    for (FieldStats f : fields) {
      sum += f.averageChars();
      columns.add(new ColumnSize(f.maxChars, f.maxUtf8Bytes, f.ascii));
    }
    return new DataFileFacts(r.records(), fields.isEmpty() ? 0 : sum / fields.size(), List.copyOf(columns));
  }
}
