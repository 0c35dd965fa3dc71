// The tests and examples of this crate find libdeckhand.so through an rpath to the folder
// deckhand-sys linked it from (DECKHAND_LIB_DIR, or build/python of `make native`).
fn main() {
    if let Ok(dir) = std::env::var("DEP_DECKHAND_LIB_DIR") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
        println!("cargo:rustc-env=DECKHAND_LIB_DIR_USED={dir}");
    }
}
