package com.mytopling.ycsb.core.connect;

import com.mysql.cj.conf.PropertySet;
import com.mysql.cj.protocol.StandardSocketFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * The sockets of both MySQL-protocol drivers (their {@code socketFactory} setting, added by the dialect's driver
 * defaults). Two jobs, one place:
 *
 * <p><b>One read(2) per reply.</b> The JDK's default socket (NioSocketImpl) switches its file descriptor to
 * non-blocking for good the first time it is used with a timeout, and a connect with a timeout (connectTimeout, which
 * db.connecttimeout sets) is such a use. From then on every read that finds no data yet costs read (EAGAIN), poll,
 * read. A {@link ChannelSocket} connects with the same timeout and is blocking again as soon as the connect is done;
 * its streams also answer {@code available()} without an ioctl (docs/speed.md, "system time").
 *
 * <p><b>A socket the watchdog can close.</b> The last socket made on each thread is kept for the thread that opened
 * the connection ({@link #forget()} before opening, {@link #takeLast()} after). The binding's watchdog ends an
 * operation that waits longer than db.sockettimeout by closing that socket, which fails the blocked read at once.
 * Without it, MariaDB Connector/J's {@code Connection.abort} first opens another connection to the same server to
 * send {@code KILL}, which against a frozen server or a network that swallows data waits for db.connecttimeout, on
 * the watchdog's one thread, for each stuck connection in turn.
 */
public final class BlockingSockets {
  private static final ThreadLocal<Socket> LAST = new ThreadLocal<>();

  private BlockingSockets() {
  }

  /** Forgets the socket made last on this thread (call before opening a connection). */
  public static void forget() {
    LAST.remove();
  }

  /** The socket the connection opened last on this thread uses, or null when the driver did not use this factory. */
  public static Socket takeLast() {
    Socket s = LAST.get();
    LAST.remove();
    return s;
  }

  /** An unconnected socket whose reads block, kept as this thread's last; the drivers connect it themselves. */
  static Socket unconnected() throws IOException {
    Socket s = new ChannelSocket();
    LAST.set(s);
    return s;
  }

  private static Socket connected(InetSocketAddress local, InetSocketAddress remote) throws IOException {
    Socket s = unconnected();
    if (local != null) {
      s.bind(local);
    }
    s.connect(remote);
    return s;
  }

  /** MariaDB Connector/J's socketFactory: a {@link SocketFactory} (made by class name: public, no arguments). */
  public static final class MariaDb extends SocketFactory {
    @Override
    public Socket createSocket() throws IOException {
      return unconnected();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
      return connected(null, new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
      return connected(new InetSocketAddress(localHost, localPort), new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
      return connected(null, new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
        throws IOException {
      return connected(new InetSocketAddress(localAddress, localPort), new InetSocketAddress(address, port));
    }
  }

  /**
   * MySQL Connector/J's socketFactory: its standard factory (connect timeout, TCP options, TLS handshake all as the
   * driver does them) with a channel's socket as the raw socket.
   */
  public static final class ConnectorJ extends StandardSocketFactory {
    @Override
    protected Socket createSocket(PropertySet props) {
      try {
        return unconnected();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
