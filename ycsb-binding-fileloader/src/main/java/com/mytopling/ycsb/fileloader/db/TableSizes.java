package com.mytopling.ycsb.fileloader.db;

import com.mytopling.ycsb.core.SetupException;
import com.mytopling.ycsb.core.dialect.Dialects;
import com.mytopling.ycsb.core.dialect.TableSize;
import com.mytopling.ycsb.core.connect.DbTarget;
import com.mytopling.ycsb.core.connect.Servers;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/** A loaded table's size on disk, summed over the binding's shards, as each server's dialect measures it. */
public final class TableSizes {
  private TableSizes() {
  }

  /**
   * The table's size on every shard of the binding's target, summed; null when the target is the
   * embedded server (not measured). Notes of each shard are printed to {@code log}.
   */
  public static TableSize total(Properties p, String table, PrintStream log) throws SetupException, SQLException {
    DbTarget target = DbTarget.of(p);
    if (target.embedded()) {
      return null;
    }
    Servers servers = target.servers(log);
    long data = 0;
    long index = 0;
    String engine = null;
    String method = null;
    List<String> notes = new ArrayList<>();
    for (int shard = 0; shard < servers.urls().size(); shard++) {
      try (Connection c = servers.openForTool(shard, target)) {
        TableSize size = Dialects.family(servers.urls().get(shard)).tableSize(c, table);
        data += size.dataBytes();
        index += size.indexBytes();
        engine = size.engine();
        method = size.method();
        for (String note : size.notes()) {
          log.println("fileloader: table size: " + note);
        }
        notes.addAll(size.notes());
      }
    }
    return new TableSize(engine, data, index, method, notes);
  }
}
