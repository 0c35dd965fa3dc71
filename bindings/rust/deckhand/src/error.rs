//! Errors: every fallible call returns `Result<T, Error>`.

use std::ffi::CStr;
use std::fmt;

use deckhand_sys as sys;

/// The status of a refusal: a C ABI status (`DH_E_*`, negative, fixed values) or
/// [`Status::VALUE`], a value the binding refused before any C call.
///
/// The constants can be matched: `match err.status { Status::ILLEGAL => ..., _ => ... }`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Status(pub i32);

impl Status {
    /// Not from the library: the binding refused an argument whose value the C type cannot
    /// hold (a seat or index past `i32::MAX`, a NUL inside text). No C call was made.
    pub const VALUE: Status = Status(1);
    pub const NULL_ARGUMENT: Status = Status(sys::DH_E_NULL_ARGUMENT);
    pub const INVALID_ARGUMENT: Status = Status(sys::DH_E_INVALID_ARGUMENT);
    pub const BUFFER_TOO_SMALL: Status = Status(sys::DH_E_BUFFER_TOO_SMALL);
    pub const UNKNOWN_GAME: Status = Status(sys::DH_E_UNKNOWN_GAME);
    pub const BAD_OPTION: Status = Status(sys::DH_E_BAD_OPTION);
    pub const PARSE: Status = Status(sys::DH_E_PARSE);
    pub const ILLEGAL: Status = Status(sys::DH_E_ILLEGAL);
    pub const WRONG_SEAT: Status = Status(sys::DH_E_WRONG_SEAT);
    pub const WRONG_PHASE: Status = Status(sys::DH_E_WRONG_PHASE);
    pub const GAME_OVER: Status = Status(sys::DH_E_GAME_OVER);
    pub const CORRUPT: Status = Status(sys::DH_E_CORRUPT);
    pub const RECORD: Status = Status(sys::DH_E_RECORD);
    pub const INTERNAL: Status = Status(sys::DH_E_INTERNAL);
    pub const UNSUPPORTED: Status = Status(sys::DH_E_UNSUPPORTED);

    /// "DH_E_ILLEGAL"-style name (the library's), or "VALUE" for [`Status::VALUE`].
    pub fn name(self) -> String {
        if self == Status::VALUE {
            return "VALUE".to_string();
        }
        // SAFETY: dh_status_name never returns NULL and its text lives as long as the library.
        unsafe { CStr::from_ptr(sys::dh_status_name(self.0)) }
            .to_string_lossy()
            .into_owned()
    }

    /// True for a status the library returned (not [`Status::VALUE`]).
    pub fn is_library(self) -> bool {
        self.0 < 0
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A refused call. The game, bot or table it was made on is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The C ABI status, or [`Status::VALUE`] for a value refused before the call.
    pub status: Status,
    /// The rule-level reason ("must_follow_suit"; "" when none).
    pub reason: String,
    /// Its stable number (docs/reasons.md), 0 when none.
    pub reason_number: i32,
    /// A readable message naming the card, seat or rule.
    pub message: String,
    /// For records: the 1-based line refused, else 0.
    pub line: i32,
}

impl Error {
    /// The error the library wrote into `err` for `status`.
    pub(crate) fn from_c(status: i32, err: &sys::dh_error) -> Error {
        if err.status != status {
            return Error::bare(status);
        }
        Error {
            status: Status(status),
            reason: c_array_text(&err.code),
            reason_number: err.reason,
            message: c_array_text(&err.message),
            line: err.line,
        }
    }

    /// A status with no dh_error (functions that take none).
    pub(crate) fn bare(status: i32) -> Error {
        let status = Status(status);
        Error {
            status,
            reason: String::new(),
            reason_number: 0,
            message: status.name(),
            line: 0,
        }
    }

    /// A value the binding refuses before any C call.
    pub(crate) fn value(reason: &str, message: String) -> Error {
        Error {
            status: Status::VALUE,
            reason: reason.to_string(),
            reason_number: 0,
            message,
            line: 0,
        }
    }

    /// The status's name: "DH_E_ILLEGAL", or "VALUE".
    pub fn status_name(&self) -> String {
        self.status.name()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.status)
    }
}

impl std::error::Error for Error {}

/// `Result<T, deckhand::Error>`.
pub type Result<T> = std::result::Result<T, Error>;

fn c_array_text(bytes: &[std::os::raw::c_char]) -> String {
    let bytes: Vec<u8> = bytes
        .iter()
        .map(|&c| c as u8)
        .take_while(|&b| b != 0)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}
