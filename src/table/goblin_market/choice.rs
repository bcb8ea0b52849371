//! A person's choices at Goblin Market, on the kit's list choice: a bid set with a stepper or
//! a pass; after a win, take all or one card; a card lifted when focused, or clicked.

use super::layout::{self, Layout};
use super::{CardVisual, Match, TableView};
use crate::art::CARD;
use crate::table::kit::{ListChoice, Pick, Pointer, SeatName, Wording, seat_color};
use bevy::prelude::*;
use come_buy_engine::decktet::{Card, decktet};
use come_buy_engine::game::{Game, Seat};
use come_buy_engine::goblin_market::{Action, GoblinMarket, StageView, Zone};
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

type Choice = ListChoice<Action>;

/// What taking cards costs `seat` (its own highest bid), while cards are handed out.
fn price(m: &Match, seat: Seat) -> Option<u32> {
    match m.game.view(Some(seat)).stage {
        StageView::Choosing { ranking, .. } => {
            ranking.iter().find(|(s, _)| *s == seat).map(|(_, b)| *b)
        }
        _ => None,
    }
}

impl Wording for GoblinMarket {
    fn prompt(m: &Match, seat: Seat, options: &[Action]) -> String {
        let name = &m.seats[seat].name;
        let key = if options.contains(&Action::Pass) {
            "gm-ask-bid"
        } else if options.first() == Some(&Action::TakeAll) {
            "gm-ask-take"
        } else {
            "gm-ask-pick"
        };
        // A bid names the lot at the dock's size (the cards print their names small).
        let lot = m.game.view(Some(seat)).auction_row;
        if key == "gm-ask-bid" && !lot.is_empty() {
            let names: Vec<String> = lot
                .iter()
                .map(|&c| come_buy_text::names::decktet_card(&decktet(), c))
                .collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            return say(&Text::new("gm-ask-bid-lot")
                .raw("name", name.clone())
                .raw("lot", come_buy_text::and_list(&names)));
        }
        say(&Text::new(key).raw("name", name.clone()))
    }

    fn label(m: &Match, seat: Seat, action: &Action) -> String {
        let cost = price(m, seat).map(|p| Text::new("coins").num("n", p as i64));
        let card = |c: &_| come_buy_text::names::decktet_card(&decktet(), *c);
        let text = match (action, cost) {
            (Action::Bid(b), _) => Text::new("gm-bid").num("amount", *b as i64),
            (Action::Pass, _) => Text::new("gm-pass"),
            (Action::TakeAll, None) => Text::new("gm-take-all"),
            (Action::TakeAll, Some(cost)) => Text::new("gm-take-all-pay").text("cost", cost),
            (Action::TakeOne(c), None) => Text::new("gm-take-one").raw("card", card(c)),
            (Action::TakeOne(c), Some(cost)) => Text::new("gm-take-one-pay")
                .raw("card", card(c))
                .text("cost", cost),
        };
        say(&text)
    }

    fn reason(m: &Match, seat: Seat, a: &Action) -> Option<String> {
        let v = m.game.view(Some(seat));
        let r = come_buy_engine::goblin_market::bot::reason(&v, a)?;
        Some(reason_words(&r))
    }

    fn hint(m: &Match, _seat: Seat, options: &[Action]) -> Option<String> {
        let look = come_buy_text::tr_keys("gm-look-keys");
        // Only when the rules leave nothing but passing (a guide offering its one move, a
        // pass, is not that).
        Some(
            if options == [Action::Pass] && m.game.legal_actions() == [Action::Pass] {
                format!("{}   {look}", tr("gm-cannot-outbid"))
            } else {
                look
            },
        )
    }

    fn amount(action: &Action) -> Option<u32> {
        match action {
            Action::Bid(b) => Some(*b),
            _ => None,
        }
    }

    fn with_amount(action: &Action, n: u32) -> Action {
        match action {
            Action::Bid(_) => Action::Bid(n),
            a => a.clone(),
        }
    }
}

/// Names of players out of the auction dim.
pub(super) fn dim_passed(
    m: Res<Match>,
    view: Res<TableView>,
    mut names: Query<(&SeatName, &mut TextColor)>,
) {
    for (n, mut color) in &mut names {
        let base = seat_color(&m.seats[n.0]);
        let out = view.passed.get(n.0).copied().unwrap_or(false);
        color.0 = if out { base.with_alpha(0.45) } else { base };
    }
}

/// Lifts the focused card when a person chooses which card to take (all of them a little when
/// "take all" is focused).
/// How big a won card grows under the mouse (or a held finger) or looked at with C: 235 px
/// tall on the 1080p table, its name legible from a sofa (see [`layout::look_spot`]).
pub const ZOOM: f32 = layout::LOOK_ZOOM;

/// The won card under the pointer, if any: (its seat, its index in that seat's cards). The
/// last-drawn card wins where they overlap.
pub(super) fn won_card_at(view: &TableView, world: Vec2) -> Option<(Seat, usize)> {
    let layout = view.layout.as_ref()?;
    (0..view.seats()).find_map(|s| {
        let won = view.zone(Zone::Player(s));
        (0..won.len()).rev().find_map(|i| {
            let (p, scale) = layout.slot(Zone::Player(s), i, won.len());
            let half = CARD * scale / 2.0;
            let d = (world - p.truncate()).abs();
            (d.x <= half.x && d.y <= half.y).then_some((s, i))
        })
    })
}

/// The won card being looked at with the keyboard or a pad (C, the right trigger), if any.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Looking(pub Option<Card>);

/// The won card after `current` in seat order (each seat's cards as they lie), the first
/// with none; `None` after the last (the look ends).
pub(super) fn next_won_card(view: &TableView, current: Option<Card>) -> Option<Card> {
    let all: Vec<Card> = (0..view.seats())
        .flat_map(|s| view.zone(Zone::Player(s)).to_vec())
        .collect();
    match current.and_then(|c| all.iter().position(|&x| x == c)) {
        Some(i) => all.get(i + 1).copied(),
        None => all.first().copied(),
    }
}

/// C or the right trigger steps the look through the won cards (any device may: looking
/// is not acting).
pub(super) fn look_input(
    mut inbox: ResMut<crate::nav::Inbox>,
    view: Res<TableView>,
    mut looking: ResMut<Looking>,
    mut cues: MessageWriter<crate::audio::PlayCue>,
) {
    let steps = inbox.take_counted(crate::nav::Owner::Table, |p| {
        p.nav == Some(crate::nav::Nav::Look)
    });
    for _ in 0..steps {
        looking.0 = next_won_card(&view, looking.0);
        cues.write(crate::audio::PlayCue(come_buy_media::synth::Cue::Click));
    }
}

/// The line naming a looked-at card and its owner, under the card.
#[derive(Component)]
pub(crate) struct LookName;

/// The cards at rest in their places (not flying), never the look's name line.
type Placed<'w, 's> = Query<
    'w,
    's,
    (&'static CardVisual, &'static mut Transform),
    (Without<crate::anim::MoveTween>, Without<LookName>),
>;

#[allow(clippy::too_many_arguments)]
pub(super) fn highlight_choice(
    choice: Option<Res<Choice>>,
    (view, m): (Res<TableView>, Res<Match>),
    looking: Res<Looking>,
    pointer: Pointer,
    mut cards: Placed,
    mut name: Query<(&mut Text2d, &mut Transform, &mut Visibility), With<LookName>>,
    mut spot: Local<Option<(Card, Vec2, Vec2)>>,
    mut pace: ResMut<crate::pace::Pace>,
) {
    let Some(layout) = view.layout.as_ref() else {
        return;
    };
    // A card still on its way to its place keeps the frames coming (a resting table would
    // leave a growing card half grown).
    let mut moving = false;
    // A won card under the mouse grows beside the decision (never over it); with none, the
    // one looked at with the keyboard or a pad.
    let zoomed = pointer
        .hovered()
        .and_then(|w| won_card_at(&view, w))
        .map(|(s, i)| view.zone(Zone::Player(s))[i])
        .or(looking.0);
    let mut named = None;
    for (cv, mut tf) in &mut cards {
        let Some(Zone::Player(s)) = view.zone_of(cv.0) else {
            continue;
        };
        let won = view.zone(Zone::Player(s));
        let Some(i) = won.iter().position(|&c| c == cv.0) else {
            continue;
        };
        let (base, small) = layout.slot(Zone::Player(s), i, won.len());
        let (want, scale) = if zoomed == Some(cv.0) {
            // The place is searched once per card and place it lies in.
            let from = base.truncate();
            let at = match *spot {
                Some((c, f, at)) if c == cv.0 && f == from => at,
                _ => {
                    let at = layout.look_spot(s, from);
                    *spot = Some((cv.0, from, at));
                    at
                }
            };
            named = Some((s, cv.0, at));
            (at.extend(60.0), ZOOM)
        } else {
            (base, small)
        };
        if tf.translation.distance(want) > 0.5 {
            tf.translation = tf.translation.lerp(want, 0.35);
            moving = true;
        } else if tf.translation != want {
            tf.translation = want;
        }
        if (tf.scale.y - scale).abs() > 1e-3 {
            let k = tf.scale.y + (scale - tf.scale.y) * 0.35;
            tf.scale = Vec3::new(k, k, 1.0);
            moving = true;
        } else if tf.scale.y != scale {
            tf.scale = Vec3::new(scale, scale, 1.0);
        }
    }
    // Its owner and name under it, at a size read from a sofa (the card prints it small).
    if let Ok((mut text, mut tf, mut vis)) = name.single_mut() {
        match named {
            Some((s, card, at)) => {
                let line = format!(
                    "{}: {}",
                    m.seats[s].name,
                    come_buy_text::names::decktet_card(&decktet(), card)
                );
                if text.0 != line {
                    text.0 = line;
                }
                let y = at.y - CARD.y * ZOOM / 2.0 - layout::LOOK_NAME.y / 2.0;
                tf.translation = Vec3::new(at.x, y, 61.0);
                vis.set_if_neq(Visibility::Inherited);
            }
            None => {
                vis.set_if_neq(Visibility::Hidden);
            }
        }
    }
    let focused = choice.as_ref().and_then(|c| match c.options.get(c.focus) {
        Some(Action::TakeOne(card)) => Some(*card),
        _ => None,
    });
    let all = choice
        .as_ref()
        .is_some_and(|c| c.options.first() == Some(&Action::TakeAll) && c.focus == 0);
    let row = view.zone(Zone::AuctionRow);
    for (cv, mut tf) in &mut cards {
        let Some(i) = row.iter().position(|&c| c == cv.0) else {
            continue;
        };
        let (base, _) = layout.slot(Zone::AuctionRow, i, row.len());
        let lift = if focused == Some(cv.0) {
            26.0
        } else if all {
            12.0
        } else {
            0.0
        };
        let want = base + Vec3::new(0.0, lift, 0.0);
        if tf.translation.distance(want) > 0.5 {
            tf.translation = tf.translation.lerp(want, 0.3);
            moving = true;
        }
    }
    if moving {
        pace.stir();
    }
}

/// A click or tap on a card of the auction row takes it, when that is a legal choice.
pub(super) fn click_cards(
    pointer: Pointer,
    view: Res<TableView>,
    choice: Option<Res<Choice>>,
    mut picks: MessageWriter<Pick<Action>>,
) {
    let Some(choice) = choice else { return };
    let Some(world) = pointer.pressed() else {
        return;
    };
    if let Some(card) = row_card_at(&view, world) {
        let a = Action::TakeOne(card);
        if choice.options.contains(&a) {
            picks.write(Pick(a));
        }
    }
}

/// Which card of the auction row is under a world position (for clicks and taps).
pub fn row_card_at(view: &TableView, world: Vec2) -> Option<Card> {
    let layout: &Layout = view.layout.as_ref()?;
    let row = view.zone(Zone::AuctionRow);
    row.iter().enumerate().find_map(|(i, &c)| {
        let (p, s) = layout.slot(Zone::AuctionRow, i, row.len());
        let half = CARD * s / 2.0;
        let d = (world - p.truncate()).abs();
        (d.x <= half.x && d.y <= half.y).then_some(c)
    })
}

/// A Hint's reason in words.
fn reason_words(r: &come_buy_engine::goblin_market::bot::Reason) -> String {
    use come_buy_engine::goblin_market::bot::Reason;
    use come_buy_engine::text::Text;
    use come_buy_text::names::{decktet_card, decktet_suit};
    let points = |p: i64| Text::new("hint-gm-points").num("points", p);
    let t = match r {
        Reason::Lot {
            cards,
            points: p,
            suit: Some(suit),
            worth,
        } if *p > 0 => Text::new("hint-gm-lot")
            .num("cards", *cards as i64)
            .text("points", points(*p))
            .raw("suit", decktet_suit(*suit))
            .num("worth", *worth),
        Reason::Lot { worth, .. } => Text::new("hint-gm-lot-later").num("worth", *worth),
        Reason::TooDear { bid, worth } => Text::new("hint-gm-too-dear")
            .num("bid", *bid)
            .num("worth", *worth),
        Reason::CannotAfford { bid, coins } => Text::new("hint-gm-cannot-afford")
            .num("bid", *bid)
            .num("coins", *coins),
        Reason::TakeAll { cards, points: p } => Text::new("hint-gm-take-all")
            .num("cards", *cards as i64)
            .text("points", points(*p)),
        Reason::TakeOne {
            card,
            points: p,
            suit: Some(suit),
        } if *p > 0 => Text::new("hint-gm-take-one")
            .raw("card", decktet_card(&decktet(), *card))
            .text("points", points(*p))
            .raw("suit", decktet_suit(*suit)),
        Reason::TakeOne {
            card, points: p, ..
        } => Text::new("hint-gm-take-one-least")
            .raw("card", decktet_card(&decktet(), *card))
            .text("points", points(*p)),
    };
    come_buy_text::say(&t)
}

#[cfg(test)]
mod zoom_tests {
    use super::*;

    #[test]
    fn the_won_card_under_the_pointer_is_the_topmost_one_there() {
        let mut view = TableView {
            layout: Some(Layout::new(4, Some(0))),
            coins: vec![10; 4],
            ..TableView::default()
        };
        // Nine cards overlap in the plaque.
        let won: Vec<Card> = (0..9).map(|i| Card(i * 3)).collect();
        view.zones.insert(Zone::Player(2), won.clone());
        let layout = view.layout.as_ref().unwrap();
        for i in 0..won.len() {
            let (p, _) = layout.slot(Zone::Player(2), i, won.len());
            assert_eq!(won_card_at(&view, p.truncate()), Some((2, i)));
        }
        // Where two cards overlap, the one drawn last (on top) is the one that grows.
        let (a, _) = layout.slot(Zone::Player(2), 0, won.len());
        let (b, _) = layout.slot(Zone::Player(2), 1, won.len());
        let half = CARD.x * layout::SMALL / 2.0;
        assert!(b.x - a.x < 2.0 * half, "the cards overlap");
        let both = Vec2::new(b.x - half + 2.0, b.y);
        assert!((both.x - a.x).abs() < half);
        assert_eq!(won_card_at(&view, both), Some((2, 1)));
        // The middle of the table and another seat's empty plaque hold no won card.
        assert_eq!(won_card_at(&view, Vec2::ZERO), None);
        let (other, _) = layout.slot(Zone::Player(0), 0, 1);
        assert_eq!(won_card_at(&view, other.truncate()), None);
    }
}
