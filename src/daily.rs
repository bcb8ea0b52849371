//! The deal of the day at the table: today's date (UTC), the log of the days played (kept in
//! the statistics), which match on the table is a day's counted try, and the line a player
//! shares. The deals themselves (which games, whose seats, their seeds) are the engine's
//! ([`come_buy_engine::daily`]), so the desktop, the page and the simulator deal alike.
//!
//! One try counts: the first time a day's deal is dealt, that match is the day's try, and its
//! first finish is the day's result. Quitting keeps it in the autosave (Continue goes on with
//! the same try); undo is off in a try; dealing the deal again (Play this deal, the menu after
//! a finish, or after the try's save was replaced) plays on for fun and changes nothing: a
//! try that never finished is then marked given up.

use bevy::prelude::*;
use come_buy_engine::daily::{self, Deal};
use come_buy_engine::text::Text;
use serde::{Deserialize, Serialize};

/// Today (days since 1970-01-01, UTC), read from the clock when the title opens.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Today(pub i64);

impl Default for Today {
    fn default() -> Self {
        Today(clock_day())
    }
}

/// The day (UTC) by this machine's clock (the browser's `Date.now()` on the web).
pub fn clock_day() -> i64 {
    daily::day_of_millis(crate::store::now_ms() as f64)
}

/// How a day's try ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyResult {
    /// 1 for the winner (seats tied on points and tie-break share a place).
    pub place: usize,
    pub of: usize,
    pub points: i64,
    /// The most points at the table (the bar of the shared line).
    pub top: i64,
    /// A solo deal's rank key and its step on the ladder (`index`, `steps`).
    #[serde(default)]
    pub rank: Option<(String, usize, usize)>,
    /// The match's code (its link).
    pub code: String,
}

impl DailyResult {
    /// Better than `other`: a higher rank or place, then more points.
    fn beats(&self, other: &DailyResult) -> bool {
        let key = |r: &DailyResult| {
            (
                r.rank.as_ref().map_or(0, |x| x.1 as i64),
                -(r.place as i64),
                r.points,
            )
        };
        key(self) > key(other)
    }
}

/// One day's deal begun.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyEntry {
    pub deal: String,
    pub day: i64,
    pub seed: u64,
    #[serde(default)]
    pub result: Option<DailyResult>,
    /// Dealt again before the try finished: the day has no result.
    #[serde(default)]
    pub given_up: bool,
}

/// The days' deals begun, oldest first (kept in `stats.ron`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct DailyLog {
    pub entries: Vec<DailyEntry>,
}

/// Entries kept (four deals a day for more than a year).
const KEPT: usize = 1600;

/// Where a day's deal stands for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DayState {
    New,
    /// Begun, not finished (its autosave continues it).
    Begun,
    GivenUp,
    Done(DailyResult),
}

impl DailyLog {
    pub fn entry(&self, deal: &str, day: i64) -> Option<&DailyEntry> {
        self.entries.iter().find(|e| e.deal == deal && e.day == day)
    }

    pub fn by_seed(&self, seed: u64) -> Option<&DailyEntry> {
        self.entries.iter().find(|e| e.seed == seed)
    }

    pub fn state(&self, deal: &str, day: i64) -> DayState {
        match self.entry(deal, day) {
            None => DayState::New,
            Some(DailyEntry {
                result: Some(r), ..
            }) => DayState::Done(r.clone()),
            Some(e) if e.given_up => DayState::GivenUp,
            Some(_) => DayState::Begun,
        }
    }

    /// A deal of `day` is dealt afresh (not continued): true if this is the day's try. Dealt
    /// again before its try finished, the day is given up.
    pub fn begin(&mut self, deal: &str, day: i64, seed: u64) -> bool {
        if let Some(e) = self
            .entries
            .iter_mut()
            .find(|e| e.deal == deal && e.day == day)
        {
            if e.result.is_none() {
                e.given_up = true;
            }
            return false;
        }
        self.entries.push(DailyEntry {
            deal: deal.to_string(),
            day,
            seed,
            result: None,
            given_up: false,
        });
        let over = self.entries.len().saturating_sub(KEPT);
        self.entries.drain(..over);
        true
    }

    /// Whether a match of `seed` continued from a save is still its day's try.
    pub fn counts(&self, seed: u64) -> bool {
        self.by_seed(seed)
            .is_some_and(|e| e.result.is_none() && !e.given_up)
    }

    /// The try of `seed` finished: its result is the day's, if it is the first.
    pub fn finish(&mut self, seed: u64, result: DailyResult) -> bool {
        match self.entries.iter_mut().find(|e| e.seed == seed) {
            Some(e) if e.result.is_none() && !e.given_up => {
                e.result = Some(result);
                true
            }
            _ => false,
        }
    }

    /// Days on which a deal of the day was begun.
    pub fn days_played(&self) -> usize {
        let mut days: Vec<i64> = self.entries.iter().map(|e| e.day).collect();
        days.sort_unstable();
        days.dedup();
        days.len()
    }

    /// The current streak (days in a row with a finished deal, up to today, or up to
    /// yesterday while today is still to play) and the best streak.
    pub fn streaks(&self, today: i64) -> (usize, usize) {
        let mut days: Vec<i64> = self
            .entries
            .iter()
            .filter(|e| e.result.is_some())
            .map(|e| e.day)
            .collect();
        days.sort_unstable();
        days.dedup();
        let (mut best, mut run) = (0, 0);
        for (i, d) in days.iter().enumerate() {
            run = if i > 0 && days[i - 1] + 1 == *d {
                run + 1
            } else {
                1
            };
            best = best.max(run);
        }
        let current = match days.last() {
            Some(&last) if last == today || last + 1 == today => run,
            _ => 0,
        };
        (current, best)
    }

    /// The best result of a deal over every day.
    pub fn best(&self, deal: &str) -> Option<&DailyResult> {
        self.entries
            .iter()
            .filter(|e| e.deal == deal)
            .filter_map(|e| e.result.as_ref())
            .fold(None, |best: Option<&DailyResult>, r| match best {
                Some(b) if !r.beats(b) => Some(b),
                _ => Some(r),
            })
    }
}

/// The match on the table is a deal of the day (set by the statistics when a match is put on
/// the table; `None` otherwise).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct DailyNow(pub Option<DailyTag>);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DailyTag {
    pub deal: &'static Deal,
    pub day: i64,
    /// The match it was worked out for.
    pub serial: u64,
    /// It is the day's try (its first finish is the day's result; undo is off).
    pub counted: bool,
}

impl DailyNow {
    /// The match `serial` is the day's try.
    pub fn counted(&self, serial: u64) -> bool {
        self.0
            .as_ref()
            .is_some_and(|t| t.serial == serial && t.counted)
    }
}

/// The deal a match is, if it is one: today's (or the day of its entry in the log) with the
/// person first and Hard bots in every other seat, standard rules.
pub fn deal_of(
    game: &str,
    seats: &[crate::table_core::SeatInfo],
    setup: &come_buy_engine::game::Setup,
    (log, today): (&DailyLog, i64),
) -> Option<(&'static Deal, i64)> {
    let shape = setup.variants.is_empty()
        && seats.first().is_some_and(|s| s.is_person())
        && seats[1..]
            .iter()
            .all(|s| s.kind == crate::table_core::SeatKind::Bot(daily::bot().to_string()));
    if !shape {
        return None;
    }
    let logged = log.by_seed(setup.seed).and_then(|e| {
        let deal = Deal::by_id(&e.deal)?;
        Deal::of_match(game, seats.len(), setup.seed, e.day)
            .map(|d| (d, e.day))
            .filter(|(d, _)| *d == deal)
    });
    logged.or_else(|| Deal::of_match(game, seats.len(), setup.seed, today).map(|d| (d, today)))
}

/// A deal's name on the menu and in the shared line.
pub fn deal_name(deal: &'static Deal) -> Text {
    Text::new(&deal.name)
}

/// The medal of a place (a number past the third).
fn medal(place: usize) -> String {
    match place {
        1 => "🥇".into(),
        2 => "🥈".into(),
        3 => "🥉".into(),
        n => format!("#{n}"),
    }
}

/// How it went in a row of symbols, with no card named: a solo deal's step on the rank ladder
/// (◆ reached, ◇ not), or the points as a bar against the most at the table.
pub fn symbols(r: &DailyResult) -> String {
    if let Some((_, index, steps)) = &r.rank {
        let filled = (index + 1).min(*steps);
        return "◆".repeat(filled) + &"◇".repeat(steps - filled);
    }
    let top = r.top.max(r.points).max(1);
    let filled = ((r.points.max(0) * 10 + top / 2) / top).clamp(0, 10) as usize;
    "▰".repeat(filled) + &"▱".repeat(10 - filled)
}

/// The line a player copies after a day's try: the game, the day's number, the place (or the
/// rank) and points, the symbols; then the match's link or code (`link`).
pub fn share_line(deal: &'static Deal, day: i64, r: &DailyResult, link: &str) -> String {
    let (head, how) = summary(deal, day, r, true);
    format!("{head}\n{how} {}\n{link}", symbols(r))
}

/// The day's result as the results screen shows it, on one line: as [`share_line`] without
/// the link, and without the medal (an emoji, which the app's fonts do not draw: the place is
/// in words beside it).
pub fn screen_line(deal: &'static Deal, day: i64, r: &DailyResult) -> String {
    let (head, how) = summary(deal, day, r, false);
    format!("{head}  ·  {} {}", how.trim(), symbols(r))
}

/// The head (game and day) and the result (place or rank, points) of a day's try.
fn summary(deal: &'static Deal, day: i64, r: &DailyResult, with_medal: bool) -> (String, String) {
    let say = come_buy_text::say;
    let head = say(&Text::new("daily-share-head")
        .text("deal", deal_name(deal))
        .num("number", daily::number(day)));
    let medal = if with_medal {
        medal(r.place)
    } else {
        String::new()
    };
    let how = match &r.rank {
        Some((key, _, _)) => say(&Text::new("daily-share-solo")
            .raw("rank", come_buy_text::names::solo_rank(key))
            .num("points", r.points)),
        None => say(&Text::new("daily-share-place")
            .raw("medal", medal)
            .num("place", r.place as i64)
            .num("of", r.of as i64)
            .num("points", r.points)),
    };
    (head, how)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(place: usize, points: i64) -> DailyResult {
        DailyResult {
            place,
            of: 3,
            points,
            top: 40,
            rank: None,
            code: "c".into(),
        }
    }

    #[test]
    fn one_try_counts() {
        let mut log = DailyLog::default();
        assert!(log.begin("mykonos", 10, 77));
        assert!(log.counts(77));
        assert!(log.finish(77, result(2, 30)));
        // Dealt again after the finish: plays on, changes nothing.
        assert!(!log.begin("mykonos", 10, 77));
        assert!(!log.finish(77, result(1, 45)));
        assert_eq!(log.state("mykonos", 10), DayState::Done(result(2, 30)));
        // Dealt again before a finish: the day is given up, and a later finish is not kept.
        assert!(log.begin("duchess", 10, 5));
        assert!(!log.begin("duchess", 10, 5));
        assert!(!log.counts(5));
        assert!(!log.finish(5, result(1, 40)));
        assert_eq!(log.state("duchess", 10), DayState::GivenUp);
        assert_eq!(log.state("duchess", 11), DayState::New);
    }

    #[test]
    fn streaks_and_bests() {
        let mut log = DailyLog::default();
        for (day, seed) in [(1, 1), (2, 2), (3, 3), (5, 5), (6, 6)] {
            log.begin("mykonos", day, seed);
            log.finish(seed, result(3 - (day as usize % 3), day));
        }
        log.begin("goblin-market", 7, 7); // begun, not finished: no streak day
        assert_eq!(log.days_played(), 6);
        assert_eq!(log.streaks(7), (2, 3));
        assert_eq!(log.streaks(6), (2, 3));
        assert_eq!(log.streaks(8), (0, 3));
        let best = log.best("mykonos").unwrap();
        assert_eq!((best.place, best.points), (1, 5));
        assert!(log.best("goblin-market").is_none());
    }

    #[test]
    fn symbols_tell_how_it_went() {
        assert_eq!(symbols(&result(1, 40)), "▰▰▰▰▰▰▰▰▰▰");
        assert_eq!(symbols(&result(2, 20)), "▰▰▰▰▰▱▱▱▱▱");
        assert_eq!(symbols(&result(3, -2)), "▱▱▱▱▱▱▱▱▱▱");
        let solo = DailyResult {
            rank: Some(("officer".into(), 2, 4)),
            ..result(1, 32)
        };
        assert_eq!(symbols(&solo), "◆◆◆◇");
    }
}

#[cfg(test)]
mod deal_tests {
    use super::*;
    use crate::table_core::{SeatInfo, SeatKind};
    use come_buy_engine::game::Setup;

    fn seats(bots: &[&str]) -> Vec<SeatInfo> {
        let mut v = vec![SeatInfo {
            name: "Ana".into(),
            color: 0,
            kind: SeatKind::Person,
        }];
        v.extend(bots.iter().map(|b| SeatInfo {
            name: "Bram".into(),
            color: 1,
            kind: SeatKind::Bot(b.to_string()),
        }));
        v
    }

    #[test]
    fn a_deal_is_known_by_its_seed_its_seats_and_its_day() {
        let deal = Deal::by_id("mykonos").unwrap();
        let day = 20_785;
        let hard_bot = come_buy_engine::daily::bot();
        let setup = Setup::new(3, deal.seed(day));
        let log = DailyLog::default();
        let hard = seats(&[hard_bot, hard_bot]);
        assert_eq!(
            deal_of("mykonos", &hard, &setup, (&log, day)),
            Some((deal, day))
        );
        // Not today's: unknown, unless the log began it that day (a try continued after
        // midnight stays that day's).
        assert_eq!(deal_of("mykonos", &hard, &setup, (&log, day + 1)), None);
        let mut log = DailyLog::default();
        log.begin("mykonos", day, deal.seed(day));
        assert_eq!(
            deal_of("mykonos", &hard, &setup, (&log, day + 1)),
            Some((deal, day))
        );
        // The same seed with other seats or rules is no deal of the day.
        let easy = seats(&[hard_bot, "easy"]);
        assert_eq!(deal_of("mykonos", &easy, &setup, (&log, day)), None);
        let mut rules = setup.clone();
        rules.variants = vec!["x".into()];
        assert_eq!(deal_of("mykonos", &hard, &rules, (&log, day)), None);
        assert_eq!(deal_of("duchess", &hard, &setup, (&log, day)), None);
    }
}
