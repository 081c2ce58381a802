package com.mytopling.ycsb.fileloader.tool;

import com.mytopling.ycsb.fileloader.FieldMapping;
import com.mytopling.ycsb.fileloader.format.DataFileSpec;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code dataset schema FILE --dialect D}: reads the whole file for the longest value of each
 * field and prints a CREATE TABLE whose columns hold them, named as the binding names them
 * (field name upper-cased; key column YCSB_KEY).
 */
final class SchemaCommand {
  private final DataFileSpec spec;
  private final SqlDialect dialect;
  private final String table;
  private final boolean datasetNames;
  private final String prefix;
  private final PrintStream out;
  private final PrintStream err;
  private final List<FieldStats> fields = new ArrayList<>();

  SchemaCommand(DataFileSpec spec, SqlDialect dialect, String table, String naming, String prefix,
                PrintStream out, PrintStream err) {
    if (!naming.equals("dataset") && !naming.equals("ycsb")) {
      throw new IllegalArgumentException("unknown naming '" + naming + "' (dataset, ycsb)");
    }
    this.spec = spec;
    this.dialect = dialect;
    this.table = table;
    this.datasetNames = naming.equals("dataset");
    this.prefix = prefix;
    this.out = out;
    this.err = err;
  }

  int run() throws IOException {
    RecordScan.Result r = RecordScan.run(spec, err, "schema", names -> {
      for (String n : names) {
        fields.add(new FieldStats(n));
      }
    }, rec -> {
      for (int i = 0; i < rec.size(); i++) {
        fields.get(i).add(rec.value(i));
      }
    });
    if (r.records() == 0) {
      throw new IllegalArgumentException("data file " + spec.path() + " has no usable records to size columns from");
    }
    List<String> fieldNames = new ArrayList<>();
    StringBuilder sql = new StringBuilder();
    sql.append("-- ").append(r.records()).append(" records of ").append(spec.path()).append('\n');
    sql.append("CREATE TABLE ").append(dialect.quote(table)).append(" (\n");
    sql.append("  ").append(dialect.quote("YCSB_KEY")).append(' ').append(dialect.keyColumnType());
    for (int i = 0; i < fields.size(); i++) {
      FieldStats f = fields.get(i);
      String field = datasetNames ? FieldMapping.cleanName(f.name) : prefix + i;
      fieldNames.add(field);
      sql.append(",\n  ").append(dialect.quote(field.toUpperCase(Locale.ROOT))).append(' ')
          .append(dialect.valueType(f.maxChars, f.maxUtf8Bytes))
          .append(" NOT NULL");
      sql.append(dialect == SqlDialect.SQLSERVER ? "" : " COMMENT 'max " + f.maxChars + " chars'");
    }
    sql.append(",\n  PRIMARY KEY (").append(dialect.quote("YCSB_KEY")).append(")\n)");
    if (!dialect.tableOptions().isEmpty()) {
      sql.append(' ').append(dialect.tableOptions());
    }
    sql.append(";\n");
    sql.append("-- load with: -p db.createtable=false");
    if (datasetNames) {
      sql.append(" -p fileloader.naming=dataset -p db.fields=").append(String.join(",", fieldNames));
    } else {
      sql.append(" -p fileloader.maxlength=").append(maxChars());
    }
    sql.append('\n');
    out.print(sql);
    return 0;
  }

  private long maxChars() {
    long m = 0;
    for (FieldStats f : fields) {
      m = Math.max(m, f.maxChars);
    }
    return m;
  }
}
