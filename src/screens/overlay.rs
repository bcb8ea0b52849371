//! Overlays: the pause menu, settings (applied at once), and the rules help in our own words.

use super::{MenuFocus, Overlay, OverlayReturn, Screen, menu_nav};
use crate::nav::Nav;
use crate::settings::{ANIM_SPEEDS, Settings};
use crate::table::{GameKind, LastMatch};
use crate::ui;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (pause_menu, settings_menu, rules_overlay),
    );
}

fn dim(ctx: &egui::Context) {
    let screen = ctx.content_rect();
    ctx.layer_painter(egui::LayerId::new(egui::Order::Middle, "dim".into()))
        .rect_filled(screen, 0.0, egui::Color32::from_black_alpha(150));
}

const PAUSE_ITEMS: [&str; 4] = ["Resume", "Settings", "How to play", "Quit to title"];

fn pause_menu(
    mut contexts: EguiContexts,
    mut navs: MessageReader<Nav>,
    mut focus: ResMut<MenuFocus>,
    mut overlay: ResMut<Overlay>,
    mut back: ResMut<OverlayReturn>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    if *overlay != Overlay::Pause {
        return Ok(());
    }
    let mut chosen = None;
    for nav in menu_nav(&mut navs, &mut focus, PAUSE_ITEMS.len()) {
        match nav {
            Nav::Confirm => chosen = Some(focus.0),
            Nav::Back => chosen = Some(0),
            _ => {}
        }
    }
    let ctx = contexts.ctx_mut()?;
    dim(ctx);
    ui::panel("pause").show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui::heading(ui, "Paused");
            for (i, label) in PAUSE_ITEMS.iter().enumerate() {
                if ui::big_button(ui, label, focus.0 == i, true) {
                    chosen = Some(i);
                }
            }
        });
    });
    match chosen {
        Some(0) => *overlay = Overlay::None,
        Some(1) => {
            back.0 = Overlay::Pause;
            *overlay = Overlay::Settings;
        }
        Some(2) => {
            back.0 = Overlay::Pause;
            *overlay = Overlay::Rules;
        }
        Some(3) => {
            *overlay = Overlay::None;
            next.set(Screen::Title);
        }
        _ => {}
    }
    Ok(())
}

/// Applies a step to settings row `row` (0 scale, 1 speed, 2-4 volumes).
pub fn step_setting(s: &mut Settings, row: usize, delta: i32) {
    let d = delta as f32;
    match row {
        0 => s.ui_scale = ((s.ui_scale + 0.25 * d) * 4.0).round() / 4.0,
        1 => {
            s.anim_speed =
                (s.anim_speed as i32 + delta).rem_euclid(ANIM_SPEEDS.len() as i32) as usize
        }
        2 => s.master_volume += 0.1 * d,
        3 => s.music_volume += 0.1 * d,
        4 => s.sfx_volume += 0.1 * d,
        _ => {}
    }
    *s = s.clone().clamped();
}

fn settings_menu(
    mut contexts: EguiContexts,
    mut navs: MessageReader<Nav>,
    mut focus: ResMut<MenuFocus>,
    mut overlay: ResMut<Overlay>,
    back: Res<OverlayReturn>,
    mut settings: ResMut<Settings>,
) -> Result {
    if *overlay != Overlay::Settings {
        return Ok(());
    }
    const ROWS: usize = 6;
    let mut delta = None;
    let mut done = false;
    for nav in menu_nav(&mut navs, &mut focus, ROWS) {
        match nav {
            Nav::Left | Nav::BigLeft => delta = Some((focus.0, -1)),
            Nav::Right | Nav::BigRight => delta = Some((focus.0, 1)),
            Nav::Confirm if focus.0 == ROWS - 1 => done = true,
            Nav::Back => done = true,
            _ => {}
        }
    }
    let ctx = contexts.ctx_mut()?;
    dim(ctx);
    let s = settings.clone();
    let pct = |v: f32| format!("{}%", (v * 100.0).round());
    ui::panel("settings").show(ctx, |ui| {
        ui.vertical_centered(|ui| ui::heading(ui, "Settings"));
        let rows: [(&str, String); 5] = [
            ("Text and menu size", format!("{:.2}x", s.ui_scale)),
            ("Animation speed", s.speed_label().to_string()),
            ("Volume", pct(s.master_volume)),
            ("Music", pct(s.music_volume)),
            ("Sound effects", pct(s.sfx_volume)),
        ];
        for (i, (label, value)) in rows.iter().enumerate() {
            let d = ui::stepper(ui, label, value, focus.0 == i);
            if d != 0 {
                delta = Some((i, d));
            }
        }
        ui.vertical_centered(|ui| {
            if ui::big_button(ui, "Done", focus.0 == ROWS - 1, true) {
                done = true;
            }
        });
    });
    if let Some((row, d)) = delta {
        step_setting(&mut settings, row, d);
    }
    if done {
        settings.save();
        *overlay = back.0;
    }
    Ok(())
}

pub const GOBLIN_MARKET_HELP: &str = "\
GOBLIN MARKET, in short

You are buying cards from goblins at auction. At the end, the three suits you hold the most \
of are worth a point per symbol, and the other three cost you a point per symbol. A number \
card shows two suits, so it can be worth +2, 0 or -2.

An auction
- A card is turned up to set the size: an Ace means 1 card is for sale, a number 2 cards, a \
Crown 3. That card leaves the game. When 3 or fewer cards remain, they are all sold at once.
- Going round the table, each player raises the bid or drops out for good. You can never bid \
more coins than you have. If nobody bids, the cards are thrown away.
- The top bidder either takes every card and pays, or (with 2 or 3 cards up) takes just one \
and pays. Then the second-highest bidder must take one of the rest and pay their own bid, \
and with 3 cards the third bidder takes the last one. Cards nobody has to take are discarded.

Money for the others
- Sisterhood: look at the last digit of the winning bid (1 is an Ace, 0 a Crown). Everyone \
who got no card this auction earns 3 coins for each card they hold of that rank, 2 for the \
rank just below and 1 for the rank below that (below the Ace comes the Crown).
- Goblin money: a Goblin card is revealed; each player earns a coin for every one of its \
suits that appears on none of their cards.

The winner of an auction bids first in the next. When the Auction Deck runs out, the game \
ends: most points wins; a tie goes to the player with more positive points.";

pub const MYKONOS_HELP: &str = "\
MYKONOS, in short

You trade playing cards on a harbour quay and sell poker hands for money. Whoever has the \
most money when the deck can no longer fill the quay wins (a tie goes to more face cards in \
hand). Each player starts with 2 hidden cards, 5 coins and 4 workers.

A round
- Quay: one card more than there are players is laid out face up (three with two players).
- Queues: taking turns from the player with the start token, everyone sends one worker at a \
time to a card, until all workers stand in line. A card holds at most 4; the first to arrive \
stands at the front.
- Buying, card by card from the left: the worker at the front may buy the card for 1 coin per \
worker still in that queue (so queues get cheaper as people step out), or step out and let \
the next in line decide. Cards nobody buys are thrown away.
- Selling: each player may sell one poker combination from their hand: straight flush 15, \
four of a kind 11, full house 8, flush 7, straight 6, three of a kind 5, two pair 4, pair 2, a \
single card 1. Straights and flushes use exactly five cards; the Ace is always low.
- Wages: everyone earns 2 coins, 1 more if they bought nothing, and 1 more per Jack, Queen or \
King in hand (shown to the table).
- The start token moves on; nobody may keep more than 5 cards.

With two players, a grey neutral crew of 4 workers joins the queues: each player places two \
of them in a set order. A neutral worker at the front always steps out.

Hands are secret. With several people at one screen, the table asks you to pass it on and \
shows a hand only to its owner.";

pub const DUCHESS_HELP: &str = "\
THE DUCHESS'S NECKLACE, in short

You are a court jeweller. Each card shows four stones on top and, below, the wish of a \
courtier: exactly so many stones of one kind, for a price in florins. Your necklace is your \
four cards plus the common card in the middle: every wish on those five cards that the five \
cards meet exactly pays its florins. The table adds it up for you as you play.

Two players
- On your turn take the top card of the draw pile or of the discard pile, then discard a card \
face up (not the one you just picked up from the discards).
- When the draw pile is empty you may still take the top discard, or stop: stopping ends the \
game. It also ends after three more turns each. The richest necklace wins; a tie goes to \
more wishes met.

Solo
- Five times, two cards come: look at one of them, then keep either that one or the hidden \
one, and give up one card from your hand along with the one you did not keep.
- Your necklace earns a title: up to 26 Apprentice, 27-30 Artist, 31-33 Officer, 34 and more \
Magister.

Expansions
- Rainbow stones (2 cards): a rainbow stone can stand for any one gem kind, or for itself, or \
be left out; the table always picks the best use. A rainbow card's wish wants exactly one \
rainbow stone used.
- Court gold (4 cards): gold ingots carry no wish but pay together: 1 ingot 5, 2 ingots 14, 3 \
ingots 27, 4 ingots 44 florins.";

pub const CONTROLS_HELP: &str = "\
Controls: arrows or D-pad to choose, Left/Right to change a number (PageUp/PageDown or the \
triggers by 5), Enter/Space or A to confirm, Esc or Start to pause. The mouse and touch \
work everywhere.";

/// The help for the game on the table, or for every game from the title screen.
pub fn rules_help(game: Option<GameKind>) -> String {
    let all = [GOBLIN_MARKET_HELP, MYKONOS_HELP, DUCHESS_HELP];
    let parts: Vec<&str> = match game {
        Some(GameKind::GoblinMarket) => vec![GOBLIN_MARKET_HELP],
        Some(GameKind::Mykonos) => vec![MYKONOS_HELP],
        Some(GameKind::Duchess) => vec![DUCHESS_HELP],
        None => all.to_vec(),
    };
    format!("{}\n\n{CONTROLS_HELP}", parts.join("\n\n"))
}

fn rules_overlay(
    screen: Res<State<Screen>>,
    last: Option<Res<LastMatch>>,
    mut contexts: EguiContexts,
    mut navs: MessageReader<Nav>,
    mut overlay: ResMut<Overlay>,
    back: Res<OverlayReturn>,
    mut scroll: Local<f32>,
) -> Result {
    if *overlay != Overlay::Rules {
        return Ok(());
    }
    let mut done = false;
    for nav in navs.read() {
        match nav {
            Nav::Confirm | Nav::Back => done = true,
            Nav::Down => *scroll += 120.0,
            Nav::Up => *scroll = (*scroll - 120.0).max(0.0),
            _ => {}
        }
    }
    let ctx = contexts.ctx_mut()?;
    dim(ctx);
    ui::panel("rules").show(ctx, |ui| {
        ui.set_max_width(900.0);
        ui.vertical_centered(|ui| ui::heading(ui, "How to play"));
        egui::ScrollArea::vertical()
            .max_height(560.0)
            .vertical_scroll_offset(*scroll)
            .show(ui, |ui| {
                let game = match screen.get() {
                    Screen::Table | Screen::Results => last.as_ref().map(|l| l.kind),
                    _ => None,
                };
                ui.label(egui::RichText::new(rules_help(game)).size(21.0));
            });
        ui.vertical_centered(|ui| {
            if ui::big_button(ui, "Back", true, true) {
                done = true;
            }
        });
    });
    if done {
        *scroll = 0.0;
        *overlay = back.0;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_steps_stay_in_range() {
        let mut s = Settings::default();
        for _ in 0..20 {
            step_setting(&mut s, 0, 1);
            step_setting(&mut s, 2, 1);
        }
        assert_eq!(s.ui_scale, 2.0);
        assert_eq!(s.master_volume, 1.0);
        step_setting(&mut s, 1, -1);
        assert_eq!(s.speed_label(), "Instant");
        step_setting(&mut s, 1, 1);
        assert_eq!(s.speed_label(), "1x");
    }

    #[test]
    fn rules_help_covers_the_game_on_the_table_or_all() {
        let gm = rules_help(Some(GameKind::GoblinMarket));
        assert!(gm.contains("GOBLIN MARKET") && !gm.contains("MYKONOS"));
        assert!(gm.contains("Controls"));
        let all = rules_help(None);
        for title in ["GOBLIN MARKET", "MYKONOS", "DUCHESS"] {
            assert!(all.contains(title), "{title}");
        }
    }
}
