//! deckhand-sys against capi/include/deckhand.h: every stable function of the header is
//! declared with the same parameter and result types, every struct has the header's field
//! offsets and size, every status code its value. The header is read by
//! tests/bindings/deckhand_header.py (a C parser; python3 with pycparser).

mod common;

use common::{parse, Json};
use deckhand::sys;
use std::mem::{offset_of, size_of};

fn header() -> Json {
    let out = std::process::Command::new("python3")
        .arg(common::root().join("tests/bindings/deckhand_header.py"))
        .output()
        .expect("python3 tests/bindings/deckhand_header.py");
    assert!(
        out.status.success(),
        "deckhand_header.py failed (python3-pycparser installed?): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    parse(&String::from_utf8(out.stdout).unwrap())
}

/// A header type as the Rust type text deckhand-sys must declare, spaces removed. A
/// pointer may be *const or *mut (the header's reader does not keep const); both are
/// accepted by comparing with "*?" in its place.
fn rust_type(t: &Json) -> String {
    let t = t.array();
    match t[0].str() {
        "void" => "()".into(),
        "scalar" => match t[1].str() {
            "int" => "c_int",
            "char" => "c_char",
            "int32_t" => "i32",
            "uint32_t" => "u32",
            "int64_t" => "i64",
            "uint64_t" => "u64",
            "uint8_t" => "u8",
            "size_t" => "usize",
            "float" => "f32",
            other => panic!("a scalar the check does not know: {other}"),
        }
        .into(),
        "struct" => t[1].str().into(),
        "pointer" => format!("*?{}", rust_type(&t[1])),
        other => panic!("a type the check does not know: {other}"),
    }
}

fn normal(rust: &str) -> String {
    rust.replace(' ', "")
        .replace("*const", "*?")
        .replace("*mut", "*?")
}

#[test]
fn every_stable_function_is_declared_as_the_header_declares_it() {
    let h = header();
    let mut checked = 0;
    let mut missing = Vec::new();
    for (name, f) in h.at("functions").object() {
        if !f.at("stable").bool() {
            continue; // experimental (DH_EXPERIMENTAL): not bound
        }
        let Some(d) = sys::DECLARATIONS.iter().find(|d| d.name == name) else {
            missing.push(name.clone());
            continue;
        };
        let want: Vec<String> = f.at("params").array().iter().map(rust_type).collect();
        let have: Vec<String> = d.params.iter().map(|p| normal(p)).collect();
        assert_eq!(have, want, "{name}: parameters");
        assert_eq!(
            normal(d.result),
            rust_type(f.at("result")),
            "{name}: result"
        );
        checked += 1;
    }
    assert!(
        missing.is_empty(),
        "not declared in deckhand-sys: {missing:?}"
    );
    for d in sys::DECLARATIONS {
        let f = h
            .at("functions")
            .get(d.name)
            .unwrap_or_else(|| panic!("{} is not in the header", d.name));
        assert!(f.at("stable").bool(), "{} is experimental", d.name);
    }
    assert!(checked >= 80, "only {checked} functions checked");
}

#[test]
fn struct_layouts_are_the_headers() {
    let h = header();
    macro_rules! layout {
        ($t:ty, $($f:ident),*) => {
            (stringify!($t), size_of::<$t>(), vec![$((stringify!($f), offset_of!($t, $f))),*])
        };
    }
    let ours = vec![
        layout!(dh_error, size, status, reason, line, code, message),
        layout!(
            dh_game_info,
            size,
            min_players,
            max_players,
            option_count,
            phase_count,
            action_kind_count,
            name,
            description,
            limit_option,
            unattended_limit,
            lower_is_better
        ),
        layout!(
            dh_option_info,
            size,
            name,
            values,
            default_value,
            rule,
            description
        ),
        layout!(dh_action_kind_info, size, kind, name, syntax),
        layout!(dh_action, seat, kind, arg, count, cards),
    ];
    use sys::*;
    for (name, size, fields) in ours {
        let s = h.at("structs").at(name);
        assert_eq!(size as i64, s.at("size").i64(), "{name}: size");
        let theirs: Vec<(String, i64)> = s
            .at("fields")
            .array()
            .iter()
            .map(|f| (f.at("name").str().to_string(), f.at("offset").i64()))
            .collect();
        let ours: Vec<(String, i64)> = fields
            .iter()
            .map(|(n, o)| (n.to_string(), *o as i64))
            .collect();
        assert_eq!(ours, theirs, "{name}: fields and offsets");
    }
}

#[test]
fn status_codes_are_the_headers() {
    let h = header();
    let statuses = h.at("statuses").object();
    assert_eq!(statuses.len(), sys::STATUSES.len());
    for (name, value) in statuses {
        let ours = sys::STATUSES.iter().find(|(n, _)| n == name);
        assert_eq!(ours.map(|(_, v)| *v as i64), Some(value.i64()), "{name}");
    }
}
