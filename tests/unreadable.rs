//! Files that cannot be read (bytes that are not text) are set aside under names of their
//! own, twice in a row without losing either, and the title says so; a file that cannot even
//! be set aside is never written over, and a failed write is said on screen. One test alone in
//! its own process: it makes renames fail for a while, which no other test must see.

mod common;

use bevy::prelude::*;
use come_buy::cli::Speed;
use come_buy::notice::Notices;
use come_buy::save::Saves;
use come_buy::screens::Screen;
use come_buy::stats::Stats;
use come_buy_engine::goblin_market::GoblinMarket;
use common::*;
use std::path::Path;

/// The files in `dir` whose names start with `prefix`, with their bytes, by name.
fn files(dir: &Path, prefix: &str) -> Vec<(String, Vec<u8>)> {
    let mut v: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with(prefix))
        .map(|n| {
            let bytes = std::fs::read(dir.join(&n)).unwrap();
            (n, bytes)
        })
        .collect();
    v.sort();
    v
}

/// A fresh app on `dir`, on the title (the saves read, the statistics loaded).
fn open(dir: &Path) -> App {
    let mut app = headless_with(Some(dir.to_path_buf()));
    for _ in 0..3 {
        app.update();
    }
    app
}

fn problems(app: &App) -> Vec<String> {
    let mut v: Vec<String> = app
        .world()
        .resource::<Saves>()
        .problems
        .iter()
        .map(come_buy_text::say)
        .collect();
    v.extend(
        app.world()
            .resource::<Stats>()
            .problem
            .iter()
            .map(come_buy_text::say),
    );
    v
}

#[test]
fn unreadable_files_are_set_aside_twice_and_never_written_over() {
    let dir = temp_dir("unreadable");
    let first: &[u8] = &[0xff, 0xfe, b'(', 0x80, b'1'];
    let second: &[u8] = &[0xc3, 0x28, b'2', 0xff];
    for (round, bytes) in [first, second].into_iter().enumerate() {
        std::fs::write(dir.join("autosave-mykonos.ron"), bytes).unwrap();
        std::fs::write(dir.join("stats.ron"), bytes).unwrap();
        let app = open(&dir);
        let said = problems(&app);
        assert_eq!(said.len(), 2, "{said:?}");
        assert!(said.iter().all(|p| p.contains(".broken-")), "{said:?}");
        // Every file set aside so far is there with its own bytes: none overwritten.
        for prefix in ["autosave-mykonos.broken-", "stats.broken-"] {
            let kept = files(&dir, prefix);
            assert_eq!(kept.len(), round + 1, "{prefix}: {kept:?}");
            let mut contents: Vec<&[u8]> = kept.iter().map(|(_, b)| b.as_slice()).collect();
            contents.sort();
            let mut want = vec![first, second][..=round].to_vec();
            want.sort();
            assert_eq!(contents, want, "{prefix}");
            assert!(
                said.iter().any(|p| kept.iter().any(|(n, _)| p.contains(n))),
                "the message names where the file went: {said:?}"
            );
        }
        assert!(!dir.join("autosave-mykonos.ron").exists());
        assert!(!dir.join("stats.ron").exists());
        // The title says so, in the player's language.
        assert!(
            come_buy::screens::title::problem_lines(
                app.world().resource::<Saves>(),
                app.world().resource::<Stats>()
            )
            .iter()
            .any(|l| l.contains("Mýkonos")),
            "the title says what happened"
        );
    }

    // When a file cannot even be set aside (a read-only folder, a full disk), it stays as it
    // is and nothing is written over it: not by a match of its game, not by the statistics.
    come_buy::store::fail_renames(true);
    let third: &[u8] = &[0xfe, 0xff, b'3'];
    std::fs::write(dir.join("autosave-goblin-market.ron"), third).unwrap();
    std::fs::write(dir.join("stats.ron"), third).unwrap();
    let mut app = open(&dir);
    let said = problems(&app);
    assert!(
        said.iter()
            .filter(|p| p.contains("nothing will be saved over it"))
            .count()
            == 2,
        "{said:?}"
    );
    start_game::<GoblinMarket>(&mut app, &bots(3), 4, Speed::Instant);
    assert!(run_until(&mut app, 20_000, |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::Results
    }));
    for _ in 0..5 {
        app.update();
    }
    come_buy::store::fail_renames(false);
    assert_eq!(
        std::fs::read(dir.join("autosave-goblin-market.ron")).unwrap(),
        third,
        "the unreadable save is never written over nor removed"
    );
    assert_eq!(
        std::fs::read(dir.join("stats.ron")).unwrap(),
        third,
        "the unreadable statistics are never written over"
    );
    // The failed writes are said on screen.
    let notices = app.world().resource::<Notices>();
    let lines: Vec<String> = notices
        .lines
        .iter()
        .map(|n| come_buy_text::say(&n.text))
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("stats.ron")),
        "a failed write is said: {lines:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
