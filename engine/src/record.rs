//! The match record: how a match began (game, players, seed, variants, who sat where) and
//! every action with the seat that took it. The autosave, the simulator's `--record` and
//! `replay`, and the protocol all keep this one record; RON and JSON both read and write it,
//! and a match code packs it into a short URL-safe text.

use crate::game::{Game, RuleError, Seat, Setup};
use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::fmt;

/// The record format this version writes. Format 1 (the table's first autosaves: no player
/// count, actions without seats) and the simulator's first replay files (no format at all)
/// are still read.
pub const FORMAT: u32 = 2;

/// Who sat in a seat (the simulator may leave the seats out).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    pub name: String,
    /// Index into the table's seat colours.
    #[serde(default)]
    pub color: usize,
    /// `None` for a person, else the bot's name.
    #[serde(default)]
    pub bot: Option<String>,
}

/// One action and the seat that took it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Step<A> {
    pub seat: Seat,
    pub action: A,
}

/// A match: with the same engine, it replays exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record<A> {
    pub format: u32,
    pub game: String,
    pub players: usize,
    pub seed: u64,
    #[serde(default)]
    pub variants: Vec<String>,
    #[serde(default)]
    pub seats: Vec<SeatRecord>,
    pub steps: Vec<Step<A>>,
}

/// Why a record could not be read or replayed.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    /// Neither RON nor JSON of a record.
    Parse(String),
    /// A format this version does not read.
    Format(u32),
    /// A record of another game.
    WrongGame { expected: String, found: String },
    /// The setup itself is refused (players, variants).
    Setup(RuleError),
    /// Step `step` (1-based) was taken after the end.
    AfterEnd { step: usize },
    /// Step `step` names a seat whose turn it was not.
    WrongSeat {
        step: usize,
        seat: Seat,
        expected: Seat,
    },
    /// Step `step` is refused by the rules.
    Illegal {
        step: usize,
        action: String,
        error: RuleError,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Parse(e) => write!(f, "not a match record: {e}"),
            RecordError::Format(n) => write!(
                f,
                "record format {n} is not supported (this version reads 1 to {FORMAT})"
            ),
            RecordError::WrongGame { expected, found } => {
                write!(f, "this is a record of {found}, not of {expected}")
            }
            RecordError::Setup(e) => write!(f, "the setup is refused: {e}"),
            RecordError::AfterEnd { step } => {
                write!(f, "move {step} comes after the end of the game")
            }
            RecordError::WrongSeat {
                step,
                seat,
                expected,
            } => write!(
                f,
                "move {step} is by seat {seat}, but it was seat {expected}'s turn"
            ),
            RecordError::Illegal {
                step,
                action,
                error,
            } => write!(f, "move {step} ({action}) is not legal: {error}"),
        }
    }
}

impl std::error::Error for RecordError {}

/// Every way a record has been written: the fields of all formats, all optional.
#[derive(Deserialize)]
struct AnyRecord<A> {
    /// 0: the simulator's first replay files, which had no format.
    #[serde(default)]
    format: u32,
    game: String,
    /// 0: format 1, which had none (the seats tell).
    #[serde(default)]
    players: usize,
    seed: u64,
    #[serde(default)]
    variants: Vec<String>,
    #[serde(default)]
    seats: Vec<SeatRecord>,
    #[serde(default = "Vec::new")]
    steps: Vec<Step<A>>,
    /// Formats before 2: the actions alone, each by the seat whose turn it was.
    #[serde(default = "Vec::new")]
    actions: Vec<A>,
}

/// Just the game id of a record of any game (to choose the game type before reading it).
#[derive(Deserialize)]
struct Header {
    game: String,
}

fn parse_text<T: DeserializeOwned>(text: &str) -> Result<T, RecordError> {
    if text.trim_start().starts_with('{') {
        serde_json::from_str(text).map_err(|e| RecordError::Parse(format!("JSON: {e}")))
    } else {
        ron::from_str(text).map_err(|e| RecordError::Parse(format!("RON: {e}")))
    }
}

/// The game id of a record (RON or JSON), whatever its format.
pub fn game_of(text: &str) -> Result<String, RecordError> {
    parse_text::<Header>(text).map(|h| h.game)
}

impl<A: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned> Record<A> {
    /// A new record with no steps yet.
    pub fn new(game: &str, setup: &Setup, seats: Vec<SeatRecord>) -> Record<A> {
        Record {
            format: FORMAT,
            game: game.to_string(),
            players: setup.players,
            seed: setup.seed,
            variants: setup.variants.clone(),
            seats,
            steps: Vec::new(),
        }
    }

    pub fn setup(&self) -> Setup {
        Setup {
            players: self.players,
            seed: self.seed,
            variants: self.variants.clone(),
        }
    }

    pub fn actions(&self) -> impl Iterator<Item = &A> {
        self.steps.iter().map(|s| &s.action)
    }

    /// Reads a record of game `G` from RON or JSON, in any format written so far (older ones
    /// are brought up to date by replaying them); checked to the end.
    pub fn parse<G: Game<Action = A>>(text: &str) -> Result<Record<A>, RecordError> {
        let any: AnyRecord<A> = parse_text(text)?;
        if any.game != G::ID {
            return Err(RecordError::WrongGame {
                expected: G::ID.to_string(),
                found: any.game,
            });
        }
        if any.format > FORMAT {
            return Err(RecordError::Format(any.format));
        }
        let players = if any.players > 0 {
            any.players
        } else {
            any.seats.len()
        };
        let mut record = Record {
            format: FORMAT,
            game: any.game,
            players,
            seed: any.seed,
            variants: any.variants,
            seats: any.seats,
            steps: any.steps,
        };
        if record.steps.is_empty() {
            let actions = any.actions;
            // Before format 2 each action was by the seat whose turn it was.
            let (mut g, _) = G::start(&record.setup()).map_err(RecordError::Setup)?;
            for (i, action) in actions.into_iter().enumerate() {
                let seat = g
                    .current_player()
                    .ok_or(RecordError::AfterEnd { step: i + 1 })?;
                g.apply(seat, &action)
                    .map_err(|error| RecordError::Illegal {
                        step: i + 1,
                        action: format!("{action:?}"),
                        error,
                    })?;
                record.steps.push(Step { seat, action });
            }
        }
        record.replay::<G>(|_, _, _| {})?;
        Ok(record)
    }

    /// The record as pretty RON (the autosave's and `--record`'s form).
    pub fn to_ron(&self) -> String {
        crate::levels::to_ron(self)
    }

    /// The record as one line of JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Plays the record from its setup: `on_step(i, step, effects)` sees each step (0-based)
    /// and its effects. Returns the final state and the setup's effects.
    #[allow(clippy::type_complexity)]
    pub fn replay<G: Game<Action = A>>(
        &self,
        mut on_step: impl FnMut(usize, &Step<A>, Vec<G::Effect>),
    ) -> Result<(G, Vec<G::Effect>), RecordError> {
        let (mut g, first) = G::start(&self.setup()).map_err(RecordError::Setup)?;
        for (i, step) in self.steps.iter().enumerate() {
            let expected = g
                .current_player()
                .ok_or(RecordError::AfterEnd { step: i + 1 })?;
            if step.seat != expected {
                return Err(RecordError::WrongSeat {
                    step: i + 1,
                    seat: step.seat,
                    expected,
                });
            }
            let effects =
                g.apply(step.seat, &step.action)
                    .map_err(|error| RecordError::Illegal {
                        step: i + 1,
                        action: format!("{:?}", step.action),
                        error,
                    })?;
            on_step(i, step, effects);
        }
        Ok((g, first))
    }
}
