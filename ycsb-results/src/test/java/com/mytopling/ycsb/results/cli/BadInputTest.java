package com.mytopling.ycsb.results.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.results.CliRunner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input gives one clear line on stderr and exit 2, never a stack trace. */
class BadInputTest {
  @TempDir
  Path tmp;

  private static void assertOneLineError(CliRunner r, String expectedFragment) {
    assertEquals(2, r.exitCode, r.toString());
    assertEquals(1, r.err.lines().count(), "exactly one line: " + r.err);
    assertTrue(r.err.contains(expectedFragment), r.err);
    assertFalse(r.err.contains("Exception") || r.err.contains("\tat "), "no stack trace: " + r.err);
    assertTrue(r.out.isEmpty(), r.out);
  }

  @Test
  void missingRunFolder() {
    for (String command : new String[] {"summarize", "show", "compare"}) {
      assertOneLineError(CliRunner.run(command, tmp.resolve("nope").toString()), "no such run folder");
    }
    assertOneLineError(CliRunner.run("chart", tmp.resolve("nope").toString(), "--out", tmp.resolve("c").toString()),
        "no such run folder");
  }

  @Test
  void foreignTextInRunOut() throws IOException {
    Path run = tmp.resolve("foreign");
    Files.createDirectories(run);
    Files.writeString(run.resolve("run.out"), "sysbench 1.0.20\nSQL statistics:\n    queries performed: 1234\n");
    assertOneLineError(CliRunner.run("summarize", run.toString()), "not YCSB output?");
  }

  @Test
  void emptyRunOutMeansYcsbDidNotFinish() throws IOException {
    Path run = tmp.resolve("empty-out");
    Files.createDirectories(run);
    Files.writeString(run.resolve("run.out"), "\n");
    assertOneLineError(CliRunner.run("summarize", run.toString()), "YCSB did not finish");
  }

  @Test
  void binaryRunOut() throws IOException {
    Path run = tmp.resolve("binary");
    Files.createDirectories(run);
    Files.write(run.resolve("run.out"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2, (byte) 0xc3, 0x28});
    assertOneLineError(CliRunner.run("show", run.toString()), "run.out");
  }

  @Test
  void folderWithoutRunFiles() throws IOException {
    Path empty = tmp.resolve("empty");
    Files.createDirectories(empty);
    assertOneLineError(CliRunner.run("summarize", empty.toString()), "not a run folder");
  }

  @Test
  void foreignJsonSummary() throws IOException {
    Path run = tmp.resolve("json");
    Files.createDirectories(run);
    Files.writeString(run.resolve("summary.json"), "{\"schema\": \"benchbase\", \"tps\": 3}");
    assertOneLineError(CliRunner.run("show", run.toString()), "not a summary.json of this harness");
    Files.writeString(run.resolve("summary.json"), "{ not json");
    assertOneLineError(CliRunner.run("show", run.toString()), "not valid JSON");
  }

  @Test
  void brokenMetadata() throws IOException {
    Path run = tmp.resolve("meta");
    Files.createDirectories(run);
    Files.writeString(run.resolve("metadata.json"), "[1, 2");
    Files.writeString(run.resolve("run.out"), "[OVERALL], RunTime(ms), 10\n[OVERALL], Throughput(ops/sec), 5.0\n");
    assertOneLineError(CliRunner.run("summarize", run.toString()), "metadata.json");
  }

  @Test
  void foreignHdrLogInMerge() throws IOException {
    Path hdr = tmp.resolve("hdr");
    Files.createDirectories(hdr);
    Files.writeString(hdr.resolve("READ.hdr"), "hello\n");
    assertOneLineError(CliRunner.run("merge", hdr.toString(), "--out", tmp.resolve("m").toString()), "READ.hdr");
  }

  @Test
  void unknownCommandAndOptions() {
    CliRunner r = CliRunner.run("frobnicate");
    assertEquals(2, r.exitCode);
    assertEquals(1, r.err.lines().count(), r.err);
    assertOneLineError(CliRunner.run("compare", "--format", "xml", "x"), "--format must be md, csv or json");
    assertOneLineError(CliRunner.run("show", "--bogus"), "Unrecognized option");
    // Once, not "report show: show: ...", with the command's own help named.
    assertEquals("report show: Unrecognized option: --bogus (try report show --help)\n",
        CliRunner.run("show", "--bogus").err);
    assertEquals("report regress: --max-drop: 'lots' is not a percentage like 5%\n", CliRunner.run("regress",
        "--baseline", "a", "--candidate", "d", "--max-drop", "lots").err);
    assertOneLineError(CliRunner.run("regress", "--baseline", "a", "b", "c", "--candidate", "d", "e", "f",
        "--max-drop", "lots"), "--max-drop");
    assertEquals(2, CliRunner.run().exitCode);
  }

  @Test
  void helpIsNotAnError() {
    CliRunner r = CliRunner.run("--help");
    assertEquals(0, r.exitCode);
    assertTrue(r.out.contains("regress"), r.out);
    CliRunner h = CliRunner.run("regress", "--help");
    assertEquals(0, h.exitCode);
    assertTrue(h.out.contains("--max-p99-rise"), h.out);
  }
}
