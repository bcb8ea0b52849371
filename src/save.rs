//! Autosave and continue: the match in progress is kept as its setup, seats and actions (a
//! match is a seed plus a list of actions), written atomically after every move on the
//! desktop. A file that cannot be read is never overwritten or deleted: it is set aside as
//! `autosave.broken.ron` and the title screen says why.

use crate::table::{Match, SeatInfo, SeatKind};
use bevy::prelude::*;
use come_buy_engine::game::Game;
use come_buy_engine::goblin_market::{Action, GoblinMarket};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub const FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedSeat {
    pub name: String,
    pub color: usize,
    /// `None` for a person, else the bot's name.
    pub bot: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedMatch {
    pub format: u32,
    pub game: String,
    pub seed: u64,
    #[serde(default)]
    pub variants: Vec<String>,
    pub seats: Vec<SavedSeat>,
    pub actions: Vec<Action>,
}

impl SavedMatch {
    pub fn of(m: &Match) -> SavedMatch {
        SavedMatch {
            format: FORMAT,
            game: GoblinMarket::ID.to_string(),
            seed: m.setup.seed,
            variants: m.setup.variants.clone(),
            seats: m
                .seats
                .iter()
                .map(|s| SavedSeat {
                    name: s.name.clone(),
                    color: s.color,
                    bot: match &s.kind {
                        SeatKind::Person => None,
                        SeatKind::Bot(b) => Some(b.clone()),
                    },
                })
                .collect(),
            actions: m.actions.clone(),
        }
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default()
    }

    /// Rebuilds the match by replaying every action; the first problem is the error.
    pub fn restore(&self) -> Result<Match, String> {
        if self.format != FORMAT {
            return Err(format!(
                "save format {} is not supported (this version reads {FORMAT})",
                self.format
            ));
        }
        if self.game != GoblinMarket::ID {
            return Err(format!(
                "a saved {} game cannot be continued in this version",
                self.game
            ));
        }
        let seats = self
            .seats
            .iter()
            .map(|s| SeatInfo {
                name: s.name.chars().take(14).collect(),
                color: s.color % crate::theme::SEAT_COLORS.len(),
                kind: match &s.bot {
                    None => SeatKind::Person,
                    Some(b) => SeatKind::Bot(b.clone()),
                },
            })
            .collect();
        let mut m =
            Match::new(seats, self.seed, self.variants.clone()).map_err(|e| e.to_string())?;
        for (i, a) in self.actions.iter().enumerate() {
            let seat = m
                .game
                .current_player()
                .ok_or_else(|| format!("move {} ({a:?}) comes after the end of the game", i + 1))?;
            m.act(seat, a.clone())
                .map_err(|e| format!("move {} ({a:?}) is not legal: {e}", i + 1))?;
        }
        Ok(m)
    }

    pub fn parse(text: &str) -> Result<SavedMatch, String> {
        ron::from_str(text).map_err(|e| format!("not a saved game: {e}"))
    }
}

/// Where the autosave lives (desktop only; the web version keeps no files).
pub fn autosave_path() -> Option<PathBuf> {
    if cfg!(target_arch = "wasm32") {
        return None;
    }
    if let Some(dir) = std::env::var_os("COME_BUY_SAVE_DIR") {
        return Some(PathBuf::from(dir).join("autosave.ron"));
    }
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("come-buy").join("autosave.ron"))
}

/// Writes `text` so that a crash mid-write can never leave a half-written save behind.
pub fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension("ron.tmp");
    std::fs::write(&tmp, text)?;
    std::fs::rename(&tmp, path)
}

/// What the title screen can offer.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub enum SaveStatus {
    #[default]
    None,
    /// A game in progress to continue.
    Ready(SavedMatch),
    /// The file could not be used: why, and where it was set aside.
    Broken(String),
}

/// Reads the autosave at `path`; a broken file is moved aside (never deleted).
pub fn check(path: &Path) -> SaveStatus {
    let Ok(text) = std::fs::read_to_string(path) else {
        return SaveStatus::None;
    };
    let problem = match SavedMatch::parse(&text) {
        Ok(saved) => match saved.restore() {
            Ok(m) if m.game.is_over() => return SaveStatus::None,
            Ok(_) => return SaveStatus::Ready(saved),
            Err(e) => e,
        },
        Err(e) => e,
    };
    let aside = path.with_extension("broken.ron");
    let kept = std::fs::rename(path, &aside).is_ok();
    SaveStatus::Broken(if kept {
        format!(
            "The saved game could not be continued ({problem}). It was kept as {}.",
            aside.display()
        )
    } else {
        format!("The saved game could not be continued ({problem}).")
    })
}

pub fn plugin(app: &mut App) {
    let status = autosave_path().map(|p| check(&p)).unwrap_or_default();
    app.insert_resource(status);
    app.add_systems(Update, autosave.run_if(resource_exists::<Match>));
}

/// After every accepted move, the match is saved; a finished match removes its save.
fn autosave(m: Res<Match>, mut saved_at: Local<Option<(u64, usize)>>) {
    let key = (m.setup.seed, m.actions.len());
    if *saved_at == Some(key) {
        return;
    }
    *saved_at = Some(key);
    let Some(path) = autosave_path() else { return };
    if m.game.is_over() {
        let _ = std::fs::remove_file(&path);
        return;
    }
    if let Err(e) = write_atomic(&path, &SavedMatch::of(&m).to_ron()) {
        warn!("cannot autosave to {}: {e}", path.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played_match(moves: usize) -> Match {
        let seats = (0..4)
            .map(|i| SeatInfo {
                name: format!("S{i}"),
                color: i,
                kind: if i == 0 {
                    SeatKind::Person
                } else {
                    SeatKind::Bot("normal".into())
                },
            })
            .collect();
        let mut m = Match::new(seats, 42, vec![]).unwrap();
        for _ in 0..moves {
            let seat = m.game.current_player().unwrap();
            let a = m.game.legal_actions()[1.min(m.game.legal_actions().len() - 1)].clone();
            m.act(seat, a).unwrap();
        }
        m
    }

    #[test]
    fn a_saved_match_restores_exactly() {
        let m = played_match(25);
        let text = SavedMatch::of(&m).to_ron();
        let back = SavedMatch::parse(&text).unwrap().restore().unwrap();
        assert_eq!(format!("{:?}", back.game), format!("{:?}", m.game));
        assert_eq!(back.actions, m.actions);
        assert_eq!(back.seats, m.seats);
    }

    #[test]
    fn broken_saves_are_clear_errors_and_kept_aside() {
        let m = played_match(10);
        let mut saved = SavedMatch::of(&m);
        saved.actions.insert(3, Action::Bid(999));
        let e = saved.restore().unwrap_err();
        assert!(e.contains("move 4") && e.contains("not legal"), "{e}");
        assert!(SavedMatch::parse("(format: 1, game: ").is_err());
        let future = SavedMatch {
            format: 9,
            ..SavedMatch::of(&m)
        };
        assert!(future.restore().unwrap_err().contains("format 9"));

        let dir = std::env::temp_dir().join(format!("come-buy-save-{}", std::process::id()));
        let path = dir.join("autosave.ron");
        write_atomic(&path, "(format: 1, game: \"goblin-market\", seed: 1").unwrap();
        let status = check(&path);
        assert!(
            matches!(&status, SaveStatus::Broken(msg) if msg.contains("kept as")),
            "{status:?}"
        );
        assert!(!path.exists());
        assert!(
            dir.join("autosave.broken.ron").exists(),
            "the broken file is kept"
        );
        write_atomic(&path, &SavedMatch::of(&m).to_ron()).unwrap();
        assert!(matches!(check(&path), SaveStatus::Ready(_)));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
