package com.mytopling.ycsb.launcher;

import com.mytopling.ycsb.launcher.ci.CiRegression;
import com.mytopling.ycsb.launcher.client.Verify;
import com.mytopling.ycsb.launcher.client.Ycsb;
import com.mytopling.ycsb.launcher.jobs.ReproduceAzure;
import com.mytopling.ycsb.launcher.jobs.ReproduceReviews;
import com.mytopling.ycsb.launcher.jobs.Soak;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The one entry point of the harness's commands: the first argument names the command, the rest are its arguments.
 * The scripts call it ({@code scripts/soak ARGS} is {@code Harness soak ARGS}), and so does the harness image (built
 * by scripts/images with Jib), e.g.
 * {@code docker run --network host -e YCSB_DB_PASSWORD ycsb-harness:latest benchmark --target /t.properties}.
 * Every {@link HarnessJob} is started here the same way: the harness root from {@code -Dharness.root}, the password
 * of the servers a job starts from {@code YCSB_DB_PASSWORD} (never a command line), stdout in UTF-8. The image holds
 * no secret: it comes from the container's environment or a mounted file ({@code db.passwdfile}).
 *
 * <p>The developers' bench (module ycsb-bench: bench-harness, load-vs-core) has an entry point of its own that starts
 * its jobs through {@link #run}: none of its classes is on this class path or in the image.
 */
public final class Harness {
  /** The password of a server a job starts itself when the environment names none. */
  private static final String DEFAULT_PASSWORD = "ycsb";

  private final Path root = root();
  private final PrintStream out = stdout();
  private final PrintStream err = System.err;
  private final Map<String, Consumer<String[]>> commands = new LinkedHashMap<>();

  private Harness() {
    job("benchmark", new Benchmark(root, out, err));
    job("soak", new Soak(root, out, err));
    job("reproduce-azure", new ReproduceAzure(root, out, err));
    job("reproduce-reviews", new ReproduceReviews(root, out, err, password()));
    job("ci-regression", new CiRegression(root, out, err, password()));
    // Tools with a main of their own: the YCSB client, the verifier, the report and data-set tools.
    commands.put("ycsb", Ycsb::main);
    commands.put("verify", Verify::main);
    commands.put("report", com.mytopling.ycsb.results.cli.ReportCli::main);
    commands.put("dataset", com.mytopling.ycsb.fileloader.tool.DatasetTool::main);
  }

  private void job(String name, HarnessJob job) {
    commands.put(name, job(job));
  }

  /** A job as a command: its exit status is the process's. */
  public static Consumer<String[]> job(HarnessJob job) {
    return args -> System.exit(job.run(args));
  }

  /** The harness root: {@code -Dharness.root}, else the working directory. */
  public static Path root() {
    return Path.of(System.getProperty("harness.root", ".")).toAbsolutePath().normalize();
  }

  /**
   * stdout in UTF-8: jobs print µ and other non-ASCII text (summary.md's), the same bytes whatever the locale (under
   * LANG=C the JVM would print '?').
   */
  public static PrintStream stdout() {
    return new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
  }

  /** The password of the servers a job starts itself: YCSB_DB_PASSWORD (never a command line), else a default. */
  public static String password() {
    String pw = System.getenv("YCSB_DB_PASSWORD");
    return pw == null || pw.isEmpty() ? DEFAULT_PASSWORD : pw;
  }

  /** The command names, in the order --help lists them. */
  static java.util.Set<String> commandNames() {
    return new Harness().commands.keySet();
  }

  public static void main(String[] args) {
    run(new Harness().commands, args);
  }

  /**
   * Starts the command {@code args[0]} of {@code commands} with the rest of the arguments; no command, --help or an
   * unknown one is a usage line (exit 2, or 0 for --help).
   */
  public static void run(Map<String, Consumer<String[]>> commands, String[] args) {
    if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help")) {
      (args.length == 0 ? System.err : System.out).println("usage: COMMAND [ARG]...   commands: "
          + String.join(", ", commands.keySet()) + " (the scripts of the same names; COMMAND --help for each)");
      System.exit(args.length == 0 ? 2 : 0);
    }
    Consumer<String[]> command = commands.get(args[0]);
    if (command == null) {
      System.err.println("harness: unknown command '" + args[0] + "' (commands: " + String.join(", ",
          commands.keySet()) + ")");
      System.exit(2); // bad command line (README: exit statuses)
    }
    command.accept(Arrays.copyOfRange(args, 1, args.length));
  }
}
