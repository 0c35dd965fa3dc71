//! deckhand: a safe Rust API over deckhand's C ABI (capi/include/deckhand.h), the same
//! concepts and names as the Python package where Rust allows.
//!
//! The example of the README (bindings/rust/README.md), which `cargo test` runs as a
//! doctest, plays a whole game of every game with the library's bots.
//!
//! Every fallible call returns `Result<T, deckhand::Error>`; a refused call changes nothing.
//! Handles are freed on drop. `Game`, `Bot` and `Table` are `Send` and not `Sync`: a handle
//! is used by one thread at a time. Sharing one between threads does not compile:
//!
//! ```compile_fail
//! fn shared<T: Sync>() {}
//! shared::<deckhand::Game>();
//! ```
//!
//! ```compile_fail
//! fn shared<T: Sync>() {}
//! shared::<deckhand::Table>();
//! ```

#![doc = include_str!("../../README.md")]

mod args;
mod bot;
mod catalog;
mod error;
mod ffi;
mod game;
mod table;

pub use bot::{next_move, Bot};
pub use catalog::{catalog_json, game_info, games, version, ActionKind, GameInfo, OptionInfo};
pub use error::{Error, Result, Status};
pub use game::{quote, replay_json, replay_json_bytes, Game};
pub use table::{Holder, Table};

/// The raw declarations (deckhand-sys), for what the safe API does not cover.
pub use deckhand_sys as sys;
