package com.mytopling.ycsb.launcher.bench;

import static com.mytopling.ycsb.core.cli.CliValues.valued;

import com.mytopling.ycsb.core.ExitStatus;
import com.mytopling.ycsb.core.cli.CliValues;
import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.core.config.Registry;
import com.mytopling.ycsb.core.connect.Drivers;
import com.mytopling.ycsb.core.dialect.ColumnSize;
import com.mytopling.ycsb.core.dialect.Dialect;
import com.mytopling.ycsb.core.dialect.Dialects;
import com.mytopling.ycsb.core.dialect.ServerInfo;
import com.mytopling.ycsb.core.dialect.TableLayout;
import com.mytopling.ycsb.fileloader.tool.DataFileFacts;
import com.mytopling.ycsb.launcher.Benchmark;
import com.mytopling.ycsb.launcher.HarnessJob;
import com.mytopling.ycsb.launcher.JobFailed;
import com.mytopling.ycsb.launcher.client.Ycsb;
import com.mytopling.ycsb.results.ReportException;
import com.mytopling.ycsb.results.model.PhaseSummary;
import com.mytopling.ycsb.results.parse.RunLoader;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

/**
 * ycsb-binding-fileloader/bench/load-vs-core.sh, a developers' measurement (docs/fileloader.md): loading N reviews
 * through FileWorkload against loading N records of the same size with CoreWorkload's random values, into the same
 * server, the same table definition (the dialect's, as the binding creates it, each column sized for both loads),
 * threads and batching; CoreWorkload gets fieldlength = the
 * file's average value length. Rounds alternate which load goes first; every load starts from a settled server. Each
 * load is a run folder read back through the results model. The password is YCSB_DB_PASSWORD (default ycsb). The
 * loads run on the launcher's own class path (the script's {@code -Dharness.clientClassPath}), never on this JVM's,
 * which holds the bench.
 */
public final class LoadVsCore extends HarnessJob {
  private static final String TABLE = "fl_bench";
  private static final int FIELDS = 8;

  private final String password;

  public LoadVsCore(Path root, PrintStream out, PrintStream err, String password) {
    super("load-vs-core", root, out, err);
    this.password = password;
  }

  @Override
  protected String usage() {
    return "ycsb-binding-fileloader/bench/load-vs-core.sh --url JDBC_URL [options]";
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(valued("url", "JDBC_URL", "the server (e.g. jdbc:mysql://127.0.0.1:3307/ycsb)"));
    o.addOption(valued("user", "U", "user (default ycsb)"));
    o.addOption(valued("records", "N", "reviews and records loaded (default 20000)"));
    o.addOption(valued("threads", "T", "client threads (default 8)"));
    o.addOption(valued("repeat", "R", "rounds (default 2)"));
    o.addOption(valued("work", "DIR", "data file and run folders (default $TMPDIR/fileloader-load-bench)"));
    // Named so that the refusal names it, instead of a parse error.
    o.addOption(valued("password", "P", "not taken on a command line: set YCSB_DB_PASSWORD"));
    o.addOption(Option.builder("h").longOpt("help").desc("this help").build());
    return o;
  }

  @Override
  protected int execute(CommandLine cl) throws UsageException, IOException, SQLException, InterruptedException,
      JobFailed {
    if (cl.hasOption("password")) {
      throw new UsageException("--password is not taken on a command line: set YCSB_DB_PASSWORD");
    }
    if (!cl.hasOption("url")) {
      throw new UsageException("--url is required (e.g. jdbc:mysql://127.0.0.1:3307/ycsb)");
    }
    String url = cl.getOptionValue("url");
    String user = cl.getOptionValue("user", "ycsb");
    long records = CliValues.count(cl, "records", 20_000, 1);
    int threads = CliValues.intCount(cl, "threads", 8, 1);
    int repeat = CliValues.intCount(cl, "repeat", 2, 1);
    Path work = cl.hasOption("work") ? Path.of(cl.getOptionValue("work"))
        : Path.of(System.getenv().getOrDefault("TMPDIR", "/tmp"), "fileloader-load-bench");
    Files.createDirectories(work);
    Path file = work.resolve("reviews-" + records + ".txt.gz");
    if (!Files.isRegularFile(file)) {
      List<String> synth = clientJava();
      synth.addAll(List.of("com.mytopling.ycsb.fileloader.tool.DatasetTool", "synth", "--records",
          Long.toString(records), "--out", file.toString(), "--seed", "9"));
      if (new ProcessBuilder(synth).inheritIO().start().waitFor() != 0) {
        throw new IOException("could not write " + file);
      }
    }
    DataFileFacts facts = DataFileFacts.of(file, err);
    long avg = (long) Math.floor(facts.averageValueChars() + 0.5);
    Properties info = new Properties();
    info.setProperty("user", user);
    info.setProperty("password", password);
    try (Connection c = Drivers.connect(url, info); Statement st = c.createStatement()) {
      ServerInfo server = Dialects.family(url).serverInfo(c);
      Dialect dialect = Dialects.detect(url, server);
      String engine = server.defaultEngine;
      TableSql ddl = tableSql(dialect, engine, facts.columns(), avg);
      out.println("server: " + server.version + " " + engine + "; " + records + " records, " + threads
          + " threads, average value " + avg + " chars");
      List<String> common = List.of("-threads", Integer.toString(threads), "-p", Registry.TABLE.assign(TABLE),
          "-p", Registry.RECORDCOUNT.assign(records), "-p", Registry.DB_URL.assign(url),
          "-p", Registry.DB_USER.assign(user), "-p", Registry.DB_CREATETABLE.assign(false),
          "-p", Registry.DB_BATCHSIZE.assign(100), "-p", Registry.JDBC_BATCHUPDATEAPI.assign(true),
          "-p", Registry.FIELDCOUNT.assign(FIELDS));
      List<String> fileLoad = List.of("-p", Registry.WORKLOAD.assign("com.mytopling.ycsb.fileloader.FileWorkload"),
          "-p", Registry.FILELOADER_FILE.assign(file), "-p", Registry.FILELOADER_MAXLENGTH.assign(0),
          "-p", Registry.FILELOADER_TABLESIZE.assign(false));
      List<String> coreLoad = List.of("-p", Registry.WORKLOAD.assign("site.ycsb.workloads.CoreWorkload"),
          "-p", Registry.FIELDLENGTH.assign(avg));
      // Rounds alternate which load goes first, so background work (compaction, flushing) left by one load does not
      // always fall on the same side.
      for (int i = 1; i <= repeat; i++) {
        long fileRate;
        long coreRate;
        if (i % 2 == 1) {
          fileRate = load(st, engine, ddl, common, fileLoad, work.resolve("round-" + i + "-file"));
          coreRate = load(st, engine, ddl, common, coreLoad, work.resolve("round-" + i + "-core"));
        } else {
          coreRate = load(st, engine, ddl, common, coreLoad, work.resolve("round-" + i + "-core"));
          fileRate = load(st, engine, ddl, common, fileLoad, work.resolve("round-" + i + "-file"));
        }
        out.println(String.format(Locale.ROOT, "round %d: FileWorkload %d ops/s, CoreWorkload %d ops/s, ratio %.2f",
            i, fileRate, coreRate, (double) fileRate / coreRate));
      }
      st.execute(ddl.drop());
    }
    return ExitStatus.OK.code;
  }

  /** The one table of both loads, created and dropped with the dialect's SQL (the binding's own table shape). */
  record TableSql(String create, String drop) {
  }

  /**
   * The dialect's table for {@value #FIELDS} fields, each column sized for the longer of what the two loads write
   * into it: the data file's field (its longest value) and CoreWorkload's ASCII values of the file's average length.
   * Both loads get the same definition.
   */
  static TableSql tableSql(Dialect dialect, String engine, List<ColumnSize> fileColumns, long coreFieldLength) {
    List<String> fields = new ArrayList<>();
    List<ColumnSize> sizes = new ArrayList<>();
    ColumnSize core = ColumnSize.ycsbField((int) Math.min(Integer.MAX_VALUE, coreFieldLength));
    for (int i = 0; i < FIELDS; i++) {
      fields.add("field" + i);
      ColumnSize file = i < fileColumns.size() ? fileColumns.get(i) : core;
      sizes.add(new ColumnSize(Math.max(file.maxChars(), core.maxChars()),
          Math.max(file.maxUtf8Bytes(), core.maxUtf8Bytes()), file.ascii() && core.ascii()));
    }
    TableLayout layout = new TableLayout(TABLE, fields);
    return new TableSql(dialect.createTable(layout, engine, sizes), dialect.dropTable(layout));
  }

  /**
   * A client JVM's command line up to its main class, as scripts/benchmark's (the clients' flags, the shared-classes
   * archive made for this very class path) on the launcher's class path, which scripts/lib.sh's launcher_classpath
   * names and load-vs-core.sh passes as {@code -Dharness.clientClassPath}.
   */
  private static List<String> clientJava() throws IOException {
    String classPath = System.getProperty("harness.clientClassPath", "");
    if (classPath.isBlank()) {
      throw new IOException("no -Dharness.clientClassPath: run load-vs-core through "
          + "ycsb-binding-fileloader/bench/load-vs-core.sh, which passes the launcher's class path");
    }
    List<String> cmd = new ArrayList<>(Benchmark.javaCommand());
    cmd.set(cmd.size() - 1, classPath); // javaCommand ends with "-cp", this JVM's class path
    return cmd;
  }

  /** One load into a fresh table of a settled server; its rate from the run folder's summary. */
  private long load(Statement st, String engine, TableSql ddl, List<String> common, List<String> workload, Path folder)
      throws IOException, SQLException, InterruptedException {
    freshTable(st, engine, ddl);
    Files.createDirectories(folder);
    List<String> cmd = clientJava();
    cmd.add(Ycsb.class.getName());
    cmd.addAll(List.of("load", "mytopling"));
    cmd.addAll(common);
    cmd.addAll(workload);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(folder.resolve("load.out").toFile())
        .redirectError(folder.resolve("load.err").toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().put("YCSB_DB_PASSWORD", password);
    int rc = pb.start().waitFor();
    if (rc != 0) {
      throw new IOException("load failed (exit " + rc + "); see " + folder.resolve("load.err"));
    }
    PhaseSummary p;
    try {
      p = RunLoader.load(folder).phase("load");
    } catch (ReportException e) {
      // the job's own run folder: a failed step, not the user's input
      throw new IOException(e.getMessage(), e);
    }
    if (p == null || p.throughputOps == null) {
      throw new IOException("no load throughput in " + folder);
    }
    return Math.round(p.throughputOps);
  }

  /**
   * Every load starts from a settled server: the previous table dropped and, for RocksDB, memtables flushed and the
   * dropped data compacted away; for InnoDB, at most 120 s until the buffer pool holds few dirty pages or the server
   * stops flushing them ({@link InnodbSettling}).
   */
  private static void freshTable(Statement st, String engine, TableSql ddl) throws SQLException, InterruptedException {
    st.execute(ddl.drop());
    if (engine.equalsIgnoreCase("ROCKSDB")) {
      try {
        st.execute("SET GLOBAL rocksdb_force_flush_memtable_now = 1");
        st.execute("SET GLOBAL rocksdb_compact_cf = 'default'");
      } catch (SQLException e) {
        // as the shell version: a server that refuses is measured unsettled
      }
    } else {
      long[] seen = new long[121];
      for (int i = 0; i <= 120; i++) {
        try (ResultSet rs = st.executeQuery("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'")) {
          seen[i] = rs.next() ? rs.getLong(2) : 0;
        }
        if (InnodbSettling.settled(seen, i)) {
          break;
        }
        Thread.sleep(1000);
      }
    }
    Thread.sleep(5000);
    st.execute(ddl.create());
  }
}
