//! The catalog (dh_catalog_*): every game with its options, phases and action kinds, and
//! the same facts as the catalog's JSON document.

mod common;

use deckhand::{catalog_json, game_info, games, Game, Status};

#[test]
fn every_game_has_players_options_phases_and_action_kinds() {
    let all = games();
    assert!(!all.is_empty());
    for (i, g) in all.iter().enumerate() {
        assert_eq!(g.index, i);
        assert!(!g.name.is_empty() && !g.description.is_empty());
        assert!(
            1 <= g.min_players && g.min_players <= g.max_players,
            "{}",
            g.name
        );
        assert!(!g.options.is_empty() && !g.phases.is_empty() && !g.action_kinds.is_empty());
        for o in &g.options {
            assert!(
                !o.name.is_empty() && !o.values.is_empty() && !o.rule.is_empty(),
                "{o:?}"
            );
        }
        // The engine's own option is everyone's.
        assert!(g.options.iter().any(|o| o.rule == "engine"), "{}", g.name);
        let limit = g
            .limit_option
            .as_ref()
            .expect("every game bounds its length");
        assert!(g.options.iter().any(|o| &o.name == limit));
        assert!(g.unattended_limit > 0);
        // A new game is in one of its phases, and its name is the catalog's.
        let game = Game::new(&g.name, Some(g.min_players), &[]).unwrap();
        assert_eq!(game.name(), g.name);
        assert!(
            g.phases.contains(&game.phase()),
            "{}: {}",
            g.name,
            game.phase()
        );
        // Found by name, ignoring case and spaces.
        let found = game_info(&format!("  {} ", g.name.to_uppercase())).unwrap();
        assert_eq!(&found, g);
    }
}

#[test]
fn the_json_document_says_the_same() {
    let doc = common::parse(&catalog_json());
    let listed = doc.at("games").array();
    let all = games();
    assert_eq!(listed.len(), all.len());
    for (j, g) in listed.iter().zip(&all) {
        assert_eq!(j.at("name").str(), g.name);
        assert_eq!(j.at("min_players").i64() as usize, g.min_players);
        assert_eq!(j.at("max_players").i64() as usize, g.max_players);
        let names: Vec<&str> = j
            .at("options")
            .array()
            .iter()
            .map(|o| o.at("name").str())
            .collect();
        let ours: Vec<&str> = g.options.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ours);
        let phases: Vec<&str> = j.at("phases").array().iter().map(|p| p.str()).collect();
        assert_eq!(
            phases,
            g.phases.iter().map(String::as_str).collect::<Vec<_>>()
        );
        let kinds: Vec<&str> = j
            .at("action_kinds")
            .array()
            .iter()
            .map(|k| k.at("name").str())
            .collect();
        assert_eq!(
            kinds,
            g.action_kinds
                .iter()
                .map(|k| k.name.as_str())
                .collect::<Vec<_>>()
        );
    }
}

#[test]
fn an_unknown_game_is_refused_by_name() {
    let e = game_info("no such game").unwrap_err();
    assert_eq!(e.status, Status::UNKNOWN_GAME);
    assert!(e.message.contains("no such game"), "{e}");
    let e = Game::new("no such game", None, &[]).unwrap_err();
    assert_eq!(e.status, Status::UNKNOWN_GAME);
    assert_eq!(e.status_name(), "DH_E_UNKNOWN_GAME");
    assert!(!e.reason.is_empty());
    assert!(deckhand::version().split('.').count() == 3);
}
