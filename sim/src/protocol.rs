//! The line protocol (`serve`) and saved matches (`replay`).
//!
//! `serve` writes one JSON object per line: first the setup (step 0, with the card catalog),
//! then one per accepted action. Input is one JSON value per line: an action in the game's
//! JSON form (`"Pass"`, `{"Bid":5}`) for the current player, or `{"seat":2,"action":...}`,
//! or `{"view":1}` to see the table as seat 1 sees it. Bad input gets an error line and
//! changes nothing.

use crate::args::Args;
use crate::games::{self, Command, SimGame};
use come_buy_engine::game::{Seat, Setup};
use come_buy_engine::json::{self, Value};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, Write};

/// A saved match: everything needed to replay it exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayFile<A> {
    pub game: String,
    pub players: usize,
    pub seed: u64,
    #[serde(default)]
    pub variants: Vec<String>,
    /// Each applied by the player whose turn it is.
    pub actions: Vec<A>,
}

#[derive(Deserialize)]
struct ReplayHeader {
    game: String,
}

fn field<T: Serialize + ?Sized>(name: &str, value: &T) -> (String, Value) {
    (
        name.to_string(),
        json::to_value(value).unwrap_or(Value::Null),
    )
}

/// A serving session: the game and what has been played so far.
pub struct Session<G: SimGame> {
    pub game: G,
    pub setup: Setup,
    pub actions: Vec<G::Action>,
    view_seat: Option<Seat>,
    first_effects: Vec<G::Effect>,
}

impl<G: SimGame> Session<G> {
    pub fn new(setup: Setup, view_seat: Option<Seat>) -> Result<Self, String> {
        if let Some(s) = view_seat
            && s >= setup.players
        {
            return Err(format!(
                "--seat {s}: there are only {} seats",
                setup.players
            ));
        }
        let (game, first_effects) = G::start(&setup).map_err(|e| e.to_string())?;
        Ok(Session {
            game,
            setup,
            actions: Vec::new(),
            view_seat,
            first_effects,
        })
    }

    fn redacted(&self, effects: &[G::Effect]) -> Vec<G::Effect> {
        effects
            .iter()
            .map(|e| G::redact(e, self.view_seat))
            .collect()
    }

    fn state_fields(&self, fields: &mut Vec<(String, Value)>) {
        let g = &self.game;
        fields.push(field("current_player", &g.current_player()));
        // A client watching as one seat sees only its own choices (they may show its hand).
        let legal = match (self.view_seat, g.current_player()) {
            (Some(v), Some(c)) if v != c => Vec::new(),
            _ => g.legal_actions(),
        };
        fields.push(field("legal_actions", &legal));
        fields.push(field("state", &g.view(self.view_seat)));
        fields.push(field("over", &g.is_over()));
        fields.push(field("scores", &g.scores()));
    }

    /// The first line: the setup, the card catalog, the setup's effects and the state.
    pub fn intro(&self) -> String {
        let mut f = vec![
            field("step", &0),
            field("game", G::ID),
            field("setup", &self.setup),
            ("catalog".to_string(), G::catalog()),
            field("effects", &self.redacted(&self.first_effects)),
        ];
        self.state_fields(&mut f);
        Value::Object(f).to_string()
    }

    fn error(&self, kind: &str, message: &str) -> String {
        Value::Object(vec![
            field("error", message),
            field("kind", kind),
            field("step", &self.actions.len()),
        ])
        .to_string()
    }

    /// Handles one input line; `None` for blank and comment lines.
    pub fn handle(&mut self, line: &str) -> Option<String> {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            return None;
        }
        let value = match json::parse(t) {
            Ok(v) => v,
            Err(e) => return Some(self.error("Parse", &format!("not JSON: {e}"))),
        };
        if let Some(seat) = value.get("view") {
            return Some(match json::from_value::<Seat>(seat.clone()) {
                // A client serving as one seat may not look at another seat's hand.
                Ok(s) if self.view_seat.is_some_and(|v| v != s) => self.error(
                    "Forbidden",
                    "this session plays as one seat: it may only view that seat",
                ),
                Ok(s) if s < self.game.players() => Value::Object(vec![
                    field("view", &s),
                    field("state", &self.game.view(Some(s))),
                ])
                .to_string(),
                _ => self.error("Parse", "\"view\" needs a seat number at this table"),
            });
        }
        let (seat, action_value) = match value.get("action") {
            Some(a) => {
                let seat = match value.get("seat") {
                    None => self.game.current_player(),
                    Some(s) => match json::from_value::<Seat>(s.clone()) {
                        Ok(s) => Some(s),
                        Err(_) => {
                            return Some(self.error("Parse", "\"seat\" must be a seat number"));
                        }
                    },
                };
                (seat, a.clone())
            }
            None => (self.game.current_player(), value),
        };
        let action: G::Action = match json::from_value(action_value) {
            Ok(a) => a,
            Err(e) => {
                return Some(self.error("Parse", &format!("not an action of {}: {e}", G::ID)));
            }
        };
        // After the end there is no current player: seat 0 gets the engine's GameOver error.
        match self.game.apply(seat.unwrap_or(0), &action) {
            Err(e) => Some(self.error(e.kind(), &e.to_string())),
            Ok(effects) => {
                self.actions.push(action.clone());
                let mut f = vec![
                    field("step", &self.actions.len()),
                    field("seat", &seat),
                    field("action", &action),
                    field("effects", &self.redacted(&effects)),
                ];
                self.state_fields(&mut f);
                Some(Value::Object(f).to_string())
            }
        }
    }

    pub fn replay_file(&self) -> ReplayFile<G::Action> {
        ReplayFile {
            game: G::ID.to_string(),
            players: self.setup.players,
            seed: self.setup.seed,
            variants: self.setup.variants.clone(),
            actions: self.actions.clone(),
        }
    }
}

pub fn setup_from(args: &Args) -> Result<Setup, String> {
    Ok(Setup {
        players: args.required("players")?,
        seed: args.required("seed")?,
        variants: args.variants(),
    })
}

pub fn serve<G: SimGame>(args: &Args) -> Result<(), String> {
    let mut session = Session::<G>::new(setup_from(args)?, args.num("seat")?)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let io = |e: std::io::Error| format!("output: {e}");
    writeln!(out, "{}", session.intro()).map_err(io)?;
    out.flush().map_err(io)?;
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| format!("input: {e}"))?;
        if let Some(reply) = session.handle(&line) {
            writeln!(out, "{reply}").map_err(io)?;
            out.flush().map_err(io)?;
        }
    }
    if let Some(path) = args.get("record") {
        let text = come_buy_engine::levels::to_ron(&session.replay_file());
        std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    Ok(())
}

/// Parses a replay (JSON if it starts with `{`, else RON).
pub fn parse_replay<T: for<'de> Deserialize<'de>>(name: &str, text: &str) -> Result<T, String> {
    if text.trim_start().starts_with('{') {
        json::from_str(text).map_err(|e| format!("{name}: not a valid JSON replay: {e}"))
    } else {
        ron::from_str(text).map_err(|e| format!("{name}: not a valid RON replay: {e}"))
    }
}

/// Plays a replay to its end; the JSON summary of the final state.
pub fn replay<G: SimGame>(name: &str, text: &str) -> Result<String, String> {
    let file: ReplayFile<G::Action> = parse_replay(name, text)?;
    let setup = Setup {
        players: file.players,
        seed: file.seed,
        variants: file.variants.clone(),
    };
    let (mut g, _) = G::start(&setup).map_err(|e| format!("{name}: {e}"))?;
    for (i, a) in file.actions.iter().enumerate() {
        let seat = g.current_player().ok_or_else(|| {
            format!(
                "{name}: action {} ({a:?}) comes after the game ended",
                i + 1
            )
        })?;
        g.apply(seat, a).map_err(|e| {
            format!(
                "{name}: action {} ({a:?}) by seat {seat} is illegal: {e}",
                i + 1
            )
        })?;
    }
    Ok(Value::Object(vec![
        field("game", G::ID),
        field("setup", &setup),
        field("steps", &file.actions.len()),
        field("over", &g.is_over()),
        field("current_player", &g.current_player()),
        field("scores", &g.scores()),
        field("state", &g.view(None)),
    ])
    .to_string())
}

struct Replay<'a> {
    name: &'a str,
    text: &'a str,
}

impl Command for Replay<'_> {
    fn run<G: SimGame>(self) -> Result<(), String> {
        println!("{}", replay::<G>(self.name, self.text)?);
        Ok(())
    }
}

pub fn replay_file(args: &Args) -> Result<(), String> {
    let name = args
        .positional
        .first()
        .ok_or("replay needs a FILE (seed + actions, RON or JSON)")?;
    let text = std::fs::read_to_string(name).map_err(|e| format!("cannot read {name}: {e}"))?;
    let header: ReplayHeader = parse_replay(name, &text)?;
    games::dispatch(&header.game, Replay { name, text: &text })
}

#[cfg(test)]
mod tests {
    use super::*;
    use come_buy_engine::game::Game;
    use come_buy_engine::goblin_market::GoblinMarket;
    use come_buy_engine::rng::Rng;

    fn session(seed: u64) -> Session<GoblinMarket> {
        Session::new(Setup::new(4, seed), None).unwrap()
    }

    /// Random and mangled lines: every one gets a reply (or is a comment), never a panic, and
    /// a refused line leaves the game exactly as it was.
    #[test]
    fn fuzzed_lines_are_refused_without_changing_anything() {
        let pieces = [
            "\"Pass\"",
            "{\"Bid\":3}",
            "{\"Bid\":",
            "\"TakeAll\"",
            "{\"TakeOne\":7}",
            "null",
            "[]",
            "{}",
            "{\"seat\":1,\"action\":\"Pass\"}",
            "{\"seat\":\"x\",\"action\":1}",
            "{\"view\":-1}",
            "\u{0}",
            "{\"Bid\":18446744073709551616}",
            "1e999",
            "\"\\ud800\"",
            "tru",
            "{\"a\":{\"b\":[",
            "# comment",
        ];
        let mut rng = Rng::new(5);
        let mut s = session(8);
        let mut accepted = 0;
        for _ in 0..5000 {
            let mut line = String::new();
            for _ in 0..1 + rng.below(3) {
                line.push_str(pieces[rng.below(pieces.len())]);
            }
            if rng.below(4) == 0 {
                let cut = rng.below(line.len() + 1);
                line = line.chars().take(cut).collect();
            }
            let before = format!("{:?}", s.game);
            let steps = s.actions.len();
            match s.handle(&line) {
                None => assert!(line.trim().is_empty() || line.trim().starts_with('#')),
                Some(reply) => {
                    let v = json::parse(&reply).expect("replies are JSON");
                    if v.get("error").is_some() {
                        assert_eq!(format!("{:?}", s.game), before, "{line}");
                        assert_eq!(s.actions.len(), steps);
                    } else if v.get("view").is_none() {
                        accepted += 1;
                        assert_eq!(s.actions.len(), steps + 1);
                    }
                }
            }
            if s.game.is_over() {
                s = session(rng.next_u64());
            }
        }
        assert!(
            accepted > 50,
            "the fuzz should also hit legal lines ({accepted})"
        );
    }

    #[test]
    fn replies_carry_the_state_the_legal_actions_and_the_effects() {
        let mut s = session(2);
        let intro = json::parse(&s.intro()).unwrap();
        for key in [
            "setup",
            "catalog",
            "effects",
            "current_player",
            "legal_actions",
            "state",
            "over",
            "scores",
        ] {
            assert!(intro.get(key).is_some(), "intro lacks {key}");
        }
        let reply = json::parse(&s.handle("\"Pass\"").unwrap()).unwrap();
        assert_eq!(reply.get("action").and_then(Value::as_str), Some("Pass"));
        let effects = reply.get("effects").unwrap().to_string();
        assert!(effects.contains("Passed"), "{effects}");
        let file = s.replay_file();
        assert_eq!(file.actions.len(), 1);
        let text = come_buy_engine::levels::to_ron(&file);
        let back: ReplayFile<come_buy_engine::goblin_market::Action> =
            parse_replay("x", &text).unwrap();
        assert_eq!(back, file);
    }
}
