//! `replay FILE`: prints exactly what `deckhand replay FILE` prints on standard output (one
//! line of JSON, docs/cli.md) and exits with its exit code: 0 when every line of the record
//! is legal, 1 when a line is refused, 2 when the file cannot be read.

use std::io::Read;

/// What the CLI caps its input at (64 MiB).
const INPUT_CAP: u64 = 64 << 20;

/// The standard output and the exit code of `deckhand replay path`.
pub fn replay(path: &str) -> (String, i32) {
    let record = match read_input(path) {
        Ok(bytes) => bytes,
        Err((code, message)) => {
            return (
                format!(
                    "{{\"ok\": false, \"line\": 0, \"code\": {}, \"message\": {}}}\n",
                    json_string(code),
                    json_string(&format!("{code}: {message}"))
                ),
                2,
            )
        }
    };
    match deckhand::replay_json_bytes(&record) {
        Ok(json) => {
            let ok = json.starts_with("{\"ok\": true");
            (format!("{json}\n"), if ok { 0 } else { 1 })
        }
        Err(e) => (String::new(), {
            eprintln!("replay: {e}");
            1
        }),
    }
}

fn read_input(path: &str) -> Result<Vec<u8>, (&'static str, String)> {
    let name = if path == "-" {
        "standard input".to_string()
    } else {
        quote(path)
    };
    let unreadable = |detail: String| ("unreadable_input", format!("cannot read {name}: {detail}"));
    let mut out = Vec::new();
    let result = if path == "-" {
        std::io::stdin().take(INPUT_CAP + 1).read_to_end(&mut out)
    } else {
        match std::fs::metadata(path) {
            Err(e) => return Err(unreadable(os_message(&e))),
            Ok(m) if !m.is_file() => return Err(unreadable("not a regular file".into())),
            Ok(_) => {}
        }
        match std::fs::File::open(path) {
            Err(e) => return Err(unreadable(os_message(&e))),
            Ok(f) => f.take(INPUT_CAP + 1).read_to_end(&mut out),
        }
    };
    if out.len() as u64 > INPUT_CAP {
        return Err((
            "input_too_large",
            format!("{name} is larger than 64 MiB, the most deckhand reads"),
        ));
    }
    if result.is_err() {
        return Err(("unreadable_input", format!("reading {name} failed")));
    }
    Ok(out)
}

/// The operating system's message without Rust's " (os error N)".
fn os_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// Text in apostrophes as the library quotes input: \n \t \r \\ \' escaped, other control
/// characters as \xHH.
fn quote(s: &str) -> String {
    let mut out = String::from("'");
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02X}", c as u32))
            }
            c if (0x80..0xa0).contains(&(c as u32)) => {
                out.push_str(&format!("\\u{:04X}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 2 {
        eprintln!("usage: replay FILE   (- reads standard input)");
        std::process::exit(2);
    }
    let (stdout, code) = replay(&args[1]);
    print!("{stdout}");
    std::process::exit(code);
}
