//! Statistics and Watch a match with a long record behind them (every game, long names, bots
//! of every level, solo ranks, a streak of today's deals, the most matches kept), and the
//! Credits: the screens that were only looked at empty.

use super::places::go;
use super::{Audit, WINDOWS, one_at_a_time, report};
use bevy::prelude::*;
use come_buy::daily::{DailyEntry, DailyResult, Today};
use come_buy::games::GameKind;
use come_buy::nav::Owner;
use come_buy::screens::{Overlay, Screen};
use come_buy::stats::{PAST_KEPT, PastMatch, PlayerStats, SoloGame, Stats, Tally};

/// Names as long as a player types them, and short ones.
const NAMES: [&str; 6] = [
    "Margherita Lucrezia",
    "Bartholomew",
    "Ana",
    "Zoe",
    "Maximiliano",
    "Giulia",
];

/// The deals of today's list, by id (levels/daily.ron).
const DEALS: [(&str, usize); 4] = [
    ("duchess", 1),
    ("duchess-duel", 2),
    ("mykonos", 3),
    ("goblin-market", 4),
];

fn player(k: u32) -> PlayerStats {
    PlayerStats {
        games: Tally {
            played: 1200 + k,
            won: 377 + k,
        },
        against: ["easy", "normal", "hard"]
            .into_iter()
            .map(|level| {
                let t = Tally {
                    played: 400 + k,
                    won: 123,
                };
                (level.to_string(), t)
            })
            .collect(),
        best: Some(1234 + i64::from(k)),
        hints: 88,
    }
}

/// A record of years of play, up to `today`.
fn a_long_record(today: i64) -> Stats {
    let mut stats = Stats::default();
    for kind in GameKind::all() {
        let game = stats.games.entry(kind.id().to_string()).or_default();
        for (k, name) in NAMES.iter().enumerate() {
            game.players.insert(name.to_string(), player(k as u32));
        }
        if kind.id() == "duchess" {
            for (k, rank) in ["apprentice", "artist", "officer", "magister"]
                .into_iter()
                .enumerate()
            {
                game.solo.push(SoloGame {
                    name: NAMES[k].to_string(),
                    florins: 20 + 5 * k as i64,
                    rank: rank.to_string(),
                });
            }
        }
    }
    let games = GameKind::all();
    stats.finished = (0..PAST_KEPT)
        .map(|i| {
            let kind = games[i % games.len()];
            let n = *kind.players().end();
            let players: Vec<String> = (0..n)
                .map(|s| NAMES[(i + s) % NAMES.len()].into())
                .collect();
            PastMatch {
                game: kind.id().to_string(),
                winners: players[..1 + i % 2].to_vec(),
                players,
                code: format!("audit-{i}"),
                solo: None,
            }
        })
        .collect();
    for day in today - 40..=today {
        for (k, (deal, of)) in DEALS.into_iter().enumerate() {
            let rank = (of == 1).then(|| ("magister".to_string(), 4, 4));
            stats.daily.entries.push(DailyEntry {
                deal: deal.to_string(),
                day,
                seed: (day as u64) * 10 + k as u64,
                result: Some(DailyResult {
                    place: 1,
                    of,
                    points: 1234,
                    top: 1234,
                    rank,
                    code: format!("audit-{day}-{k}"),
                }),
                given_up: false,
            });
        }
    }
    stats
}

#[test]
fn statistics_and_watch_with_a_long_record() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    let today = a.app.world().resource::<Today>().0;
    a.app.insert_resource(a_long_record(today));
    go(&mut a.app, Screen::Title, Overlay::Stats);
    a.every_setting("Statistics with a long record");
    go(&mut a.app, Screen::Title, Overlay::Watch);
    a.every_setting("Watch with the most matches kept");
    // The list scrolled to its end: Paste a code, then Back.
    for index in [PAST_KEPT, PAST_KEPT + 1] {
        let mut f = a
            .app
            .world_mut()
            .resource_mut::<come_buy::screens::MenuFocus>();
        f.owner = Owner::Watch;
        f.index = index;
        a.corners(&format!("Watch with the most matches kept, entry {index}"));
    }
    go(&mut a.app, Screen::Title, Overlay::None);
    report("the record", &[a]);
}
