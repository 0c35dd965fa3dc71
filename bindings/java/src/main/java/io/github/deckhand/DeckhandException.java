package io.github.deckhand;

/**
 * A call the library refused. The game, table or bot it was made on is unchanged.
 *
 * <p>{@link #status()} is the C ABI status, {@link #reason()} the rule-level reason
 * ("must_follow_suit", "" when none), {@link #reasonNumber()} its stable number (docs/reasons.md),
 * {@link #getMessage()} the library's readable message and {@link #line()}, for records, the
 * 1-based line refused (else 0).
 *
 * <p>Arguments that are wrong before any rule is asked (a negative seat, a NUL in text, null) are
 * refused by the binding itself with {@link IllegalArgumentException} and {@link
 * NullPointerException}, as Java libraries do.
 */
public class DeckhandException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Status status;
  private final int code;
  private final String reason;
  private final int reasonNumber;
  private final int line;

  DeckhandException(Status status, String reason, int reasonNumber, String message, int line) {
    this(status, status.code(), reason, reasonNumber, message, line);
  }

  DeckhandException(
      Status status, int code, String reason, int reasonNumber, String message, int line) {
    super(message);
    this.status = status;
    this.code = code;
    this.reason = reason;
    this.reasonNumber = reasonNumber;
    this.line = line;
  }

  public Status status() {
    return status;
  }

  /** The C status value (negative). */
  public int code() {
    return code;
  }

  /** "DH_E_ILLEGAL"-style name of the status. */
  public String statusName() {
    return status.cName();
  }

  public String reason() {
    return reason;
  }

  public int reasonNumber() {
    return reasonNumber;
  }

  public int line() {
    return line;
  }
}
