//! The binary's usage: wrong words are refused clearly, and `--help` works everywhere.

use super::*;

#[test]
fn usage_errors_are_clear() {
    let (code, _, err) = run(&[
        "serve",
        "--game",
        "goblin-market",
        "--players",
        "9",
        "--seed",
        "1",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("3 to\u{a0}6 players"), "{err}");
    // Usage errors exit 2 with the usage (clap's).
    let (code, _, err) = run(&["serve", "--game", "chess", "--players", "3", "--seed", "1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("chess") && err.contains("goblin-market"),
        "{err}"
    );
    let (code, _, err) = run(&["frobnicate"]);
    assert_eq!(code, 2);
    assert!(err.contains("frobnicate") && err.contains("Usage"), "{err}");
    let (code, _, _) = run(&[]);
    assert_eq!(code, 2);
    // A misspelt flag is an error, never silently ignored (it used to run the base game).
    let (code, _, err) = run(&[
        "play",
        "--game",
        "duchess",
        "--players",
        "1",
        "--bots",
        "expert",
        "--games",
        "2",
        "--varient",
        "rainbow",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--varient") && err.contains("--variant"),
        "{err}"
    );
    let (code, _, err) = run(&["serve", "--game", "mykonos", "--players", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("--seed"), "{err}");
    let (code, _, err) = run(&["bench", "--game", "mykonos", "--seconds", "soon"]);
    assert_eq!(code, 2);
    assert!(err.contains("soon"), "{err}");
    // An unknown bot is a clear error.
    let (code, _, err) = run(&[
        "play",
        "--game",
        "mykonos",
        "--players",
        "2",
        "--bots",
        "normal,grandmaster",
        "--games",
        "2",
    ]);
    assert_eq!(code, 1);
    assert!(
        err.contains("unknown bot") && err.contains("grandmaster"),
        "{err}"
    );
}

/// `--help` works on every command, with the command's own flags.
#[test]
fn help_works_everywhere() {
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    for cmd in [
        "serve",
        "replay",
        "play",
        "bench",
        "check-levels",
        "balance",
    ] {
        assert!(out.contains(cmd), "{cmd} missing from the usage:\n{out}");
        let (code, out, err) = run(&[cmd, "--help"]);
        assert_eq!(code, 0, "{cmd} --help: {err}");
        assert!(out.contains("Usage: come-buy-sim"), "{cmd}: {out}");
    }
    let (_, out, _) = run(&["play", "--help"]);
    for flag in [
        "--game",
        "--players",
        "--bots",
        "--games",
        "--seed",
        "--variant",
    ] {
        assert!(
            out.contains(flag),
            "{flag} missing from play --help:\n{out}"
        );
    }
}
