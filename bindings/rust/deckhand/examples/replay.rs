//! `replay FILE`: prints exactly what `deckhand replay FILE` prints on standard output (one
//! line of JSON, docs/cli.md) and exits with its exit code: 0 when every line of the record
//! is legal, 1 when a line is refused, 2 when the file cannot be read. The path is taken as
//! the operating system's bytes (any name), the record as bytes (NUL bytes included), the
//! name quoted by the library (deckhand::quote) as the tool quotes it.

use std::ffi::OsStr;
use std::io::Read;
use std::os::unix::ffi::OsStrExt;

/// What the CLI caps its input at (64 MiB).
const INPUT_CAP: u64 = 64 << 20;

/// The standard output and the exit code of `deckhand replay path`.
pub fn replay(path: impl AsRef<OsStr>) -> (String, i32) {
    let record = match read_input(path.as_ref()) {
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

fn read_input(path: &OsStr) -> Result<Vec<u8>, (&'static str, String)> {
    let stdin = path.as_bytes() == b"-";
    let name = if stdin {
        "standard input".to_string()
    } else {
        deckhand::quote(path.as_bytes()).unwrap_or_default()
    };
    let unreadable = |detail: String| ("unreadable_input", format!("cannot read {name}: {detail}"));
    let mut out = Vec::new();
    let result = if stdin {
        std::io::stdin().take(INPUT_CAP + 1).read_to_end(&mut out)
    } else {
        // stat first, as the tool does: a FIFO or a directory is refused, never opened.
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

/// The operating system's message (strerror's) without Rust's " (os error N)".
fn os_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// s as a JSON string, as the tool writes one (its text is already valid UTF-8: the quoted
/// name has no control characters left).
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
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.len() != 2 {
        eprintln!("usage: replay FILE   (- reads standard input)");
        std::process::exit(2);
    }
    let (stdout, code) = replay(&args[1]);
    print!("{stdout}");
    std::process::exit(code);
}
