package com.mytopling.ycsb.jdbc;

import com.mytopling.ycsb.core.Secrets;
import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.SqlMessages;
import com.mytopling.ycsb.core.TargetException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.dialect.Dialect;
import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.core.connect.Servers;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The binding's table on every shard, before the clock starts: dropped and created when asked
 * (db.droptable, db.createtable, with the dialect's DDL for the engine asked for), then checked
 * to exist with every column, so that a missing table is one line at start instead of an error
 * on every operation.
 */
final class TableSetup {
  private TableSetup() {
  }

  static void prepare(BindingConfig config, Dialect dialect, TableLayout layout, Servers servers,
                      List<String> connectUrls) throws SetupException {
    String engine = config.engine != null ? config.engine : dialect.defaultEngine();
    for (int shard = 0; shard < connectUrls.size(); shard++) {
      String where = Secrets.maskUrl(servers.urls().get(shard));
      try (Connection c = servers.open(connectUrls.get(shard)); Statement s = c.createStatement()) {
        if (config.dropTable) {
          s.execute(dialect.dropTable(layout));
        }
        if (config.createTable) {
          s.execute(dialect.createTable(layout, engine, config.fieldLength));
        }
        try {
          s.executeQuery(dialect.probe(layout)).close();
        } catch (SQLException e) {
          throw new TargetException("table " + layout.table() + " at " + where + " is missing or lacks a column ("
              + SqlMessages.describe(e, servers.password()) + "); create it, or set " + Registry.DB_CREATETABLE.name()
              + "=true");
        }
      } catch (SQLException e) {
        throw new TargetException("cannot prepare table " + layout.table() + " at " + where + ": "
            + SqlMessages.describe(e, servers.password()));
      }
    }
  }
}
