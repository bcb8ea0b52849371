//! Matches watched again: the line over the replay's table (whose match it is, a deal of the
//! day by its day: a link opened a replay with no word of either) and the viewer's strip, at
//! every window, text size, margin and language; Goblin Market of six for the longest line.

use super::places::go;
use super::{Audit, WINDOWS, one_at_a_time, report};
use bevy::prelude::*;
use come_buy::screens::{Overlay, Screen};
use come_buy::table::replay::{Replay, replay_line, watch};
use come_buy::table::{Match, TableGame};
use come_buy_engine::daily::Deal;
use come_buy_engine::duchess::Duchess;
use come_buy_engine::goblin_market::GoblinMarket;

/// Bots play `G` of `n` seats with `seed` to its end; then the match is watched from its
/// start, and the audit looks at every setting. Returns the replay's line.
fn watched<G: TableGame>(a: &mut Audit, label: &str, n: usize, seed: u64) -> (String, String) {
    // (From the title, as a player comes to a new match: a replay ends there.)
    super::tables::played_out::<G>(a, label, n, seed);
    let record = come_buy::save::record_of(a.app.world().resource::<Match<G>>());
    {
        let world = a.app.world_mut();
        let mut queue = bevy::ecs::world::CommandQueue::default();
        let mut commands = Commands::new(&mut queue, world);
        watch::<G>(&mut commands, &record).unwrap();
        queue.apply(world);
    }
    go(&mut a.app, Screen::Table, Overlay::None);
    a.every_setting(&format!("a replay of {label}"));
    let today = a.app.world().resource::<come_buy::daily::Today>().0;
    let line = replay_line(&a.app.world().resource::<Replay>().about, today);
    // Over the table, in the player's words.
    a.set(come_buy::settings::Settings::default().ui_scale, 0, "en");
    let texts = super::look::sight(a.app.world().resource::<come_buy::audit::LaidOut>()).texts;
    for words in [&line.0, &line.1] {
        assert!(
            texts.iter().any(|t| &t.text == words),
            "{words:?} over the table"
        );
    }
    line
}

#[test]
fn replays_say_whose_match_and_which_days_deal() {
    let _one = one_at_a_time();
    let mut a = Audit::new(WINDOWS[0]);
    let (head, names) = watched::<GoblinMarket>(&mut a, "Goblin Market of six", 6, 5);
    assert_eq!(head, "Watching a match of Goblin Market");
    assert_eq!(names, "P0, P1, P2, P3, P4, P5");
    // A deal of the day two days ago (the person's name and the Hard bot as the day deals
    // them do not matter: the game, the seats and the seed tell the day).
    let today = a.app.world().resource::<come_buy::daily::Today>().0;
    let deal = Deal::by_id("duchess-duel").unwrap();
    let (head, _) =
        watched::<Duchess>(&mut a, "the day's duel", deal.players, deal.seed(today - 2));
    let number = come_buy_engine::daily::number(today - 2);
    // (The day's number keeps its word: a no-break space between them.)
    assert_eq!(head, format!("Watching the deal of day\u{a0}{number}"));
    report("the replays", &[a]);
}
