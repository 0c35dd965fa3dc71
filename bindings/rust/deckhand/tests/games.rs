//! Whole games of every game of the catalog (and every player count) played by the library's
//! bots through the safe API; round trips; errors with their reasons; the examples.

mod common;

#[path = "../examples/play_all.rs"]
mod play_all;

use deckhand::{games, next_move, Bot, Game, GameInfo, Status};

fn unattended(info: &GameInfo, limit: Option<i32>) -> Vec<String> {
    match (&info.limit_option, limit) {
        (Some(o), Some(l)) => vec![format!("{o}={l}")],
        _ => info.unattended_options(),
    }
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Plays `game` to its end with `bots`, dealing from seeds; checks each step.
fn play_out(game: &mut Game, bots: &mut [Bot], seed: u64) -> usize {
    let mut actions = 0;
    let mut deal = 0;
    while !game.is_over() {
        if game.awaiting_deal() {
            assert_eq!(game.to_act(), None);
            deal += 1;
            game.deal(seed * 7919 + deal).unwrap();
            continue;
        }
        let legal = game.legal_actions();
        assert_eq!(legal.len(), game.legal_count());
        let (seat, action) = next_move(game, bots).unwrap();
        assert_eq!(Some(seat), game.to_act());
        // (A meld may be another valid arrangement than the one listed.)
        assert!(!legal.is_empty());
        assert!(game.is_legal(seat, &action).unwrap());
        game.apply(seat, &action).unwrap();
        actions += 1;
        assert!(actions < 200_000, "no end");
    }
    actions
}

#[test]
fn whole_games_of_every_game_and_player_count_by_bots_of_each_level() {
    for info in games() {
        let options = unattended(&info, Some(2));
        for players in info.min_players..=info.max_players {
            for (i, level) in ["random", "basic"].iter().enumerate() {
                let seed = (players * 10 + i) as u64;
                let mut game = Game::new(&info.name, Some(players), &strs(&options)).unwrap();
                let mut bots: Vec<Bot> = (0..players)
                    .map(|s| Bot::new(&info.name, level, seed + s as u64, &[]).unwrap())
                    .collect();
                let actions = play_out(&mut game, &mut bots, seed);
                assert!(actions > 0);
                assert!(game.is_over() && game.to_act().is_none());
                assert!(!game.winners().is_empty());
                assert_eq!(game.scores().len(), players);
                assert_eq!(game.phase(), *info.phases.last().unwrap());
                // The record replays to the same game; the CLI's JSON agrees.
                let record = game.record().unwrap();
                let replayed = Game::from_record(&record).unwrap();
                assert_eq!(replayed.serialize(), game.serialize());
                let json = common::parse(&deckhand::replay_json(&record).unwrap());
                assert!(json.at("ok").bool() && json.at("over").bool());
                let scores: Vec<i64> = json.at("scores").array().iter().map(|s| s.i64()).collect();
                assert_eq!(scores, game.scores());
            }
        }
    }
}

#[test]
fn a_strong_bot_plays_a_hand_of_every_game() {
    for info in games() {
        let options = unattended(&info, Some(1));
        let mut game = Game::new(&info.name, Some(info.min_players), &strs(&options)).unwrap();
        let mut bots: Vec<Bot> = (0..info.min_players)
            .map(|s| Bot::new(&info.name, "strong", s as u64, &["samples=4"]).unwrap())
            .collect();
        game.deal(3).unwrap();
        for _ in 0..40 {
            if game.to_act().is_none() {
                break;
            }
            let (seat, action) = next_move(&game, &mut bots).unwrap();
            game.apply(seat, &action).unwrap();
        }
    }
}

#[test]
fn the_example_plays_every_game_with_the_librarys_bots() {
    let played = play_all::play_all(1).unwrap();
    let names: Vec<String> = games().into_iter().map(|g| g.name).collect();
    assert_eq!(
        played.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
        names
    );
    for p in played {
        assert!(p.actions > 0 && !p.winners.is_empty(), "{}", p.name);
        assert!(!p.scores.is_empty());
        assert!(Game::from_record(&p.record).unwrap().is_over());
    }
}

#[test]
fn serialize_clone_copy_and_reset_round_trip() {
    for info in games() {
        let mut game = Game::new(&info.name, Some(info.max_players), &[]).unwrap();
        game.deal(5).unwrap();
        for _ in 0..5 {
            if game.legal_count() > 1 {
                game.apply_legal(1).unwrap();
            }
        }
        let bytes = game.serialize();
        let restored = Game::deserialize(&bytes).unwrap();
        assert_eq!(restored.serialize(), bytes);
        assert_eq!(
            restored.view_json(Some(0)).unwrap(),
            game.view_json(Some(0)).unwrap()
        );
        let mut copy = game.clone();
        copy.random_playout(1, 1).unwrap();
        assert_eq!(
            game.serialize(),
            bytes,
            "a clone's move changed the original"
        );
        let mut other = Game::new(&info.name, Some(info.max_players), &[]).unwrap();
        other.copy_from(&game).unwrap();
        assert_eq!(other.serialize(), bytes);
        other.deserialize_into(&copy.serialize()).unwrap();
        assert_eq!(other.serialize(), copy.serialize());
        other.reset().unwrap();
        assert!(other.awaiting_deal());
        // Views: every seat and a spectator; a seat past the table is refused.
        for s in 0..game.players() {
            assert!(game.view_json(Some(s)).unwrap().starts_with('{'));
            assert!(!game.view_text(Some(s)).unwrap().is_empty());
        }
        assert!(game.view_json(None).unwrap().starts_with('{'));
        let e = game.view_json(Some(game.players())).unwrap_err();
        assert_eq!(e.status, Status::INVALID_ARGUMENT);
        // Moves as (seat, text) agree with the texts.
        let moves = game.legal_moves();
        let texts: Vec<String> = moves.iter().map(|(_, t)| t.clone()).collect();
        assert_eq!(texts, game.legal_actions());
        // history=off: no record, but the state round-trips.
        let history = info.options.iter().find(|o| o.rule == "engine").unwrap();
        let off = format!("{}=off", history.name);
        let mut quiet = Game::new(&info.name, Some(info.min_players), &[&off]).unwrap();
        quiet.deal(1).unwrap();
        assert!(!quiet.keeps_history());
        let e = quiet.record().unwrap_err();
        assert_eq!(e.status, Status::UNSUPPORTED);
        assert_eq!(e.reason, "no_history");
        let b = quiet.serialize();
        assert_eq!(Game::deserialize(&b).unwrap().serialize(), b);
        // Random playouts and consistent samples.
        let mut p = game.clone();
        assert!(p.random_playout(9, 50).unwrap() > 0);
        let s = game
            .sample_consistent(game.to_act().unwrap_or(0), 4)
            .unwrap();
        assert_eq!(s.name(), game.name());
        assert!(game.last_hand_json().len() >= 4);
        assert!(game.last_deltas().is_empty() || game.last_deltas().len() == game.players());
    }
}

#[test]
fn refusals_carry_status_reason_and_message_and_change_nothing() {
    for info in games() {
        let mut game = Game::new(&info.name, Some(info.min_players), &[]).unwrap();
        // Before a deal nobody acts.
        let e = game.apply_legal(0).unwrap_err();
        assert!(e.status.is_library(), "{e}");
        game.deal(2).unwrap();
        let before = (game.serialize(), game.record().unwrap());
        let seat = game.to_act().unwrap();
        let other = (seat + 1) % game.players();
        let legal = game.legal_actions();
        // Out of turn.
        let e = game.apply(other, &legal[0]).unwrap_err();
        assert_eq!(e.status, Status::WRONG_SEAT, "{e}");
        assert!(
            !e.reason.is_empty() && e.message.contains(&e.reason),
            "{e:?}"
        );
        assert!(e.reason_number > 0);
        // Malformed text.
        let e = game.apply(seat, "no such action at all").unwrap_err();
        assert_eq!(e.status, Status::PARSE, "{e}");
        assert!(!e.message.is_empty());
        assert!(!game.is_legal(other, &legal[0]).unwrap());
        assert_eq!(game.check(seat, &legal[0]), Ok(()));
        // An index past the list.
        let e = game.apply_legal(legal.len()).unwrap_err();
        assert_eq!(e.status, Status::INVALID_ARGUMENT);
        assert_eq!(e.reason, "bad_action_index");
        // Values refused before the call.
        let e = game.apply(1 << 32, &legal[0]).unwrap_err();
        assert_eq!(e.status, Status::VALUE);
        assert!(!e.status.is_library());
        let e = game.apply(seat, "pass\0x").unwrap_err();
        assert_eq!(e.status, Status::VALUE);
        // A bad option names itself.
        let e = Game::new(&info.name, Some(info.min_players), &["no_such_option=1"]).unwrap_err();
        assert_eq!(e.status, Status::BAD_OPTION);
        assert!(e.message.contains("no_such_option"), "{e}");
        // A bot of another game's kind is refused; an unknown level too.
        let e = Bot::new(&info.name, "no-such-level", 0, &[]).unwrap_err();
        assert_eq!(e.status, Status::BAD_OPTION);
        let mut bot = Bot::new(&info.name, "basic", 0, &[]).unwrap();
        let e = bot.choose(&game, other).unwrap_err();
        assert_eq!(e.status, Status::WRONG_SEAT);
        assert_eq!((game.serialize(), game.record().unwrap()), before);
        // A record with a refused line names it.
        let mut record = game.record().unwrap();
        record.push_str("this is not a line\n");
        let e = Game::from_record(&record).unwrap_err();
        assert!(e.line > 0, "{e:?}");
        // Corrupt bytes.
        let mut bytes = game.serialize();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        assert_eq!(
            Game::deserialize(&bytes).unwrap_err().status,
            Status::CORRUPT
        );
        // The error is a std::error::Error with a readable Display.
        let boxed: Box<dyn std::error::Error> = Box::new(e);
        assert!(!boxed.to_string().is_empty());
    }
    // Bots of every game refuse the other games' games.
    let all = games();
    if all.len() > 1 {
        let mut g = Game::new(&all[0].name, Some(all[0].min_players), &[]).unwrap();
        g.deal(1).unwrap();
        let mut bot = Bot::new(&all[1].name, "basic", 0, &[]).unwrap();
        let e = bot.choose(&g, g.to_act().unwrap()).unwrap_err();
        assert_eq!(e.status, Status::UNKNOWN_GAME);
    }
}

#[test]
fn handles_move_between_threads() {
    fn is_send<T: Send>() {}
    is_send::<Game>();
    is_send::<Bot>();
    is_send::<deckhand::Table>();
    let info = &games()[0];
    let mut game = Game::new(&info.name, Some(info.min_players), &[]).unwrap();
    game.deal(1).unwrap();
    let name = info.name.clone();
    // A spawned thread with a small stack (256 KiB; the library needs about 36 KiB).
    let handle = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(move || {
            let mut bot = Bot::new(&name, "basic", 1, &[]).unwrap();
            let seat = game.to_act().unwrap();
            let action = bot.choose(&game, seat).unwrap();
            game.apply(seat, &action).unwrap();
            game
        });
    let game = handle.unwrap().join().unwrap();
    assert!(game.record().unwrap().lines().count() > 2);
}
