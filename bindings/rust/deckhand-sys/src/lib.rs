//! Raw declarations of deckhand's C ABI, `capi/include/deckhand.h` (its stable functions),
//! written by hand and checked against the header by `tests/header.rs` of the `deckhand`
//! crate (it reads the header through `tests/bindings/deckhand_header.py`: every stable
//! function's parameter and result types, every struct's field offsets and size, every
//! status code). The safe API is the `deckhand` crate; everything here is `unsafe` and
//! follows the header's conventions (outputs first, caller buffers with a capacity, an
//! optional `dh_error*` last).
//!
//! The experimental functions (`dh_rl_*`, `dh_batch_*`, declared under `DH_EXPERIMENTAL`)
//! are not declared here.
#![allow(non_camel_case_types)]

use std::os::raw::{c_char, c_int};

pub const DH_OK: c_int = 0;
pub const DH_E_NULL_ARGUMENT: c_int = -1;
pub const DH_E_INVALID_ARGUMENT: c_int = -2;
pub const DH_E_BUFFER_TOO_SMALL: c_int = -3;
pub const DH_E_UNKNOWN_GAME: c_int = -4;
pub const DH_E_BAD_OPTION: c_int = -5;
pub const DH_E_PARSE: c_int = -6;
pub const DH_E_ILLEGAL: c_int = -7;
pub const DH_E_WRONG_SEAT: c_int = -8;
pub const DH_E_WRONG_PHASE: c_int = -9;
pub const DH_E_GAME_OVER: c_int = -10;
pub const DH_E_CORRUPT: c_int = -11;
pub const DH_E_RECORD: c_int = -12;
pub const DH_E_INTERNAL: c_int = -13;
pub const DH_E_UNSUPPORTED: c_int = -14;

/// Every status code of the header, by name (the header check compares them).
pub const STATUSES: &[(&str, c_int)] = &[
    ("DH_OK", DH_OK),
    ("DH_E_NULL_ARGUMENT", DH_E_NULL_ARGUMENT),
    ("DH_E_INVALID_ARGUMENT", DH_E_INVALID_ARGUMENT),
    ("DH_E_BUFFER_TOO_SMALL", DH_E_BUFFER_TOO_SMALL),
    ("DH_E_UNKNOWN_GAME", DH_E_UNKNOWN_GAME),
    ("DH_E_BAD_OPTION", DH_E_BAD_OPTION),
    ("DH_E_PARSE", DH_E_PARSE),
    ("DH_E_ILLEGAL", DH_E_ILLEGAL),
    ("DH_E_WRONG_SEAT", DH_E_WRONG_SEAT),
    ("DH_E_WRONG_PHASE", DH_E_WRONG_PHASE),
    ("DH_E_GAME_OVER", DH_E_GAME_OVER),
    ("DH_E_CORRUPT", DH_E_CORRUPT),
    ("DH_E_RECORD", DH_E_RECORD),
    ("DH_E_INTERNAL", DH_E_INTERNAL),
    ("DH_E_UNSUPPORTED", DH_E_UNSUPPORTED),
];

pub const DH_SEAT_EMPTY: i32 = 0;
pub const DH_SEAT_HUMAN: i32 = 1;
pub const DH_SEAT_AWAY: i32 = 2;
pub const DH_SEAT_BOT: i32 = 3;

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct dh_error {
    pub size: u32,
    pub status: i32,
    pub reason: i32,
    pub line: i32,
    pub code: [c_char; 40],
    pub message: [c_char; 200],
}

impl dh_error {
    /// DH_ERROR_INIT.
    pub const fn new() -> Self {
        dh_error {
            size: std::mem::size_of::<dh_error>() as u32,
            status: 0,
            reason: 0,
            line: 0,
            code: [0; 40],
            message: [0; 200],
        }
    }
}

impl Default for dh_error {
    fn default() -> Self {
        Self::new()
    }
}

impl Default for dh_game_info {
    fn default() -> Self {
        Self::new()
    }
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct dh_game_info {
    pub size: u32,
    pub min_players: i32,
    pub max_players: i32,
    pub option_count: i32,
    pub phase_count: i32,
    pub action_kind_count: i32,
    pub name: *const c_char,
    pub description: *const c_char,
    pub limit_option: *const c_char,
    pub unattended_limit: i32,
    pub lower_is_better: i32,
}

impl dh_game_info {
    /// DH_GAME_INFO_INIT.
    pub const fn new() -> Self {
        dh_game_info {
            size: std::mem::size_of::<dh_game_info>() as u32,
            min_players: 0,
            max_players: 0,
            option_count: 0,
            phase_count: 0,
            action_kind_count: 0,
            name: std::ptr::null(),
            description: std::ptr::null(),
            limit_option: std::ptr::null(),
            unattended_limit: 0,
            lower_is_better: 0,
        }
    }
}

impl Default for dh_option_info {
    fn default() -> Self {
        Self::new()
    }
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct dh_option_info {
    pub size: u32,
    pub name: *const c_char,
    pub values: *const c_char,
    pub default_value: *const c_char,
    pub rule: *const c_char,
    pub description: *const c_char,
}

impl dh_option_info {
    /// DH_OPTION_INFO_INIT.
    pub const fn new() -> Self {
        dh_option_info {
            size: std::mem::size_of::<dh_option_info>() as u32,
            name: std::ptr::null(),
            values: std::ptr::null(),
            default_value: std::ptr::null(),
            rule: std::ptr::null(),
            description: std::ptr::null(),
        }
    }
}

impl Default for dh_action_kind_info {
    fn default() -> Self {
        Self::new()
    }
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct dh_action_kind_info {
    pub size: u32,
    pub kind: i32,
    pub name: *const c_char,
    pub syntax: *const c_char,
}

impl dh_action_kind_info {
    /// DH_ACTION_KIND_INFO_INIT.
    pub const fn new() -> Self {
        dh_action_kind_info {
            size: std::mem::size_of::<dh_action_kind_info>() as u32,
            kind: 0,
            name: std::ptr::null(),
            syntax: std::ptr::null(),
        }
    }
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct dh_action {
    pub seat: u8,
    pub kind: u8,
    pub arg: u8,
    pub count: u8,
    pub cards: [u8; 28],
}

/// Opaque handles.
#[repr(C)]
pub struct dh_game {
    _private: [u8; 0],
}
#[repr(C)]
pub struct dh_bot {
    _private: [u8; 0],
}
#[repr(C)]
pub struct dh_table {
    _private: [u8; 0],
}

/// One declared function as written here: its name, parameter types and result type, each
/// as Rust source text (for the header check).
#[derive(Debug)]
pub struct Declaration {
    pub name: &'static str,
    pub params: &'static [&'static str],
    pub result: &'static str,
}

macro_rules! declare {
    ($( fn $name:ident ( $($arg:ident : $ty:ty),* $(,)? ) $(-> $ret:ty)? ; )*) => {
        extern "C" {
            $( pub fn $name($($arg: $ty),*) $(-> $ret)?; )*
        }
        /// Every function declared above.
        pub const DECLARATIONS: &[Declaration] = &[
            $( Declaration {
                name: stringify!($name),
                params: &[$(stringify!($ty)),*],
                result: declare!(@result $($ret)?),
            }, )*
        ];
    };
    (@result) => { "()" };
    (@result $ret:ty) => { stringify!($ret) };
}

declare! {
    fn dh_version() -> *const c_char;
    fn dh_version_number() -> i32;
    fn dh_status_name(status: c_int) -> *const c_char;
    fn dh_status_message(status: c_int) -> *const c_char;

    fn dh_catalog_game_count(out_count: *mut usize) -> c_int;
    fn dh_catalog_game(out: *mut dh_game_info, index: usize) -> c_int;
    fn dh_catalog_find_game(out_index: *mut usize, name: *const c_char) -> c_int;
    fn dh_catalog_option(out: *mut dh_option_info, game_index: usize, index: usize) -> c_int;
    fn dh_catalog_phase(out_name: *mut *const c_char, game_index: usize, index: usize) -> c_int;
    fn dh_catalog_action_kind(out: *mut dh_action_kind_info, game_index: usize, index: usize) -> c_int;
    fn dh_catalog_json(out_len: *mut usize, buf: *mut c_char, cap: usize) -> c_int;

    fn dh_game_new(out: *mut *mut dh_game, name: *const c_char, options: *const *const c_char,
                   n_options: usize, players: i32, first_dealer: i32, err: *mut dh_error) -> c_int;
    fn dh_game_free(game: *mut dh_game);
    fn dh_game_clone(out: *mut *mut dh_game, game: *const dh_game, err: *mut dh_error) -> c_int;
    fn dh_game_reset(game: *mut dh_game, err: *mut dh_error) -> c_int;
    fn dh_game_name(out_name: *mut *const c_char, game: *const dh_game) -> c_int;
    fn dh_game_players(out_players: *mut i32, game: *const dh_game) -> c_int;
    fn dh_game_deal_seed(game: *mut dh_game, seed: u64, err: *mut dh_error) -> c_int;
    fn dh_game_deal_text(game: *mut dh_game, cards: *const c_char, err: *mut dh_error) -> c_int;
    fn dh_game_reshuffle_seed(game: *mut dh_game, seed: u64, err: *mut dh_error) -> c_int;
    fn dh_game_reshuffle_text(game: *mut dh_game, stock: *const c_char, err: *mut dh_error) -> c_int;
    fn dh_game_needs_reshuffle(out: *mut i32, game: *const dh_game) -> c_int;
    fn dh_game_buy_winner(out_seat: *mut i32, game: *const dh_game, requests: u32) -> c_int;
    fn dh_game_apply_text(game: *mut dh_game, seat: i32, action: *const c_char, err: *mut dh_error) -> c_int;
    fn dh_game_apply(game: *mut dh_game, action: *const dh_action, err: *mut dh_error) -> c_int;
    fn dh_game_is_legal(game: *const dh_game, action: *const dh_action, err: *mut dh_error) -> c_int;
    fn dh_game_is_legal_text(game: *const dh_game, seat: i32, action: *const c_char,
                             err: *mut dh_error) -> c_int;
    fn dh_game_parse_action(out: *mut dh_action, game: *const dh_game, seat: i32,
                            action: *const c_char, err: *mut dh_error) -> c_int;
    fn dh_game_format_action(out_len: *mut usize, buf: *mut c_char, cap: usize, game: *const dh_game,
                             action: *const dh_action) -> c_int;
    fn dh_game_to_act(out_seat: *mut i32, game: *const dh_game) -> c_int;
    fn dh_game_awaiting_deal(out_flag: *mut i32, game: *const dh_game) -> c_int;
    fn dh_game_is_over(out_flag: *mut i32, game: *const dh_game) -> c_int;
    fn dh_game_phase(out_phase: *mut *const c_char, game: *const dh_game) -> c_int;
    fn dh_game_legal_actions(out_count: *mut usize, actions: *mut dh_action, cap: usize,
                             game: *const dh_game) -> c_int;
    fn dh_game_legal_actions_text(out_len: *mut usize, buf: *mut c_char, cap: usize,
                                  game: *const dh_game) -> c_int;
    fn dh_game_legal_count(out_count: *mut usize, game: *const dh_game) -> c_int;
    fn dh_game_apply_legal(out_count: *mut usize, game: *mut dh_game, index: usize,
                           err: *mut dh_error) -> c_int;
    fn dh_game_view_text(out_len: *mut usize, buf: *mut c_char, cap: usize, game: *const dh_game,
                         seat: i32) -> c_int;
    fn dh_game_view_json(out_len: *mut usize, buf: *mut c_char, cap: usize, game: *const dh_game,
                         seat: i32) -> c_int;
    fn dh_game_scores(out_count: *mut usize, scores: *mut i64, cap: usize, game: *const dh_game) -> c_int;
    fn dh_game_winners(out_count: *mut usize, seats: *mut i32, cap: usize, game: *const dh_game) -> c_int;
    fn dh_game_last_deltas(out_count: *mut usize, deltas: *mut i64, cap: usize,
                           game: *const dh_game) -> c_int;
    fn dh_game_last_hand_json(out_len: *mut usize, buf: *mut c_char, cap: usize,
                              game: *const dh_game) -> c_int;
    fn dh_game_serialize(out_len: *mut usize, buf: *mut u8, cap: usize, game: *const dh_game) -> c_int;
    fn dh_game_deserialize(out: *mut *mut dh_game, bytes: *const u8, len: usize,
                           err: *mut dh_error) -> c_int;
    fn dh_game_keeps_history(out_flag: *mut i32, game: *const dh_game) -> c_int;
    fn dh_game_record(out_len: *mut usize, buf: *mut c_char, cap: usize, game: *const dh_game) -> c_int;
    fn dh_record_replay(out: *mut *mut dh_game, record: *const c_char, err: *mut dh_error) -> c_int;
    fn dh_record_replay_json(out_len: *mut usize, buf: *mut c_char, cap: usize,
                             record: *const c_char) -> c_int;
    fn dh_record_replay_json_n(out_len: *mut usize, buf: *mut c_char, cap: usize,
                               record: *const c_char, len: usize) -> c_int;
    fn dh_quote(out_len: *mut usize, buf: *mut c_char, cap: usize, text: *const c_char,
                len: usize) -> c_int;
    fn dh_game_copy(dst: *mut dh_game, src: *const dh_game, err: *mut dh_error) -> c_int;
    fn dh_game_deserialize_into(game: *mut dh_game, bytes: *const u8, len: usize,
                                err: *mut dh_error) -> c_int;
    fn dh_solve_card_values(out_count: *mut usize, actions: *mut dh_action, values: *mut i64,
                            cap: usize, game: *const dh_game, err: *mut dh_error) -> c_int;
    fn dh_game_random_playout(out_actions: *mut usize, game: *mut dh_game, seed: u64,
                              max_actions: usize, err: *mut dh_error) -> c_int;

    fn dh_bot_new(out: *mut *mut dh_bot, game_name: *const c_char, level: *const c_char, seed: u64,
                  options: *const *const c_char, n_options: usize, err: *mut dh_error) -> c_int;
    fn dh_bot_free(bot: *mut dh_bot);
    fn dh_bot_choose(out: *mut dh_action, bot: *mut dh_bot, game: *const dh_game, seat: i32,
                     err: *mut dh_error) -> c_int;
    fn dh_game_sample_consistent(out: *mut *mut dh_game, game: *const dh_game, seat: i32,
                                 seed: u64, err: *mut dh_error) -> c_int;

    fn dh_table_new(out: *mut *mut dh_table, name: *const c_char, players: i32,
                    options: *const *const c_char, n_options: usize,
                    table_options: *const *const c_char, n_table_options: usize, seed: u64,
                    err: *mut dh_error) -> c_int;
    fn dh_table_free(table: *mut dh_table);
    fn dh_table_clone(out: *mut *mut dh_table, table: *const dh_table, err: *mut dh_error) -> c_int;
    fn dh_table_seat_human(table: *mut dh_table, seat: i32, err: *mut dh_error) -> c_int;
    fn dh_table_seat_bot(table: *mut dh_table, seat: i32, level: *const c_char,
                         err: *mut dh_error) -> c_int;
    fn dh_table_leave(table: *mut dh_table, seat: i32, now_ms: i64, err: *mut dh_error) -> c_int;
    fn dh_table_act(table: *mut dh_table, seat: i32, action: *const c_char, now_ms: i64,
                    err: *mut dh_error) -> c_int;
    fn dh_table_tick(table: *mut dh_table, now_ms: i64, err: *mut dh_error) -> c_int;
    fn dh_table_nonce(table: *mut dh_table, seat: i32, hex: *const c_char, now_ms: i64,
                      err: *mut dh_error) -> c_int;
    fn dh_table_players(out_players: *mut i32, table: *const dh_table) -> c_int;
    fn dh_table_holder(out_holder: *mut i32, table: *const dh_table, seat: i32) -> c_int;
    fn dh_table_to_act(out_seat: *mut i32, table: *const dh_table) -> c_int;
    fn dh_table_may_act(out_count: *mut usize, seats: *mut i32, cap: usize,
                        table: *const dh_table) -> c_int;
    fn dh_table_deadline_ms(out_ms: *mut i64, table: *const dh_table) -> c_int;
    fn dh_table_next_due_ms(out_ms: *mut i64, table: *const dh_table) -> c_int;
    fn dh_table_is_over(out_flag: *mut i32, table: *const dh_table) -> c_int;
    fn dh_table_scores(out_count: *mut usize, scores: *mut i64, cap: usize,
                       table: *const dh_table) -> c_int;
    fn dh_table_seq(out_seq: *mut u64, table: *const dh_table) -> c_int;
    fn dh_table_legal_actions_text(out_len: *mut usize, buf: *mut c_char, cap: usize,
                                   table: *const dh_table, seat: i32) -> c_int;
    fn dh_table_events_json(out_len: *mut usize, buf: *mut c_char, cap: usize,
                            table: *const dh_table, seat: i32, since: u64,
                            err: *mut dh_error) -> c_int;
    fn dh_table_snapshot_json(out_len: *mut usize, buf: *mut c_char, cap: usize,
                              table: *const dh_table, seat: i32, err: *mut dh_error) -> c_int;
    fn dh_table_record(out_len: *mut usize, buf: *mut c_char, cap: usize, table: *const dh_table,
                       err: *mut dh_error) -> c_int;
    fn dh_table_game(out: *mut *mut dh_game, table: *const dh_table, err: *mut dh_error) -> c_int;
    fn dh_table_serialize(out_len: *mut usize, buf: *mut u8, cap: usize,
                          table: *const dh_table) -> c_int;
    fn dh_table_deserialize(out: *mut *mut dh_table, bytes: *const u8, len: usize,
                            err: *mut dh_error) -> c_int;
}
