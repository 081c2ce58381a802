package com.mytopling.ycsb.jdbc.bulk;

import com.mytopling.ycsb.core.config.Registry;
import java.io.InputStream;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;

/**
 * Gives a statement the in-memory stream that its next {@code LOAD DATA LOCAL INFILE} reads
 * instead of a file. Both MySQL-protocol drivers have this, under different types: Connector/J
 * {@code com.mysql.cj.jdbc.JdbcStatement#setLocalInfileInputStream} (needs the URL option
 * {@code allowLoadLocalInfile=true}) and MariaDB Connector/J
 * {@code org.mariadb.jdbc.Statement#setLocalInfileInputStream} ({@code allowLocalInfile=true}).
 */
public abstract class LocalInfile {
  /** Sets the stream the next LOAD DATA LOCAL statement executed on this statement reads. */
  public abstract void attach(InputStream in) throws SQLException;

  /** The feeder for a statement of either driver; resolved once per statement, not per batch. */
  public static LocalInfile of(Statement st) throws SQLException {
    if (st.isWrapperFor(com.mysql.cj.jdbc.JdbcStatement.class)) {
      com.mysql.cj.jdbc.JdbcStatement s = st.unwrap(com.mysql.cj.jdbc.JdbcStatement.class);
      return new LocalInfile() {
        @Override
        public void attach(InputStream in) {
          s.setLocalInfileInputStream(in);
        }
      };
    }
    if (st.isWrapperFor(org.mariadb.jdbc.Statement.class)) {
      org.mariadb.jdbc.Statement s = st.unwrap(org.mariadb.jdbc.Statement.class);
      return new LocalInfile() {
        @Override
        public void attach(InputStream in) throws SQLException {
          s.setLocalInfileInputStream(in);
        }
      };
    }
    throw new SQLFeatureNotSupportedException(Registry.DB_BULKLOAD.name() + "=loaddata: the JDBC driver ("
        + st.getClass().getName()
        + ") cannot stream LOAD DATA LOCAL INFILE from memory; use MySQL or MariaDB Connector/J");
  }
}
