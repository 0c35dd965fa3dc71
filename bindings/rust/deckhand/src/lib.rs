//! deckhand: a safe Rust API over deckhand's C ABI (capi/include/deckhand.h), the same
//! concepts and names as the Python package where Rust allows.
//!
//! ```no_run
//! use deckhand::{games, next_move, Bot, Game};
//! for info in games() {
//!     let options = info.unattended_options();
//!     let options: Vec<&str> = options.iter().map(String::as_str).collect();
//!     let mut game = Game::new(&info.name, None, &options).unwrap();
//!     let mut bots: Vec<Bot> = (0..game.players() as u64)
//!         .map(|s| Bot::new(&info.name, "basic", s, &[]).unwrap())
//!         .collect();
//!     let mut deal = 0;
//!     while !game.is_over() {
//!         if game.awaiting_deal() { deal += 1; game.deal(deal).unwrap(); continue; }
//!         let (seat, action) = next_move(&game, &mut bots).unwrap();
//!         game.apply(seat, &action).unwrap();
//!     }
//!     println!("{} {:?}", info.name, game.scores());
//! }
//! ```
//!
//! Every fallible call returns `Result<T, deckhand::Error>`; a refused call changes nothing.
//! Handles are freed on drop. `Game`, `Bot` and `Table` are `Send` and not `Sync`: a handle
//! is used by one thread at a time.

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
pub use game::{replay_json, replay_json_bytes, Game};
pub use table::{Holder, Table};

/// The raw declarations (deckhand-sys), for what the safe API does not cover.
pub use deckhand_sys as sys;
