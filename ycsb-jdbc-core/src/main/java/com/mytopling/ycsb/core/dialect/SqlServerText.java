package com.mytopling.ycsb.core.dialect;

import com.mytopling.ycsb.core.ConfigException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.connect.JdbcUrls;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.UnsupportedCharsetException;
import java.nio.CharBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a string reaches a SQL Server column with every character intact. Two conversions can
 * replace a character with '?' without an error (documented behaviour of mssql-jdbc and SQL
 * Server, which no machine of ours can run, so this is unit-tested against that documentation):
 * <ol>
 *   <li>With {@code sendStringParametersAsUnicode=false} (which the binding adds so that the
 *       VARCHAR key is compared without conversion, and which the published Azure URL sets),
 *       mssql-jdbc encodes every String parameter in the code page of the database's collation
 *       ("setSendStringParametersAsUnicode": MBCS encoding specific to the collation); Java's
 *       encoder writes '?' for a character that code page lacks.</li>
 *   <li>Into a VARCHAR / CHAR / TEXT column, the server converts to the column collation's
 *       code page, again with '?' for what it lacks ("Collation and Unicode support"). UTF-8
 *       collations (code page 65001) lose nothing.</li>
 * </ol>
 * The rule: NVARCHAR / NCHAR / NTEXT value columns need Unicode parameters, so the binding
 * does not add the option for such a table and refuses a URL that sets it (a property problem,
 * found at start); values for VARCHAR columns are checked against the column's code page (and
 * the database's, when parameters are not Unicode) where they can hold other characters than
 * ASCII: in file loads, which stop at the first value that would change. YCSB's own values are
 * ASCII, which every code page holds, so the binding's operations do no per-value check.
 */
public final class SqlServerText {
  /** UTF-8 collations (SQL Server 2019+): VARCHAR holds every character. */
  static final int UTF8_CODE_PAGE = 65_001;

  private SqlServerText() {
  }

  /** A column's type name (as sys.types names it) and its collation's code page (0 without one). */
  public record ColumnText(String typeName, int codePage) {
    /** NCHAR, NVARCHAR, NTEXT: UTF-16 storage. */
    public boolean national() {
      String t = typeName.toLowerCase(Locale.ROOT);
      return t.equals("nchar") || t.equals("nvarchar") || t.equals("ntext");
    }
  }

  /** The database's default code page and the table's columns by upper-case name. */
  public record CodePages(int database, Map<String, ColumnText> columns) {
    /** True when any column of the table (key included) holds UTF-16 text. */
    public boolean anyNational() {
      return columns.values().stream().anyMatch(ColumnText::national);
    }

    /** The value columns of {@code layout} that hold UTF-16 text. */
    public List<String> nationalColumns(TableLayout layout) {
      List<String> out = new ArrayList<>();
      for (int i = 0; i < layout.fieldCount(); i++) {
        ColumnText c = columns.get(layout.columnName(i));
        if (c != null && c.national()) {
          out.add(layout.columnName(i));
        }
      }
      return out;
    }

    /**
     * The check for values of one column: the column as the table has it, or, for a column the
     * binding will create, a VARCHAR in the database's collation (the binding's DDL).
     */
    public ValueCheck check(String column, boolean unicodeParameters) {
      ColumnText c = columns.get(column.toUpperCase(Locale.ROOT));
      if (c == null) {
        c = new ColumnText("varchar", database);
      }
      List<Integer> pages = new ArrayList<>();
      if (!unicodeParameters) {
        pages.add(database); // the driver's encoding of the parameter
      }
      if (!c.national()) {
        pages.add(c.codePage()); // the server's conversion into the column
      }
      return ValueCheck.of(column, pages);
    }
  }

  /**
   * True when connections made with this URL send String parameters as Unicode: mssql-jdbc's
   * default, unless the URL sets {@value SqlServerDialect#UNICODE_PARAMETERS}=false.
   */
  public static boolean sendsUnicode(String connectUrl) {
    String v = JdbcUrls.value(connectUrl, SqlServerDialect.UNICODE_PARAMETERS, true);
    return v == null || !v.strip().equalsIgnoreCase("false");
  }

  /**
   * The binding's start-up rule: true when its connections may send strings in the database's
   * code page (no NVARCHAR/NCHAR/NTEXT value column in {@code layout}), false when its default
   * {@code sendStringParametersAsUnicode=false} must be withheld.
   *
   * @throws ConfigException a given URL asks for non-Unicode strings while the table has such
   *     columns: their characters outside the code page would be stored as '?'
   */
  public static boolean nonUnicodeParametersAllowed(CodePages pages, TableLayout layout, List<String> givenUrls)
      throws ConfigException {
    List<String> national = pages.nationalColumns(layout);
    if (national.isEmpty()) {
      return true;
    }
    for (String url : givenUrls) {
      if (!sendsUnicode(url)) {
        throw new ConfigException(Registry.DB_URL.name() + " sets " + SqlServerDialect.UNICODE_PARAMETERS
            + "=false, but table " + layout.table() + " has NVARCHAR columns (" + String.join(", ", national)
            + "): characters outside the database's code page would be stored as '?'; remove the option from the URL");
      }
    }
    return false;
  }

  /**
   * Whether the binding's connections to {@code givenUrl} send String parameters as Unicode: as
   * the URL says when it sets the option; otherwise not when the binding adds its default
   * (db.driveroptions=true and the table has no NVARCHAR value column), else yes (mssql-jdbc's
   * default). The binding's start-up and the file loader's check both follow this.
   */
  public static boolean bindingSendsUnicode(String givenUrl, boolean driverOptions, boolean nationalColumns) {
    if (JdbcUrls.value(givenUrl, SqlServerDialect.UNICODE_PARAMETERS, true) != null) {
      return sendsUnicode(givenUrl);
    }
    return !driverOptions || nationalColumns;
  }

  /** The Java charset of a Windows code page, as mssql-jdbc maps collations to encodings. */
  static Charset charsetOf(int codePage) {
    if (codePage == UTF8_CODE_PAGE) {
      return java.nio.charset.StandardCharsets.UTF_8;
    }
    String name = switch (codePage) {
      case 932 -> "MS932";
      case 936 -> "GBK";
      case 949 -> "MS949";
      case 950 -> "MS950";
      default -> "Cp" + codePage;
    };
    try {
      return Charset.forName(name);
    } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
      return null;
    }
  }

  /**
   * Checks that values survive the code pages they pass through. Holds encoders: one instance
   * per column, used by one thread at a time (the file loader checks under its reader's lock).
   * Pure ASCII values are passed without encoding: every code page holds them.
   */
  public static final class ValueCheck {
    /** The check of a column whose values arrive unchanged whatever they hold. */
    public static final ValueCheck LOSSLESS = new ValueCheck(null, List.of(), List.of());

    private final String column;
    private final List<Integer> codePages;
    private final List<CharsetEncoder> encoders;

    private ValueCheck(String column, List<Integer> codePages, List<CharsetEncoder> encoders) {
      this.column = column;
      this.codePages = codePages;
      this.encoders = encoders;
    }

    static ValueCheck of(String column, List<Integer> pages) {
      List<Integer> kept = new ArrayList<>();
      List<CharsetEncoder> encoders = new ArrayList<>();
      for (int page : pages) {
        if (page == UTF8_CODE_PAGE || page == 0 || kept.contains(page)) { // 0: no collation, no conversion
          continue;
        }
        Charset cs = charsetOf(page);
        kept.add(page);
        encoders.add(cs == null ? null : cs.newEncoder().onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT));
      }
      return kept.isEmpty() ? LOSSLESS : new ValueCheck(column, kept, encoders);
    }

    /** True when no value can change on its way in. */
    public boolean lossless() {
      return codePages.isEmpty();
    }

    /**
     * Null when the value arrives unchanged; otherwise what would be lost, e.g.
     * "character 'ł' (U+0142) is not in code page 1252 of column TEXT".
     */
    public String problem(String value) {
      if (codePages.isEmpty() || isAscii(value)) {
        return null;
      }
      for (int i = 0; i < codePages.size(); i++) {
        CharsetEncoder enc = encoders.get(i);
        if (enc == null) {
          return "code page " + codePages.get(i) + " of column " + column
              + " has no Java charset here, so its characters cannot be checked";
        }
        int bad = firstUnmappable(enc, value);
        if (bad >= 0) {
          int cp = value.codePointAt(bad);
          return "character '" + new String(Character.toChars(cp)) + "' (U+" + String.format(Locale.ROOT, "%04X", cp)
              + ") is not in code page " + codePages.get(i) + " that column " + column + "'s values pass through";
        }
      }
      return null;
    }

    private static boolean isAscii(String s) {
      for (int i = 0; i < s.length(); i++) {
        if (s.charAt(i) >= 0x80) {
          return false;
        }
      }
      return true;
    }

    /** Index of the first character the encoder cannot map, or -1. */
    private static int firstUnmappable(CharsetEncoder enc, String value) {
      enc.reset();
      if (enc.canEncode(value)) {
        return -1;
      }
      for (int i = 0; i < value.length(); i += Character.charCount(value.codePointAt(i))) {
        int n = Character.charCount(value.codePointAt(i));
        try {
          enc.reset();
          enc.encode(CharBuffer.wrap(value, i, i + n));
        } catch (CharacterCodingException e) {
          return i;
        }
      }
      return 0;
    }
  }
}
