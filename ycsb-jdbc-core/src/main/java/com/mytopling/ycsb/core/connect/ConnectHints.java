package com.mytopling.ycsb.core.connect;

import java.sql.SQLException;
import java.util.Locale;

/**
 * A short hint after a failed connection where the server's own message misleads: MariaDB
 * answers a plain connection to a server that requires TLS with "Access denied", exactly as for
 * a wrong password; and a certificate that fails verification deserves the way to trust it.
 */
final class ConnectHints {
  private ConnectHints() {
  }

  static String forFailure(String url, SQLException e) {
    String u = url.toLowerCase(Locale.ROOT);
    boolean tlsOff = u.contains("sslmode=disabled") || u.contains("usessl=false") || u.contains("sslmode=disable")
        || u.contains("encrypt=false");
    if (e.getErrorCode() == 1045 && tlsOff) {
      return "; note: this URL turns TLS off, and a server that requires TLS (require_secure_transport=ON) refuses"
          + " such connections with this same access-denied error";
    }
    String all = messages(e).toLowerCase(Locale.ROOT);
    if (all.contains("trust anchor") || all.contains("pkix") || all.contains("unable to find valid certification path")) {
      return "; the server's certificate is not trusted by this JVM: give its CA with trustCertificateKeyStoreUrl"
          + " (docs/security.md)";
    }
    if (all.contains("no subject alternative") || all.contains("does not match the server's host")
        || all.contains("server identity")) {
      return "; the server's certificate does not name the host in the URL (sslMode=VERIFY_IDENTITY checks it)";
    }
    return "";
  }

  private static String messages(Throwable t) {
    StringBuilder sb = new StringBuilder();
    for (Throwable c = t; c != null && sb.length() < 10_000; c = c.getCause() == c ? null : c.getCause()) {
      sb.append(c.getMessage()).append('\n');
    }
    return sb.toString();
  }
}
