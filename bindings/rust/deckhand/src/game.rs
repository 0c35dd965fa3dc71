//! deckhand::Game: one game behind a C ABI handle.

use std::os::raw::c_char;
use std::ptr::NonNull;

use deckhand_sys as sys;

use crate::args::{self, TextList};
use crate::error::{Error, Result};
use crate::ffi::{call_err, must, read_array, read_buffer, read_text, static_text};

/// One game of the library (a name from [`games`](crate::games)).
///
/// Every method that fails returns an [`Error`] and leaves the game unchanged. Dropping the
/// game frees its handle.
///
/// Threads: a `Game` is [`Send`] (it may move to another thread) but not [`Sync`]: the C ABI
/// allows one thread at a time per handle, even for reading calls, which fill a cache inside
/// it. Clone it per thread.
pub struct Game {
    h: NonNull<sys::dh_game>,
}

// SAFETY: the library has no mutable global state; a handle may be used from any thread,
// one thread at a time, which `&mut`/`&` without Sync guarantees.
unsafe impl Send for Game {}

impl Drop for Game {
    fn drop(&mut self) {
        // SAFETY: the handle is ours and freed once.
        unsafe { sys::dh_game_free(self.h.as_ptr()) }
    }
}

impl Clone for Game {
    /// A copy through dh_game_clone (panics only when the library is out of memory; see
    /// [`Game::try_clone`]).
    fn clone(&self) -> Game {
        self.try_clone().expect("dh_game_clone")
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("name", &self.name())
            .field("players", &self.players())
            .field("phase", &self.phase())
            .field("to_act", &self.to_act())
            .field("scores", &self.scores())
            .finish()
    }
}

impl Game {
    pub(crate) fn adopt(p: *mut sys::dh_game) -> Game {
        Game {
            h: NonNull::new(p).expect("the library returned DH_OK and no handle"),
        }
    }

    pub(crate) fn ptr(&self) -> *mut sys::dh_game {
        self.h.as_ptr()
    }

    /// A game of `name` for `players` (None: the game's default), with `options` as
    /// "key=value" strings (docs/rules.md; the catalog lists each game's), seat 0 dealing
    /// first.
    pub fn new(name: &str, players: Option<usize>, options: &[&str]) -> Result<Game> {
        Game::new_with_dealer(name, players, options, 0)
    }

    /// As [`Game::new`], with the seat that deals first.
    pub fn new_with_dealer(
        name: &str,
        players: Option<usize>,
        options: &[&str],
        first_dealer: usize,
    ) -> Result<Game> {
        let name = args::text(name, "name")?;
        let players = args::int32(players.unwrap_or(0), "players")?;
        let first_dealer = args::int32(first_dealer, "first_dealer")?;
        let opts = TextList::new(options, "options")?;
        let mut out = std::ptr::null_mut();
        // SAFETY: every pointer lives across the call.
        call_err(|err| unsafe {
            sys::dh_game_new(
                &mut out,
                name.as_ptr(),
                opts.as_ptr(),
                opts.len(),
                players,
                first_dealer,
                err,
            )
        })?;
        Ok(Game::adopt(out))
    }

    /// Replays a record (docs/records.md) into a new game; a refused line gives its error
    /// with `line` set.
    pub fn from_record(text: &str) -> Result<Game> {
        let text = args::text(text, "text")?;
        let mut out = std::ptr::null_mut();
        call_err(|err| unsafe { sys::dh_record_replay(&mut out, text.as_ptr(), err) })?;
        Ok(Game::adopt(out))
    }

    /// Restores bytes of [`Game::serialize`] (any game: the bytes say which).
    pub fn deserialize(data: &[u8]) -> Result<Game> {
        let mut out = std::ptr::null_mut();
        call_err(|err| unsafe {
            sys::dh_game_deserialize(&mut out, data.as_ptr(), data.len(), err)
        })?;
        Ok(Game::adopt(out))
    }

    /// The whole game as checksummed bytes, the same on every platform.
    pub fn serialize(&self) -> Vec<u8> {
        read_buffer(|len, buf, cap, _| unsafe { sys::dh_game_serialize(len, buf, cap, self.ptr()) })
            .expect("dh_game_serialize")
    }

    /// Restores `data` (of this game's kind) into this game, reusing its memory; on failure
    /// the game is unchanged.
    pub fn deserialize_into(&mut self, data: &[u8]) -> Result<()> {
        call_err(|err| unsafe {
            sys::dh_game_deserialize_into(self.ptr(), data.as_ptr(), data.len(), err)
        })
    }

    /// An independent copy (dh_game_clone).
    pub fn try_clone(&self) -> Result<Game> {
        let mut out = std::ptr::null_mut();
        call_err(|err| unsafe { sys::dh_game_clone(&mut out, self.ptr(), err) })?;
        Ok(Game::adopt(out))
    }

    /// Makes this game a copy of `src`, reusing its memory (dh_game_copy).
    pub fn copy_from(&mut self, src: &Game) -> Result<()> {
        call_err(|err| unsafe { sys::dh_game_copy(self.ptr(), src.ptr(), err) })
    }

    /// Back to a new game with the same options and first dealer.
    pub fn reset(&mut self) -> Result<()> {
        call_err(|err| unsafe { sys::dh_game_reset(self.ptr(), err) })
    }

    // ---- chance ----

    /// Deals the next hand from a seed (docs/deals.md).
    pub fn deal(&mut self, seed: u64) -> Result<()> {
        call_err(|err| unsafe { sys::dh_game_deal_seed(self.ptr(), seed, err) })
    }

    /// Deals the next hand from explicit cards written as in a record ("0: 9C TC ...; 1: ...").
    pub fn deal_cards(&mut self, cards: &str) -> Result<()> {
        let cards = args::text(cards, "cards")?;
        call_err(|err| unsafe { sys::dh_game_deal_text(self.ptr(), cards.as_ptr(), err) })
    }

    /// A reshuffle of an explicitly dealt round (rules T13) from a seed.
    pub fn reshuffle(&mut self, seed: u64) -> Result<()> {
        call_err(|err| unsafe { sys::dh_game_reshuffle_seed(self.ptr(), seed, err) })
    }

    /// A reshuffle given as the new stock text ("stock: c c ...").
    pub fn reshuffle_stock(&mut self, stock: &str) -> Result<()> {
        let stock = args::text(stock, "stock")?;
        call_err(|err| unsafe { sys::dh_game_reshuffle_text(self.ptr(), stock.as_ptr(), err) })
    }

    /// True when a reshuffle must be given before play goes on.
    pub fn needs_reshuffle(&self) -> bool {
        self.flag(sys::dh_game_needs_reshuffle)
    }

    // ---- actions ----

    /// Applies one action text ("bid 4", "play JS") for `seat`.
    pub fn apply(&mut self, seat: usize, action: &str) -> Result<()> {
        let seat = args::int32(seat, "seat")?;
        let action = args::text(action, "action")?;
        call_err(|err| unsafe { sys::dh_game_apply_text(self.ptr(), seat, action.as_ptr(), err) })
    }

    /// The error `action` would be refused with now (Ok when it is legal); changes nothing.
    pub fn check(&self, seat: usize, action: &str) -> Result<()> {
        let seat = args::int32(seat, "seat")?;
        let action = args::text(action, "action")?;
        call_err(|err| unsafe {
            sys::dh_game_is_legal_text(self.ptr(), seat, action.as_ptr(), err)
        })
    }

    /// True when `seat` may take `action` now; false for a refusal by the rules or the turn
    /// (illegal, wrong seat, wrong phase, game over). Malformed text is an error
    /// (Status::PARSE), and so is a seat out of range (Status::INVALID_ARGUMENT).
    pub fn is_legal(&self, seat: usize, action: &str) -> Result<bool> {
        match self.check(seat, action) {
            Ok(()) => Ok(true),
            Err(e)
                if matches!(
                    e.status,
                    crate::Status::ILLEGAL
                        | crate::Status::WRONG_SEAT
                        | crate::Status::WRONG_PHASE
                        | crate::Status::GAME_OVER
                ) =>
            {
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// The action texts the seat to act may take, in the library's order; empty when no
    /// seat acts.
    pub fn legal_actions(&self) -> Vec<String> {
        let text = read_text(|len, buf, cap, _| unsafe {
            sys::dh_game_legal_actions_text(len, buf, cap, self.ptr())
        })
        .expect("dh_game_legal_actions_text");
        text.lines().map(str::to_string).collect()
    }

    /// The legal actions of the seat to act as (seat, text) pairs.
    pub fn legal_moves(&self) -> Vec<(usize, String)> {
        let actions = read_array(|count, items: *mut sys::dh_action, cap| unsafe {
            sys::dh_game_legal_actions(count, items, cap, self.ptr())
        })
        .expect("dh_game_legal_actions");
        actions
            .iter()
            .map(|a| (a.seat as usize, self.format_action(a)))
            .collect()
    }

    fn format_action(&self, a: &sys::dh_action) -> String {
        read_text(|len, buf, cap, _| unsafe {
            sys::dh_game_format_action(len, buf, cap, self.ptr(), a)
        })
        .expect("dh_game_format_action")
    }

    /// How many legal actions the seat to act has.
    pub fn legal_count(&self) -> usize {
        let mut n = 0usize;
        must(
            unsafe { sys::dh_game_legal_count(&mut n, self.ptr()) },
            "dh_game_legal_count",
        );
        n
    }

    /// Applies the index-th legal action ([`Game::legal_actions`] order); returns how many
    /// legal actions there are after it.
    pub fn apply_legal(&mut self, index: usize) -> Result<usize> {
        let index = args::index(index)?;
        let mut n = 0usize;
        call_err(|err| unsafe { sys::dh_game_apply_legal(&mut n, self.ptr(), index, err) })?;
        Ok(n)
    }

    /// Plays uniformly random legal actions (deals included) from `seed` until the game is
    /// over or `max_actions` were applied; returns the actions applied.
    pub fn random_playout(&mut self, seed: u64, max_actions: usize) -> Result<usize> {
        let mut n = 0usize;
        call_err(|err| unsafe {
            sys::dh_game_random_playout(&mut n, self.ptr(), seed, max_actions, err)
        })?;
        Ok(n)
    }

    /// A deal consistent with what `seat` has seen (a new game, history=off).
    pub fn sample_consistent(&self, seat: usize, seed: u64) -> Result<Game> {
        let seat = args::int32(seat, "seat")?;
        let mut out = std::ptr::null_mut();
        call_err(|err| unsafe {
            sys::dh_game_sample_consistent(&mut out, self.ptr(), seat, seed, err)
        })?;
        Ok(Game::adopt(out))
    }

    // ---- queries ----

    fn int_out(&self, f: unsafe extern "C" fn(*mut i32, *const sys::dh_game) -> i32) -> i32 {
        let mut v = 0i32;
        must(unsafe { f(&mut v, self.ptr()) }, "a query of the game");
        v
    }

    fn flag(&self, f: unsafe extern "C" fn(*mut i32, *const sys::dh_game) -> i32) -> bool {
        self.int_out(f) != 0
    }

    /// The game's name, as the catalog has it.
    pub fn name(&self) -> String {
        let mut p: *const c_char = std::ptr::null();
        must(
            unsafe { sys::dh_game_name(&mut p, self.ptr()) },
            "dh_game_name",
        );
        static_text(p)
    }

    pub fn players(&self) -> usize {
        self.int_out(sys::dh_game_players) as usize
    }

    /// The seat to act, or None (awaiting a deal, or the game is over).
    pub fn to_act(&self) -> Option<usize> {
        let seat = self.int_out(sys::dh_game_to_act);
        (seat >= 0).then_some(seat as usize)
    }

    pub fn awaiting_deal(&self) -> bool {
        self.flag(sys::dh_game_awaiting_deal)
    }

    pub fn is_over(&self) -> bool {
        self.flag(sys::dh_game_is_over)
    }

    pub fn keeps_history(&self) -> bool {
        self.flag(sys::dh_game_keeps_history)
    }

    /// The current phase's name (one of the catalog's phases).
    pub fn phase(&self) -> String {
        let mut p: *const c_char = std::ptr::null();
        must(
            unsafe { sys::dh_game_phase(&mut p, self.ptr()) },
            "dh_game_phase",
        );
        static_text(p)
    }

    /// Running totals per seat.
    pub fn scores(&self) -> Vec<i64> {
        read_array(|n, items, cap| unsafe { sys::dh_game_scores(n, items, cap, self.ptr()) })
            .expect("dh_game_scores")
    }

    /// The winning seats (empty while the game goes on).
    pub fn winners(&self) -> Vec<usize> {
        read_array(|n, items: *mut i32, cap| unsafe {
            sys::dh_game_winners(n, items, cap, self.ptr())
        })
        .expect("dh_game_winners")
        .into_iter()
        .map(|s| s as usize)
        .collect()
    }

    /// Score changes of the last scored hand per seat (empty before the first).
    pub fn last_deltas(&self) -> Vec<i64> {
        read_array(|n, items, cap| unsafe { sys::dh_game_last_deltas(n, items, cap, self.ptr()) })
            .expect("dh_game_last_deltas")
    }

    /// The itemised result of the last scored hand as JSON ("null" before the first).
    pub fn last_hand_json(&self) -> String {
        read_text(|len, buf, cap, _| unsafe {
            sys::dh_game_last_hand_json(len, buf, cap, self.ptr())
        })
        .expect("dh_game_last_hand_json")
    }

    /// What `seat` sees as JSON (rules G11, S13); None is a spectator.
    pub fn view_json(&self, seat: Option<usize>) -> Result<String> {
        let seat = args::optional_seat(seat)?;
        read_text(|len, buf, cap, _| unsafe {
            sys::dh_game_view_json(len, buf, cap, self.ptr(), seat)
        })
    }

    /// What `seat` sees as text; None is a spectator.
    pub fn view_text(&self, seat: Option<usize>) -> Result<String> {
        let seat = args::optional_seat(seat)?;
        read_text(|len, buf, cap, _| unsafe {
            sys::dh_game_view_text(len, buf, cap, self.ptr(), seat)
        })
    }

    /// The game as a record (docs/records.md); Status::UNSUPPORTED for a history=off game.
    pub fn record(&self) -> Result<String> {
        read_text(|len, buf, cap, _| unsafe { sys::dh_game_record(len, buf, cap, self.ptr()) })
            .map_err(|e| {
                if e.status == crate::Status::UNSUPPORTED {
                    Error {
                        reason: "no_history".into(),
                        message:
                            "no_history: the game was created with history=off and keeps no record"
                                .into(),
                        ..e
                    }
                } else {
                    e
                }
            })
    }
}

/// The JSON result of `deckhand replay` for a record (docs/cli.md), without its final
/// newline: Ok whenever the JSON was written, whether the record was accepted or not (read
/// "ok" in it).
pub fn replay_json(record: &str) -> Result<String> {
    replay_json_bytes(record.as_bytes())
}

/// [`replay_json`] of a record read as bytes, NUL bytes and all (a file that may not be
/// UTF-8: the library reports what it cannot read): what `deckhand replay FILE` prints for a
/// file of these bytes.
pub fn replay_json_bytes(record: &[u8]) -> Result<String> {
    read_text(|len, buf, cap, _| unsafe {
        sys::dh_record_replay_json_n(
            len,
            buf,
            cap,
            record.as_ptr() as *const c_char,
            record.len(),
        )
    })
}

/// Text quoted as the library and the `deckhand` tool quote input in their messages: in
/// apostrophes, control characters and bytes that are not UTF-8 escaped visibly, cut after
/// 96 bytes with "..." (for a program that names a file as the tool does).
pub fn quote(text: &[u8]) -> Result<String> {
    read_text(|len, buf, cap, _| unsafe {
        sys::dh_quote(len, buf, cap, text.as_ptr() as *const c_char, text.len())
    })
}
