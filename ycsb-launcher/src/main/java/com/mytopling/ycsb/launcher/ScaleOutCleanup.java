package com.mytopling.ycsb.launcher;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a scale-out run made outside this process (the Secret holding the password, the Job and its pods, the
 * ConfigMap, the client containers, the ssh sessions), each with the command that removes it, so that a run stopped
 * by Ctrl-C (SIGINT) or SIGTERM removes them too: a shutdown hook runs the removals, newest first, and says what it
 * removed. A run that ends normally removes what it should in its own code and closes this, which takes the hook
 * away. Removals are idempotent commands (--ignore-not-found, rm -f), so a thing removed twice does no harm.
 */
final class ScaleOutCleanup implements AutoCloseable {
  /** One thing made, what it is called in the line that reports its removal, and how to remove it. */
  private record Made(String what, List<String> removal, Process process) {
  }

  private final List<Made> made = new ArrayList<>();
  private final PrintStream err;
  private final Thread hook;
  private boolean closed;
  /** The hook has begun removing things: the run's own thread may then fail on what was removed, and says nothing. */
  private volatile boolean stopping;

  ScaleOutCleanup(PrintStream err) {
    this.err = err;
    this.hook = new Thread(this::removeAll, "scale-out-cleanup");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** {@code what} was made; {@code removal} is the command that removes it. */
  synchronized void made(String what, List<String> removal) {
    made.add(new Made(what, List.copyOf(removal), null));
  }

  /** A local process that stands for a client (an ssh session): destroyed with it. */
  synchronized void started(String what, Process process) {
    made.add(new Made(what, List.of(), process));
  }

  /** {@code what} was removed by the run itself: nothing to do for it any more. */
  synchronized void removed(String what) {
    made.removeIf(m -> m.what().equals(what));
  }

  /** The shutdown hook: the run was stopped before it ended. */
  private void removeAll() {
    List<Made> todo;
    synchronized (this) {
      if (closed || made.isEmpty()) {
        return;
      }
      todo = new ArrayList<>(made);
      made.clear();
      stopping = true;
    }
    err.println("benchmark: stopped before the end: removing what this run made");
    for (int i = todo.size() - 1; i >= 0; i--) {
      Made m = todo.get(i);
      if (m.process() != null) {
        m.process().destroy();
        err.println("benchmark: stopped " + m.what());
        continue;
      }
      try {
        ScaleOut.Cmd c = ScaleOut.Cmd.run(m.removal(), Map.of(), null, null);
        err.println(c.exit == 0 ? "benchmark: removed " + m.what()
            : "benchmark: could not remove " + m.what() + ": " + c.lastLine() + " (" + String.join(" ", m.removal())
            + ")");
      } catch (IOException e) {
        err.println("benchmark: could not remove " + m.what() + ": " + e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        err.println("benchmark: could not remove " + m.what() + ": interrupted");
      }
    }
    err.flush();
  }

  /** Whether the run was stopped (Ctrl-C, SIGTERM) and the hook is removing, or has removed, what it made. */
  boolean stopping() {
    return stopping;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // The JVM is exiting: the hook is running or ran; closed keeps it from acting twice.
    }
  }
}
