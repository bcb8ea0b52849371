//! The table being set up on New game: the game, its seats (a person or a bot, a name, a
//! colour) and its rules, kept between matches; starting its match, or asking first when a
//! game of that kind is in progress.

use crate::games::install;
use crate::games::{ForGame, GameKind};
use crate::save::Saves;
use crate::state::Overlay;
use crate::table::{Match, SeatInfo, SeatKind, TableGame};
use crate::theme::{DEFAULT_NAMES, SEAT_COLORS};
use bevy::prelude::*;
use come_buy_text::tr;

/// The table being set up (kept between games so "play again" keeps the seats).
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct GameSetup {
    pub game: GameKind,
    pub seats: Vec<SeatInfo>,
    /// Index into the game's [`GameKind::variant_choices`].
    pub variant: usize,
    /// The seed of the next match; `None` picks a fresh one.
    pub seed: Option<u64>,
}

pub use crate::table::bot_label;

/// The bot levels players pick from, strongest first (every game has these three; the
/// simulator's `random` baseline and older names stay loadable but are not offered).
pub const LEVELS: [&str; 3] = ["hard", "normal", "easy"];

/// What a seat can be in `game`: a person, one of its bot levels (strongest first), or a
/// friend online.
pub fn kinds(game: GameKind) -> Vec<(String, SeatKind)> {
    let mut v = vec![(tr("seat-person"), SeatKind::Person)];
    v.extend(
        game.bots()
            .into_iter()
            .filter(|b| LEVELS.contains(b))
            .map(|b| (bot_label(b), SeatKind::Bot(b.to_string()))),
    );
    v.push((tr("seat-online"), SeatKind::Online));
    v
}

/// How a seat's kind is kept in `setup.ron` (a friend online as the bot name `online`).
const ONLINE_KEPT: &str = "online";

/// The new-game setup as it is kept between runs (`setup.ron` beside the settings).
#[derive(serde::Serialize, serde::Deserialize)]
struct KeptSetup {
    game: String,
    seats: Vec<come_buy_engine::record::SeatRecord>,
    variant: usize,
}

impl GameSetup {
    /// The setup kept in `dir`, made to fit today's games (a seat count out of range, a bot
    /// or a colour we no longer have, an overlong name); `None` if there is none or it
    /// cannot be read (then the defaults stand and the file is left alone).
    pub fn load(dir: &crate::save::SaveDir) -> Option<GameSetup> {
        let path = dir.0.as_ref()?.join("setup.ron");
        let text = crate::store::read(&path).ok()?;
        let kept: KeptSetup = match ron::from_str(&text) {
            Ok(k) => k,
            Err(e) => {
                warn!("new-game setup ignored: {e}");
                return None;
            }
        };
        let game = GameKind::from_id(&kept.game)?;
        let seats: Vec<SeatInfo> = kept
            .seats
            .iter()
            .map(|s| SeatInfo {
                name: s.name.chars().take(NAME_MAX).collect(),
                color: s.color % SEAT_COLORS.len(),
                kind: match s.bot.as_deref() {
                    None => SeatKind::Person,
                    Some(ONLINE_KEPT) => SeatKind::Online,
                    Some(b) => SeatKind::Bot(b.to_string()),
                },
            })
            .take(SEAT_COLORS.len())
            .collect();
        if seats.is_empty() {
            return None;
        }
        let mut setup = GameSetup {
            seats,
            ..GameSetup::default()
        };
        setup.set_game(game);
        setup.variant = kept
            .variant
            .min(game.variant_choices().len().saturating_sub(1));
        Some(setup)
    }

    /// Keeps this setup in `dir` (nothing without a folder: tests, the autoplay).
    pub fn save(&self, dir: &crate::save::SaveDir) {
        let Some(path) = dir.0.as_ref().map(|d| d.join("setup.ron")) else {
            return;
        };
        let kept = KeptSetup {
            game: self.game.id().to_string(),
            seats: self
                .seats
                .iter()
                .map(|s| come_buy_engine::record::SeatRecord {
                    name: s.name.clone(),
                    color: s.color,
                    bot: match &s.kind {
                        SeatKind::Person => None,
                        SeatKind::Online => Some(ONLINE_KEPT.to_string()),
                        SeatKind::Bot(b) => Some(b.clone()),
                    },
                })
                .collect(),
            variant: self.variant,
        };
        let text = ron::ser::to_string_pretty(&kept, ron::ser::PrettyConfig::default())
            .unwrap_or_default();
        if let Err(e) = crate::save::write_atomic(&path, &text) {
            warn!("cannot keep the new-game setup in {}: {e}", path.display());
        }
    }
}

pub use crate::table::NAME_MAX;

struct Start<'a>(&'a GameSetup, Vec<SeatInfo>, u64);

impl ForGame for Start<'_> {
    type Out = Result<crate::table::Put, String>;
    fn run<G: TableGame>(self) -> Self::Out {
        let m: Match<G> = self.0.start_as::<G>(self.1, self.2)?;
        Ok(Box::new(move |commands: &mut Commands| {
            install(commands, m)
        }))
    }
}

impl Default for GameSetup {
    fn default() -> Self {
        let seats = (0..4)
            .map(|i| SeatInfo {
                name: DEFAULT_NAMES[i].to_string(),
                color: i,
                kind: if i == 0 {
                    SeatKind::Person
                } else {
                    SeatKind::Bot("normal".into())
                },
            })
            .collect();
        GameSetup {
            game: GameKind::default(),
            seats,
            variant: 0,
            seed: None,
        }
    }
}

impl GameSetup {
    /// Switches to another game, keeping the seats that fit and its player range.
    pub fn set_game(&mut self, game: GameKind) {
        self.game = game;
        self.variant = 0;
        let range = game.players();
        let n = self.seats.len().clamp(*range.start(), *range.end());
        self.set_players(n);
        let known = kinds(game);
        for seat in &mut self.seats {
            if let SeatKind::Bot(_) = &seat.kind
                && !known.iter().any(|(_, k)| *k == seat.kind)
            {
                seat.kind = SeatKind::Bot("normal".into());
            }
        }
    }

    pub fn set_players(&mut self, n: usize) {
        let range = self.game.players();
        let n = n.clamp(*range.start(), *range.end());
        while self.seats.len() < n {
            let i = self.seats.len();
            let color = (0..SEAT_COLORS.len())
                .find(|c| self.seats.iter().all(|s| s.color != *c))
                .unwrap_or(i);
            self.seats.push(SeatInfo {
                name: DEFAULT_NAMES[i % DEFAULT_NAMES.len()].to_string(),
                color,
                kind: SeatKind::Bot("normal".into()),
            });
        }
        self.seats.truncate(n);
    }

    pub(super) fn kind_index(&self, kind: &SeatKind) -> usize {
        kinds(self.game)
            .iter()
            .position(|(_, k)| k == kind)
            .unwrap_or(1)
    }

    /// Changes a seat's kind by a step (Person, then the game's bots, strongest first).
    pub fn cycle_kind(&mut self, seat: usize, delta: i32) {
        let all = kinds(self.game);
        let i = self.kind_index(&self.seats[seat].kind) as i32;
        let j = (i + delta).rem_euclid(all.len() as i32) as usize;
        self.seats[seat].kind = all[j].1.clone();
    }

    /// Changes a seat's colour to the next one no other seat uses.
    pub fn cycle_color(&mut self, seat: usize, delta: i32) {
        let n = SEAT_COLORS.len() as i32;
        let mut c = self.seats[seat].color as i32;
        for _ in 0..n {
            c = (c + delta).rem_euclid(n);
            if self
                .seats
                .iter()
                .enumerate()
                .all(|(i, s)| i == seat || s.color != c as usize)
            {
                break;
            }
        }
        self.seats[seat].color = c as usize;
    }

    /// The seats with blank names filled in and long ones cut.
    fn clean_seats(&self) -> Vec<SeatInfo> {
        let mut seats = self.seats.clone();
        for (i, s) in seats.iter_mut().enumerate() {
            if s.name.trim().is_empty() {
                s.name = DEFAULT_NAMES[i % DEFAULT_NAMES.len()].to_string();
            }
            s.name = s.name.chars().take(14).collect();
        }
        seats
    }

    /// The variant names of the chosen rules.
    pub fn variants(&self) -> Vec<String> {
        self.game
            .variant_choices()
            .get(self.variant)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }

    /// The chosen rules' name, in the player's words.
    pub fn variant_label(&self) -> String {
        tr(self
            .game
            .variant_choices()
            .get(self.variant)
            .map(|(l, _)| *l)
            .unwrap_or("variant-standard"))
    }

    /// A note on the chosen rules, where they have one (the message `<label>-note`).
    pub fn variant_note(&self) -> Option<String> {
        let choices = self.game.variant_choices();
        let key = format!("{}-note", choices.get(self.variant)?.0);
        come_buy_text::catalog().has(&key).then(|| tr(&key))
    }

    /// The match this setup describes, for game type `G` (which must be the chosen game).
    pub fn start_as<G: TableGame>(
        &self,
        seats: Vec<SeatInfo>,
        seed: u64,
    ) -> Result<Match<G>, String> {
        Match::<G>::new(seats, seed, self.variants()).map_err(|e| e.to_string())
    }

    /// Puts the match this setup describes on the table.
    pub fn start(&self, commands: &mut Commands) -> Result<(), String> {
        let seed = self.seed.unwrap_or_else(rand::random);
        let put = self.game.dispatch(Start(self, self.clean_seats(), seed))?;
        put(commands);
        Ok(())
    }

    /// For tests: the match of game `G` this setup describes.
    pub fn build<G: TableGame>(&self) -> Result<Match<G>, String> {
        let seed = self.seed.unwrap_or_else(rand::random);
        self.start_as::<G>(self.clean_seats(), seed)
    }
}

/// A match waiting for the answer to "replace the saved game?": the setup it would start
/// (New game's, or a kept match's deal), and the overlay Back returns to.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct PendingStart {
    pub setup: Option<GameSetup>,
    pub back: Overlay,
}

/// Starts `setup`'s match, or asks first (the Replace question) when a game of its kind is in
/// progress on disk (looked at now, not when the title last opened); true if the table may
/// open now. No returns to the overlay that was open.
pub fn start_or_ask(
    commands: &mut Commands,
    setup: GameSetup,
    (dir, saves): (&crate::save::SaveDir, &mut Saves),
    pending: &mut PendingStart,
    overlay: &mut crate::state::Overlays,
) -> Result<bool, String> {
    if saves.refresh(dir, setup.game) {
        *pending = PendingStart {
            setup: Some(setup),
            back: **overlay,
        };
        overlay.set(Overlay::Replace);
        return Ok(false);
    }
    setup.start(commands)?;
    Ok(true)
}
