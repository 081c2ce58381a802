package com.mytopling.ycsb.launcher.faults;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Free ports on 127.0.0.1 for the fault tests' proxies and servers, from a range the environment may name. */
final class Ports {
  private Ports() {
  }

  /**
   * The first port free on 127.0.0.1 in {@code range} ({@code LOW-HIGH}, from the environment) or, when it is unset,
   * in {@code first..last}.
   */
  static int firstFree(String range, int first, int last) throws IOException {
    if (range != null && range.strip().matches("\\d+-\\d+")) {
      String r = range.strip();
      first = Integer.parseInt(r.substring(0, r.indexOf('-')));
      last = Integer.parseInt(r.substring(r.indexOf('-') + 1));
    }
    for (int port = first; port <= last; port++) {
      try (ServerSocket s = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
        s.setReuseAddress(true);
        return port;
      } catch (IOException inUse) {
        // Try the next one.
      }
    }
    throw new IOException("no free port on 127.0.0.1 in " + first + ".." + last);
  }
}
