//! Statistics per game and per player name: games played and won, the win rate against each
//! bot level met at the table, the best score, and the Duchess solo's ranks. Only people are
//! counted (bots have no name to keep); a match counts once, when its results screen opens.
//! Kept beside the settings (`stats.ron`), written after every finished match; a file that
//! cannot be read is set aside under a name of its own (`stats.broken-<date>-<time>.ron`),
//! never overwritten, and the title and the Statistics screen say so.

use crate::save::SaveDir;
use crate::state::Screen;
use crate::table_core::{Match, SeatKind, TableGame};
use bevy::prelude::*;
use come_buy_engine::text::Text;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The statistics file's format.
pub(crate) const FORMAT: u32 = 1;

/// Games played and won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub played: u32,
    pub won: u32,
}

impl Tally {
    fn add(&mut self, won: bool) {
        self.played += 1;
        self.won += u32::from(won);
    }

    /// Wins in percent, rounded.
    pub fn rate(&self) -> u32 {
        (self.won * 100 + self.played / 2)
            .checked_div(self.played)
            .unwrap_or(0)
    }
}

/// One person's record in one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerStats {
    pub games: Tally,
    /// By bot level ("easy", "normal", "hard"): the matches with such a bot at the table.
    pub against: BTreeMap<String, Tally>,
    /// The best score (points, money or florins).
    pub best: Option<i64>,
    /// Hints asked for, over all games.
    pub hints: u32,
}

/// Hints asked for in the match on the table (by its seed, which a rebuilt table keeps), by
/// seat; counted into the statistics when the match ends.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct HintsAsked {
    pub seed: u64,
    pub by_seat: Vec<u32>,
}

impl HintsAsked {
    /// `seat` asked for a hint in the match dealt with `seed`.
    pub fn count(&mut self, seed: u64, seat: usize) {
        if self.seed != seed {
            *self = HintsAsked {
                seed,
                by_seat: Vec::new(),
            };
        }
        if self.by_seat.len() <= seat {
            self.by_seat.resize(seat + 1, 0);
        }
        self.by_seat[seat] += 1;
    }

    /// The hints `seat` asked for in the match dealt with `seed`.
    pub fn of(&self, seed: u64, seat: usize) -> u32 {
        if self.seed == seed {
            self.by_seat.get(seat).copied().unwrap_or(0)
        } else {
            0
        }
    }
}

/// A solo game of the Duchess: its florins and rank (a rank key of levels/duchess.ron).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoloGame {
    pub name: String,
    pub florins: i64,
    pub rank: String,
}

/// One game's statistics.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameStats {
    pub players: BTreeMap<String, PlayerStats>,
    /// Solo games, oldest first (the last 200).
    pub solo: Vec<SoloGame>,
}

/// A finished match kept to watch again: its game, who played, who won, and its code.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastMatch {
    pub game: String,
    pub players: Vec<String>,
    pub winners: Vec<String>,
    pub code: String,
    /// A solo match's rank (its key) and score: it has no winner over anybody.
    #[serde(default)]
    pub solo: Option<(String, i64)>,
}

/// The most finished matches kept.
pub const PAST_KEPT: usize = 20;

/// Everything kept, by game id.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    pub format: u32,
    pub games: BTreeMap<String, GameStats>,
    /// The last finished matches, oldest first (Watch a match on the title).
    pub finished: Vec<PastMatch>,
    /// The deals of the day begun and how they ended.
    pub daily: crate::daily::DailyLog,
    /// Why the file on disk could not be read (it was set aside): said on the screen.
    #[serde(skip)]
    pub problem: Option<Text>,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            format: FORMAT,
            games: BTreeMap::new(),
            finished: Vec::new(),
            daily: Default::default(),
            problem: None,
        }
    }
}

/// The most solo games kept.
const SOLO_KEPT: usize = 200;

impl Stats {
    fn path(dir: &SaveDir) -> Option<std::path::PathBuf> {
        dir.0.as_ref().map(|d| d.join("stats.ron"))
    }

    /// Reads the statistics kept in `dir`; an unreadable file is set aside (never lost) and
    /// the statistics start again, saying why.
    pub fn load(dir: &SaveDir) -> Stats {
        let Some(path) = Stats::path(dir) else {
            return Stats::default();
        };
        let text = match crate::store::read(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Stats::default(),
            Err(e) => return Stats::broken(&path, e.to_string()),
        };
        match ron::from_str::<Stats>(&text) {
            Ok(s) if s.format <= FORMAT => {
                crate::store::unguard(&path);
                s
            }
            Ok(s) => Stats::broken(&path, format!("format {}", s.format)),
            Err(e) => Stats::broken(&path, e.to_string()),
        }
    }

    /// Statistics that could not be read: set aside under a name of their own, or, if that
    /// fails, left in place and never written over (see [`crate::store::set_aside`]).
    fn broken(path: &std::path::Path, why: String) -> Stats {
        let problem = match crate::store::set_aside(path) {
            Ok(aside) => {
                warn!("statistics unreadable ({why}): kept as {}", aside.display());
                Text::new("stats-kept-aside").raw("file", aside.display().to_string())
            }
            Err(e) => {
                warn!("statistics unreadable ({why}) and not set aside ({e}): left in place");
                Text::new("stats-left-in-place")
                    .raw("file", path.display().to_string())
                    .raw("why", e.to_string())
            }
        };
        Stats {
            problem: Some(problem),
            ..Stats::default()
        }
    }

    pub fn save(&self, dir: &SaveDir) {
        let Some(path) = Stats::path(dir) else { return };
        let text =
            ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default()).unwrap_or_default();
        if let Err(e) = crate::store::write_atomic(&path, &text) {
            warn!("cannot save statistics to {}: {e}", path.display());
        }
    }

    /// Keeps a finished match of `G` to watch again (the last [`PAST_KEPT`]).
    pub fn keep<G: TableGame>(&mut self, m: &Match<G>) {
        let Some(scores) = m.game.scores() else {
            return;
        };
        let Ok(code) = come_buy_engine::code::encode::<G>(&crate::save::record_of(m)) else {
            return;
        };
        let name = |s: usize| m.seats.get(s).map(|x| x.name.clone()).unwrap_or_default();
        let solo = (m.seats.len() == 1)
            .then(|| G::solo_rank(m))
            .flatten()
            .map(|rank| (rank, scores.points.first().copied().unwrap_or(0)));
        self.finished.push(PastMatch {
            game: G::ID.to_string(),
            players: (0..m.seats.len()).map(name).collect(),
            winners: scores.winners.iter().map(|&s| name(s)).collect(),
            code,
            solo,
        });
        let over = self.finished.len().saturating_sub(PAST_KEPT);
        self.finished.drain(..over);
    }

    /// Counts a finished match of `G` for each person at the table (with the hints each
    /// asked for).
    pub fn record<G: TableGame>(&mut self, m: &Match<G>, hints: &HintsAsked) {
        let Some(scores) = m.game.scores() else {
            return;
        };
        let levels: Vec<String> = m
            .seats
            .iter()
            .filter_map(|s| match &s.kind {
                SeatKind::Bot(b) => Some(b.clone()),
                SeatKind::Person | SeatKind::Online => None,
            })
            .collect();
        let game = self.games.entry(G::ID.to_string()).or_default();
        for (seat, info) in m.seats.iter().enumerate() {
            if !info.is_person() {
                continue;
            }
            let score = scores.points.get(seat).copied().unwrap_or(0);
            // A solo game has no winner over anybody: it is counted by its rank and florins
            // (the solo line), never as a game won (it would read "Won 1 (100%)").
            if let Some(rank) = G::solo_rank(m) {
                game.solo.push(SoloGame {
                    name: info.name.clone(),
                    florins: score,
                    rank,
                });
                let over = game.solo.len().saturating_sub(SOLO_KEPT);
                game.solo.drain(..over);
                continue;
            }
            let won = scores.winners.contains(&seat);
            let p = game.players.entry(info.name.clone()).or_default();
            p.games.add(won);
            let mut met = levels.clone();
            met.sort();
            met.dedup();
            for level in met {
                p.against.entry(level).or_default().add(won);
            }
            p.best = Some(p.best.map_or(score, |b| b.max(score)));
            p.hints += hints.of(m.setup.seed, seat);
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Stats>();
    app.init_resource::<HintsAsked>();
    app.init_resource::<crate::daily::Today>();
    app.init_resource::<crate::daily::DailyNow>();
    // The day is read again each time the title opens (a match may run past midnight).
    app.add_systems(
        OnEnter(Screen::Title),
        |mut today: ResMut<crate::daily::Today>| {
            let now = crate::daily::Today::default();
            if *today != now {
                *today = now;
            }
        },
    );
    app.add_systems(
        Startup,
        |mut commands: Commands, dir: Option<Res<SaveDir>>| {
            if let Some(dir) = dir {
                commands.insert_resource(Stats::load(&dir));
            }
        },
    );
    crate::games::for_each(&mut Register(app));
}

struct Register<'a>(&'a mut App);

impl crate::games::EachGame for Register<'_> {
    fn visit<G: TableGame>(&mut self) {
        self.0.add_systems(
            OnEnter(Screen::Results),
            count_match::<G>.run_if(crate::table_core::played::<G>),
        );
        self.0.add_systems(
            Update,
            follow_daily::<G>.run_if(resource_exists::<Match<G>>),
        );
    }
}

/// Works out whether the match put on the table is a deal of the day, and whether it is the
/// day's try: a deal dealt afresh begins the day's entry (or, dealt again, plays on without
/// counting); a match continued from its save is the try if its entry is still open.
fn follow_daily<G: TableGame>(
    m: Res<Match<G>>,
    (mut now, today): (ResMut<crate::daily::DailyNow>, Res<crate::daily::Today>),
    mut stats: ResMut<Stats>,
    dir: Option<Res<SaveDir>>,
    mut seen: Local<Option<u64>>,
) {
    if *seen == Some(m.serial) {
        return;
    }
    *seen = Some(m.serial);
    let tag = (m.kind == crate::table_core::MatchKind::Played)
        .then(|| crate::daily::deal_of(G::ID, &m.seats, &m.setup, (&stats.daily, today.0)))
        .flatten()
        .map(|(deal, day)| {
            let counted = if m.restored {
                stats.daily.counts(m.setup.seed)
            } else {
                let first = stats.daily.begin(&deal.id, day, m.setup.seed);
                if let Some(dir) = &dir {
                    stats.save(dir);
                }
                first
            };
            let (y, mo, d) = come_buy_engine::daily::date(day);
            info!(
                "deal of the day: {} (day {}, {y}-{mo:02}-{d:02}, seed {}, {} moves): {}",
                deal.id,
                come_buy_engine::daily::number(day),
                m.setup.seed,
                m.actions.len(),
                if counted {
                    "the day's try"
                } else {
                    "played again, not counted"
                }
            );
            // The table says it with its tag (see `screens::daily::table_tag`).
            crate::daily::DailyTag {
                deal,
                day,
                serial: m.serial,
                counted,
            }
        });
    if now.0 != tag {
        now.0 = tag;
    }
}

/// A finished try's result for the day's log.
fn daily_result<G: TableGame>(m: &Match<G>) -> Option<crate::daily::DailyResult> {
    let scores = m.game.scores()?;
    let me = *scores.points.first()?;
    let place = scores.place(0);
    let rank = G::solo_rank(m)
        .zip(G::solo_ladder(m))
        .map(|(k, (i, n))| (k, i, n));
    Some(crate::daily::DailyResult {
        place,
        of: m.seats.len(),
        points: me,
        top: scores.points.iter().copied().max().unwrap_or(me),
        rank,
        code: come_buy_engine::code::encode::<G>(&crate::save::record_of(m)).ok()?,
    })
}

/// Counts the match whose results just opened (once: the same match never counts twice).
fn count_match<G: TableGame>(
    m: Res<Match<G>>,
    (mut stats, hints): (ResMut<Stats>, Res<HintsAsked>),
    (dir, daily): (Option<Res<SaveDir>>, Res<crate::daily::DailyNow>),
    mut counted: Local<Option<(u64, u64)>>,
) {
    let key = (m.serial, m.setup.seed);
    if *counted == Some(key) || !m.game.is_over() {
        return;
    }
    *counted = Some(key);
    stats.keep(&*m);
    if m.people() > 0 {
        stats.record(&*m, &hints);
    }
    if daily.counted(m.serial)
        && let Some(r) = daily_result(&*m)
        && stats.daily.finish(m.setup.seed, r)
    {
        info!("deal of the day: the day's result kept");
    }
    if let Some(dir) = dir {
        stats.save(&dir);
    }
}
