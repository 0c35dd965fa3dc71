//! Calls through the header's conventions: statuses, dh_error, buffers with a capacity.

use std::ffi::CStr;
use std::os::raw::{c_char, c_int};

use deckhand_sys as sys;

use crate::error::{Error, Result};

/// Calls `f` with a fresh dh_error and turns its status into a Result.
pub(crate) fn call_err(f: impl FnOnce(*mut sys::dh_error) -> c_int) -> Result<()> {
    let mut err = sys::dh_error::new();
    let status = f(&mut err);
    if status == sys::DH_OK {
        Ok(())
    } else {
        Err(Error::from_c(status, &err))
    }
}

/// A status of a function without dh_error.
pub(crate) fn check(status: c_int) -> Result<()> {
    if status == sys::DH_OK {
        Ok(())
    } else {
        Err(Error::bare(status))
    }
}

/// A call that cannot fail on a live handle (only NULL arguments would).
pub(crate) fn must(status: c_int, what: &str) {
    if status != sys::DH_OK {
        panic!("deckhand: {what} failed: {}", Error::bare(status));
    }
}

/// Text through (out_len, buf, cap, ...): the size first, then the fill; `f` receives the
/// dh_error too (null-safe for functions without one: pass it on or ignore it).
pub(crate) fn read_text(
    mut f: impl FnMut(*mut usize, *mut c_char, usize, *mut sys::dh_error) -> c_int,
) -> Result<String> {
    let bytes = read_buffer(|len, buf, cap, err| f(len, buf as *mut c_char, cap, err))?;
    // The text ends at its NUL (the size includes it).
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    Ok(String::from_utf8_lossy(&bytes[..end]).into_owned())
}

/// Bytes through (out_len, buf, cap, ...).
pub(crate) fn read_buffer(
    mut f: impl FnMut(*mut usize, *mut u8, usize, *mut sys::dh_error) -> c_int,
) -> Result<Vec<u8>> {
    let mut need = 0usize;
    let mut err = sys::dh_error::new();
    let mut status = f(&mut need, std::ptr::null_mut(), 0, &mut err);
    loop {
        if status != sys::DH_OK && status != sys::DH_E_BUFFER_TOO_SMALL {
            return Err(Error::from_c(status, &err));
        }
        let mut buf = vec![0u8; need.max(1)];
        let cap = need;
        err = sys::dh_error::new();
        status = f(&mut need, buf.as_mut_ptr(), cap, &mut err);
        if status == sys::DH_OK {
            buf.truncate(need.min(cap));
            return Ok(buf);
        }
    }
}

/// An array through (out_count, items, cap, ...).
pub(crate) fn read_array<T: Copy + Default>(
    mut f: impl FnMut(*mut usize, *mut T, usize) -> c_int,
) -> Result<Vec<T>> {
    let mut count = 0usize;
    let mut status = f(&mut count, std::ptr::null_mut(), 0);
    loop {
        if status != sys::DH_OK && status != sys::DH_E_BUFFER_TOO_SMALL {
            return Err(Error::bare(status));
        }
        let mut items = vec![T::default(); count.max(1)];
        let cap = count;
        status = f(&mut count, items.as_mut_ptr(), cap);
        if status == sys::DH_OK {
            items.truncate(count);
            return Ok(items);
        }
    }
}

/// A library-owned C string (catalog texts, names): valid while the library is loaded.
pub(crate) fn static_text(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: the library's own strings are NUL-terminated and live as long as it does.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}
