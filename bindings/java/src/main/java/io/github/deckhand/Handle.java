package io.github.deckhand;

import com.sun.jna.Pointer;
import java.lang.ref.Cleaner;
import java.util.function.Consumer;

/**
 * A C handle owned by one Java object: {@link #close()} frees it at once (use try-with-resources,
 * or close in a loop that makes many); a {@link Cleaner} frees it when the object becomes
 * unreachable, as a safety net only. A closed object refuses every call with {@link
 * IllegalStateException}. Every method that passes the handle to C ends with {@code
 * Reference.reachabilityFence(this)}, so the Cleaner never frees a handle while a call on it runs.
 *
 * <p>Threads: one handle must not be used from two threads at the same time (deckhand.h); distinct
 * handles may be used from different threads at once. Copy a game per thread.
 */
abstract class Handle implements AutoCloseable {
  private static final Cleaner CLEANER = Cleaner.create();

  /** What the cleaner runs: frees the pointer once. Holds no reference to the owner. */
  private static final class Release implements Runnable {
    private Pointer pointer;
    private final Consumer<Pointer> free;

    Release(Pointer pointer, Consumer<Pointer> free) {
      this.pointer = pointer;
      this.free = free;
    }

    @Override
    public synchronized void run() {
      Pointer p = pointer;
      pointer = null;
      if (p != null) free.accept(p);
    }
  }

  private final Release release;
  private final Cleaner.Cleanable cleanable;
  private volatile Pointer pointer;

  Handle(Pointer pointer, Consumer<Pointer> free) {
    if (pointer == null)
      throw new IllegalStateException("deckhand: the library returned no handle");
    this.pointer = pointer;
    this.release = new Release(pointer, free);
    this.cleanable = CLEANER.register(this, release);
  }

  /** The handle, or IllegalStateException once closed. */
  final Pointer ptr() {
    Pointer p = pointer;
    if (p == null) throw new IllegalStateException(getClass().getSimpleName() + " is closed");
    return p;
  }

  /** True once {@link #close()} ran. */
  public final boolean isClosed() {
    return pointer == null;
  }

  /** Frees the C handle now; later calls are refused. Closing twice does nothing. */
  @Override
  public final void close() {
    pointer = null;
    cleanable.clean();
  }
}
