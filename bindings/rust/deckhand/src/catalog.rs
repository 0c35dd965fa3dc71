//! What games, options, phases and action kinds the library has (dh_catalog_*): a program
//! builds its menus and forms, and a binding its knowledge of the games, from this alone.

use deckhand_sys as sys;

use crate::args;
use crate::error::{Error, Result};
use crate::ffi::{check, read_text, static_text};

/// One option of a game (docs/rules.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionInfo {
    /// "renege"-style name.
    pub name: String,
    /// Its values: "a|b", "1..10000" (whole numbers in that range), or both.
    pub values: String,
    /// Its default value.
    pub default: String,
    /// The rule it varies ("engine" for history).
    pub rule: String,
    pub description: String,
}

/// One kind of action of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionKind {
    /// dh_action.kind.
    pub code: i32,
    pub name: String,
    /// Its action text ("bid 3|4|5|moon"-style).
    pub syntax: String,
}

/// One game of the catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Its index in the catalog's fixed order.
    pub index: usize,
    pub name: String,
    pub description: String,
    pub min_players: usize,
    pub max_players: usize,
    /// Its own options, then the engine's (history).
    pub options: Vec<OptionInfo>,
    /// The values Game::phase returns.
    pub phases: Vec<String>,
    pub action_kinds: Vec<ActionKind>,
    /// The option that bounds the game's length, if any ("max_hands"-style): unattended
    /// play sets it to `unattended_limit`.
    pub limit_option: Option<String>,
    pub unattended_limit: i32,
    /// True where the lowest total wins.
    pub lower_is_better: bool,
}

impl GameInfo {
    /// The options unattended play (bots, tests) gives the game: its limit option set to the
    /// catalog's unattended limit (none when it has no limit option).
    pub fn unattended_options(&self) -> Vec<String> {
        match &self.limit_option {
            Some(o) => vec![format!("{o}={}", self.unattended_limit)],
            None => Vec::new(),
        }
    }
}

/// Every game of the library, in the catalog's order.
pub fn games() -> Vec<GameInfo> {
    let mut count = 0usize;
    // SAFETY: a valid out pointer.
    crate::ffi::must(
        unsafe { sys::dh_catalog_game_count(&mut count) },
        "dh_catalog_game_count",
    );
    (0..count)
        .map(|i| game_at(i).expect("a catalog index below the count"))
        .collect()
}

/// The game of that name (ASCII case and surrounding spaces ignored, as Game::new matches
/// names); Status::UNKNOWN_GAME when there is none.
pub fn game_info(name: &str) -> Result<GameInfo> {
    let name = args::text(name, "name")?;
    let mut index = 0usize;
    // SAFETY: valid pointers; the name lives across the call.
    check(unsafe { sys::dh_catalog_find_game(&mut index, name.as_ptr()) }).map_err(|e| Error {
        reason: "unknown_game".into(),
        message: format!("unknown_game: no game named {:?}", name.to_string_lossy()),
        ..e
    })?;
    game_at(index)
}

fn game_at(index: usize) -> Result<GameInfo> {
    let mut info = sys::dh_game_info::new();
    // SAFETY: `info` has its size set; the strings it receives are the library's own.
    check(unsafe { sys::dh_catalog_game(&mut info, index) })?;
    let mut options = Vec::new();
    for o in 0..info.option_count as usize {
        let mut oi = sys::dh_option_info::new();
        check(unsafe { sys::dh_catalog_option(&mut oi, index, o) })?;
        options.push(OptionInfo {
            name: static_text(oi.name),
            values: static_text(oi.values),
            default: static_text(oi.default_value),
            rule: static_text(oi.rule),
            description: static_text(oi.description),
        });
    }
    let mut phases = Vec::new();
    for p in 0..info.phase_count as usize {
        let mut name = std::ptr::null();
        check(unsafe { sys::dh_catalog_phase(&mut name, index, p) })?;
        phases.push(static_text(name));
    }
    let mut action_kinds = Vec::new();
    for k in 0..info.action_kind_count as usize {
        let mut ki = sys::dh_action_kind_info::new();
        check(unsafe { sys::dh_catalog_action_kind(&mut ki, index, k) })?;
        action_kinds.push(ActionKind {
            code: ki.kind,
            name: static_text(ki.name),
            syntax: static_text(ki.syntax),
        });
    }
    let limit = static_text(info.limit_option);
    Ok(GameInfo {
        index,
        name: static_text(info.name),
        description: static_text(info.description),
        min_players: info.min_players as usize,
        max_players: info.max_players as usize,
        options,
        phases,
        action_kinds,
        limit_option: if limit.is_empty() { None } else { Some(limit) },
        unattended_limit: info.unattended_limit,
        lower_is_better: info.lower_is_better != 0,
    })
}

/// The whole catalog as the JSON document of `deckhand games --json`.
pub fn catalog_json() -> String {
    // SAFETY: the buffer convention; read_text sizes the buffer.
    read_text(|len, buf, cap, _| unsafe { sys::dh_catalog_json(len, buf, cap) })
        .expect("dh_catalog_json")
}

/// The library's version ("0.2.0").
pub fn version() -> String {
    // SAFETY: never NULL, the library's own text.
    static_text(unsafe { sys::dh_version() })
}
