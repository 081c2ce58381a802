package com.mytopling.ycsb.core.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a failed install reports of mariadb-install-db's output: the server's error, not the script's advice. */
class DataDirInstallTest {
  @Test
  void theServersFirstErrorLineIsReportedRatherThanTheClosingAdvice(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("install.log");
    Files.writeString(log, String.join("\n",
        "Installing MariaDB/MySQL system tables in '/tmp/x/data.installing' ...",
        "2026-11-27  0:12:01 0 [Warning] InnoDB: Linux Native AIO disabled.",
        "2026-11-27  0:12:01 0 [ERROR] InnoDB: Cannot allocate memory for the buffer pool",
        "2026-11-27  0:12:01 0 [ERROR] Plugin 'InnoDB' registration as a STORAGE ENGINE failed.",
        "",
        "Installation of system tables failed!  Examine the logs in",
        "'/tmp/x/data.installing' for more information.",
        "",
        "The latest information about mysql_install_db is available at",
        "https://mariadb.com/kb/en/installing-system-tables-mysql_install_db",
        "You can find the latest source at https://downloads.mariadb.org and",
        "the maria-discuss email list at https://launchpad.net/~maria-discuss",
        "",
        "Please check all of the above before submitting a bug report",
        "at https://mariadb.org/jira", ""));
    assertEquals(": 2026-11-27  0:12:01 0 [ERROR] InnoDB: Cannot allocate memory for the buffer pool",
        DataDirInstall.whatItSaid(log));
  }

  @Test
  void withoutAServerErrorTheLastLineIsReported(@TempDir Path dir) throws Exception {
    Path log = dir.resolve("install.log");
    Files.writeString(log, "ERROR: bootstrap failed (planted)\n\n");
    assertEquals(": ERROR: bootstrap failed (planted)", DataDirInstall.whatItSaid(log));
    assertEquals("", DataDirInstall.whatItSaid(dir.resolve("missing.log")));
  }
}
