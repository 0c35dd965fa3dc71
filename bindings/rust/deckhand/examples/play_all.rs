//! Plays one whole game of every game of the catalog with the library's bots ("basic" at
//! every seat), each game bounded by its catalog's unattended limit, and prints each result.

use deckhand::{games, next_move, Bot, Game, Result};

/// One finished game: its name, final scores and winners, and the actions played.
pub struct Played {
    pub name: String,
    pub scores: Vec<i64>,
    pub winners: Vec<usize>,
    pub actions: usize,
    pub record: String,
}

/// A whole game of `name` for `players` (with its unattended options) played by bots of
/// `level`.
pub fn play(
    name: &str,
    players: usize,
    options: &[&str],
    level: &str,
    seed: u64,
) -> Result<Played> {
    let mut game = Game::new(name, Some(players), options)?;
    let mut bots = (0..game.players())
        .map(|s| Bot::new(name, level, seed + s as u64, &[]))
        .collect::<Result<Vec<_>>>()?;
    let (mut deals, mut actions) = (0u64, 0usize);
    while !game.is_over() {
        if game.awaiting_deal() {
            deals += 1;
            game.deal(seed * 1000 + deals)?;
            continue;
        }
        let (seat, action) = next_move(&game, &mut bots)?;
        game.apply(seat, &action)?;
        actions += 1;
    }
    Ok(Played {
        name: game.name(),
        scores: game.scores(),
        winners: game.winners(),
        actions,
        record: game.record()?,
    })
}

/// Every game of the catalog, played once (by its fewest players).
pub fn play_all(seed: u64) -> Result<Vec<Played>> {
    games()
        .iter()
        .map(|info| {
            let options = info.unattended_options();
            let options: Vec<&str> = options.iter().map(String::as_str).collect();
            play(&info.name, info.min_players, &options, "basic", seed)
        })
        .collect()
}

#[allow(dead_code)]
fn main() {
    match play_all(1) {
        Ok(played) => {
            for p in played {
                println!(
                    "{}: {} actions, scores {:?}, winners {:?}",
                    p.name, p.actions, p.scores, p.winners
                );
            }
        }
        Err(e) => {
            eprintln!("play_all: {e}");
            std::process::exit(1);
        }
    }
}
