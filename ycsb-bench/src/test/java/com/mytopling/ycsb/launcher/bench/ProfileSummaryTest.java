package com.mytopling.ycsb.launcher.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Collapsed stacks to parts of the client: kernel and user samples, the part nearest the leaf, the table. */
class ProfileSummaryTest {
  private static final String READ = "java/lang/Thread.run;site/ycsb/ClientThread.run;"
      + "com/mytopling/ycsb/launcher/client/LeanCoreWorkload.doTransaction;site/ycsb/DBWrapper.read;"
      + "com/mytopling/ycsb/jdbc/MyToplingDbClient.read;org/mariadb/jdbc/ServerPreparedStatement.executeQuery;"
      + "org/mariadb/jdbc/client/impl/StandardClient.readPacket;java/io/BufferedInputStream.read;"
      + "com/mytopling/ycsb/core/connect/ChannelSocket$In.fill;sun/nio/ch/SocketChannelImpl.read;"
      + "sun/nio/ch/SocketDispatcher.read0;__GI_read";

  @Test
  void eachSampleBelongsToThePartNearestItsLeafAndKernelLeavesAreKernelTime(@TempDir Path dir) throws Exception {
    Path stacks = dir.resolve("p.collapsed");
    Files.write(stacks, List.of(
        READ + " 40",
        READ + ";entry_SYSCALL_64_[k];do_syscall_64_[k];tcp_recvmsg_[k] 100",
        "java/lang/Thread.run;site/ycsb/ClientThread.run;site/ycsb/DBWrapper.read;"
            + "com/mytopling/ycsb/jdbc/MyToplingDbClient.read;org/mariadb/jdbc/ServerPreparedStatement.executeQuery;"
            + "java/util/HashMap.put 25",
        "java/lang/Thread.run;site/ycsb/ClientThread.run;site/ycsb/DBWrapper.read;site/ycsb/DBWrapper.measure;"
            + "org/HdrHistogram/Recorder.recordValue 10",
        "java/lang/Thread.run;site/ycsb/ClientThread.run;"
            + "com/mytopling/ycsb/launcher/client/SerialSeriesMeasurements.measure;java/util/HashMap.get 5",
        "start_thread;thread_native_entry;JavaThread::thread_main_inner;CompileBroker::compiler_thread_loop;"
            + "C2Compiler::compile_method;Compile::Compile;PhaseChaitin::Split 15",
        "java/lang/Thread.run;site/ycsb/ClientThread.run 4",
        "[unknown];libc_malloc 1"), StandardCharsets.UTF_8);
    ProfileSummary s = ProfileSummary.read(stacks);
    assertEquals(200, s.samples);
    assertEquals(100, s.kernel);
    assertEquals(Map.of("socket I/O (JDK, our channel socket)", 40L, "MariaDB Connector/J", 25L,
        "measurement (HdrHistogram, YCSB's and ours)", 15L, "JIT compilers", 15L,
        "YCSB core (client threads, DB wrapper)", 4L, ProfileSummary.OTHER, 1L), s.userByPart);
    String md = s.markdown("ours", 3);
    assertTrue(md.startsWith("### ours\n\n200 samples: user 50.0%, kernel 50.0%.\n"), md);
    assertTrue(md.contains("| socket I/O (JDK, our channel socket) | 40 | 40.0% |\n| MariaDB Connector/J | 25 | 25.0% |"),
        md);
    assertTrue(md.contains("| `__GI_read` | 40 | 40.0% |\n| `java/util/HashMap.put` | 25 | 25.0% |\n"
        + "| `PhaseChaitin::Split` | 15 | 15.0% |\n\n"), md);
    Path gz = ProfileSummary.compress(stacks);
    assertEquals(dir.resolve("p.collapsed.gz"), gz);
    assertFalse(Files.exists(stacks), "the text is replaced");
    assertEquals(md, ProfileSummary.read(gz).markdown("ours", 3), "the compressed profile reads the same");
  }

  @Test
  void aLineThatIsNotAStackIsNamedNotSkipped(@TempDir Path dir) throws Exception {
    Path stacks = dir.resolve("p.collapsed");
    Files.write(stacks, List.of(READ + " 40", "a stack without its count"), StandardCharsets.UTF_8);
    IOException e = assertThrows(IOException.class, () -> ProfileSummary.read(stacks));
    assertEquals(stacks + " line 2: not a collapsed stack (frames, a space, samples)", e.getMessage());
  }
}
