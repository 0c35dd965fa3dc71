package io.github.deckhand;

/** The C ABI's status codes (deckhand.h), whose values never change. */
public enum Status {
  OK(0),
  NULL_ARGUMENT(-1),
  INVALID_ARGUMENT(-2),
  BUFFER_TOO_SMALL(-3),
  UNKNOWN_GAME(-4),
  BAD_OPTION(-5),
  PARSE(-6),
  ILLEGAL(-7),
  WRONG_SEAT(-8),
  WRONG_PHASE(-9),
  GAME_OVER(-10),
  CORRUPT(-11),
  RECORD(-12),
  INTERNAL(-13),
  UNSUPPORTED(-14),
  /**
   * A status this binding does not know (a later library): see {@link DeckhandException#code()}.
   */
  UNKNOWN(Integer.MIN_VALUE);

  private final int code;

  Status(int code) {
    this.code = code;
  }

  /** The C value (0 or negative). */
  public int code() {
    return code;
  }

  /** The C name: "DH_OK", "DH_E_ILLEGAL", ... */
  public String cName() {
    return this == OK ? "DH_OK" : "DH_E_" + name();
  }

  public static Status of(int code) {
    for (Status s : values()) if (s.code == code) return s;
    return UNKNOWN;
  }
}
