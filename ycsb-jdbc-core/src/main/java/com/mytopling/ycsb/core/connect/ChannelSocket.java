package com.mytopling.ycsb.core.connect;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOption;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Set;

/**
 * A blocking {@link SocketChannel}'s socket whose streams move bytes through one direct buffer each, owned by the
 * connection (the drivers use a connection from one thread at a time, as JDBC does):
 * <ul>
 *   <li>a write is one write(2) per {@value #OUT_BUFFER} bytes;</li>
 *   <li>a read is one blocking read(2) of up to {@value #BUFFER} bytes into the buffer, then copies; the JDK's socket
 *       streams lock, look up a temporary direct buffer per call and (NioSocketImpl) poll after EAGAIN;</li>
 *   <li>{@code available()} counts the bytes in the buffer and makes no system call. MySQL Connector/J asks it
 *       before every command (to discard stray bytes) and before every read (how much it may read ahead): two
 *       ioctl(FIONREAD) per operation, counted by strace. What it gets now is what a read can return without
 *       blocking, which is what the method promises; bytes still in the kernel are not counted (as the contract
 *       allows), so its read-ahead asks for the bytes it needs and the one read(2) brings the whole reply anyway.</li>
 * </ul>
 * With a read timeout set on the socket (setSoTimeout, e.g. a driver's login timeout during the handshake) reads go
 * through the socket adaptor's own stream, which enforces it. Everything else is the adaptor's.
 */
final class ChannelSocket extends Socket {
  static final int BUFFER = 16 * 1024;
  /** Larger for writes: a bulk load's statement is megabytes, sent in pieces of this size. */
  static final int OUT_BUFFER = 64 * 1024;

  private final SocketChannel channel;
  private final Socket socket;
  private final In in = new In();
  private final Out out = new Out();

  ChannelSocket() throws IOException {
    this.channel = SocketChannel.open();
    this.socket = channel.socket();
  }

  /** Reads through the channel into one direct buffer; see the class comment. */
  private final class In extends InputStream {
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER).flip();

    @Override
    public int read() throws IOException {
      if (!buffer.hasRemaining() && fill() < 0) {
        return -1;
      }
      return buffer.get() & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (len == 0) {
        return 0;
      }
      if (!buffer.hasRemaining() && fill() < 0) {
        return -1;
      }
      int n = Math.min(len, buffer.remaining());
      buffer.get(b, off, n);
      return n;
    }

    /** Skips what the buffer holds, after one read when it is empty (blocking, as a socket stream's skip does). */
    @Override
    public long skip(long n) throws IOException {
      if (n <= 0 || !buffer.hasRemaining() && fill() < 0) {
        return 0;
      }
      long skipped = Math.min(n, buffer.remaining());
      buffer.position(buffer.position() + (int) skipped);
      return skipped;
    }

    /**
     * One read into the empty buffer: the channel's blocking read, or with a read timeout set the adaptor's stream,
     * which enforces it. The bytes read (at least one), or -1 at the end of the stream.
     */
    private int fill() throws IOException {
      buffer.clear();
      try {
        if (socket.getSoTimeout() > 0) {
          byte[] timed = new byte[buffer.capacity()];
          int n = socket.getInputStream().read(timed, 0, timed.length);
          if (n > 0) {
            buffer.put(timed, 0, n);
          }
          return n;
        }
        return channel.read(buffer);
      } finally {
        // Whatever came in, also when the read failed or timed out (then nothing): the buffer holds just that.
        buffer.flip();
      }
    }

    @Override
    public int available() {
      return buffer.remaining();
    }

    @Override
    public void close() throws IOException {
      ChannelSocket.this.close();
    }
  }

  /** Writes through the channel from one direct buffer: one write(2) per buffer's worth. */
  private final class Out extends OutputStream {
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(OUT_BUFFER);

    @Override
    public void write(int b) throws IOException {
      buffer.clear();
      buffer.put((byte) b).flip();
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      while (len > 0) {
        int n = Math.min(len, buffer.capacity());
        buffer.clear();
        buffer.put(b, off, n).flip();
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
        off += n;
        len -= n;
      }
    }

    @Override
    public void close() throws IOException {
      ChannelSocket.this.close();
    }
  }

  @Override
  public InputStream getInputStream() throws IOException {
    checkOpen();
    return in;
  }

  @Override
  public OutputStream getOutputStream() throws IOException {
    checkOpen();
    return out;
  }

  private void checkOpen() throws SocketException {
    if (socket.isClosed()) {
      throw new SocketException("Socket is closed");
    }
    if (!socket.isConnected()) {
      throw new SocketException("Socket is not connected");
    }
  }

  // Everything else is the channel's socket adaptor's.

  @Override
  public void connect(SocketAddress endpoint) throws IOException {
    socket.connect(endpoint);
  }

  @Override
  public void connect(SocketAddress endpoint, int timeout) throws IOException {
    socket.connect(endpoint, timeout);
  }

  @Override
  public void bind(SocketAddress bindpoint) throws IOException {
    socket.bind(bindpoint);
  }

  @Override
  public InetAddress getInetAddress() {
    return socket.getInetAddress();
  }

  @Override
  public InetAddress getLocalAddress() {
    return socket.getLocalAddress();
  }

  @Override
  public int getPort() {
    return socket.getPort();
  }

  @Override
  public int getLocalPort() {
    return socket.getLocalPort();
  }

  @Override
  public SocketAddress getRemoteSocketAddress() {
    return socket.getRemoteSocketAddress();
  }

  @Override
  public SocketAddress getLocalSocketAddress() {
    return socket.getLocalSocketAddress();
  }

  @Override
  public SocketChannel getChannel() {
    return channel;
  }

  @Override
  public void setTcpNoDelay(boolean on) throws SocketException {
    socket.setTcpNoDelay(on);
  }

  @Override
  public boolean getTcpNoDelay() throws SocketException {
    return socket.getTcpNoDelay();
  }

  @Override
  public void setSoLinger(boolean on, int linger) throws SocketException {
    socket.setSoLinger(on, linger);
  }

  @Override
  public int getSoLinger() throws SocketException {
    return socket.getSoLinger();
  }

  @Override
  public void sendUrgentData(int data) throws IOException {
    socket.sendUrgentData(data);
  }

  @Override
  public void setOOBInline(boolean on) throws SocketException {
    socket.setOOBInline(on);
  }

  @Override
  public boolean getOOBInline() throws SocketException {
    return socket.getOOBInline();
  }

  @Override
  public void setSoTimeout(int timeout) throws SocketException {
    socket.setSoTimeout(timeout);
  }

  @Override
  public int getSoTimeout() throws SocketException {
    return socket.getSoTimeout();
  }

  @Override
  public void setSendBufferSize(int size) throws SocketException {
    socket.setSendBufferSize(size);
  }

  @Override
  public int getSendBufferSize() throws SocketException {
    return socket.getSendBufferSize();
  }

  @Override
  public void setReceiveBufferSize(int size) throws SocketException {
    socket.setReceiveBufferSize(size);
  }

  @Override
  public int getReceiveBufferSize() throws SocketException {
    return socket.getReceiveBufferSize();
  }

  @Override
  public void setKeepAlive(boolean on) throws SocketException {
    socket.setKeepAlive(on);
  }

  @Override
  public boolean getKeepAlive() throws SocketException {
    return socket.getKeepAlive();
  }

  @Override
  public void setTrafficClass(int tc) throws SocketException {
    socket.setTrafficClass(tc);
  }

  @Override
  public int getTrafficClass() throws SocketException {
    return socket.getTrafficClass();
  }

  @Override
  public void setReuseAddress(boolean on) throws SocketException {
    socket.setReuseAddress(on);
  }

  @Override
  public boolean getReuseAddress() throws SocketException {
    return socket.getReuseAddress();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }

  @Override
  public void shutdownInput() throws IOException {
    socket.shutdownInput();
  }

  @Override
  public void shutdownOutput() throws IOException {
    socket.shutdownOutput();
  }

  @Override
  public String toString() {
    return socket.toString();
  }

  @Override
  public boolean isConnected() {
    return socket.isConnected();
  }

  @Override
  public boolean isBound() {
    return socket.isBound();
  }

  @Override
  public boolean isClosed() {
    return socket.isClosed();
  }

  @Override
  public boolean isInputShutdown() {
    return socket.isInputShutdown();
  }

  @Override
  public boolean isOutputShutdown() {
    return socket.isOutputShutdown();
  }

  @Override
  public void setPerformancePreferences(int connectionTime, int latency, int bandwidth) {
    socket.setPerformancePreferences(connectionTime, latency, bandwidth);
  }

  @Override
  public <T> Socket setOption(SocketOption<T> name, T value) throws IOException {
    socket.setOption(name, value);
    return this;
  }

  @Override
  public <T> T getOption(SocketOption<T> name) throws IOException {
    return socket.getOption(name);
  }

  @Override
  public Set<SocketOption<?>> supportedOptions() {
    return socket.supportedOptions();
  }
}
