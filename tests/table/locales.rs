//! `come-buy --check-locales` passes: every language has every message the code writes and
//! every message of the others, and each formats with sample arguments.

#[test]
fn the_locale_check_passes() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_come-buy"))
        .arg("--check-locales")
        .output()
        .expect("the binary runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains("3 languages") && stdout.contains("all good"),
        "{stdout}"
    );
}

#[test]
fn a_language_we_do_not_speak_is_refused() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_come-buy"))
        .args(["--lang", "fr"])
        .output()
        .expect("the binary runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--lang \"fr\""));
}
