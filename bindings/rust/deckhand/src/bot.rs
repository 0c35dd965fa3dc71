//! deckhand::Bot: the library's bots (dh_bot_*).

use std::ptr::NonNull;

use deckhand_sys as sys;

use crate::args::{self, TextList};
use crate::error::{Error, Result};
use crate::ffi::{call_err, read_text};
use crate::game::Game;

/// A bot of one game at one level, deciding from its seat's view alone (docs/bots.md).
/// The same seed and the same calls give the same actions; one bot may play several seats.
///
/// `Send`, not `Sync` (a bot is used by one thread at a time). It cannot be cloned (the
/// library cannot copy a bot's generator): make another with the same arguments.
pub struct Bot {
    h: NonNull<sys::dh_bot>,
}

// SAFETY: one thread at a time per handle (choose takes &mut self), as the C ABI requires.
unsafe impl Send for Bot {}

impl Drop for Bot {
    fn drop(&mut self) {
        // SAFETY: ours, freed once.
        unsafe { sys::dh_bot_free(self.h.as_ptr()) }
    }
}

impl std::fmt::Debug for Bot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Bot")
    }
}

impl Bot {
    /// The levels deckhand.h documents: a uniformly random legal action, simple heuristics,
    /// sampling with open-hand solving (its budget: options "samples=N", "time_ms=N"), the same
    /// with inference; then the ladder's "1" (beginner) to "5" (expert).
    pub const LEVELS: &'static [&'static str] = &[
        "random", "basic", "strong", "expert", "1", "2", "3", "4", "5",
    ];

    /// A bot for `game_name` at `level`, its choices drawn from `seed`; `options` are the
    /// levels' budgets ("samples=N", "time_ms=N"; levels that do not search ignore them).
    /// Status::UNKNOWN_GAME, or Status::BAD_OPTION (also for an unknown level).
    pub fn new(game_name: &str, level: &str, seed: u64, options: &[&str]) -> Result<Bot> {
        let name = args::text(game_name, "game_name")?;
        let level = args::text(level, "level")?;
        let opts = TextList::new(options, "options")?;
        let mut out = std::ptr::null_mut();
        call_err(|err| unsafe {
            sys::dh_bot_new(
                &mut out,
                name.as_ptr(),
                level.as_ptr(),
                seed,
                opts.as_ptr(),
                opts.len(),
                err,
            )
        })?;
        Ok(Bot {
            h: NonNull::new(out).expect("dh_bot_new returned DH_OK and no handle"),
        })
    }

    /// What `seat`, the seat to act, does now in `game`, as action text for
    /// [`Game::apply`]. Another seat: Status::WRONG_SEAT; a game waiting for a deal or a
    /// reshuffle: Status::WRONG_PHASE; a game that is over: Status::GAME_OVER; a game of
    /// another kind: Status::UNKNOWN_GAME.
    pub fn choose(&mut self, game: &Game, seat: usize) -> Result<String> {
        let seat = args::int32(seat, "seat")?;
        let mut action = sys::dh_action::default();
        call_err(|err| unsafe {
            sys::dh_bot_choose(&mut action, self.h.as_ptr(), game.ptr(), seat, err)
        })?;
        read_text(|len, buf, cap, _| unsafe {
            sys::dh_game_format_action(len, buf, cap, game.ptr(), &action)
        })
    }
}

/// The next (seat, action) of `game`: the seat to act's, `bots[seat]` deciding (one bot per
/// seat, or fewer bots used cyclically). A game where nobody acts: Status::WRONG_PHASE
/// (a deal or reshuffle is due) or Status::GAME_OVER.
pub fn next_move(game: &Game, bots: &mut [Bot]) -> Result<(usize, String)> {
    let seat = match game.to_act() {
        Some(s) => s,
        None => return Err(no_decision(game)),
    };
    let n = bots.len();
    if n == 0 {
        return Err(Error::value("no_bots", "bots: an empty list".into()));
    }
    let action = bots[seat % n].choose(game, seat)?;
    Ok((seat, action))
}

pub(crate) fn no_decision(game: &Game) -> Error {
    let (status, reason, message) = if game.is_over() {
        (
            sys::DH_E_GAME_OVER,
            "game_over",
            "game_over: the game has ended",
        )
    } else if game.needs_reshuffle() {
        (
            sys::DH_E_WRONG_PHASE,
            "reshuffle_needed",
            "reshuffle_needed: nobody acts until the reshuffle is given (T13)",
        )
    } else {
        (
            sys::DH_E_WRONG_PHASE,
            "awaiting_deal",
            "awaiting_deal: nobody acts until the next deal",
        )
    };
    Error {
        status: crate::Status(status),
        reason: reason.into(),
        reason_number: 0,
        message: message.into(),
        line: 0,
    }
}
