//! A person's choices at Mýkonos (on the kit's list choice), the cards they are about lifted,
//! clicks on the quay and the hand, and hands turned face up only for whom may see them.

use super::{Match, PokerCard, TableView};
use crate::anim::{CardSide, FlipTween, MoveTween};
use crate::art::CARD;
use crate::table::handover::Privacy;
use crate::table::kit::{ListChoice, Pick, Pointer, Wording};
use bevy::prelude::*;
use come_buy_engine::game::{Game, Seat};
use come_buy_engine::mykonos::cards::Card;
use come_buy_engine::mykonos::{Action, Mykonos, Worker};
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

/// Turns hand cards face up or down: up when the room may see them (known cards, the only
/// person's own hand, the hand of the person who took the screen), down otherwise.
pub(super) fn sync_faces(
    mut commands: Commands,
    view: Res<TableView>,
    privacy: Res<Privacy>,
    cards: Query<(&CardSide, Has<FlipTween>), With<PokerCard>>,
) {
    for (seat, hand) in view.hands.iter().enumerate() {
        for c in hand {
            let Some(&e) = view.cards.get(c) else {
                continue;
            };
            let want = privacy.shows(seat) || view.known[seat].contains(c);
            if let Ok((side, flipping)) = cards.get(e)
                && !flipping
                && side.face_up != want
            {
                commands.entity(e).insert(FlipTween::new(want, 0.3));
            }
        }
    }
}

/// Cards neither moving nor turning over (their pose is the table's to set).
type Settled = (Without<MoveTween>, Without<FlipTween>);

/// How much a person's hand grows while they decide about it (a sale or a discard): from
/// 213 to 245 px tall on the near plaque of the 1080p table (about 200 px on screen above a
/// docked choice panel), risen out of its plaque.
pub const HAND_FOCUS: f32 = 1.15;

/// Lifts the cards a person's focused option is about; while the decision is about their hand
/// (a sale, a discard), that hand grows and rises out of its plaque.
pub(super) fn highlight_choice(
    choice: Option<Res<ListChoice<Action>>>,
    view: Res<TableView>,
    mut cards: Query<(&PokerCard, &mut Transform), Settled>,
    mut tags: Query<(&super::Label, &mut Transform), Without<PokerCard>>,
    mut pace: ResMut<crate::pace::Pace>,
    pointer: Pointer,
) {
    let Some(layout) = view.layout.as_ref() else {
        return;
    };
    // A quay card the person may send a worker to lifts under the mouse too, as it does
    // under the keyboard's focus: it says "this one can be clicked".
    let hovered: Option<Card> = choice.as_ref().and_then(|c| {
        let world = pointer.hovered()?;
        (0..view.row.len()).find_map(|slot| {
            let p = layout.row_slot(slot).truncate();
            let d = (world - p).abs();
            let inside = d.x <= CARD.x / 2.0 && d.y <= CARD.y / 2.0;
            (inside && c.options.contains(&Action::Place { slot }))
                .then(|| view.row[slot])
                .flatten()
        })
    });
    let about_hand = choice.as_ref().and_then(|c| {
        c.options
            .iter()
            .any(|a| {
                matches!(
                    a,
                    Action::Sell { .. } | Action::NoSale | Action::Discard { .. }
                )
            })
            .then_some(c.seat)
    });
    let focused: Vec<Card> = match choice.as_ref().and_then(|c| c.focused::<Mykonos>()) {
        Some(Action::Place { slot }) => view.row.get(slot).copied().flatten().into_iter().collect(),
        Some(Action::Sell { cards }) => cards,
        Some(Action::Discard { card }) => vec![card],
        _ => Vec::new(),
    };
    for (pc, mut tf) in &mut cards {
        let mut grow = None;
        let base = if let Some(slot) = view.row.iter().position(|r| *r == Some(pc.0)) {
            layout.row_slot(slot)
        } else if let Some((s, i, n)) = view
            .hands
            .iter()
            .enumerate()
            .find_map(|(s, h)| h.iter().position(|&c| c == pc.0).map(|i| (s, i, h.len())))
        {
            grow = Some((about_hand == Some(s), s));
            layout.hand(s, i, n)
        } else {
            continue;
        };
        let lift = if focused.contains(&pc.0) || hovered == Some(pc.0) {
            30.0
        } else {
            0.0
        };
        let (rise, scale) = match grow {
            // The grown hand sits just outside its plaque, toward the middle of the table
            // (above a plaque in the lower half, below one in the upper half), so that the
            // plaque's name and money stay in sight.
            Some((true, s)) => {
                let (hand, dy) = (layout.hand_scale(s), layout.hand_dy(s));
                let half = CARD.y * hand * HAND_FOCUS / 2.0;
                let out = layout.plaque(s).y / 2.0 + 8.0 + half;
                let rise = if base.y + dy > 0.0 {
                    -(out - dy)
                } else {
                    out + dy
                };
                (rise, hand * HAND_FOCUS)
            }
            Some((false, s)) => (0.0, layout.hand_scale(s)),
            None => (0.0, tf.scale.y),
        };
        let z = if lift > 0.0 { 5.0 } else { 0.0 } + if rise > 0.0 { 20.0 } else { 0.0 };
        let want = base + Vec3::new(0.0, lift + rise, z);
        if tf.translation.distance(want) > 0.5 {
            tf.translation = tf.translation.lerp(want, 0.3);
            pace.stir();
        }
        if (tf.scale.y - scale).abs() > 1e-3 {
            let s = tf.scale.y + (scale - tf.scale.y) * 0.3;
            tf.scale = Vec3::new(s, s, 1.0);
            pace.stir();
        }
        // A quay card's price tag rides on its corner.
        if let Some(slot) = view.row.iter().position(|r| *r == Some(pc.0)) {
            for (label, mut t) in &mut tags {
                if *label == super::Label::Price(slot) {
                    let at = layout.price_tag(slot, tf.translation.y - base.y);
                    if t.translation != at {
                        t.translation = at;
                    }
                }
            }
        }
    }
}

/// Clicking a quay card places a worker there; clicking a hand card discards it.
pub(super) fn click_cards(
    pointer: Pointer,
    view: Res<TableView>,
    choice: Option<Res<ListChoice<Action>>>,
    mut picks: MessageWriter<Pick<Action>>,
) {
    let (Some(choice), Some(layout)) = (choice, view.layout.as_ref()) else {
        return;
    };
    let Some(world) = pointer.pressed() else {
        return;
    };
    let hit = |p: Vec3, scale: f32| {
        let half = CARD * scale / 2.0;
        let d = (world - p.truncate()).abs();
        d.x <= half.x && d.y <= half.y
    };
    for slot in 0..view.row.len() {
        let a = Action::Place { slot };
        if choice.options.contains(&a) && hit(layout.row_slot(slot), 1.0) {
            picks.write(Pick(a));
            return;
        }
    }
    let hand = &view.hands[choice.seat];
    for (i, &card) in hand.iter().enumerate().rev() {
        let a = Action::Discard { card };
        let scale = layout.hand_scale(choice.seat);
        if choice.options.contains(&a) && hit(layout.hand(choice.seat, i, hand.len()), scale) {
            picks.write(Pick(a));
            return;
        }
    }
}

fn ranks(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

impl Wording for Mykonos {
    fn prompt(m: &Match, seat: Seat, options: &[Action]) -> String {
        let who = &m.seats[seat].name;
        let v = m.game.view(Some(seat));
        match options.first() {
            Some(Action::Place { .. }) => match v.placements.first().map(|p| p.worker) {
                Some(Worker::Neutral) => {
                    say(&Text::new("mykonos-ask-neutral").raw("name", who.clone()))
                }
                _ => say(
                    &Text::new("mykonos-ask-place").raw("name", who.clone()).num(
                        "left",
                        v.workers_left.get(seat).copied().unwrap_or(0) as i64,
                    ),
                ),
            },
            Some(Action::Buy) | Some(Action::Pass) => {
                let (slot, price) = v.purchase.unwrap_or((0, 0));
                let card = v.row.get(slot).copied().flatten();
                let what = card
                    .map(come_buy_text::names::poker_card)
                    .unwrap_or_default();
                let key = if options.contains(&Action::Buy) {
                    "mykonos-ask-buy"
                } else {
                    "mykonos-ask-step-out"
                };
                say(&Text::new(key)
                    .raw("name", who.clone())
                    .raw("card", what)
                    .num("price", price as i64))
            }
            Some(Action::Sell { .. }) | Some(Action::NoSale) => {
                say(&Text::new("mykonos-ask-sell").raw("name", who.clone()))
            }
            Some(Action::Discard { .. }) => say(&Text::new("mykonos-ask-discard")
                .raw("name", who.clone())
                .num("n", v.must_discard.max(1) as i64)),
            None => String::new(),
        }
    }

    fn label(m: &Match, seat: Seat, a: &Action) -> String {
        let v = m.game.view(Some(seat));
        match a {
            Action::Place { slot } => place_label(&v, *slot, seat),
            Action::Buy => {
                say(&Text::new("mykonos-buy-for")
                    .num("price", v.purchase.map_or(0, |p| p.1) as i64))
            }
            Action::Pass => tr("mykonos-step-out"),
            Action::Sell { cards } => match v.prices.sale(cards) {
                Some(sale) => say(&Text::new("mykonos-sell-label")
                    .raw("hand", come_buy_text::names::hand(sale.category))
                    .raw("cards", ranks(cards))
                    .num("price", sale.price as i64)),
                None => say(&Text::new("mykonos-sell").raw("cards", ranks(cards))),
            },
            Action::NoSale => tr("mykonos-no-sale"),
            Action::Discard { card } => {
                say(&Text::new("mykonos-discard").raw("card", card.to_string()))
            }
        }
    }

    fn reason(m: &Match, seat: Seat, a: &Action) -> Option<String> {
        let v = m.game.view(Some(seat));
        let r = come_buy_engine::mykonos::bot::reason(&v, a)?;
        Some(reason_words(m, &r))
    }

    fn declines(a: &Action) -> bool {
        matches!(a, Action::NoSale | Action::Pass)
    }
}

/// A row card with its line, as a placement's option says it (on the TV and a phone): how many
/// stand there ("3♥: nobody yet", "3♥: 2 in line") and, where `seat`'s own workers stand,
/// which places are theirs ("3♥: you, 1st in line", "3♥: 3 in line, you 1st and 3rd").
fn place_label(v: &come_buy_engine::mykonos::View, slot: usize, seat: Seat) -> String {
    let card = v.row.get(slot).copied().flatten();
    let card = card.map(|c| c.to_string()).unwrap_or_default();
    let line = v.queues.get(slot).map_or(&[][..], Vec::as_slice);
    let mine: Vec<String> = line
        .iter()
        .enumerate()
        .filter(|(_, w)| **w == Worker::Player(seat))
        .map(|(i, _)| say(&Text::new("mykonos-line-place").num("n", i as i64 + 1)))
        .collect();
    if mine.is_empty() {
        return say(&Text::new("mykonos-place-label")
            .raw("card", card)
            .num("queue", line.len() as i64));
    }
    let mine: Vec<&str> = mine.iter().map(String::as_str).collect();
    say(&Text::new("mykonos-place-mine")
        .raw("card", card)
        .num("queue", line.len() as i64)
        .raw("places", come_buy_text::and_list(&mine)))
}

/// "No sale" first (the choice that keeps every card), then the sales in the engine's order.
pub fn order_sales(options: &mut [Action]) {
    options.sort_by_key(|a| !matches!(a, Action::NoSale));
}

/// A Hint's reason in words.
fn reason_words(m: &Match, r: &come_buy_engine::mykonos::bot::Reason) -> String {
    use come_buy_engine::mykonos::bot::Reason;
    use come_buy_engine::text::Text;
    use come_buy_text::names::{hand, poker_card};
    let card = |c: &Card| poker_card(*c);
    let t = match r {
        Reason::FirstInLine {
            card: c,
            gain,
            price,
        } if *gain > 0 => Text::new("hint-mykonos-first")
            .raw("card", card(c))
            .num("gain", *gain)
            .num("price", *price),
        Reason::FirstInLine { card: c, price, .. } => Text::new("hint-mykonos-first-cheap")
            .raw("card", card(c))
            .num("price", *price),
        Reason::RaisesPrice {
            card: c,
            rival,
            price,
        } => Text::new("hint-mykonos-raise")
            .raw("card", card(c))
            .raw(
                "rival",
                m.seats
                    .get(*rival)
                    .map(|s| s.name.clone())
                    .unwrap_or_default(),
            )
            .num("price", *price),
        Reason::SecondChance { card: c } => Text::new("hint-mykonos-second").raw("card", card(c)),
        Reason::Buy {
            card: c,
            gain,
            price,
        } => Text::new("hint-mykonos-buy")
            .raw("card", card(c))
            .num("gain", *gain)
            .num("price", *price),
        Reason::NotWorth {
            card: c,
            gain,
            price,
        } => Text::new("hint-mykonos-not-worth")
            .raw("card", card(c))
            .num("gain", *gain)
            .num("price", *price),
        Reason::Sell { category, price } => Text::new("hint-mykonos-sell")
            .raw("hand", hand(*category))
            .num("price", *price),
        Reason::Keep { faces } => Text::new("hint-mykonos-keep").num("faces", *faces as i64),
        Reason::Discard { card: c, loss } => Text::new("hint-mykonos-discard")
            .raw("card", card(c))
            .num("loss", *loss),
    };
    come_buy_text::say(&t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{SeatInfo, SeatKind};

    /// A card's option says how many workers already stand in its line, in words a player
    /// reads at once ("nobody yet", "1 in line"), and which places in it are the player's own
    /// ("you, 1st in line"), on the table's list and on a phone alike.
    #[test]
    fn a_placement_says_how_many_stand_in_line() {
        let seats = (0..3)
            .map(|i| SeatInfo {
                name: format!("P{i}"),
                color: i,
                kind: SeatKind::Person,
            })
            .collect();
        let mut m = Match::new(seats, 7, vec![]).unwrap();
        let first = m.game.current_player().unwrap();
        let place = Action::Place { slot: 0 };
        let card = m.game.view(Some(first)).row[0].unwrap().to_string();
        assert_eq!(
            Mykonos::label(&m, first, &place),
            format!("{card}: nobody yet")
        );
        m.act(first, place.clone()).unwrap();
        let next = m.game.current_player().unwrap();
        assert_ne!(next, first);
        assert_eq!(
            Mykonos::label(&m, next, &place),
            format!("{card}: 1 in line")
        );
        // Where one's own worker stands, the option says which place is one's own.
        assert_eq!(
            Mykonos::label(&m, first, &place),
            format!("{card}: you, 1st in line")
        );
        m.act(next, place.clone()).unwrap();
        assert_eq!(
            Mykonos::label(&m, next, &place),
            format!("{card}: 2 in line, you\u{a0}2nd")
        );
        assert_eq!(
            Mykonos::label(&m, first, &place),
            format!("{card}: 2 in line, you\u{a0}1st")
        );
    }
}
