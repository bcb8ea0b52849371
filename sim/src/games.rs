//! The games the simulator knows, and dispatch from a game id to generic code.

use crate::args::Args;
use crate::{protocol, tournament};
use come_buy_engine::bots::WithBots;
use come_buy_engine::decktet::{Decktet, decktet};
use come_buy_engine::duchess::{self, Duchess};
use come_buy_engine::goblin_market::{self, GoblinMarket};
use come_buy_engine::levels::{self, DataError};
use come_buy_engine::mykonos::{self, Card, Mykonos};
use serde_json::Value;
use std::ops::RangeInclusive;
use std::path::Path;

/// What the simulator needs beyond the engine's `Game`.
pub trait SimGame: WithBots {
    const PLAYERS: RangeInclusive<usize>;
    /// The card list that card ids in actions, effects and views refer to.
    fn catalog() -> Value;
}

impl SimGame for GoblinMarket {
    const PLAYERS: RangeInclusive<usize> = 3..=6;

    fn catalog() -> Value {
        let d = decktet();
        let cards: Vec<Value> = d
            .cards
            .iter()
            .enumerate()
            .map(|(id, c)| {
                crate::protocol::obj(vec![
                    ("id".into(), crate::protocol::to_val(&id)),
                    ("name".into(), Value::String(c.name.clone())),
                    ("rank".into(), Value::String(c.rank.label())),
                    (
                        "suits".into(),
                        Value::Array(
                            c.suits
                                .iter()
                                .map(|s| Value::String(s.name().into()))
                                .collect(),
                        ),
                    ),
                ])
            })
            .collect();
        Value::Array(cards)
    }
}

impl SimGame for Mykonos {
    const PLAYERS: RangeInclusive<usize> = 2..=4;

    /// All 52 cards (fewer are in play with 2 or 3 players: see the state's `removed_ranks`).
    fn catalog() -> Value {
        let cards: Vec<Value> = Card::all()
            .into_iter()
            .map(|c| {
                crate::protocol::obj(vec![
                    ("id".into(), crate::protocol::to_val(&c.id())),
                    ("name".into(), Value::String(c.to_string())),
                    ("short".into(), Value::String(c.short())),
                    ("rank".into(), Value::String(c.rank_label().into())),
                    ("rank_value".into(), crate::protocol::to_val(&c.rank())),
                    ("suit".into(), Value::String(c.suit().name().into())),
                    ("face".into(), Value::Bool(c.is_face())),
                ])
            })
            .collect();
        Value::Array(cards)
    }
}

impl SimGame for Duchess {
    const PLAYERS: RangeInclusive<usize> = 1..=2;

    /// All 24 cards (the expansions' cards are in play only with their variants).
    fn catalog() -> Value {
        let cfg = duchess::config();
        let cards: Vec<Value> = cfg
            .cards
            .iter()
            .enumerate()
            .map(|(id, c)| {
                let wish = match c.wish {
                    None => Value::Null,
                    Some(w) => crate::protocol::obj(vec![
                        ("gem".into(), Value::String(format!("{:?}", w.gem))),
                        ("count".into(), crate::protocol::to_val(&w.count)),
                        ("florins".into(), crate::protocol::to_val(&w.florins)),
                        ("text".into(), Value::String(w.text())),
                    ]),
                };
                crate::protocol::obj(vec![
                    ("id".into(), crate::protocol::to_val(&id)),
                    ("name".into(), Value::String(c.name.clone())),
                    ("set".into(), Value::String(format!("{:?}", c.set))),
                    (
                        "top".into(),
                        Value::Array(
                            c.top
                                .iter()
                                .map(|g| Value::String(format!("{g:?}")))
                                .collect(),
                        ),
                    ),
                    ("wish".into(), wish),
                ])
            })
            .collect();
        Value::Array(cards)
    }
}

/// A command that runs for any game type.
pub trait Command {
    fn run<G: SimGame>(self) -> Result<(), String>;
}

pub struct Serve<'a>(pub &'a Args);
pub struct Play<'a>(pub &'a Args);
pub struct Bench<'a>(pub &'a Args);

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

pub const GAME_IDS: &[&str] = &["goblin-market", "duchess", "mykonos"];

pub fn dispatch<C: Command>(game: &str, command: C) -> Result<(), String> {
    match game {
        "goblin-market" => command.run::<GoblinMarket>(),
        "mykonos" => command.run::<Mykonos>(),
        "duchess" => command.run::<Duchess>(),
        _ => Err(format!(
            "unknown game {game:?}; game ids: {}",
            GAME_IDS.join(", ")
        )),
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
    let results: Vec<(String, Result<(), DataError>)> = vec![
        (
            "decktet.ron".into(),
            levels::load::<Decktet>(&file("decktet.ron")).map(|_| ()),
        ),
        (
            "duchess.ron".into(),
            levels::load::<duchess::Config>(&file("duchess.ron")).map(|_| ()),
        ),
        (
            "goblin_market.ron".into(),
            levels::load::<goblin_market::Config>(&file("goblin_market.ron")).map(|_| ()),
        ),
        (
            "mykonos.ron".into(),
            levels::load::<mykonos::Config>(&file("mykonos.ron")).map(|_| ()),
        ),
    ];
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
