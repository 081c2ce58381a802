package com.mytopling.ycsb.core.connect;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;

/**
 * The socket factory of MariaDB Connector/J connections whose operations the binding's watchdog limits
 * (db.sockettimeout, option {@code socketFactory}): plain sockets, the last one made on each thread kept for the
 * thread that opened the connection. The watchdog ends an operation that waits too long by closing that socket, which
 * fails the blocked read at once. Without it, the driver's {@code Connection.abort} first opens another connection to
 * the same server to send {@code KILL}, which against a frozen server or a network that swallows data waits for
 * db.connecttimeout, on the watchdog's one thread, for each stuck connection in turn.
 */
public final class AbortableSockets extends SocketFactory {
  private static final ThreadLocal<Socket> LAST = new ThreadLocal<>();

  /** Public no-argument constructor: the driver makes its factory by class name. */
  public AbortableSockets() {
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

  private static Socket kept(Socket s) {
    LAST.set(s);
    return s;
  }

  @Override
  public Socket createSocket() {
    return kept(new Socket());
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return kept(new Socket(host, port));
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
    return kept(new Socket(host, port, localHost, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return kept(new Socket(host, port));
  }

  @Override
  public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
      throws IOException {
    return kept(new Socket(address, port, localAddress, localPort));
  }
}
