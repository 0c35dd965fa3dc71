//! The shared table of hostile calls (tests/hostile/cases.json, docs/hostile-input.md) run
//! against the Rust binding. Each case's setup is built, its arguments converted to the Rust
//! parameter types, the call made and the outcome checked; for a refused call the setup
//! game's serialize() bytes and record() text must be byte-identical before and after.
//!
//! What Rust cannot express is skipped, each with its reason: a wrong type (text for a seat,
//! a list for text, ...) does not compile; a negative number or 2**64 has no usize / u64; a
//! float is never taken where an integer is; JS undefined has no Rust value; a str cannot
//! hold a lone surrogate; the deprecated dh_game_buy_winner is not bound. Values that Rust can
//! write but the C type cannot hold (a seat of 2**32, a NUL inside text) are the binding's to
//! refuse: `expect: value` means Err with Status::VALUE, made before any C call.

mod common;

use common::Json;
use deckhand::{Bot, Error, Game, Status};

type Skip = String;

fn table() -> Json {
    let text = std::fs::read_to_string(common::root().join("tests/hostile/cases.json")).unwrap();
    common::parse(&text)
}

fn setup(spec: &Json, name: &str) -> Game {
    let s = spec.at("setups").at(name);
    let players = s.get("players").map(|p| p.i64() as usize);
    let mut g = Game::new(s.at("game").str(), players, &[]).unwrap();
    if let Some(seed) = s.get("deal") {
        g.deal(seed.i64() as u64).unwrap();
    }
    g
}

/// An integer of the table ({"int": "..."} or a plain number), or why Rust has none.
fn integer(v: &Json) -> Result<i128, Skip> {
    match v {
        Json::Number(n) if !n.contains(['.', 'e', 'E']) => {
            n.parse().map_err(|_| format!("{n}: no i128"))
        }
        Json::Object(_) if v.get("int").is_some() => v
            .at("int")
            .str()
            .parse()
            .map_err(|_| "an integer past i128".to_string()),
        Json::Object(_) if v.get("float").is_some() => Err(format!(
            "the float {}: Rust takes no float where an integer is (no implicit conversion)",
            v.at("float").str()
        )),
        Json::Object(_) if v.get("undefined").is_some() => {
            Err("JS undefined: Rust has no such value (an argument cannot be left out)".into())
        }
        other => Err(format!(
            "{}: a wrong type does not compile in Rust",
            kind(other)
        )),
    }
}

fn kind(v: &Json) -> &'static str {
    match v {
        Json::Null => "null",
        Json::Bool(_) => "a bool",
        Json::Number(_) => "a number",
        Json::Text(_) | Json::LoneSurrogate(_) => "text",
        Json::Array(_) => "a list",
        Json::Object(o) if o.iter().any(|(k, _)| k == "bytes_hex") => "bytes",
        Json::Object(o) if o.iter().any(|(k, _)| k == "object") => "a Game",
        Json::Object(_) => "an object",
    }
}

fn usize_arg(v: &Json) -> Result<usize, Skip> {
    let n = integer(v)?;
    usize::try_from(n)
        .map_err(|_| format!("{n} has no usize: it cannot be written as a seat or index in Rust"))
}

fn u64_arg(v: &Json) -> Result<u64, Skip> {
    let n = integer(v)?;
    u64::try_from(n).map_err(|_| format!("{n} has no u64: it cannot be written as a seed in Rust"))
}

fn optional_usize(v: &Json) -> Result<Option<usize>, Skip> {
    match v {
        Json::Null => Ok(None),
        _ => usize_arg(v).map(Some),
    }
}

fn text_arg(v: &Json) -> Result<String, Skip> {
    match v {
        Json::Text(s) => Ok(s.clone()),
        Json::LoneSurrogate(_) => Err("a lone surrogate: a Rust str is always valid UTF-8".into()),
        Json::Object(_) if v.get("repeat").is_some() => {
            Ok(v.at("repeat").str().repeat(v.at("times").i64() as usize))
        }
        other => Err(format!(
            "{} where text is expected does not compile in Rust",
            kind(other)
        )),
    }
}

fn bytes_arg(v: &Json, game: &Game) -> Result<Vec<u8>, Skip> {
    if let Some(hex) = v.get("bytes_hex") {
        let hex = hex.str();
        return Ok((0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
            .collect());
    }
    if v.get("image").is_some() {
        let mut image = game.serialize();
        if let Some(flip) = v.get("flip") {
            let (offset, xor) = (flip.array()[0].i64(), flip.array()[1].i64());
            let at = if offset < 0 {
                image.len() as i64 + offset
            } else {
                offset
            } as usize;
            image[at] ^= xor as u8;
        }
        if let Some(n) = v.get("truncate") {
            image.truncate(n.i64() as usize);
        }
        return Ok(image);
    }
    Err(format!(
        "{} where bytes are expected does not compile in Rust",
        kind(v)
    ))
}

/// Options as "key=value" strings (&[&str]): null, a list of text, or an object of text or
/// number values.
fn options_arg(v: &Json) -> Result<Vec<String>, Skip> {
    match v {
        Json::Null => Ok(Vec::new()),
        Json::Array(items) => items.iter().map(text_arg).collect(),
        Json::Object(_) if v.get("repeat_list").is_some() => {
            let one = text_arg(v.at("repeat_list"))?;
            Ok(vec![one; v.at("times").i64() as usize])
        }
        Json::Object(_) if v.get("numbered_list").is_some() => {
            let pattern = v.at("numbered_list").str();
            Ok((0..v.at("times").i64())
                .map(|i| pattern.replace("{}", &i.to_string()))
                .collect())
        }
        Json::Object(fields) => fields
            .iter()
            .map(|(k, value)| match value {
                Json::Text(s) => Ok(format!("{k}={s}")),
                Json::Number(n) => Ok(format!("{k}={n}")),
                other => Err(format!(
                    "an option value that is {}: does not compile in Rust",
                    kind(other)
                )),
            })
            .collect(),
        other => Err(format!(
            "options that are {}: not a &[&str], does not compile in Rust",
            kind(other)
        )),
    }
}

fn strs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// The call's outcome: Ok(()) or the error; Err(skip) when Rust cannot express the case.
fn call(case: &Json, game: &mut Game) -> Result<Result<(), Error>, Skip> {
    let args = case.at("args").array();
    let arg = |i: usize| &args[i];
    let name = case.at("call").str();
    Ok(match name {
        "new_game" => {
            let (n, p, o) = (text_arg(arg(0))?, optional_usize(arg(1))?, options_arg(arg(2))?);
            Game::new(&n, p, &strs(&o)).map(|_| ())
        }
        "view" => game.view_json(optional_usize(arg(0))?).map(|_| ()),
        "view_text" => game.view_text(optional_usize(arg(0))?).map(|_| ()),
        "apply" => {
            let (s, a) = (usize_arg(arg(0))?, text_arg(arg(1))?);
            game.apply(s, &a)
        }
        "check" => {
            let (s, a) = (usize_arg(arg(0))?, text_arg(arg(1))?);
            game.check(s, &a)
        }
        "is_legal" => {
            let (s, a) = (usize_arg(arg(0))?, text_arg(arg(1))?);
            game.is_legal(s, &a).map(|_| ())
        }
        "apply_legal" => game.apply_legal(usize_arg(arg(0))?).map(|_| ()),
        "deal" => game.deal(u64_arg(arg(0))?),
        "deal_cards" => game.deal_cards(&text_arg(arg(0))?),
        "deserialize" => Game::deserialize(&bytes_arg(arg(0), game)?).map(|_| ()),
        "from_record" => Game::from_record(&text_arg(arg(0))?).map(|_| ()),
        "bot_new" => {
            let (n, l, s) = (text_arg(arg(0))?, text_arg(arg(1))?, u64_arg(arg(2))?);
            Bot::new(&n, &l, s, &[]).map(|_| ())
        }
        "bot_choose" => {
            let seat = usize_arg(arg(0))?;
            let mut bot = Bot::new(&game.name(), "basic", 0, &[]).unwrap();
            bot.choose(game, seat).map(|_| ())
        }
        "buy_winner" => {
            return Err("the deprecated dh_game_buy_winner is not bound (the game offers the discard itself: to_act and legal_actions)".into())
        }
        other => panic!("a call this runner does not know: {other} (add it)"),
    })
}

fn check(expect: &str, outcome: &Result<(), Error>) -> Result<(), String> {
    match (expect, outcome) {
        ("ok", Ok(())) => Ok(()),
        ("ok", Err(e)) => Err(format!("expected success, got {e:?}")),
        (_, Ok(())) => Err(format!("expected a refusal ({expect}), got success")),
        ("type", Err(e)) => Err(format!("a type case reached a call: {e:?}")),
        ("value", Err(e)) if e.status == Status::VALUE => Ok(()),
        ("error", Err(e)) if e.status.is_library() => Ok(()),
        (x, Err(e)) if x.strip_prefix("error:") == Some(e.status_name().as_str()) => Ok(()),
        (x, Err(e)) => Err(format!("expected {x}, got {e:?}")),
    }
}

fn snapshot(g: &Game) -> (Vec<u8>, Option<String>) {
    (
        g.serialize(),
        g.keeps_history().then(|| g.record().unwrap()),
    )
}

#[test]
fn every_hostile_case_is_refused_cleanly_or_skipped_with_a_reason() {
    let spec = table();
    let mut ran = 0;
    let mut controls = 0;
    let mut skipped: Vec<(String, String)> = Vec::new();
    let mut failures: Vec<String> = Vec::new();
    for case in spec.at("cases").array() {
        let id = case.at("id").str();
        if let Some(only) = case.get("only") {
            if !only.array().iter().any(|b| b.str() == "rust") {
                continue;
            }
        }
        let mut game = setup(&spec, case.at("setup").str());
        let before = snapshot(&game);
        let expect = case.at("expect").str();
        match call(case, &mut game) {
            Err(reason) => skipped.push((id.to_string(), reason)),
            Ok(outcome) => {
                ran += 1;
                controls += (expect == "ok") as usize;
                if let Err(why) = check(expect, &outcome) {
                    failures.push(format!("{id}: {why}"));
                }
                if expect != "ok" && snapshot(&game) != before {
                    failures.push(format!("{id}: a refused call changed the game"));
                }
            }
        }
    }
    eprintln!("hostile cases: {ran} run, {} skipped", skipped.len());
    for (id, why) in &skipped {
        eprintln!("  skipped {id}: {why}");
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(controls >= 3, "only {controls} control cases ran");
    assert!(ran >= 30, "only {ran} cases ran");
}
