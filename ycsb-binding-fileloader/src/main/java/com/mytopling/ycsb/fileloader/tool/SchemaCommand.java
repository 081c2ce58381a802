package com.mytopling.ycsb.fileloader.tool;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.Identifiers;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.ColumnSize;
import com.mytopling.ycsb.core.dialect.Dialect;
import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.fileloader.FieldMapping;
import com.mytopling.ycsb.fileloader.format.DataFileSpec;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code dataset schema FILE --dialect D}: reads the whole file for the longest value of each
 * field and prints the CREATE TABLE the binding itself would make for values that long (the
 * dialect's one DDL: key column, column types, engine), with columns named as the binding names
 * them (field name upper-cased) and the longest values as comments.
 */
final class SchemaCommand {
  private final DataFileSpec spec;
  private final Dialect dialect;
  private final String table;
  private final boolean datasetNames;
  private final String prefix;
  private final PrintStream out;
  private final PrintStream err;
  private final List<FieldStats> fields = new ArrayList<>();

  SchemaCommand(DataFileSpec spec, Dialect dialect, String table, String naming, String prefix,
                PrintStream out, PrintStream err) throws ConfigException {
    if (!naming.equals("dataset") && !naming.equals("ycsb")) {
      throw new IllegalArgumentException("unknown naming '" + naming + "' (dataset, ycsb)");
    }
    this.spec = spec;
    this.dialect = dialect;
    this.table = Identifiers.check("--table", table);
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
    List<ColumnSize> sizes = new ArrayList<>();
    StringBuilder sql = new StringBuilder();
    sql.append("-- ").append(r.records()).append(" records of ").append(spec.path()).append('\n');
    for (int i = 0; i < fields.size(); i++) {
      FieldStats f = fields.get(i);
      String field = datasetNames ? FieldMapping.cleanName(f.name) : prefix + i;
      fieldNames.add(field);
      sizes.add(new ColumnSize(f.maxChars, f.maxUtf8Bytes, f.ascii));
    }
    TableLayout layout = new TableLayout(table, fieldNames);
    for (int i = 0; i < fields.size(); i++) {
      FieldStats f = fields.get(i);
      sql.append("-- ").append(layout.columnName(i)).append(" (").append(f.name).append("): longest value ")
          .append(f.maxChars).append(" characters, ").append(f.maxUtf8Bytes).append(" bytes in UTF-8")
          .append(f.ascii ? ", ASCII only" : "").append('\n');
    }
    sql.append(dialect.createTable(layout, dialect.defaultEngine(), sizes)).append(";\n");
    sql.append("-- load with: -p ").append(Registry.DB_CREATETABLE.name()).append("=false");
    if (datasetNames) {
      sql.append(" -p ").append(Registry.FILELOADER_NAMING.name()).append("=dataset -p ")
          .append(Registry.DB_FIELDS.name()).append('=').append(String.join(",", fieldNames));
    } else {
      sql.append(" -p ").append(Registry.FILELOADER_MAXLENGTH.name()).append('=').append(maxChars());
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
