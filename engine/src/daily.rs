//! The deal of the day: one deal a day for each of four tables, the same for everyone, on the
//! desktop and in the browser. A deal is its day (whole days since 1970-01-01 UTC: the day
//! changes at UTC midnight) and a seed derived from the day and the deal's id with integer
//! arithmetic only, so every build and platform deals the same cards.
//!
//! The deals are data (`levels/daily.ron`): today the Duchess alone (her ranks), the Duchess
//! against a Hard bot, Mýkonos against two Hard bots, Goblin Market against three. The person
//! always sits first.

use crate::levels::{LevelFile, Validate};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Seconds in a day.
const DAY_SECONDS: i64 = 86_400;

/// The first day of Come Buy's deals (2026-01-01): day numbers in a shared line count from it.
pub const FIRST_DAY: i64 = 20_454;

/// The deals, as data (`levels/daily.ron`).
pub const FILE: LevelFile = LevelFile {
    path: "levels/daily.ron",
    text: include_str!(concat!(env!("COME_BUY_LEVELS"), "/daily.ron")),
};

/// `levels/daily.ron`: the bot level of every other seat, and the deals.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyFile {
    pub bot: String,
    pub deals: Vec<Deal>,
}

/// One of the day's tables.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deal {
    /// Its id in links (`?daily=ID`, `--daily ID`) and in the statistics.
    pub id: String,
    /// The engine's game id.
    pub game: String,
    /// Seats: the person, then bots.
    pub players: usize,
    /// The message that names it.
    pub name: String,
}

impl Validate for DailyFile {
    /// The file's own problems (its games and their seats and bots are checked against the
    /// catalog by [`crate::catalog::deal_problems`]).
    fn problems(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.deals.is_empty() {
            v.push("no deals".to_string());
        }
        for (i, d) in self.deals.iter().enumerate() {
            if self.deals[..i].iter().any(|e| e.id == d.id) {
                v.push(format!("deal {:?} is listed twice", d.id));
            }
            let plain = |s: &str| {
                !s.is_empty()
                    && s.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            };
            if !plain(&d.id) {
                v.push(format!(
                    "deal {:?}: an id is lowercase letters, digits and -",
                    d.id
                ));
            }
        }
        v
    }
}

/// The deals of `levels/daily.ron` (embedded; checked by the tests and `check-levels`).
pub fn file() -> &'static DailyFile {
    static FILE_DATA: OnceLock<DailyFile> = OnceLock::new();
    FILE_DATA.get_or_init(|| FILE.parse().unwrap_or_else(|e| panic!("{e}")))
}

/// The day's deals, in the order the menu lists them.
pub fn deals() -> &'static [Deal] {
    &file().deals
}

/// The bot level every other seat of a deal plays at.
pub fn bot() -> &'static str {
    &file().bot
}

impl Deal {
    /// The deal named `id` (`duchess` is the Duchess alone).
    pub fn by_id(id: &str) -> Option<&'static Deal> {
        let id = id.trim().to_ascii_lowercase();
        deals().iter().find(|d| d.id == id)
    }

    /// This deal's seed on `day` (days since 1970-01-01 UTC).
    pub fn seed(&self, day: i64) -> u64 {
        // FNV-1a over the id, then the day mixed in by two rounds of splitmix64.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.id.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        mix(mix(h ^ (day as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)))
    }

    /// Which of the deals on `day` a match of `game` with `players` and `seed` is, if any.
    pub fn of_match(game: &str, players: usize, seed: u64, day: i64) -> Option<&'static Deal> {
        deals()
            .iter()
            .find(|d| d.game == game && d.players == players && d.seed(day) == seed)
    }
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The day (UTC) of a moment given in milliseconds since 1970-01-01 UTC (what both
/// `SystemTime` and the browser's `Date.now()` give).
pub fn day_of_millis(millis: f64) -> i64 {
    (millis / 1000.0).div_euclid(DAY_SECONDS as f64) as i64
}

/// The day's number as a shared line shows it: day 1 is 2026-01-01.
pub fn number(day: i64) -> i64 {
    day - FIRST_DAY + 1
}

/// The calendar date (year, month, day) of a day number since 1970-01-01 (proleptic
/// Gregorian; Howard Hinnant's days-to-civil).
pub fn date(day: i64) -> (i64, u32, u32) {
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The day number of a calendar date written `YYYY-MM-DD` (the simulator's `--date`).
pub fn parse_date(text: &str) -> Option<i64> {
    let mut parts = text.trim().splitn(3, '-');
    let y: i64 = parts.next()?.parse().ok()?;
    let m: i64 = parts.next()?.parse().ok()?;
    let d: i64 = parts.next()?.parse().ok()?;
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || !(1970..=9999).contains(&y) {
        return None;
    }
    // Civil-to-days (the inverse of `date`).
    let y2 = if m <= 2 { y - 1 } else { y };
    let era = y2.div_euclid(400);
    let yoe = y2 - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let day = era * 146_097 + doe - 719_468;
    (date(day) == (y, m as u32, d as u32)).then_some(day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_day_changes_at_utc_midnight() {
        // 2026-11-28T00:00:00Z is 1_795_824_000 s.
        let midnight = 1_795_824_000_000.0;
        let day = day_of_millis(midnight);
        assert_eq!(date(day), (2026, 11, 28));
        assert_eq!(day_of_millis(midnight - 1.0), day - 1);
        assert_eq!(day_of_millis(midnight + 86_399_999.0), day);
        assert_eq!(day_of_millis(midnight + 86_400_000.0), day + 1);
        assert_eq!(number(FIRST_DAY), 1);
        assert_eq!(date(FIRST_DAY), (2026, 1, 1));
        assert_eq!(number(day), 332);
    }

    #[test]
    fn dates_read_back() {
        for day in [0, FIRST_DAY, 20_420, 40_000, 11_016] {
            let (y, m, d) = date(day);
            assert_eq!(parse_date(&format!("{y:04}-{m:02}-{d:02}")), Some(day));
        }
        assert_eq!(parse_date("2026-02-30"), None);
        assert_eq!(parse_date("2026-13-01"), None);
        assert_eq!(parse_date("tomorrow"), None);
        assert_eq!(parse_date("2028-02-29").map(date), Some((2028, 2, 29)));
    }

    #[test]
    fn one_deal_a_day_each() {
        let day = parse_date("2026-11-28").unwrap();
        // The same date gives the same deal; these figures are also what the page prints
        // (web/online.sh reads them from both).
        for d in deals() {
            assert_eq!(d.seed(day), d.seed(day));
            assert_ne!(
                d.seed(day),
                d.seed(day + 1),
                "{} changes with the day",
                d.id
            );
            assert_eq!(
                Deal::of_match(&d.game, d.players, d.seed(day), day),
                Some(d)
            );
            assert_eq!(
                Deal::of_match(&d.game, d.players, d.seed(day), day + 1),
                None
            );
        }
        let seeds: std::collections::HashSet<u64> = deals().iter().map(|d| d.seed(day)).collect();
        assert_eq!(seeds.len(), deals().len());
        // A fixed figure: a change of the recipe changes everyone's deal, so it must be seen.
        assert_eq!(
            Deal::by_id("mykonos").unwrap().seed(day),
            7_506_339_635_260_457_098
        );
        assert_eq!(Deal::by_id(" Duchess "), Some(&deals()[0]));
        assert_eq!(Deal::by_id("chess"), None);
    }

    #[test]
    fn the_file_reads_and_a_broken_one_is_refused_with_its_reasons() {
        assert_eq!(deals().len(), 4);
        assert!(file().problems().is_empty());
        let mut broken = file().clone();
        broken.deals[1].id = broken.deals[0].id.clone();
        broken.deals[2].id = "Mýkonos!".into();
        let problems = broken.problems().join("; ");
        for want in ["listed twice", "lowercase"] {
            assert!(problems.contains(want), "{want}: {problems}");
        }
        let e = crate::levels::parse::<DailyFile>("daily.ron", "(bot: 3)").unwrap_err();
        assert!(e.to_string().starts_with("daily.ron: not valid RON"), "{e}");
    }
}
