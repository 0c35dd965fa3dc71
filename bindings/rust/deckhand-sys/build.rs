// Finds libdeckhand.so: DECKHAND_LIB_DIR, or the output of `make native` (build/python at
// the repository's root). Links it and passes its folder on to dependents (DEP_DECKHAND_LIB_DIR)
// so that they can set an rpath.
use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=DECKHAND_LIB_DIR");
    let dir = match env::var_os("DECKHAND_LIB_DIR") {
        Some(d) => PathBuf::from(d),
        None => {
            PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../../../build/python")
        }
    };
    let dir = dir.canonicalize().unwrap_or_else(|_| {
        panic!(
            "deckhand-sys: no folder {} (build the library with `make native` at the repository's root, or set DECKHAND_LIB_DIR to the folder of libdeckhand.so)",
            dir.display()
        )
    });
    if !dir.join("libdeckhand.so").exists() && !dir.join("libdeckhand.dylib").exists() {
        panic!(
            "deckhand-sys: no libdeckhand in {} (run `make native`, or set DECKHAND_LIB_DIR)",
            dir.display()
        );
    }
    println!(
        "cargo:rerun-if-changed={}",
        dir.join("libdeckhand.so").display()
    );
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=dylib=deckhand");
    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", dir.display());
    println!("cargo:lib_dir={}", dir.display());
}
