//! The simulator's commands that run for any game (serve, play, bench, think) and the level
//! check; `games` finds the game, these do the work.

use crate::args::Args;
use crate::games::Command;
use crate::games::SimGame;
use crate::{protocol, tournament};
use come_buy_engine::catalog::{self, CatalogGame, ForGame};
use come_buy_engine::decktet::Decktet;
use come_buy_engine::levels::{self, DataError};
use std::path::Path;

pub struct Serve<'a>(pub &'a Args);
pub struct Play<'a>(pub &'a Args);
pub struct Bench<'a>(pub &'a Args);
pub struct Think<'a>(pub &'a Args);

impl Command for Think<'_> {
    fn run<G: SimGame>(self) -> Result<(), String> {
        tournament::think::<G>(self.0)
    }
}

impl Command for Serve<'_> {
    fn run<G: SimGame>(self) -> Result<(), String> {
        protocol::serve::<G>(self.0)
    }
}

impl Command for Play<'_> {
    fn run<G: SimGame>(self) -> Result<(), String> {
        tournament::play::<G>(self.0)
    }
}

impl Command for Bench<'_> {
    fn run<G: SimGame>(self) -> Result<(), String> {
        tournament::bench::<G>(self.0)
    }
}

/// Checks the level files in DIR (default `levels`) from disk, naming each bad file.
pub fn check_levels(args: &Args) -> Result<(), String> {
    let dir = args
        .positional
        .first()
        .map(String::as_str)
        .unwrap_or("levels");
    let file = |name: &str| Path::new(dir).join(name);
    let mut results: Vec<(String, Result<(), DataError>)> = vec![(
        "decktet.ron".into(),
        levels::load::<Decktet>(&file("decktet.ron")).map(|_| ()),
    )];
    // The deals of the day: the file itself, and its games, seats and bots.
    let daily = levels::load::<come_buy_engine::daily::DailyFile>(&file("daily.ron"));
    results.push((
        "daily.ron".into(),
        daily.and_then(|d| match catalog::deal_problems(&d) {
            p if p.is_empty() => Ok(()),
            p => Err(DataError {
                file: file("daily.ron").display().to_string(),
                message: p.join("; "),
            }),
        }),
    ));
    // Each game's level file, through the catalog.
    struct Check<'a>(&'a Path);
    impl ForGame for Check<'_> {
        type Out = (String, Result<(), DataError>);
        fn run<G: CatalogGame>(self) -> Self::Out {
            let name = G::LEVEL.path.trim_start_matches("levels/").to_string();
            let checked = G::check_level(&self.0.join(&name));
            (name, checked)
        }
    }
    for id in catalog::IDS {
        results.extend(catalog::dispatch(id, Check(Path::new(dir))));
    }
    // The guided games: each script read and played through against its deal.
    for t in catalog::guided_files() {
        let name = t.file.path.trim_start_matches("levels/").to_string();
        let path = file(&name);
        let checked = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read: {e}"))
            .and_then(|text| crate::tutorial::check(t.id, text));
        results.push((
            name,
            checked.map_err(|message| DataError {
                file: path.display().to_string(),
                message,
            }),
        ));
    }
    let mut bad = 0;
    for (name, r) in results {
        match r {
            Ok(()) => println!("ok    {}", file(&name).display()),
            Err(e) => {
                println!("error {e}");
                bad += 1;
            }
        }
    }
    if bad == 0 {
        Ok(())
    } else {
        Err(format!("{bad} level file(s) have errors"))
    }
}
