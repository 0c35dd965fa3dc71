//! deckhand::Table: a game plus its seats, clocks, stand-ins and events (docs/tables.md).

use std::ptr::NonNull;

use deckhand_sys as sys;

use crate::args::{self, TextList};
use crate::error::Result;
use crate::ffi::{call_err, must, read_array, read_buffer, read_text};
use crate::game::Game;

/// Who holds a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Holder {
    /// Nobody yet: the first deal waits until every seat is held.
    Empty,
    /// A connected human.
    Human,
    /// A human who left: a stand-in moves for it until it returns.
    Away,
    Bot,
    /// A value this binding does not know (a later library).
    Other(i32),
}

/// A table: it reads no clock and starts no thread; every call that can change it takes the
/// caller's clock `now_ms`, and [`Table::tick`] makes every move due by then. Every method
/// that fails returns an error and leaves the table unchanged.
///
/// `Send`, not `Sync`: one thread at a time per table, as the C ABI requires.
pub struct Table {
    h: NonNull<sys::dh_table>,
}

// SAFETY: one thread at a time per handle, which !Sync guarantees.
unsafe impl Send for Table {}

impl Drop for Table {
    fn drop(&mut self) {
        // SAFETY: ours, freed once.
        unsafe { sys::dh_table_free(self.h.as_ptr()) }
    }
}

impl Clone for Table {
    fn clone(&self) -> Table {
        self.try_clone().expect("dh_table_clone")
    }
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("players", &self.players())
            .field("seq", &self.seq())
            .field("to_act", &self.to_act())
            .field("over", &self.is_over())
            .finish()
    }
}

impl Table {
    fn adopt(p: *mut sys::dh_table) -> Table {
        Table {
            h: NonNull::new(p).expect("the library returned DH_OK and no handle"),
        }
    }

    fn ptr(&self) -> *mut sys::dh_table {
        self.h.as_ptr()
    }

    /// A table of `name` for `players` (None: the game's default) with the game's `options`
    /// (as [`Game::new`] takes them) and the table's own `table_options`, "key=value"
    /// strings (docs/tables.md: decision_ms, bank_ms, bot_ms, offer_ms, deal_ms, standin,
    /// events). Its deals are derived from `seed`.
    pub fn new(
        name: &str,
        players: Option<usize>,
        options: &[&str],
        table_options: &[&str],
        seed: u64,
    ) -> Result<Table> {
        let name = args::text(name, "name")?;
        let players = args::int32(players.unwrap_or(0), "players")?;
        let opts = TextList::new(options, "options")?;
        let topts = TextList::new(table_options, "table_options")?;
        let mut out = std::ptr::null_mut();
        call_err(|err| unsafe {
            sys::dh_table_new(
                &mut out,
                name.as_ptr(),
                players,
                opts.as_ptr(),
                opts.len(),
                topts.as_ptr(),
                topts.len(),
                seed,
                err,
            )
        })?;
        Ok(Table::adopt(out))
    }

    /// An independent copy (dh_table_clone).
    pub fn try_clone(&self) -> Result<Table> {
        let mut out = std::ptr::null_mut();
        call_err(|err| unsafe { sys::dh_table_clone(&mut out, self.ptr(), err) })?;
        Ok(Table::adopt(out))
    }

    /// The whole table as checksummed bytes, the same on every platform.
    pub fn serialize(&self) -> Vec<u8> {
        read_buffer(|len, buf, cap, _| unsafe {
            sys::dh_table_serialize(len, buf, cap, self.ptr())
        })
        .expect("dh_table_serialize")
    }

    /// Restores [`Table::serialize`]'s bytes (Status::CORRUPT for anything else).
    pub fn deserialize(data: &[u8]) -> Result<Table> {
        let mut out = std::ptr::null_mut();
        call_err(|err| unsafe {
            sys::dh_table_deserialize(&mut out, data.as_ptr(), data.len(), err)
        })?;
        Ok(Table::adopt(out))
    }

    // ---- seats ----

    /// A human takes an empty seat, or its own seat back after leaving.
    pub fn seat_human(&mut self, seat: usize) -> Result<()> {
        let seat = args::int32(seat, "seat")?;
        call_err(|err| unsafe { sys::dh_table_seat_human(self.ptr(), seat, err) })
    }

    /// A bot of `level` (see [`Bot::LEVELS`](crate::Bot::LEVELS)) takes an empty or away seat.
    pub fn seat_bot(&mut self, seat: usize, level: &str) -> Result<()> {
        let seat = args::int32(seat, "seat")?;
        let level = args::text(level, "level")?;
        call_err(|err| unsafe { sys::dh_table_seat_bot(self.ptr(), seat, level.as_ptr(), err) })
    }

    /// The human at `seat` leaves at `now_ms`; a stand-in moves for it until it returns.
    pub fn leave(&mut self, seat: usize, now_ms: i64) -> Result<()> {
        let seat = args::int32(seat, "seat")?;
        call_err(|err| unsafe { sys::dh_table_leave(self.ptr(), seat, now_ms, err) })
    }

    // ---- play ----

    /// `seat`, held by a human, does action `text` at `now_ms`, after the moves due by then.
    pub fn act(&mut self, seat: usize, text: &str, now_ms: i64) -> Result<()> {
        let seat = args::int32(seat, "seat")?;
        let text = args::text(text, "text")?;
        call_err(|err| unsafe { sys::dh_table_act(self.ptr(), seat, text.as_ptr(), now_ms, err) })
    }

    /// Fair deals (docs/tables.md#fair-deals): `seat`, held by a human, sends its nonce (16 to
    /// 128 hex digits) for the deal whose commitment is open, at `now_ms`.
    pub fn nonce(&mut self, seat: usize, hex: &str, now_ms: i64) -> Result<()> {
        let seat = args::int32(seat, "seat")?;
        let hex = args::text(hex, "nonce")?;
        call_err(|err| unsafe { sys::dh_table_nonce(self.ptr(), seat, hex.as_ptr(), now_ms, err) })
    }

    /// Makes every move due by `now_ms` (bots, stand-ins, timeouts, deals).
    pub fn tick(&mut self, now_ms: i64) -> Result<()> {
        call_err(|err| unsafe { sys::dh_table_tick(self.ptr(), now_ms, err) })
    }

    // ---- queries ----

    pub fn players(&self) -> usize {
        let mut v = 0i32;
        must(
            unsafe { sys::dh_table_players(&mut v, self.ptr()) },
            "dh_table_players",
        );
        v as usize
    }

    /// Who holds `seat` (Status::INVALID_ARGUMENT for a seat the table does not have).
    pub fn holder(&self, seat: usize) -> Result<Holder> {
        let seat = args::int32(seat, "seat")?;
        let mut v = 0i32;
        crate::ffi::check(unsafe { sys::dh_table_holder(&mut v, self.ptr(), seat) })?;
        Ok(match v {
            sys::DH_SEAT_EMPTY => Holder::Empty,
            sys::DH_SEAT_HUMAN => Holder::Human,
            sys::DH_SEAT_AWAY => Holder::Away,
            sys::DH_SEAT_BOT => Holder::Bot,
            other => Holder::Other(other),
        })
    }

    /// The seat that decides now, or None (before the first deal, between hands, over).
    pub fn to_act(&self) -> Option<usize> {
        let mut v = 0i32;
        must(
            unsafe { sys::dh_table_to_act(&mut v, self.ptr()) },
            "dh_table_to_act",
        );
        (v >= 0).then_some(v as usize)
    }

    /// The seats that may act now, in the rules' order.
    pub fn may_act(&self) -> Vec<usize> {
        read_array(|n, items: *mut i32, cap| unsafe {
            sys::dh_table_may_act(n, items, cap, self.ptr())
        })
        .expect("dh_table_may_act")
        .into_iter()
        .map(|s| s as usize)
        .collect()
    }

    fn ms(&self, f: unsafe extern "C" fn(*mut i64, *const sys::dh_table) -> i32) -> Option<i64> {
        let mut v = 0i64;
        must(unsafe { f(&mut v, self.ptr()) }, "a time of the table");
        (v >= 0).then_some(v)
    }

    /// The deadline of the seat to act, or None.
    pub fn deadline_ms(&self) -> Option<i64> {
        self.ms(sys::dh_table_deadline_ms)
    }

    /// When the next move is due with no call, or None: what a server sets its timer to.
    pub fn next_due_ms(&self) -> Option<i64> {
        self.ms(sys::dh_table_next_due_ms)
    }

    pub fn is_over(&self) -> bool {
        let mut v = 0i32;
        must(
            unsafe { sys::dh_table_is_over(&mut v, self.ptr()) },
            "dh_table_is_over",
        );
        v != 0
    }

    pub fn scores(&self) -> Vec<i64> {
        read_array(|n, items, cap| unsafe { sys::dh_table_scores(n, items, cap, self.ptr()) })
            .expect("dh_table_scores")
    }

    /// The sequence number of the latest change (0 before any).
    pub fn seq(&self) -> u64 {
        let mut v = 0u64;
        must(
            unsafe { sys::dh_table_seq(&mut v, self.ptr()) },
            "dh_table_seq",
        );
        v
    }

    /// The action texts `seat` (None: a spectator) may take now.
    pub fn legal_actions(&self, seat: Option<usize>) -> Result<Vec<String>> {
        let seat = args::optional_seat(seat)?;
        let text = read_text(|len, buf, cap, _| unsafe {
            sys::dh_table_legal_actions_text(len, buf, cap, self.ptr(), seat)
        })?;
        Ok(text.lines().map(str::to_string).collect())
    }

    /// The events after `since` as `seat` (None: a spectator) may see them: a JSON array
    /// (docs/tables.md).
    pub fn events_json(&self, seat: Option<usize>, since: u64) -> Result<String> {
        let seat = args::optional_seat(seat)?;
        read_text(|len, buf, cap, err| unsafe {
            sys::dh_table_events_json(len, buf, cap, self.ptr(), seat, since, err)
        })
    }

    /// {"seq": N, "view": ..., "table": {...}} for `seat` (None: a spectator).
    pub fn snapshot_json(&self, seat: Option<usize>) -> Result<String> {
        let seat = args::optional_seat(seat)?;
        read_text(|len, buf, cap, err| unsafe {
            sys::dh_table_snapshot_json(len, buf, cap, self.ptr(), seat, err)
        })
    }

    /// The game's record with the table's events as comment lines.
    pub fn record(&self) -> Result<String> {
        read_text(|len, buf, cap, err| unsafe {
            sys::dh_table_record(len, buf, cap, self.ptr(), err)
        })
    }

    /// A copy of the table's whole game (for the host, never for a client).
    pub fn game(&self) -> Result<Game> {
        let mut out = std::ptr::null_mut();
        call_err(|err| unsafe { sys::dh_table_game(&mut out, self.ptr(), err) })?;
        Ok(Game::adopt(out))
    }
}
