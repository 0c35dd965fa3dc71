//! The replay example program agrees with `deckhand replay FILE` (the CLI of `make native`,
//! run from here): the same standard output, byte for byte, and the same exit code, on every
//! record under tests/ and on inputs that cannot be read.

mod common;

#[path = "../examples/replay.rs"]
mod replay_example;

use std::process::Command;

fn cli_replay(path: &str) -> (String, i32) {
    let out = Command::new(common::cli())
        .args(["replay", path])
        .output()
        .unwrap_or_else(|e| panic!("{}: {e} (run `make native`)", common::cli().display()));
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap(),
    )
}

#[test]
fn every_record_replays_as_the_cli_replays_it() {
    let records = common::records();
    let mut codes = std::collections::BTreeSet::new();
    for path in &records {
        let path = path.to_str().unwrap();
        let ours = replay_example::replay(path);
        let theirs = cli_replay(path);
        assert_eq!(ours, theirs, "{path}");
        codes.insert(ours.1);
    }
    // The records include accepted and refused ones.
    assert!(codes.contains(&0) && codes.contains(&1), "{codes:?}");
    assert!(records.len() >= 30);
}

#[test]
fn unreadable_inputs_are_reported_as_the_cli_reports_them() {
    let dir = common::root().join("tests");
    let missing = dir.join("no such record.rec");
    for path in [dir.to_str().unwrap(), missing.to_str().unwrap()] {
        let ours = replay_example::replay(path);
        assert_eq!(ours.1, 2);
        assert_eq!(ours, cli_replay(path), "{path}");
    }
}

#[test]
fn the_replay_script_runs_the_example_program() {
    let script = common::root().join("bindings/rust/replay");
    let record = &common::records()[0];
    let out = Command::new(&script).arg(record).output().unwrap();
    let theirs = cli_replay(record.to_str().unwrap());
    assert_eq!(
        (
            String::from_utf8(out.stdout).unwrap(),
            out.status.code().unwrap()
        ),
        theirs,
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The shared fixture tests/replay/compare.sh: awkward names (long, control and C1
/// characters, apostrophes, bytes that are not UTF-8), a FIFO, a symlink loop, a path through
/// a file, records holding NUL bytes, CRLF lines... each through the example program and the
/// CLI, the same stdout bytes and exit code.
#[test]
fn the_shared_replay_cases_match_the_cli() {
    // target/debug/deps/replay-HASH -> target/debug/examples/replay (cargo test builds it).
    let exe = std::env::current_exe().unwrap();
    let program = exe
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("examples/replay");
    assert!(program.exists(), "{} is missing", program.display());
    let out = Command::new("bash")
        .arg(common::root().join("tests/replay/compare.sh"))
        .arg(common::cli())
        .arg(&program)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
