package com.mytopling.ycsb.fileloader;

import com.mytopling.ycsb.core.Identifiers;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.SqlServerText;
import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.fileloader.FileLoaderConfig.Naming;
import com.mytopling.ycsb.fileloader.db.ColumnLimit;
import com.mytopling.ycsb.fileloader.db.TableColumns;
import com.mytopling.ycsb.fileloader.format.DataRecord;
import site.ycsb.WorkloadException;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which record fields go to which columns, and how wide each column is. Column names are the
 * YCSB field names handed to the binding (which upper-cases them for SQL).
 */
public final class FieldMapping {
  private final int[] sourceIndex;
  private final List<String> sourceNames;
  private final List<String> columnNames;
  private final ColumnLimit[] limits;
  /** Per column, and for the key: whether a value keeps its characters on the way in (SQL Server code pages). */
  private final SqlServerText.ValueCheck[] textChecks;
  private final SqlServerText.ValueCheck keyCheck;

  private FieldMapping(int[] sourceIndex, List<String> sourceNames, List<String> columnNames, ColumnLimit[] limits,
                       SqlServerText.ValueCheck[] textChecks, SqlServerText.ValueCheck keyCheck) {
    this.sourceIndex = sourceIndex;
    this.sourceNames = List.copyOf(sourceNames);
    this.columnNames = List.copyOf(columnNames);
    this.limits = limits;
    this.textChecks = textChecks;
    this.keyCheck = keyCheck;
  }

  /**
   * @param fileFields the data file's field names, in file order
   * @param fieldNamePrefix CoreWorkload's fieldnameprefix, for YCSB naming
   * @param widths fileloader.maxlength.NAME settings (characters, 0 = unlimited), by column or field name
   * @param table the existing table's column limits and, on SQL Server, code pages
   * @param defaultWidth characters for columns known neither way; 0 = unlimited
   */
  public static FieldMapping build(List<String> fileFields, List<String> selected, Naming naming,
                                   String fieldNamePrefix, Map<String, Integer> widths,
                                   TableColumns table, int defaultWidth)
      throws WorkloadException {
    List<Integer> indexes = new ArrayList<>();
    if (selected.isEmpty()) {
      for (int i = 0; i < fileFields.size(); i++) {
        indexes.add(i);
      }
    } else {
      for (String wanted : selected) {
        indexes.add(indexOf(fileFields, wanted));
      }
    }
    List<String> sources = new ArrayList<>();
    List<String> columns = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    ColumnLimit[] width = new ColumnLimit[indexes.size()];
    SqlServerText.ValueCheck[] checks = new SqlServerText.ValueCheck[indexes.size()];
    for (int c = 0; c < indexes.size(); c++) {
      String source = fileFields.get(indexes.get(c));
      String column = naming == Naming.YCSB ? fieldNamePrefix + c : cleanName(source);
      if (!Identifiers.isValid(column)) {
        throw new WorkloadException("column name '" + column + "' for field '" + source
            + "' is not a valid field name ([A-Za-z_][A-Za-z0-9_]{0,63})");
      }
      String upper = column.toUpperCase(Locale.ROOT);
      if (upper.equals(TableLayout.KEY_COLUMN) || !seen.add(upper)) {
        throw new WorkloadException("field '" + source + "' would be stored in column " + upper
            + ", which is already taken; choose fields with " + Registry.FILELOADER_FIELDS.name() + " or use "
            + Registry.FILELOADER_NAMING.name() + "=ycsb");
      }
      sources.add(source);
      columns.add(column);
      Integer own = widths.get(column);
      if (own == null) {
        own = widths.get(source);
      }
      ColumnLimit inTable = table.width(upper);
      checks[c] = table.textCheck(upper);
      if (own != null) {
        width[c] = own > 0 ? ColumnLimit.chars(own) : ColumnLimit.NONE;
      } else if (inTable != null) {
        width[c] = inTable;
      } else {
        width[c] = defaultWidth > 0 ? ColumnLimit.chars(defaultWidth) : ColumnLimit.NONE;
      }
    }
    int[] idx = new int[indexes.size()];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = indexes.get(i);
    }
    return new FieldMapping(idx, sources, columns, width, checks, table.textCheck(TableLayout.KEY_COLUMN));
  }

  /** Finds a field by its full name ("review/text") or its cleaned name ("text"). */
  static int indexOf(List<String> fileFields, String wanted) throws WorkloadException {
    int byClean = -1;
    for (int i = 0; i < fileFields.size(); i++) {
      String f = fileFields.get(i);
      if (f.equals(wanted)) {
        return i;
      }
      if (cleanName(f).equalsIgnoreCase(wanted)) {
        if (byClean >= 0) {
          throw new WorkloadException("field '" + wanted + "' is ambiguous in the data file; use its full name");
        }
        byClean = i;
      }
    }
    if (byClean < 0) {
      throw new WorkloadException("field '" + wanted + "' is not in the data file; it has " + fileFields);
    }
    return byClean;
  }

  /**
   * The column name a data set's field gets with dataset naming: the part after the last '/',
   * with characters SQL identifiers cannot have replaced by '_' (the flattening the published
   * benchmark did before loading).
   */
  public static String cleanName(String sourceName) {
    String base = sourceName.substring(sourceName.lastIndexOf('/') + 1);
    StringBuilder sb = new StringBuilder(base.length() + 1);
    for (int i = 0; i < base.length(); i++) {
      char c = base.charAt(i);
      boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
      sb.append(ok ? c : '_');
    }
    if (sb.length() == 0 || Character.isDigit(sb.charAt(0))) {
      sb.insert(0, '_');
    }
    return sb.length() > 64 ? sb.substring(0, 64) : sb.toString();
  }

  public int size() {
    return sourceIndex.length;
  }

  public List<String> columnNames() {
    return columnNames;
  }

  public List<String> sourceNames() {
    return sourceNames;
  }

  public ColumnLimit limit(int column) {
    return limits[column];
  }

  /** Whether a value of {@code column} arrives unchanged, and what it would lose if not. */
  public SqlServerText.ValueCheck textCheck(int column) {
    return textChecks[column];
  }

  /** The same for keys built from record fields. */
  public SqlServerText.ValueCheck keyCheck() {
    return keyCheck;
  }

  /** The record's value for column {@code column}, unchecked. */
  String rawValue(DataRecord record, int column) {
    return record.value(sourceIndex[column]);
  }
}
