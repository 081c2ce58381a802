package com.mytopling.ycsb.core.dialect;

/** Small text helpers shared by the dialects: column lists and placeholder groups. */
final class DialectSql {
  static final String KEY = TableLayout.KEY_COLUMN;

  private DialectSql() {
  }

  /** "K, C0, C3" — the optional leading column followed by the masked columns in field order. */
  static String columns(TableLayout t, String leading, long mask) {
    StringBuilder sb = new StringBuilder();
    if (leading != null) {
      sb.append(leading);
    }
    for (int i = 0; i < t.fieldCount(); i++) {
      if ((mask & (1L << i)) != 0) {
        if (sb.length() > 0) {
          sb.append(", ");
        }
        sb.append(t.columnName(i));
      }
    }
    return sb.toString();
  }

  /** "C0 = ?, C3 = ?" */
  static String assignments(TableLayout t, long mask, String valuePrefix, String valueSuffix) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < t.fieldCount(); i++) {
      if ((mask & (1L << i)) != 0) {
        if (sb.length() > 0) {
          sb.append(", ");
        }
        String c = t.columnName(i);
        sb.append(c).append(" = ");
        sb.append(valuePrefix == null ? "?" : valuePrefix + c + valueSuffix);
      }
    }
    return sb.toString();
  }

  /** "(?, ?, ?), (?, ?, ?)" — rows groups of n placeholders. */
  static String valueRows(int rows, int perRow) {
    StringBuilder one = new StringBuilder("(");
    for (int i = 0; i < perRow; i++) {
      one.append(i == 0 ? "?" : ", ?");
    }
    one.append(')');
    StringBuilder sb = new StringBuilder(rows * (one.length() + 2));
    for (int r = 0; r < rows; r++) {
      if (r > 0) {
        sb.append(", ");
      }
      sb.append(one);
    }
    return sb.toString();
  }

  /** "?, ?, ?" */
  static String placeholders(int n) {
    StringBuilder sb = new StringBuilder(n * 3);
    for (int i = 0; i < n; i++) {
      sb.append(i == 0 ? "?" : ", ?");
    }
    return sb.toString();
  }
}
