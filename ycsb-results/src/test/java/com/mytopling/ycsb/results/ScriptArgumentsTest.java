package com.mytopling.ycsb.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The scripts reject bad arguments with one line and exit 2 before starting anything. */
class ScriptArgumentsTest {
  private static String[] run(String script, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", Path.of("..", "scripts", script).toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return new String[] {Integer.toString(p.exitValue()), out, err};
  }

  private static void assertRejected(String[] result, String fragment) {
    assertEquals("2", result[0], result[2]);
    assertEquals(1, result[2].lines().count(), result[2]);
    assertTrue(result[2].contains(fragment), result[2]);
  }

  @Test
  void reproduceAzure() throws Exception {
    assertRejected(run("reproduce-azure", "--records", "ten"), "--records must be a positive whole number");
    assertRejected(run("reproduce-azure"), "--target T is required");
    assertRejected(run("reproduce-azure", "--from-run", "/nonexistent/run"), "no such run folder");
  }
}
