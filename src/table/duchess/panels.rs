//! The necklace panels: for each hand the room may see, its value counting up and a line per
//! card's wish (met wishes in gold, their cards glowing).

use super::{NecklaceValue, PanelLine, TableView, WishGlow};
use crate::anim::Counter;
use crate::table::handover::Privacy;
use crate::theme;
use bevy::prelude::*;
use come_buy_engine::duchess::Zone;
use come_buy_engine::duchess::deck::{Card, CardSet, Gem, config};
use come_buy_engine::duchess::necklace::necklace;
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

/// Each shown hand's necklace: the total counting to its value, a line per card's wish (met
/// wishes in gold, their cards glowing), gold and rainbow choices spelled out.
pub(super) fn necklace_panels(
    ambient: Res<crate::pace::Ambient>,
    view: Res<TableView>,
    privacy: Res<Privacy>,
    mut lines: Query<(&PanelLine, &mut Text2d, &mut TextColor)>,
    mut values: Query<(&NecklaceValue, &mut Counter, &mut Text2d), Without<PanelLine>>,
    mut glows: Query<(&WishGlow, &mut Sprite)>,
) {
    let cfg = config();
    let n = view.known.len();
    let pulse = ambient.pulse(2.5, 0.4);
    let mut lit: Vec<Card> = Vec::new();
    for s in 0..n {
        let shown = view.over || privacy.shows(s);
        let cards = view.necklace_cards(s);
        let nk = (shown && !cards.is_empty()).then(|| necklace(&cfg, &cards));
        for (v, mut counter, mut text) in &mut values {
            if v.0 != s {
                continue;
            }
            match &nk {
                Some(nk) => counter.target = nk.value as f32,
                None => {
                    counter.target = 0.0;
                    text.0 = "?".into();
                }
            }
        }
        if let Some(nk) = &nk {
            lit.extend(
                view.zone(Zone::Hand(s))
                    .iter()
                    .filter(|c| nk.met.contains(c)),
            );
            if s == privacy.revealed.unwrap_or(0) {
                lit.extend(
                    view.zone(Zone::Common)
                        .iter()
                        .filter(|c| nk.met.contains(c)),
                );
            }
        }
        for (line, mut text, mut color) in &mut lines {
            if line.0 != s {
                continue;
            }
            let Some(nk) = &nk else {
                text.0 = if line.1 == 0 {
                    tr("duchess-secret-hand")
                } else {
                    String::new()
                };
                color.0 = theme::CREAM.with_alpha(0.6);
                continue;
            };
            let Some(&c) = cards.get(line.1) else {
                text.0 = String::new();
                continue;
            };
            let def = cfg.def(c);
            let common = view.zone(Zone::Common).contains(&c);
            let (t, met) = match def.wish {
                Some(w) => {
                    let met = nk.met.contains(&c);
                    let mark = if met { "+" } else { "  " };
                    let line = say(&Text::new("duchess-wish-line")
                        .raw("wish", come_buy_text::names::wish(&w))
                        .raw("common", if common { "yes" } else { "no" })
                        .num("florins", w.florins as i64));
                    (format!("{mark} {line}"), met)
                }
                None if def.set == CardSet::Gold => {
                    let first_gold =
                        cards.iter().position(|&g| cfg.def(g).set == CardSet::Gold) == Some(line.1);
                    let ingots = nk.counts[Gem::Gold.index()];
                    if first_gold {
                        let line = say(&Text::new("duchess-gold-line")
                            .num("ingots", ingots as i64)
                            .num("florins", nk.gold_florins as i64));
                        (format!("+ {line}"), nk.gold_florins > 0)
                    } else {
                        (
                            format!("  {}", tr("duchess-gold-counted")),
                            nk.gold_florins > 0,
                        )
                    }
                }
                None => (
                    format!("  {}", come_buy_text::names::duchess_card(&cfg, c)),
                    false,
                ),
            };
            // Sized by kit::Grows as the words change.
            if text.0 != t {
                text.0 = t;
            }
            color.0 = if met {
                theme::GOLD
            } else {
                theme::CREAM.with_alpha(0.7)
            };
        }
    }
    for (g, mut sprite) in &mut glows {
        sprite.color = if lit.contains(&g.0) {
            Color::srgba(1.0, 0.85, 0.35, pulse)
        } else {
            Color::NONE
        };
    }
}

/// A card's wish in words, as the necklace panels say it (its florins; without whether it is
/// met), or the card's name when it has no wish.
fn wish_words(card: Card) -> String {
    let cfg = config();
    match cfg.def(card).wish {
        Some(w) => say(&Text::new("duchess-wish-line")
            .raw("wish", come_buy_text::names::wish(&w))
            .raw("common", "no")
            .num("florins", w.florins as i64)),
        None => come_buy_text::names::duchess_card(&cfg, card),
    }
}

/// The cards a person decides about, spelled out at the panels' size under their piles: the
/// top discard (take it or draw), and solo the card looked at (keep it or the unseen one).
pub(super) fn offer_lines(
    view: Res<TableView>,
    mut lines: Query<(&super::layout::Offer, &mut Text2d)>,
) {
    use super::layout::Offer;
    for (offer, mut text) in &mut lines {
        let (card, key) = match offer {
            Offer::Discard => (
                view.zone(Zone::Discard).last().copied(),
                "duchess-offer-discard",
            ),
            // Only while the card looked at lies among this turn's two (kept or given up,
            // its line went on under an empty place, and under the match's last banner).
            Offer::Looked => (
                view.looked
                    .filter(|c| matches!(view.zone_of(*c), Some(Zone::Pair(_)))),
                "duchess-offer-looked",
            ),
        };
        let want = card
            .map(|c| say(&Text::new(key).raw("card", wish_words(c))))
            .unwrap_or_default();
        // Sized by kit::Grows as the words change.
        if text.0 != want {
            text.0 = want;
        }
    }
}
