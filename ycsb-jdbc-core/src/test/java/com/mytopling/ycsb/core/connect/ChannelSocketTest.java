package com.mytopling.ycsb.core.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The drivers' sockets (BlockingSockets, ChannelSocket) on loopback: bytes arrive whole in both directions, a
 * channel that stays blocking after a timed connect, available() that counts what the buffer holds, the read timeout
 * still enforced when one is set, and a close from another thread (the harness's watchdog) ends a blocked read.
 */
class ChannelSocketTest {
  private static byte[] bytes(int n, long seed) {
    byte[] b = new byte[n];
    new Random(seed).nextBytes(b);
    return b;
  }

  @Test
  void bytesArriveWholeBothWaysAndAvailableCountsOnlyTheBuffer() throws Exception {
    byte[] request = bytes(200_000, 1); // more than one write buffer
    byte[] reply = bytes(3_000, 2);
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> {
        try (Socket s = server.accept()) {
          byte[] got = new byte[request.length];
          new DataInputStream(s.getInputStream()).readFully(got);
          s.getOutputStream().write(reply);
          s.getOutputStream().flush();
          return got;
        } catch (IOException e) {
          throw new RuntimeException(e);
        }
      });
      BlockingSockets.forget();
      try (Socket s = new BlockingSockets.MariaDb().createSocket()) {
        assertInstanceOf(ChannelSocket.class, s);
        assertSame(s, BlockingSockets.takeLast(), "kept for the watchdog of the thread that made it");
        assertNull(BlockingSockets.takeLast(), "taken once");
        s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 5_000);
        s.setTcpNoDelay(true);
        assertTrue(s.getChannel().isBlocking(), "blocking after a connect with a timeout");
        OutputStream out = s.getOutputStream();
        out.write(request);
        assertArrayEquals(request, received.get(30, TimeUnit.SECONDS));
        InputStream in = s.getInputStream();
        assertEquals(0, in.available(), "nothing read into the buffer yet");
        byte[] first = new byte[4];
        new DataInputStream(in).readFully(first);
        int buffered = in.available();
        assertTrue(buffered <= reply.length - 4, "at most the rest of the reply: " + buffered);
        byte[] rest = new byte[reply.length - 4];
        new DataInputStream(in).readFully(rest);
        byte[] all = new byte[reply.length];
        System.arraycopy(first, 0, all, 0, 4);
        System.arraycopy(rest, 0, all, 4, rest.length);
        assertArrayEquals(reply, all);
        assertEquals(0, in.available());
      }
    }
  }

  /** A skip of an empty buffer waits for data, as a socket stream's does (MariaDB Connector/J skips packets). */
  @Test
  void skipReadsWhenTheBufferIsEmpty() throws Exception {
    byte[] reply = bytes(40_000, 3);
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      CompletableFuture<Void> sent = CompletableFuture.runAsync(() -> {
        try (Socket s = server.accept()) {
          Thread.sleep(100);
          s.getOutputStream().write(reply);
        } catch (IOException | InterruptedException e) {
          throw new RuntimeException(e);
        }
      });
      try (Socket s = new BlockingSockets.MariaDb().createSocket("127.0.0.1", server.getLocalPort())) {
        InputStream in = s.getInputStream();
        long toSkip = 30_000;
        while (toSkip > 0) {
          long n = in.skip(toSkip);
          assertTrue(n > 0, "skip makes progress");
          toSkip -= n;
        }
        assertEquals(reply[30_000] & 0xff, in.read(), "one byte read alone");
        byte[] rest = new DataInputStream(in).readNBytes(9_999);
        assertArrayEquals(java.util.Arrays.copyOfRange(reply, 30_001, 40_000), rest);
        assertEquals(-1, in.read(), "the end of the stream");
        assertEquals(0, in.skip(5), "nothing to skip at the end");
        sent.get(30, TimeUnit.SECONDS);
      }
    }
  }

  @Test
  void aReadTimeoutIsEnforcedAndACloseFromAnotherThreadEndsABlockedRead() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 2, InetAddress.getLoopbackAddress())) {
      BlockingSockets.forget();
      Socket timed = new BlockingSockets.ConnectorJ().connect("127.0.0.1", server.getLocalPort(),
          new com.mysql.cj.conf.DefaultPropertySet(), 0);
      try (Socket peer = server.accept()) {
        assertInstanceOf(ChannelSocket.class, timed);
        assertSame(timed, BlockingSockets.takeLast(), "MySQL Connector/J's socket is kept for the watchdog too");
        timed.setSoTimeout(200);
        assertThrows(SocketTimeoutException.class, () -> timed.getInputStream().read(new byte[10], 0, 10));
        timed.setSoTimeout(0);
        assertTrue(timed.getChannel().isBlocking(), "blocking again after the timed read");
        CompletableFuture<Object> blocked = CompletableFuture.supplyAsync(() -> {
          try {
            return timed.getInputStream().read(new byte[10], 0, 10);
          } catch (IOException e) {
            return e;
          }
        });
        Thread.sleep(200);
        assertFalse(blocked.isDone(), "the read waits for data");
        timed.close();
        assertInstanceOf(IOException.class, blocked.get(30, TimeUnit.SECONDS));
        assertTrue(timed.isClosed());
        assertThrows(IOException.class, timed::getInputStream);
      }
    }
  }

  /** Both MySQL-protocol drivers get the factory from every dialect of the family, with and without a timeout. */
  @Test
  void everyMySqlFamilyDialectGivesBothDriversTheFactory() throws Exception {
    for (String dialect : java.util.List.of("mysql", "mariadb", "myrocks", "mytopling")) {
      com.mytopling.ycsb.core.dialect.Dialect d = com.mytopling.ycsb.core.dialect.Dialects.byName(dialect);
      for (int socketTimeout : new int[] {0, 300_000}) {
        assertEquals(BlockingSockets.MariaDb.class.getName(),
            d.driverDefaults("jdbc:mariadb://127.0.0.1:3306/ycsb", 10_000, socketTimeout).get("socketFactory"));
        assertEquals(BlockingSockets.ConnectorJ.class.getName(),
            d.driverDefaults("jdbc:mysql://127.0.0.1:3306/ycsb", 10_000, socketTimeout).get("socketFactory"));
      }
    }
  }
}
