package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every script runs the JAVA_HOME the user chose (scripts/lib.sh's one lookup): scripts/report ran a bare {@code java}
 * and scripts/dataset had a lookup of its own (issue 24). A JAVA_HOME whose java marks that it ran, then runs the real
 * one, shows which java each script used.
 */
class ScriptsJavaIT {
  @Test
  void reportAndDatasetRunJavaHomesJava(@TempDir Path tmp) throws Exception {
    Path javaHome = tmp.resolve("jdk");
    Files.createDirectories(javaHome.resolve("bin"));
    Path marker = tmp.resolve("ran");
    Path java = javaHome.resolve("bin").resolve("java");
    String real = ProcessHandle.current().info().command().orElseThrow();
    Files.writeString(java, "#!/bin/sh\necho \"$0\" >> '" + marker + "'\nexec '" + real + "' \"$@\"\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    for (String script : List.of("report", "dataset")) {
      Files.deleteIfExists(marker);
      Scripts.Result r = Scripts.run(script, List.of("--help"), Map.of("JAVA_HOME", javaHome.toString()));
      assertEquals(0, r.exitCode, script + ": " + r);
      assertTrue(Files.isRegularFile(marker) && Files.readString(marker).contains(java.toString()),
          script + " did not run JAVA_HOME's java");
    }
  }

  @Test
  void noJavaAtAllIsOneLineAndExitThree(@TempDir Path tmp) throws Exception {
    // PATH with the shell's tools but no java, and no JAVA_HOME: the scripts say so before building anything.
    Path bin = tmp.resolve("bin");
    Files.createDirectories(bin);
    for (String tool : List.of("bash", "dirname", "find", "cat", "mktemp", "tail", "rm", "touch", "basename")) {
      Path found = List.of(Path.of("/usr/bin", tool), Path.of("/bin", tool)).stream().filter(Files::isExecutable)
          .findFirst().orElseThrow();
      Files.createSymbolicLink(bin.resolve(tool), found);
    }
    for (String script : List.of("report", "dataset")) {
      Scripts.Result r = Scripts.run(script, List.of("--help"), Map.of("PATH", bin.toString(), "JAVA_HOME", ""));
      assertEquals(3, r.exitCode, script + ": " + r);
      assertEquals(List.of(script + ": no java found; install a JDK 17 or set JAVA_HOME"), r.stderr.lines().toList(),
          r.toString());
    }
  }
}
