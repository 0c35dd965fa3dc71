//! Checks of the arguments passed to the C ABI (issue 28): a value the C type cannot hold is
//! refused here, with [`Status::VALUE`](crate::Status::VALUE), before any C call, so a refused
//! call changes nothing and no seat is ever wrapped into another one.

use std::ffi::CString;
use std::os::raw::c_char;

use crate::error::{Error, Result};

const INT32_MAX: usize = i32::MAX as usize;

/// A seat, index or count for an `int32_t` parameter: 0..=i32::MAX.
pub(crate) fn int32(value: usize, name: &str) -> Result<i32> {
    if value > INT32_MAX {
        return Err(Error::value(
            "out_of_range",
            format!("{name}: {value} is outside 0..{INT32_MAX}"),
        ));
    }
    Ok(value as i32)
}

/// A seat or None (a spectator: -1).
pub(crate) fn optional_seat(value: Option<usize>) -> Result<i32> {
    match value {
        None => Ok(-1),
        Some(seat) => int32(seat, "seat"),
    }
}

/// An index of a list (legal actions): 0..=i32::MAX, as the library's lists are.
pub(crate) fn index(value: usize) -> Result<usize> {
    int32(value, "index").map(|i| i as usize)
}

/// Text for a C string: no NUL inside (a Rust str is always valid UTF-8).
pub(crate) fn text(value: &str, name: &str) -> Result<CString> {
    CString::new(value).map_err(|e| {
        Error::value(
            "nul_in_text",
            format!("{name}: contains a NUL character (at {})", e.nul_position()),
        )
    })
}

/// A list of C strings that keeps its storage alive while the pointers are in use.
pub(crate) struct TextList {
    _owned: Vec<CString>,
    pointers: Vec<*const c_char>,
}

impl TextList {
    pub(crate) fn new(values: &[&str], name: &str) -> Result<TextList> {
        let owned = values
            .iter()
            .enumerate()
            .map(|(i, v)| text(v, &format!("{name}[{i}]")))
            .collect::<Result<Vec<_>>>()?;
        let pointers = owned.iter().map(|c| c.as_ptr()).collect();
        Ok(TextList {
            _owned: owned,
            pointers,
        })
    }

    pub(crate) fn as_ptr(&self) -> *const *const c_char {
        if self.pointers.is_empty() {
            std::ptr::null()
        } else {
            self.pointers.as_ptr()
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.pointers.len()
    }
}
