package com.mytopling.ycsb.containers;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/** The docker command line, for tests that drive images as a user's docker run would. */
public final class Docker {
  private Docker() {
  }

  /** What a docker command printed and how it ended. */
  public record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
  }

  /**
   * Fails the test under CI (any CI value but false/0/no), aborts it elsewhere, when no Docker engine answers or
   * the image is missing: these tests are about images scripts/images builds.
   */
  public static void requireImage(String image) throws Exception {
    String why = null;
    if (!DockerEngine.answersAnywhere()) {
      why = "no Docker engine answers (run the tests under scripts/docker-engine run, or start Docker)";
    } else if (run(Map.of(), "image", "inspect", image).exit() != 0) {
      why = "image " + image + " is not in the Docker engine: build it with scripts/images";
    }
    if (why != null) {
      if (TestEnvironment.underCi()) {
        throw new IllegalStateException(why);
      }
      Assumptions.abort(why);
    }
  }

  /** Runs {@code docker ARGS...} with extra environment variables for the docker command (at most 10 minutes). */
  public static Result run(Map<String, String> env, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("docker"));
    cmd.addAll(List.of(args));
    File out = File.createTempFile("docker", ".out");
    File err = File.createTempFile("docker", ".err");
    try {
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err)
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      pb.environment().putAll(env);
      Process p = pb.start();
      if (!p.waitFor(10, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new AssertionError("docker " + String.join(" ", args) + " did not finish in 10 minutes");
      }
      return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
          Files.readString(err.toPath(), StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out.toPath());
      Files.deleteIfExists(err.toPath());
    }
  }
}
