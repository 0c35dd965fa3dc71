//! deckhand::Table (docs/tables.md): whole games of every game through tables of bots and a
//! scripted human; streams, snapshots, persistence, refusals.

mod common;

use deckhand::{games, GameInfo, Holder, Status, Table};

fn short(info: &GameInfo) -> Vec<String> {
    vec![format!("{}=1", info.limit_option.as_ref().unwrap())]
}

fn new_table(info: &GameInfo, seed: u64, table_options: &[&str]) -> Table {
    let options = short(info);
    let options: Vec<&str> = options.iter().map(String::as_str).collect();
    Table::new(
        &info.name,
        Some(info.min_players),
        &options,
        table_options,
        seed,
    )
    .unwrap()
}

/// Plays: ticks, lets the scripted humans act (a varied legal action), else jumps to the next
/// due time. Returns the time reached.
fn drive(t: &mut Table, mut now: i64, silent: &[usize]) -> i64 {
    for _ in 0..50_000 {
        t.tick(now).unwrap();
        if t.is_over() {
            return now;
        }
        let mut acted = false;
        for s in t.may_act() {
            if t.holder(s).unwrap() == Holder::Human && !silent.contains(&s) {
                let actions = t.legal_actions(Some(s)).unwrap();
                assert!(
                    !actions.is_empty(),
                    "seat {s} may act but has no legal action"
                );
                let pick = &actions[(t.seq() as usize * 7919) % actions.len()];
                t.act(s, pick, now).unwrap();
                acted = true;
                break;
            }
        }
        if acted {
            now += 5;
            continue;
        }
        let due = t
            .next_due_ms()
            .expect("stuck: nobody acts and nothing is due");
        assert!(
            due > now || due == now && t.to_act().is_some(),
            "tick left a move due"
        );
        now = due.max(now + 1);
    }
    panic!("no end: {t:?}");
}

fn event_types(json: &str) -> Vec<String> {
    common::parse(json)
        .array()
        .iter()
        .map(|e| e.at("type").str().to_string())
        .collect()
}

#[test]
fn whole_game_of_every_game_with_bots_and_a_scripted_human() {
    for info in games() {
        let mut t = new_table(&info, 7, &["bot_ms=10"]);
        assert_eq!(t.players(), info.min_players);
        assert_eq!(t.to_act(), None);
        assert_eq!(t.holder(0).unwrap(), Holder::Empty);
        t.seat_human(0).unwrap();
        for s in 1..t.players() {
            t.seat_bot(s, "basic").unwrap();
        }
        assert_eq!(t.holder(0).unwrap(), Holder::Human);
        assert_eq!(t.holder(1).unwrap(), Holder::Bot);
        drive(&mut t, 0, &[]);
        assert!(t.is_over() && t.to_act().is_none() && t.may_act().is_empty());
        let g = t.game().unwrap();
        assert!(g.is_over());
        assert_eq!(g.scores(), t.scores());
        let mut viewers: Vec<Option<usize>> = vec![None];
        viewers.extend((0..t.players()).map(Some));
        for v in viewers {
            let events = common::parse(&t.events_json(v, 0).unwrap());
            let seqs: Vec<i64> = events.array().iter().map(|e| e.at("seq").i64()).collect();
            assert_eq!(seqs, (1..=t.seq() as i64).collect::<Vec<_>>());
            let types = event_types(&t.events_json(v, 0).unwrap());
            assert_eq!(types.last().map(String::as_str), Some("game_over"));
            assert!(types.iter().any(|t| t == "deal"));
            let snap = common::parse(&t.snapshot_json(v).unwrap());
            assert_eq!(snap.at("seq").i64() as u64, t.seq());
        }
        // The record replays (the table's events are comments).
        let record = t.record().unwrap();
        assert!(deckhand::Game::from_record(&record).unwrap().is_over());
    }
}

#[test]
fn timeouts_leave_return_persistence_and_copies() {
    for info in games() {
        let mut t = new_table(&info, 11, &["decision_ms=1000", "standin=basic"]);
        for s in 0..t.players() {
            t.seat_human(s).unwrap();
        }
        // Seat 1 never answers: its stand-in moves for it after its time.
        t.tick(0).unwrap();
        let mut now = 0;
        for _ in 0..20 {
            if t.is_over() {
                break;
            }
            now += 1001;
            t.tick(now).unwrap();
        }
        let types = event_types(&t.events_json(None, 0).unwrap());
        assert!(types.iter().any(|t| t == "timeout"), "{types:?}");
        // Bytes and copies have the same future.
        let bytes = t.serialize();
        let mut restored = Table::deserialize(&bytes).unwrap();
        assert_eq!(restored.serialize(), bytes);
        let mut copy = t.clone();
        t.leave(0, now).unwrap();
        assert_eq!(t.holder(0).unwrap(), Holder::Away);
        assert_eq!(copy.holder(0).unwrap(), Holder::Human);
        t.seat_human(0).unwrap();
        let end = drive(&mut restored, now, &[]);
        drive(&mut copy, now, &[]);
        assert!(end >= now);
        assert_eq!(restored.serialize(), copy.serialize());
        assert_eq!(
            Table::deserialize(&bytes[..10]).unwrap_err().status,
            Status::CORRUPT
        );
    }
}

#[test]
fn refusals_name_their_reason_and_change_nothing() {
    let info = &games()[0];
    let mut t = new_table(info, 3, &[]);
    let e = t.act(0, "anything", 0).unwrap_err();
    assert_eq!(e.status, Status::WRONG_SEAT);
    assert_eq!(e.reason, "not_seated");
    t.seat_human(0).unwrap();
    let e = t.act(0, "anything", 0).unwrap_err();
    assert_eq!(
        (e.status, e.reason.as_str()),
        (Status::WRONG_PHASE, "not_started")
    );
    let e = t.seat_human(0).unwrap_err();
    assert_eq!(
        (e.status, e.reason.as_str()),
        (Status::INVALID_ARGUMENT, "seat_taken")
    );
    for s in 1..t.players() {
        t.seat_bot(s, "random").unwrap();
    }
    t.tick(100).unwrap();
    let before = t.serialize();
    let e = t.tick(50).unwrap_err();
    assert_eq!(
        (e.status, e.reason.as_str()),
        (Status::INVALID_ARGUMENT, "time_backwards")
    );
    assert_eq!(e.reason_number, 90);
    let e = t.seat_human(1 << 40).unwrap_err();
    assert_eq!(e.status, Status::VALUE);
    let e = t.act(0, "x\0y", 200).unwrap_err();
    assert_eq!(e.status, Status::VALUE);
    assert_eq!(t.serialize(), before);
    let e = Table::new(&info.name, None, &[], &["no_such_option=1"], 0).unwrap_err();
    assert_eq!(e.status, Status::BAD_OPTION);
    let e = Table::new("no such game", None, &[], &[], 0).unwrap_err();
    assert_eq!(e.status, Status::UNKNOWN_GAME);
    let e = t.holder(t.players()).unwrap_err();
    assert_eq!(e.status, Status::INVALID_ARGUMENT);
}
