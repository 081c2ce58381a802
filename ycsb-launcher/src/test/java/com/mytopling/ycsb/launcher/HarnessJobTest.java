package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.cli.UsageException;
import com.mytopling.ycsb.results.ReportException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

/** The one skeleton of the jobs: command line, --help, and what went wrong as one line and an exit status. */
class HarnessJobTest {
  private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
  private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();

  /** A job whose work throws what --fail names. */
  private final class Probe extends HarnessJob {
    Probe() {
      super("probe", Path.of("/harness"), new PrintStream(outBytes, true, StandardCharsets.UTF_8),
          new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    }

    @Override
    protected String usage() {
      return "scripts/probe [options]";
    }

    @Override
    protected Options options() {
      Options o = new Options();
      o.addOption(Option.builder().longOpt("fail").hasArg().desc("what to throw").build());
      o.addOption(Option.builder("h").longOpt("help").desc("this help").build());
      return o;
    }

    @Override
    protected int execute(CommandLine cl) throws UsageException, JobFailed, IOException, InterruptedException {
      switch (cl.getOptionValue("fail", "none")) {
        case "usage": throw new UsageException("--fail: bad");
        case "step": throw new JobFailed("the server did not start");
        case "said": throw JobFailed.alreadySaid(5);
        case "io": throw new IOException("disk full");
        case "report": throw new ReportException("run folder x: no summary");
        case "interrupt": throw new InterruptedException();
        default:
          out.println("worked");
          return 0;
      }
    }
  }

  private int run(String... args) {
    return new Probe().run(args);
  }

  private String err() {
    return errBytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void helpPrintsTheUsageAndTheOptionsAndRunsNothing() {
    assertEquals(0, run("--help"));
    String out = outBytes.toString(StandardCharsets.UTF_8);
    assertTrue(out.startsWith("usage: scripts/probe [options]"), out);
    assertTrue(out.contains("--fail"), out);
    assertEquals("", err());
  }

  @Test
  void theWorkRunsOnTheParsedCommandLine() {
    assertEquals(0, run());
    assertEquals("worked\n", outBytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aBadCommandLineIsOneLineAndExitTwo() {
    assertEquals(2, run("--bogus"));
    assertEquals("probe: Unrecognized option: --bogus (try --help)\n", err());
    errBytes.reset();
    assertEquals(2, run("stray"));
    assertEquals("probe: unexpected argument 'stray' (try --help)\n", err());
  }

  @Test
  void eachFailureBecomesOneLineNamingTheJobAndItsExitStatus() {
    assertEquals(2, run("--fail", "usage"));
    assertEquals(1, run("--fail", "step"));
    assertEquals(1, run("--fail", "io"));
    assertEquals(2, run("--fail", "report"));
    assertEquals(1, run("--fail", "interrupt"));
    Thread.interrupted(); // the job kept the interrupt for its caller: clear it for the next test
    assertEquals(List.of("probe: --fail: bad", "probe: the server did not start", "probe: disk full",
        "probe: run folder x: no summary", "probe: interrupted"), err().lines().toList());
  }

  @Test
  void aStepThatSaidWhyItselfEndsWithItsStatusAndNoSecondLine() {
    assertEquals(5, run("--fail", "said"));
    assertEquals("", err());
  }

  /**
   * Every script that starts the Harness names a command it has; every job command has its script. The bench's scripts
   * (bench-harness, load-vs-core.sh) start the bench's own entry point instead (BenchMainTest).
   */
  @Test
  void theScriptsAndTheHarnessNameTheSameCommands() throws IOException {
    Path root = Path.of(System.getProperty("user.dir")).getParent();
    Pattern call = Pattern.compile("com\\.mytopling\\.ycsb\\.launcher\\.Harness ([a-z-]+) \"\\$@\"");
    List<String> named = new ArrayList<>();
    for (Path script : List.of(root.resolve("scripts/benchmark"), root.resolve("scripts/soak"),
        root.resolve("scripts/reproduce-azure"), root.resolve("scripts/reproduce-reviews"),
        root.resolve("scripts/ci-regression"))) {
      Matcher m = call.matcher(Files.readString(script));
      assertTrue(m.find(), script + " does not start the Harness");
      assertTrue(Harness.commandNames().contains(m.group(1)), script + " names " + m.group(1));
      named.add(m.group(1));
    }
    assertEquals(List.of("benchmark", "soak", "reproduce-azure", "reproduce-reviews", "ci-regression"), named);
    for (Path script : List.of(root.resolve("scripts/bench-harness"),
        root.resolve("ycsb-binding-fileloader/bench/load-vs-core.sh"))) {
      assertFalse(call.matcher(Files.readString(script)).find(), script + " starts the product's Harness");
    }
  }
}
