//! What the tests share: the repository's paths, the CLI, and a small JSON reader (the
//! tests read tests/hostile/cases.json, the header's description and the library's JSON;
//! the crate itself has no dependencies, and this reader keeps lone surrogates, big integers
//! and the order of keys as they are written).
#![allow(dead_code)]

use std::path::PathBuf;

/// The repository's root (bindings/rust/deckhand/../../..).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../..")
        .canonicalize()
        .unwrap()
}

/// The deckhand tool of `make native` (DECKHAND_CLI overrides it).
pub fn cli() -> PathBuf {
    match std::env::var_os("DECKHAND_CLI") {
        Some(p) => PathBuf::from(p),
        None => {
            let dir = option_env!("DECKHAND_LIB_DIR_USED")
                .map(PathBuf::from)
                .unwrap_or_else(|| root().join("build/python"));
            dir.join("deckhand")
        }
    }
}

/// Every record (.rec) git knows under tests/; outside a git checkout (a source archive, no
/// git), every .rec found under tests/.
pub fn records() -> Vec<PathBuf> {
    let known = std::process::Command::new("git")
        .args(["ls-files", "tests"])
        .current_dir(root())
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).into_owned())
        .unwrap_or_default();
    let mut records: Vec<PathBuf> = known
        .lines()
        .filter(|l| l.ends_with(".rec"))
        .map(|l| root().join(l))
        .collect();
    if records.is_empty() {
        walk(&root().join("tests"), &mut records);
        records.sort();
    }
    assert!(!records.is_empty(), "no records under tests/");
    records
}

fn walk(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "rec") {
            out.push(path);
        }
    }
}

/// A JSON value. Strings are kept as UTF-16 code units when they hold a lone surrogate
/// (`Text` otherwise); numbers as their source text.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(String),
    Text(String),
    /// A string with a lone surrogate: no Rust str can hold it.
    LoneSurrogate(Vec<u16>),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    pub fn at(&self, key: &str) -> &Json {
        self.get(key)
            .unwrap_or_else(|| panic!("no key {key:?} in {self:?}"))
    }
    pub fn str(&self) -> &str {
        match self {
            Json::Text(s) => s,
            _ => panic!("not a string: {self:?}"),
        }
    }
    pub fn i64(&self) -> i64 {
        match self {
            Json::Number(n) => n.parse().unwrap_or_else(|_| panic!("not an i64: {n}")),
            _ => panic!("not a number: {self:?}"),
        }
    }
    pub fn array(&self) -> &[Json] {
        match self {
            Json::Array(a) => a,
            _ => panic!("not an array: {self:?}"),
        }
    }
    pub fn object(&self) -> &[(String, Json)] {
        match self {
            Json::Object(o) => o,
            _ => panic!("not an object: {self:?}"),
        }
    }
    pub fn bool(&self) -> bool {
        match self {
            Json::Bool(b) => *b,
            _ => panic!("not a bool: {self:?}"),
        }
    }
}

pub fn parse(text: &str) -> Json {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    let v = p.value();
    p.ws();
    assert_eq!(p.i, p.s.len(), "trailing text after the JSON value");
    v
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\n' | b'\r' | b'\t') {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) {
        self.ws();
        assert_eq!(
            self.s.get(self.i),
            Some(&c),
            "JSON: expected {:?} at {}",
            c as char,
            self.i
        );
        self.i += 1;
    }
    fn value(&mut self) -> Json {
        self.ws();
        match self.s[self.i] {
            b'{' => {
                self.i += 1;
                let mut fields = Vec::new();
                self.ws();
                if self.s[self.i] == b'}' {
                    self.i += 1;
                    return Json::Object(fields);
                }
                loop {
                    self.ws();
                    let key = match self.string() {
                        Json::Text(k) => k,
                        other => panic!("a key that is not text: {other:?}"),
                    };
                    self.eat(b':');
                    fields.push((key, self.value()));
                    self.ws();
                    self.i += 1;
                    if self.s[self.i - 1] == b'}' {
                        return Json::Object(fields);
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                self.ws();
                if self.s[self.i] == b']' {
                    self.i += 1;
                    return Json::Array(items);
                }
                loop {
                    items.push(self.value());
                    self.ws();
                    self.i += 1;
                    if self.s[self.i - 1] == b']' {
                        return Json::Array(items);
                    }
                }
            }
            b'"' => self.string(),
            b't' => {
                self.i += 4;
                Json::Bool(true)
            }
            b'f' => {
                self.i += 5;
                Json::Bool(false)
            }
            b'n' => {
                self.i += 4;
                Json::Null
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len()
                    && matches!(
                        self.s[self.i],
                        b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                    )
                {
                    self.i += 1;
                }
                Json::Number(String::from_utf8(self.s[start..self.i].to_vec()).unwrap())
            }
        }
    }
    fn string(&mut self) -> Json {
        self.i += 1; // the opening quote
        let mut units: Vec<u16> = Vec::new();
        loop {
            let c = self.s[self.i];
            match c {
                b'"' => {
                    self.i += 1;
                    break;
                }
                b'\\' => {
                    let e = self.s[self.i + 1];
                    self.i += 2;
                    let unit = match e {
                        b'n' => b'\n' as u16,
                        b't' => b'\t' as u16,
                        b'r' => b'\r' as u16,
                        b'b' => 8,
                        b'f' => 12,
                        b'u' => {
                            let hex = std::str::from_utf8(&self.s[self.i..self.i + 4]).unwrap();
                            self.i += 4;
                            u16::from_str_radix(hex, 16).unwrap()
                        }
                        other => other as u16,
                    };
                    units.push(unit);
                }
                _ => {
                    // One UTF-8 character of the source.
                    let len = match c {
                        0x00..=0x7f => 1,
                        0xc0..=0xdf => 2,
                        0xe0..=0xef => 3,
                        _ => 4,
                    };
                    let ch = std::str::from_utf8(&self.s[self.i..self.i + len]).unwrap();
                    units.extend(ch.encode_utf16());
                    self.i += len;
                }
            }
        }
        match String::from_utf16(&units) {
            Ok(s) => Json::Text(s),
            Err(_) => Json::LoneSurrogate(units),
        }
    }
}
