package com.mytopling.ycsb.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mytopling.ycsb.containers.TestEnvironment;
import com.mytopling.ycsb.jdbc.testing.TestServer;
import com.mytopling.ycsb.jdbc.testing.TestServers;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/benchmark --on ssh against a private OpenSSH server on 127.0.0.1 (Debian's openssh-server; started here on
 * a free port with throwaway host and user keys, stopped at the end): two clients on the one host, the harness
 * present at the same path, the password over ssh's standard input, the run folders back through the sessions'
 * output and merged. Under CI a missing sshd fails the test; elsewhere it is aborted.
 */
class ScaleOutSshIT {
  private static final Path SSHD = Path.of("/usr/sbin/sshd");

  @TempDir
  Path tmp;

  private static int freePort() throws IOException {
    String range = System.getenv("YCSB_TEST_OWN_PORTS");
    if (range != null && range.matches("\\d+-\\d+")) {
      int first = Integer.parseInt(range.split("-")[0]);
      int last = Integer.parseInt(range.split("-")[1]);
      for (int port = last; port >= first; port--) { // from the top: OwnServer takes from the bottom
        try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
          return port;
        } catch (IOException inUse) {
          // next
        }
      }
    }
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  private static void run(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.waitFor(), String.join(" ", cmd) + ": " + out);
  }

  @Test
  void twoClientsOverSshStartTogetherAndAreMerged() throws Exception {
    if (!Files.isExecutable(SSHD)) {
      String why = "no OpenSSH server (" + SSHD + "): apt-get install openssh-server";
      if (TestEnvironment.underCi()) {
        throw new IllegalStateException(why);
      }
      Assumptions.abort(why);
    }
    TestServer s = TestServers.innodb();
    Tables.drop(s, "scaleout_ssh");
    Path keys = Files.createDirectories(tmp.resolve("ssh"));
    Files.setPosixFilePermissions(keys, PosixFilePermissions.fromString("rwx------"));
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", keys.resolve("host_key").toString());
    run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", keys.resolve("user_key").toString());
    Files.copy(keys.resolve("user_key.pub"), keys.resolve("authorized_keys"));
    int port = freePort();
    Files.writeString(keys.resolve("sshd_config"), "Port " + port + "\nListenAddress 127.0.0.1\nHostKey "
        + keys.resolve("host_key") + "\nAuthorizedKeysFile " + keys.resolve("authorized_keys") + "\nPidFile "
        + keys.resolve("sshd.pid") + "\nStrictModes no\nUsePAM no\nPasswordAuthentication no\n"
        + "KbdInteractiveAuthentication no\nPermitRootLogin prohibit-password\n");
    Files.writeString(keys.resolve("ssh_config"), "Host *\n  IdentityFile " + keys.resolve("user_key")
        + "\n  IdentitiesOnly yes\n  UserKnownHostsFile " + keys.resolve("known_hosts")
        + "\n  StrictHostKeyChecking accept-new\n  LogLevel ERROR\n");
    // The user's ssh, with this test's keys, and a record of its arguments.
    Path ssh = keys.resolve("ssh");
    Files.writeString(ssh, "#!/bin/sh\nprintf '%s\\n' \"$*\" >> " + keys.resolve("args.txt") + "\nexec ssh -F "
        + keys.resolve("ssh_config") + " \"$@\"\n");
    Files.setPosixFilePermissions(ssh, PosixFilePermissions.fromString("rwx------"));
    Files.createDirectories(Path.of("/run/sshd")); // sshd's privilege separation directory
    Process sshd = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", keys.resolve("sshd_config").toString())
        .redirectErrorStream(true).redirectOutput(keys.resolve("sshd.log").toFile()).start();
    try {
      for (int i = 0; i < 100; i++) {
        try (Socket probe = new Socket("127.0.0.1", port)) {
          break;
        } catch (IOException notYet) {
          Thread.sleep(100);
        }
      }
      Path props = tmp.resolve("scaleout.properties");
      Files.writeString(props, "db.url=" + s.jdbcUrl() + "\n" + (s.user() == null ? "" : "db.user=" + s.user() + "\n")
          + "db.batchsize=100\ntable=scaleout_ssh\n");
      Map<String, String> env = new HashMap<>(Tables.env(s));
      env.put("YCSB_SSH", ssh.toString());
      String user = System.getProperty("user.name");
      // --live reaches each client over ssh with a port of its own (the host is this one, so loopback, not --on
      // ssh's every interface; no scraper, so no grace).
      int live = Scripts.freePorts(2);
      Scripts.Result r = Scripts.run("benchmark", List.of("--target", props.toString(), "--clients", "2", "--records",
          "2000", "--operations", "4000", "--threads", "2", "-p", "target=" + LocalClientsIT.PACE, "--on", "ssh",
          "--hosts", user + "@127.0.0.1:" + port, "--live", Integer.toString(live),
          "-p", "measurement.openmetrics.host=127.0.0.1", "-p", "measurement.openmetrics.grace=0",
          "--out", tmp.resolve("runs").toString(), "--no-html"), env);
      assertEquals(0, r.exitCode, () -> r + "\nsshd: " + read(keys.resolve("sshd.log")));
      assertTrue(r.stderr.contains("benchmark: ssh: client 0 started on " + user + "@127.0.0.1"), r::toString);
      assertTrue(r.stderr.contains("benchmark: ssh: client 1 ended (exit 0)"), r::toString);
      assertEquals(2000, Tables.rowCount(s, "scaleout_ssh"));
      String last = r.stdout.strip().lines().reduce((a, b) -> b).orElse("");
      Path dir = Path.of(last.substring("results: ".length()));
      for (int i = 0; i < 2; i++) {
        String clientErr = read(dir.resolve("clients").resolve("client-" + i + ".err"));
        assertTrue(clientErr.contains("[ycsb] live figures at http://127.0.0.1:" + (live + i) + "/metrics"),
            "client " + i + "'s endpoint: " + clientErr);
      }
      JsonNode summary = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
      assertEquals(2, summary.at("/phases/run/merge/client_count").asInt(), summary::toString);
      // Each client's count of its whole phase; the merged phase's figures are of the common window (issue 20).
      assertEquals(2000, Tables.clientsSum(summary, "load", "successful_operations"), summary::toString);
      assertEquals(4000, Tables.clientsSum(summary, "run", "successful_operations"), summary::toString);
      Tables.assertOneWindow(summary, "run");
      assertTrue(summary.at("/phases/run/merge/start_spread_ms").asLong(Long.MAX_VALUE) < 1000, summary::toString);
      if (s.password() != null) {
        assertFalse(read(keys.resolve("args.txt")).contains(s.password()), "password on ssh's command line");
        assertFalse(r.stdout.contains(s.password()) || r.stderr.contains(s.password()), "password in the output");
      }
    } finally {
      sshd.destroy();
      if (!sshd.waitFor(10, TimeUnit.SECONDS)) {
        sshd.destroyForcibly();
      }
      Tables.drop(s, "scaleout_ssh");
    }
  }

  private static String read(Path f) {
    try {
      return Files.readString(f);
    } catch (IOException e) {
      return "(" + e.getMessage() + ")";
    }
  }
}
