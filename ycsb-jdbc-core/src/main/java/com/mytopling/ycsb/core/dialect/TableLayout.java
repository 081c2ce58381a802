package com.mytopling.ycsb.core.dialect;

import com.mytopling.ycsb.core.config.Registry;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The table's name and its columns: the key column and one column per YCSB field, in field
 * order. A set of fields is represented as a 64-bit mask of field positions, so statement
 * caches and result decoding work with indexes instead of names on the hot path.
 *
 * <p>The key column is declared here once for the binding, the file loader and the dialects:
 * {@value #KEY_COLUMN}, at most {@value #MAX_KEY_LENGTH} characters, compared byte by byte
 * (binary collation) so that key order is the same in the server and in a merged multi-shard scan.
 */
public final class TableLayout {
  /** The key column of every table the harness reads or writes (the published table's name). */
  public static final String KEY_COLUMN = "YCSB_KEY";
  /** Longest key in characters: the key column is VARCHAR(255), as in the published table. */
  public static final int MAX_KEY_LENGTH = 255;
  /** YCSB limits a record to this many fields here: field sets are kept as a 64-bit mask. */
  public static final int MAX_FIELDS = 64;

  private final String table;
  private final String[] fieldNames;
  private final String[] columnNames;
  private final Map<String, Integer> positionByField;
  private final long allFields;

  public TableLayout(String table, List<String> fieldNames) {
    this.table = table;
    this.fieldNames = fieldNames.toArray(new String[0]);
    this.columnNames = new String[this.fieldNames.length];
    this.positionByField = new HashMap<>(this.fieldNames.length * 2);
    for (int i = 0; i < this.fieldNames.length; i++) {
      // Columns are the field names in upper case (FIELD0.. as in the published table);
      // MySQL and SQL Server's default collations match column names case-insensitively.
      columnNames[i] = this.fieldNames[i].toUpperCase(Locale.ROOT);
      positionByField.put(this.fieldNames[i], i);
      positionByField.put(columnNames[i], i);
    }
    this.allFields = this.fieldNames.length == 64 ? -1L : (1L << this.fieldNames.length) - 1;
  }

  public String table() {
    return table;
  }

  public int fieldCount() {
    return fieldNames.length;
  }

  public String fieldName(int position) {
    return fieldNames[position];
  }

  public String columnName(int position) {
    return columnNames[position];
  }

  public long allFields() {
    return allFields;
  }

  /** Position of a field, or -1 when the table has no such field. */
  public int position(String field) {
    Integer p = positionByField.get(field);
    return p == null ? -1 : p;
  }

  /** Mask of the named fields; -1 bits never set for unknown names, which are reported as 0. */
  public long mask(Set<String> fields) throws UnknownFieldException {
    if (fields == null) {
      return allFields;
    }
    long mask = 0;
    for (String f : fields) {
      int p = position(f);
      if (p < 0) {
        throw new UnknownFieldException(f);
      }
      mask |= 1L << p;
    }
    return mask;
  }

  /** Thrown when an operation names a field the table does not have. */
  public static final class UnknownFieldException extends Exception {
    public UnknownFieldException(String field) {
      super("field '" + field + "' is not a column of the table (known fields come from " + Registry.FIELDCOUNT.name()
          + "/" + Registry.FIELDNAMEPREFIX.name() + " or " + Registry.DB_FIELDS.name() + ")");
    }
  }
}
