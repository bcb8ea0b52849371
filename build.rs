//! Lists the message keys the code writes, for `come-buy --check-locales`: every kebab-case
//! string literal in the app's, the engine's and the text crate's sources whose first part is
//! one of the English catalog's key prefixes ("menu-", "gm-", ...), and the caption keys of
//! the guided games' scripts (`levels/tutorials/`). Keys made at run time
//! (`decktet-card-{key}`) are checked by the text crate's tests instead, from the level files.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap());
    let locales = root.join("assets/locales/en");
    println!("cargo:rerun-if-changed={}", locales.display());
    let mut prefixes = BTreeSet::new();
    for file in files(&locales, "ftl") {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for line in text.lines() {
            let Some((key, _)) = line.split_once(" =") else {
                continue;
            };
            if key.starts_with(|c: char| c.is_ascii_lowercase())
                && let Some((prefix, _)) = key.split_once('-')
            {
                prefixes.insert(prefix.to_string());
            }
        }
    }
    let mut keys = BTreeSet::new();
    let test_game = std::env::var_os("CARGO_FEATURE_TEST_GAME").is_some();
    // The guided games' scripts name their captions' keys as data.
    for (dir, ext) in [
        ("src", "rs"),
        ("engine/src", "rs"),
        ("text/src", "rs"),
        ("levels/tutorials", "ron"),
    ] {
        let dir = root.join(dir);
        println!("cargo:rerun-if-changed={}", dir.display());
        for file in files(&dir, ext) {
            if file.ends_with("tests.rs") {
                continue;
            }
            // The game built only for the tests speaks only in a build with its words.
            if !test_game && file.components().any(|c| c.as_os_str() == "goofspiel") {
                continue;
            }
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            for literal in text.split('"').skip(1).step_by(2) {
                let kebab = literal.contains('-')
                    && !literal.ends_with('-')
                    && !literal.starts_with('-')
                    && !literal.contains("--")
                    && literal
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if kebab
                    && let Some((prefix, _)) = literal.split_once('-')
                    && prefixes.contains(prefix)
                {
                    keys.insert(literal.to_string());
                }
            }
        }
    }
    let list: Vec<String> = keys.iter().map(|k| format!("{k:?}")).collect();
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("used_keys.rs");
    std::fs::write(
        out,
        format!(
            "/// Message keys written in the sources (made by build.rs).\npub const USED_KEYS: &[&str] = &[{}];\n",
            list.join(", ")
        ),
    )
    .unwrap();
}

/// Every file with extension `ext` under `dir`.
fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
