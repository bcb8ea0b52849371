//! The words the crate embeds (`include_str!`) live in the workspace's `assets/locales/`,
//! outside this crate's folder. Cargo remembers such files by their absolute path, so a target
//! directory shared by two checkouts (CI's, kept between runs) could count this crate fresh
//! against the other checkout's words. The folder is named here instead: the path enters the
//! build through `COME_BUY_LOCALES`, and a checkout elsewhere, or any change in the words,
//! builds it again.
fn main() {
    // At run time, from cargo: a build script compiled in one checkout may run for another.
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = std::path::Path::new(&root).join("../assets/locales");
    println!("cargo::rerun-if-changed=../assets/locales");
    // And by its whole path: after a build from another checkout, since gone (CI's clones,
    // a worktree), a checkout whose files are older than that build would otherwise keep the
    // gone checkout's path.
    println!("cargo::rerun-if-changed={}", dir.display());
    println!("cargo::rustc-env=COME_BUY_LOCALES={}", dir.display());
}
