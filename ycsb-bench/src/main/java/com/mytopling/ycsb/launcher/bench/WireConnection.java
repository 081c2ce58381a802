package com.mytopling.ycsb.launcher.bench;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * One connection of bench-harness's floor client ({@link WireFloor}): the MySQL client/server protocol as little of
 * it as the floor needs, and nothing else. A reference for what the harness costs, never a path of the harness.
 *
 * <p>It logs in with mysql_native_password (MariaDB's default; an AuthSwitchRequest to it is followed), asks for
 * CLIENT_DEPRECATE_EOF (result sets end with an OK packet), CLIENT_FOUND_ROWS (an update's affected rows are the
 * rows it matched) and, where MariaDB offers it, the metadata cache MariaDB Connector/J uses (executions of a prepared
 * read then come without their column definitions), prepares the read and the per-field updates as server-side statements and executes them in the
 * binary protocol, as the harness's drivers do. Requests are written into one direct buffer and replies read into
 * another, so an operation allocates nothing. A reply is parsed by its packets only: a read's column count, its
 * column definitions (when they come), its rows, its closing OK; an update's OK and its
 * affected rows; an ERR packet's code, SQLSTATE and message, as an IOException.
 */
final class WireConnection {
  /** CLIENT_LONG_PASSWORD to MySQL; "CLIENT_MYSQL" to MariaDB, which offers extended capabilities when it is off. */
  private static final int CLIENT_MYSQL = 1;
  /** MariaDB's extended capability: an execution's reply leaves out column definitions the client has already. */
  private static final int MARIADB_CLIENT_CACHE_METADATA = 1 << 4;
  private static final int CLIENT_FOUND_ROWS = 2;
  private static final int CLIENT_CONNECT_WITH_DB = 8;
  private static final int CLIENT_PROTOCOL_41 = 0x200;
  private static final int CLIENT_TRANSACTIONS = 0x2000;
  private static final int CLIENT_SECURE_CONNECTION = 0x8000;
  private static final int CLIENT_PLUGIN_AUTH = 0x80000;
  private static final int CLIENT_DEPRECATE_EOF = 1 << 24;
  private static final String NATIVE_PASSWORD = "mysql_native_password";
  private static final byte COM_STMT_PREPARE = 0x16;
  private static final byte COM_STMT_EXECUTE = 0x17;
  private static final byte MYSQL_TYPE_VAR_STRING = (byte) 0xfd;
  /** utf8mb4_general_ci. */
  private static final byte CHARSET = 45;
  private static final byte[] KEY_PREFIX = "user".getBytes(StandardCharsets.US_ASCII);

  final SocketChannel channel;
  private final ByteBuffer in = ByteBuffer.allocateDirect(64 * 1024).order(ByteOrder.LITTLE_ENDIAN).flip();
  private final ByteBuffer out = ByteBuffer.allocateDirect(4 * 1024).order(ByteOrder.LITTLE_ENDIAN);
  private int readStatement;
  private int readColumns;
  private int[] updateStatements;

  // The reply being parsed: what it is, how far it got, and what it said.
  private boolean awaitingRead;
  private int phase;
  private int columnsLeft;
  private long rows;
  private long affected;

  private WireConnection(SocketChannel channel) {
    this.channel = channel;
  }

  /** Connects, logs in and prepares the statements; readSql has one parameter (the key), each updateSql two. */
  static WireConnection open(String host, int port, String user, String password, String database, String readSql,
                             String[] updateSql) throws IOException {
    SocketChannel ch;
    try {
      ch = SocketChannel.open(new InetSocketAddress(host, port));
    } catch (IOException e) {
      throw new IOException("cannot connect to " + host + ":" + port + ": " + e.getMessage(), e);
    }
    WireConnection c = new WireConnection(ch);
    try {
      ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
      c.login(user, password, database);
      c.readStatement = c.prepare(readSql, 1);
      c.readColumns = c.preparedColumns;
      c.updateStatements = new int[updateSql.length];
      for (int i = 0; i < updateSql.length; i++) {
        c.updateStatements[i] = c.prepare(updateSql[i], 2);
      }
      return c;
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  int readColumns() {
    return readColumns;
  }

  // ---- login and prepare (blocking) ----

  private void login(String user, String password, String database) throws IOException {
    ByteBuffer hello = packet();
    if ((hello.get() & 0xff) != 10) {
      throw new IOException("the server does not speak protocol version 10");
    }
    skipNulString(hello);
    hello.getInt(); // connection id
    byte[] seed1 = new byte[8];
    hello.get(seed1);
    hello.get();
    int caps = hello.getShort() & 0xffff;
    hello.get(); // charset
    hello.getShort(); // status
    caps |= (hello.getShort() & 0xffff) << 16;
    int seedLength = hello.get() & 0xff;
    hello.position(hello.position() + 6);
    int extended = (caps & CLIENT_MYSQL) == 0 ? hello.getInt() : 0;
    byte[] seed2 = new byte[Math.max(13, seedLength - 8) - 1];
    hello.get(seed2);
    int need = CLIENT_PROTOCOL_41 | CLIENT_SECURE_CONNECTION | CLIENT_PLUGIN_AUTH | CLIENT_DEPRECATE_EOF;
    if ((caps & need) != need) {
      throw new IOException("the server lacks protocol 4.1 authentication or CLIENT_DEPRECATE_EOF");
    }
    byte[] seed = new byte[20];
    System.arraycopy(seed1, 0, seed, 0, 8);
    System.arraycopy(seed2, 0, seed, 8, 12);

    start();
    // MariaDB's drivers ask for the metadata cache, so the server skips 10 column definitions per read for them: the
    // floor must not give the server more work than our client does.
    cachedMetadata = (extended & MARIADB_CLIENT_CACHE_METADATA) != 0;
    out.putInt((cachedMetadata ? 0 : CLIENT_MYSQL) | CLIENT_FOUND_ROWS | CLIENT_CONNECT_WITH_DB | CLIENT_PROTOCOL_41
        | CLIENT_TRANSACTIONS | CLIENT_SECURE_CONNECTION | CLIENT_PLUGIN_AUTH | CLIENT_DEPRECATE_EOF);
    out.putInt(1 << 24);
    out.put(CHARSET);
    out.put(new byte[19]);
    out.putInt(cachedMetadata ? MARIADB_CLIENT_CACHE_METADATA : 0);
    putNulString(user);
    byte[] token = scramble(password, seed);
    out.put((byte) token.length).put(token);
    putNulString(database);
    putNulString(NATIVE_PASSWORD);
    send(1);

    ByteBuffer reply = packet();
    int first = reply.get(0) & 0xff;
    if (first == 0xfe) { // AuthSwitchRequest: plugin name, then its seed
      reply.get();
      String plugin = nulString(reply);
      if (!plugin.equals(NATIVE_PASSWORD)) {
        throw new IOException("the server asks for authentication plugin " + plugin + "; the floor client speaks "
            + NATIVE_PASSWORD + " only");
      }
      byte[] again = new byte[20];
      reply.get(again);
      start();
      out.put(scramble(password, again));
      send(lastSequence + 1);
      reply = packet();
      first = reply.get(0) & 0xff;
    }
    if (first == 0xff) {
      throw error(reply);
    }
    if (first != 0) {
      throw new IOException("unexpected reply to the login (first byte " + first + ")");
    }
  }

  private int preparedColumns;
  /** MariaDB's metadata cache was agreed: a result's column count is followed by whether definitions follow. */
  private boolean cachedMetadata;

  private int prepare(String sql, int parameters) throws IOException {
    start();
    out.put(COM_STMT_PREPARE).put(sql.getBytes(StandardCharsets.UTF_8));
    send(0);
    ByteBuffer reply = packet();
    if ((reply.get(0) & 0xff) == 0xff) {
      throw error(reply);
    }
    reply.get();
    int id = reply.getInt();
    int columns = reply.getShort() & 0xffff;
    int params = reply.getShort() & 0xffff;
    if (params != parameters) {
      throw new IOException("statement has " + params + " parameters, expected " + parameters + ": " + sql);
    }
    for (int i = 0; i < params + columns; i++) {
      packet();
    }
    preparedColumns = columns;
    return id;
  }

  private static byte[] scramble(String password, byte[] seed) throws IOException {
    if (password == null || password.isEmpty()) {
      return new byte[0];
    }
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      byte[] p1 = sha1.digest(password.getBytes(StandardCharsets.UTF_8));
      byte[] p2 = sha1.digest(p1);
      sha1.update(seed);
      byte[] p3 = sha1.digest(p2);
      for (int i = 0; i < p1.length; i++) {
        p1[i] ^= p3[i];
      }
      return p1;
    } catch (NoSuchAlgorithmException e) {
      throw new IOException("no SHA-1 in this JVM", e);
    }
  }

  // ---- operations ----

  /** Writes the execution of the read of key "user" + keyHash into the request buffer. */
  void encodeRead(long keyHash) {
    start();
    executeHeader(readStatement, 1);
    out.put(MYSQL_TYPE_VAR_STRING).put((byte) 0);
    putKey(keyHash);
    finish(0);
    awaitingRead = true;
  }

  /** Writes the execution of the update of field {@code field} to {@code value}'s bytes, for the key. */
  void encodeUpdate(int field, byte[] value, long keyHash) {
    start();
    executeHeader(updateStatements[field], 2);
    out.put(MYSQL_TYPE_VAR_STRING).put((byte) 0).put(MYSQL_TYPE_VAR_STRING).put((byte) 0);
    putLengthEncoded(value.length);
    out.put(value);
    putKey(keyHash);
    finish(0);
    awaitingRead = false;
  }

  private void executeHeader(int statement, int params) {
    out.put(COM_STMT_EXECUTE).putInt(statement).put((byte) 0).putInt(1);
    out.put(new byte[(params + 7) / 8]); // no NULLs
    out.put((byte) 1); // types follow
  }

  private void putKey(long hash) {
    int digits = 1;
    for (long v = hash / 10; v != 0; v /= 10) {
      digits++;
    }
    out.put((byte) (KEY_PREFIX.length + digits)).put(KEY_PREFIX);
    int end = out.position() + digits;
    out.position(end);
    long v = hash;
    for (int p = end - 1; p >= end - digits; p--) {
      out.put(p, (byte) ('0' + v % 10));
      v /= 10;
    }
  }

  private void putLengthEncoded(int n) {
    if (n < 251) {
      out.put((byte) n);
    } else {
      out.put((byte) 0xfc).putShort((short) n);
    }
  }

  /** Sends the request in the buffer (blocking, or a channel in non-blocking mode: a small request goes whole). */
  void flush() throws IOException {
    out.flip();
    while (out.hasRemaining()) {
      channel.write(out);
    }
    out.clear();
  }

  /** Blocking: reads the reply to the request sent. */
  void await() throws IOException {
    phase = 0;
    while (!parse()) {
      fill();
    }
  }

  /** Non-blocking: takes what the socket holds; true when the reply is complete. */
  boolean poll() throws IOException {
    in.compact();
    int n = channel.read(in);
    in.flip();
    if (n < 0) {
      throw new EOFException("the server closed the connection");
    }
    return parse();
  }

  /** The request in the buffer is a read (else an update); its reply is parsed from its first packet. */
  boolean awaitingRead() {
    return awaitingRead;
  }

  void expectReply() {
    phase = 0;
  }

  /** Rows the last read returned. */
  long rows() {
    return rows;
  }

  /** Rows the last update matched. */
  long affected() {
    return affected;
  }

  /** Consumes the reply's whole packets; true when its last one came. */
  private boolean parse() throws IOException {
    while (in.remaining() >= 4) {
      int p = in.position();
      int length = (in.get(p) & 0xff) | (in.get(p + 1) & 0xff) << 8 | (in.get(p + 2) & 0xff) << 16;
      if (in.remaining() < 4 + length) {
        return false;
      }
      int first = in.get(p + 4) & 0xff;
      in.position(p + 4 + length);
      if (first == 0xff && phase != 1) {
        throw error(in.slice(p + 4, length).order(ByteOrder.LITTLE_ENDIAN));
      }
      switch (phase) {
        case 0 -> {
          if (!awaitingRead) {
            if (first != 0) {
              throw new IOException("unexpected reply to an update (first byte " + first + ")");
            }
            affected = lengthEncoded(p + 5);
            return true;
          }
          if (first == 0 || first >= 0xfb) {
            throw new IOException("unexpected reply to a read (first byte " + first + ")");
          }
          columnsLeft = first;
          rows = 0;
          // With the metadata cache the count is followed by one byte: 1 when column definitions follow.
          phase = cachedMetadata && in.get(p + 5) == 0 ? 2 : 1;
        }
        case 1 -> {
          if (--columnsLeft == 0) {
            phase = 2;
          }
        }
        case 2 -> {
          if (first == 0xfe && length < 0xffffff) {
            return true;
          }
          rows++;
        }
        default -> throw new IOException("reply parsed past its end");
      }
    }
    return false;
  }

  private long lengthEncoded(int at) {
    int b = in.get(at) & 0xff;
    if (b < 0xfb) {
      return b;
    }
    if (b == 0xfc) {
      return in.getShort(at + 1) & 0xffff;
    }
    if (b == 0xfd) {
      return (in.get(at + 1) & 0xff) | (in.get(at + 2) & 0xff) << 8 | (in.get(at + 3) & 0xff) << 16;
    }
    return in.getLong(at + 1);
  }

  // ---- packets ----

  private int lastSequence;

  private void start() {
    out.clear();
    out.position(4);
  }

  private void finish(int sequence) {
    int length = out.position() - 4;
    out.put(0, (byte) length).put(1, (byte) (length >> 8)).put(2, (byte) (length >> 16)).put(3, (byte) sequence);
  }

  private void send(int sequence) throws IOException {
    finish(sequence);
    flush();
  }

  /** Blocking: the next whole packet's payload (a view of the read buffer, valid until the next read). */
  private ByteBuffer packet() throws IOException {
    while (in.remaining() < 4) {
      fill();
    }
    int p = in.position();
    int length = (in.get(p) & 0xff) | (in.get(p + 1) & 0xff) << 8 | (in.get(p + 2) & 0xff) << 16;
    lastSequence = in.get(p + 3) & 0xff;
    while (in.remaining() < 4 + length) {
      fill();
      p = in.position();
    }
    ByteBuffer payload = in.slice(p + 4, length).order(ByteOrder.LITTLE_ENDIAN);
    in.position(p + 4 + length);
    return payload;
  }

  private void fill() throws IOException {
    in.compact();
    try {
      if (!in.hasRemaining()) {
        throw new IOException("a reply packet larger than the read buffer");
      }
      if (channel.read(in) < 0) {
        throw new EOFException("the server closed the connection");
      }
    } finally {
      in.flip();
    }
  }

  private static IOException error(ByteBuffer err) {
    err.get();
    int code = err.getShort() & 0xffff;
    String state = "";
    if (err.remaining() >= 6 && err.get(err.position()) == '#') {
      err.get();
      byte[] s = new byte[5];
      err.get(s);
      state = new String(s, StandardCharsets.US_ASCII) + " ";
    }
    byte[] message = new byte[err.remaining()];
    err.get(message);
    return new IOException("server error " + state + code + ": " + new String(message, StandardCharsets.UTF_8));
  }

  private void putNulString(String s) {
    out.put(s.getBytes(StandardCharsets.UTF_8)).put((byte) 0);
  }

  private static void skipNulString(ByteBuffer b) {
    while (b.get() != 0) {
      // the server's version
    }
  }

  private static String nulString(ByteBuffer b) {
    int start = b.position();
    while (b.get() != 0) {
      // to the NUL
    }
    byte[] s = new byte[b.position() - 1 - start];
    b.get(start, s);
    return new String(s, StandardCharsets.UTF_8);
  }

  void close() {
    try {
      channel.close();
    } catch (IOException ignored) {
      // closing a benchmark's connection at its end
    }
  }
}
