//! A person's choices at the Duchess's table (on the kit's list choice), the card they are
//! about lifted, clicks on the cards and piles, and cards face up only where the room may see.

use super::{JewelCard, Match, TableView};
use crate::anim::{CardSide, FlipTween, MoveTween};
use crate::art::CARD;
use crate::table::handover::Privacy;
use crate::table::kit::{ListChoice, Pick, Pointer, Wording};
use bevy::prelude::*;
use come_buy_engine::duchess::deck::{Card, config};
use come_buy_engine::duchess::{Action, Duchess, StageView, Zone};
use come_buy_engine::game::{Game, Seat};
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

/// Cards face up where the room may see them: the common card and discards always, a hand
/// when it is the only person's or the one who took the screen, every hand at the end, a
/// card known to have been taken from the discards, and the solo card looked at.
pub(super) fn sync_faces(
    mut commands: Commands,
    view: Res<TableView>,
    privacy: Res<Privacy>,
    cards: Query<(&CardSide, Has<FlipTween>), With<JewelCard>>,
) {
    for (zone, list) in &view.zones {
        for c in list {
            let want = match zone {
                Zone::DrawPile | Zone::Removed => false,
                Zone::Common | Zone::Discard => true,
                Zone::Hand(s) => {
                    view.over
                        || privacy.shows(*s)
                        || view.known.get(*s).is_some_and(|k| k.contains(c))
                }
                Zone::Pair(_) => view.looked == Some(*c) && (privacy.shows(0) || view.over),
            };
            let Some(&e) = view.cards.get(c) else {
                continue;
            };
            if let Ok((side, flipping)) = cards.get(e)
                && !flipping
                && side.face_up != want
            {
                commands.entity(e).insert(FlipTween::new(want, 0.3));
            }
        }
    }
}

pub(super) fn highlight_choice(
    choice: Option<Res<ListChoice<Action>>>,
    view: Res<TableView>,
    mut cards: Query<(&JewelCard, &mut Transform), Without<MoveTween>>,
) {
    let Some(layout) = view.layout.as_ref() else {
        return;
    };
    let focused: Option<Card> = match choice.as_ref().and_then(|c| c.focused::<Duchess>()) {
        Some(Action::Discard(c)) => Some(c),
        Some(Action::TakeDiscard) => view.zone(Zone::Discard).last().copied(),
        Some(Action::Look(w)) => view.zone(Zone::Pair(w)).first().copied(),
        Some(Action::KeepSeen) => view.looked,
        Some(Action::KeepUnseen) => [0u8, 1]
            .iter()
            .filter_map(|w| view.zone(Zone::Pair(*w)).first().copied())
            .find(|c| Some(*c) != view.looked),
        _ => None,
    };
    for (jc, mut tf) in &mut cards {
        let Some((zone, i, n)) = view
            .zones
            .iter()
            .find_map(|(z, v)| v.iter().position(|&c| c == jc.0).map(|i| (*z, i, v.len())))
        else {
            continue;
        };
        if !matches!(zone, Zone::Hand(_) | Zone::Pair(_) | Zone::Discard) {
            continue;
        }
        if zone == Zone::Discard && i + 1 != n {
            continue;
        }
        let (base, _) = layout.slot(zone, i, n);
        let lift = if focused == Some(jc.0) { 34.0 } else { 0.0 };
        let want = base + Vec3::new(0.0, lift, 0.0);
        if tf.translation.distance(want) > 0.5 {
            tf.translation = tf.translation.lerp(want, 0.3);
        }
    }
}

/// Clicks: a hand card discards it, a pair card looks at it, the discard pile takes its top,
/// the draw pile draws.
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
    let hit = |zone: Zone, i: usize, n: usize| {
        let (p, s) = layout.slot(zone, i, n);
        let half = CARD * s / 2.0;
        let d = (world - p.truncate()).abs();
        d.x <= half.x && d.y <= half.y
    };
    let mut candidates: Vec<(Zone, usize, usize, Action)> = Vec::new();
    let hand = view.zone(Zone::Hand(choice.seat));
    for (i, &c) in hand.iter().enumerate() {
        candidates.push((Zone::Hand(choice.seat), i, hand.len(), Action::Discard(c)));
    }
    for w in 0..2u8 {
        candidates.push((Zone::Pair(w), 0, 1, Action::Look(w)));
    }
    let d = view.zone(Zone::Discard).len();
    if d > 0 {
        candidates.push((Zone::Discard, d - 1, d, Action::TakeDiscard));
    }
    let p = view.zone(Zone::DrawPile).len();
    if p > 0 {
        candidates.push((Zone::DrawPile, p - 1, p, Action::Draw));
    }
    for (zone, i, n, a) in candidates {
        if choice.options.contains(&a) && hit(zone, i, n) {
            picks.write(Pick(a));
            return;
        }
    }
}

impl Wording for Duchess {
    fn prompt(m: &Match, seat: Seat, _options: &[Action]) -> String {
        let who = &m.seats[seat].name;
        let v = m.game.view(Some(seat));
        let key = match v.stage {
            StageView::Take {
                may_decline: true, ..
            } => "duchess-ask-last",
            StageView::Take { .. } => "duchess-ask-take",
            StageView::Discard { .. } => "duchess-ask-discard",
            StageView::Look => "duchess-ask-look",
            StageView::Keep { .. } => "duchess-ask-keep",
            StageView::SoloDiscard { .. } => "duchess-ask-solo-discard",
            StageView::Over => return String::new(),
        };
        say(&Text::new(key).raw("name", who.clone()))
    }

    fn reason(m: &Match, seat: Seat, a: &Action) -> Option<String> {
        let v = m.game.view(Some(seat));
        let r = come_buy_engine::duchess::bot::reason(&config(), &v, a)?;
        Some(reason_words(&r))
    }

    fn label(m: &Match, seat: Seat, a: &Action) -> String {
        let v = m.game.view(Some(seat));
        match a {
            Action::Draw => tr("duchess-draw"),
            // The card is in sight on the pile, its wish spelled out under it.
            Action::TakeDiscard => tr("duchess-take-discard"),
            Action::Decline => tr("duchess-stop-game"),
            Action::Discard(c) => {
                // -1: the necklace's value afterwards is not known.
                let after = v
                    .options
                    .iter()
                    .find(|(d, _)| d == c)
                    .map_or(-1, |(_, nk)| nk.value as i64);
                // By its place in the hand: the faces show gems and wishes, not names.
                let place = v
                    .hand
                    .as_ref()
                    .and_then(|h| h.iter().position(|x| x == c))
                    .map_or(0, |i| i as i64 + 1);
                say(&Text::new("duchess-discard")
                    .num("n", place)
                    .num("keeps", after))
            }
            Action::Look(0) => tr("duchess-look-left"),
            Action::Look(_) => tr("duchess-look-right"),
            Action::KeepSeen => tr("duchess-keep-seen"),
            Action::KeepUnseen => tr("duchess-keep-hidden"),
        }
    }
}

/// A Hint's reason in words.
fn reason_words(r: &come_buy_engine::duchess::bot::Reason) -> String {
    use come_buy_engine::duchess::bot::Reason;
    use come_buy_engine::text::Text;
    use come_buy_text::names::duchess_card;
    let cfg = config();
    let name = |c: &Card| duchess_card(&cfg, *c);
    let florins = |f: u32| Text::new("hint-duchess-florins").num("florins", f);
    let t = match r {
        Reason::Take {
            card,
            before,
            after,
        } if after > before => Text::new("hint-duchess-take")
            .raw("card", name(card))
            .text("before", florins(*before))
            .text("after", florins(*after)),
        Reason::Take { card, after, .. } => Text::new("hint-duchess-take-same")
            .raw("card", name(card))
            .text("after", florins(*after)),
        Reason::Draw {
            expect,
            take: Some((card, take)),
        } if take < expect => Text::new("hint-duchess-draw-vs")
            .text("expect", florins(*expect))
            .raw("card", name(card))
            .text("take", florins(*take)),
        Reason::Draw { expect, .. } => {
            Text::new("hint-duchess-draw").text("expect", florins(*expect))
        }
        Reason::Decline { now } => Text::new("hint-duchess-decline").text("now", florins(*now)),
        Reason::Discard { card, after } => Text::new("hint-duchess-discard")
            .raw("card", name(card))
            .text("after", florins(*after)),
        Reason::KeepSeen { card, after } => Text::new("hint-duchess-keep-seen")
            .raw("card", name(card))
            .text("after", florins(*after)),
        Reason::KeepUnseen {
            expect,
            seen: Some((card, seen)),
        } if seen < expect => Text::new("hint-duchess-keep-unseen")
            .text("expect", florins(*expect))
            .raw("card", name(card))
            .text("seen", florins(*seen)),
        Reason::KeepUnseen { expect, .. } => {
            Text::new("hint-duchess-draw").text("expect", florins(*expect))
        }
    };
    come_buy_text::say(&t)
}
