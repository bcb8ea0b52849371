//! The TV's Phones panel (pause menu -> Phones as hands): the page's address, a QR code that
//! opens it, the room code, where each person's hand is and what the door turned away; a
//! seat on a phone can be taken back to the TV from here, and the phones stopped. And the
//! question a phone's claim puts to the room ("A phone asks for Bram's hand"), over whatever
//! is on screen, until the TV answers it.

use super::{Phones, RemoteRoom};
use crate::menu::{MenuAct, MenuInput, Steady, click};
use crate::nav::{Nav, Owner, UiPress};
use crate::state::{MenuFocus, Overlay};
use crate::ui::{self, CREAM, GOLD, Line, MUTED};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_online::code::PeerKey;
use come_buy_text::{say, tr};

pub fn plugin(app: &mut App) {
    app.init_resource::<ClaimReturn>();
    app.init_resource::<PhoneOffer>();
    app.init_resource::<ClaimShown>();
    app.init_resource::<PanelAsked>();
    // The panel's question stands only while the panel is up.
    app.add_systems(OnExit(Overlay::Phones), |mut asked: ResMut<PanelAsked>| {
        asked.0 = None;
    });
    app.add_systems(PostUpdate, claim_seen);
    app.add_systems(
        EguiPrimaryContextPass,
        (
            phones_panel.run_if(in_state(Overlay::Phones)),
            claim_panel.run_if(in_state(Overlay::PhoneClaim)),
        ),
    );
}

/// The notice that someone is guessing the room code (the panel's door line says the same).
pub const WRONG_CODES: &str = "wrong room codes";

/// The overlay a phone's claim opened over (it comes back once every claim is answered).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimReturn(pub Option<Overlay>);

/// Opens the claim question while a phone asks for a seat, and closes it when none does.
pub fn open_claims(
    mut overlay: crate::state::Overlays,
    room: Res<RemoteRoom>,
    mut back: ResMut<ClaimReturn>,
) {
    settle(&mut overlay, &room.phones, &mut back);
}

/// Shows the question while a claim waits; puts back what it covered when none does.
fn settle(overlay: &mut crate::state::Overlays, phones: &Phones, back: &mut ClaimReturn) {
    let asking = !phones.claims().is_empty();
    if asking && **overlay != Overlay::PhoneClaim {
        back.0 = Some(**overlay);
        overlay.set(Overlay::PhoneClaim);
    } else if !asking && **overlay == Overlay::PhoneClaim {
        overlay.set(back.0.take().unwrap_or(Overlay::None));
    }
}

/// The claim's entries: Allow, Refuse.
pub const CLAIM_ITEMS: [&str; 2] = ["phones-allow", "phones-refuse"];

/// Allow (true) or refuse the claim of this phone for this seat.
type Answer = (super::PhonePeer, Seat, bool);

/// The question's Allow and Refuse as the screen shows them, with when they took their place
/// (see [`claim_seen`]).
#[derive(Resource, Default)]
pub struct ClaimShown(Steady<Answer>);

/// At the end of each frame, what the question shows (the online lobby's `lobby_seen` does the
/// same): a claim that came to head it (the one before closed, asked again or was answered)
/// starts its wait. Here rather than in the question's logic because the phones are heard
/// after the menus, and the screen shows the new question at once, even if no other frame
/// follows before the room presses. The wait is the room's, in real seconds (the table's
/// clock is held while a menu is up and runs slowly after a sleep).
pub fn claim_seen(
    overlay: Res<State<Overlay>>,
    room: Res<RemoteRoom>,
    (time, mut shown): (Res<Time<Real>>, ResMut<ClaimShown>),
) {
    let keys = match room.phones.claims().first() {
        Some(c) if *overlay == Overlay::PhoneClaim => {
            vec![(c.peer, c.seat, true), (c.peer, c.seat, false)]
        }
        // Not on screen: a question is new when it shows.
        _ if shown.0.len() > 0 => Vec::new(),
        _ => return,
    };
    shown.0.show(keys, time.elapsed_secs_f64(), None);
}

/// The claim question: Enter / A on Allow gives the phone the seat; Refuse, Esc or B say no.
/// A press counts only once the question has been up a moment ([`Steady`], the online
/// lobby's rule too): one meant for the table, or for a phone that just left the question to
/// the next, answers nothing; and an answer goes to the phone the question showed.
pub fn claim_logic(
    mut menu: MenuInput,
    mut overlay: crate::state::Overlays,
    mut room: ResMut<RemoteRoom>,
    mut back: ResMut<ClaimReturn>,
    (time, real, shown): (Res<Time>, Res<Time<Real>>, Res<ClaimShown>),
) {
    let phones = &mut room.phones;
    let acts = menu.acts(Owner::PhoneClaim, CLAIM_ITEMS.len());
    let now = time.elapsed_secs_f64();
    let seen = real.elapsed_secs_f64();
    for act in acts {
        let place = match act {
            MenuAct::Confirm(0) => 0,
            MenuAct::Confirm(_) | MenuAct::Back => 1,
            MenuAct::Step(..) => continue,
        };
        if let Some(&(peer, seat, yes)) = shown.0.pressed(place, seen) {
            phones.answer((peer, seat), yes, now);
            // After a yes the phone plays: the Phones panel the question came over closes
            // with it, or the table (and the phone) would wait on a menu nobody needs.
            if yes && back.0 == Some(Overlay::Phones) {
                back.0 = Some(Overlay::None);
            }
        }
        break;
    }
    // The answered question leaves the screen in the same frame its answer goes out.
    settle(&mut overlay, phones, &mut back);
}

fn claim_panel(
    mut contexts: EguiContexts,
    room: Res<RemoteRoom>,
    offer: Res<PhoneOffer>,
    focus: Res<MenuFocus>,
    mut out: MessageWriter<UiPress>,
) -> Result {
    let phones = &room.phones;
    let Some(claim) = phones.claims().first() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    crate::ui::dim(ctx, 210);
    let color = offer
        .0
        .iter()
        .find(|(s, _, _)| *s == claim.seat)
        .map_or(GOLD, |(_, _, c)| ui::seat_color(*c));
    let f = focus.of(Owner::PhoneClaim);
    let name = || claim.name.clone();
    // The room's words for a phone: whose hand, the phone's mark, where it asks from, and
    // that a yes shows it the cards.
    let ask = ui::Ask {
        question: say(&Text::new("phones-claim").raw("name", name())),
        color,
        mark: say(&Text::new("phones-claim-mark").raw("mark", claim.mark.clone())),
        notes: vec![
            say(&Text::new("phones-claim-from").raw(
                "address",
                claim
                    .peer
                    .place()
                    .map(|a| a.to_string())
                    .unwrap_or_default(),
            )),
            say(&Text::new("phones-claim-warning").raw("name", name())),
        ],
    };
    let [allow, refuse] = CLAIM_ITEMS.map(tr);
    // As wide as the screen allows (the largest text on a small window), at most 1000.
    let widest = ui::panel_width(ctx.content_rect(), 1000.0);
    crate::ui::reading_panel(ctx, "claim").show(ctx, |ui| {
        ui.set_max_width(widest);
        ui.vertical_centered(|ui| {
            let asked = ui::seat_question(ui, &ask, (&allow, &refuse), Some(f), None);
            if let Some(i) = asked.clicked {
                click(&mut out, Owner::PhoneClaim, Nav::Pick(i));
            }
            if phones.claims().len() > 1 {
                ui.label(
                    egui::RichText::new(say(
                        &Text::new("phones-claims-more").num("n", phones.claims().len() as i64 - 1)
                    ))
                    .size(28.0)
                    .color(MUTED),
                );
            }
        });
    });
    Ok(())
}

/// The person seats a phone may take in the match on the table (kept by each game's system):
/// seat, name, colour.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct PhoneOffer(pub Vec<(Seat, String, usize)>);

/// One entry of the Phones panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PanelItem {
    /// Take this seat's hand back to the TV (its phone is closed and forgotten).
    TakeBack(Seat),
    /// Stop the phones: the page closes, every hand comes back to the TV.
    Stop,
    Done,
}

/// The panel's entries: Done first (where the focus opens: a press meant for the table only
/// closes the panel), one per seat now on a phone, then Stop phones while they run.
pub fn panel_items(phones: &Phones, offer: &PhoneOffer) -> Vec<PanelItem> {
    let mut v = vec![PanelItem::Done];
    v.extend(
        offer
            .0
            .iter()
            .filter(|(s, _, _)| phones.holds(*s))
            .map(|(s, _, _)| PanelItem::TakeBack(*s)),
    );
    if phones.room.is_some() {
        v.push(PanelItem::Stop);
    }
    v
}

/// The panel's entry that was pressed once and asks again ("Stop the phones? Press again"):
/// taking a hand back and stopping the phones take a second press, with nothing else between.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PanelAsked(pub Option<PanelItem>);

/// The panel's logic: Enter on a seat takes its hand back to the TV; Stop phones closes the
/// page (each asks once, [`PanelAsked`]); Done, Esc or B close the panel (back to the table).
pub fn phones_logic(
    mut menu: MenuInput,
    mut overlay: crate::state::Overlays,
    mut room: ResMut<RemoteRoom>,
    (offer, mut asked): (Res<PhoneOffer>, ResMut<PanelAsked>),
) {
    let phones = &mut room.phones;
    let items = panel_items(phones, &offer);
    let acts = menu.acts(Owner::Phones, items.len());
    // The question stands while the panel is open, the focus on its entry, and nothing else
    // is pressed.
    let focused = items.get(menu.focus.of(Owner::Phones)).copied();
    if asked.0 != focused || acts.iter().any(|a| !matches!(a, MenuAct::Confirm(_))) {
        asked.0 = None;
    }
    for act in acts {
        match act {
            MenuAct::Confirm(i) => match items.get(i).copied().unwrap_or(PanelItem::Done) {
                item @ (PanelItem::TakeBack(_) | PanelItem::Stop) if asked.0 != Some(item) => {
                    asked.0 = Some(item);
                    return;
                }
                PanelItem::TakeBack(seat) => {
                    asked.0 = None;
                    info!("phones: seat {seat} is back on the TV");
                    phones.give_back(seat);
                }
                PanelItem::Stop => {
                    asked.0 = None;
                    phones.stop();
                    overlay.set(Overlay::None);
                    return;
                }
                PanelItem::Done => {
                    overlay.set(Overlay::None);
                    return;
                }
            },
            MenuAct::Back => {
                overlay.set(Overlay::None);
                return;
            }
            MenuAct::Step(..) => {}
        }
    }
}

/// The Phones panel: the page's address and its QR code, the room code, where each hand is,
/// what the door turned away, and the panel's entries (drawn as every room of remote seats
/// is, [`ui::room_panel`]).
fn phones_panel(
    mut contexts: EguiContexts,
    room: Res<RemoteRoom>,
    (offer, asked): (Res<PhoneOffer>, Res<PanelAsked>),
    focus: Res<MenuFocus>,
    mut out: MessageWriter<UiPress>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let phones = &room.phones;
    let seats = offer
        .0
        .iter()
        .map(|(seat, name, color)| {
            let key = match phones.phone_here(*seat) {
                Some(true) => "phones-seat-phone",
                Some(false) => "phones-seat-away",
                None => "phones-seat-tv",
            };
            let text = say(&Text::new(key).raw("name", name.clone()));
            Line::new(text, 28.0, ui::seat_color(*color))
        })
        .collect();
    let door = phones.door;
    // What the door turned away, if anything; and what stays private.
    let notes = (door.wrong_codes > 0 || door.turned_away > 0)
        .then(|| {
            let text = say(&Text::new("phones-door")
                .num("wrong", door.wrong_codes as i64)
                .num("away", door.turned_away as i64)
                .num("locked", door.locked as i64));
            Line::new(text, 28.0, GOLD)
        })
        .into_iter()
        .chain([Line::new(tr("phones-private"), 24.0, MUTED)])
        .collect();
    let buttons = panel_items(phones, &offer)
        .iter()
        .map(|item| item_label(item, &offer, asked.0 == Some(*item)))
        .collect();
    let room = ui::Room {
        heading: tr("phones-heading"),
        way_in: way_in(phones),
        seats,
        notes,
        questions: Vec::new(),
        answers: [tr("phones-allow"), tr("phones-refuse")],
        buttons,
    };
    if let Some(i) = ui::room_panel(ctx, "phones", &room, focus.of(Owner::Phones)) {
        click(&mut out, Owner::Phones, Nav::Pick(i));
    }
    Ok(())
}

/// The page's address with its QR code and the room code, or why there is none.
fn way_in(phones: &Phones) -> ui::WayIn {
    match (&phones.room, &phones.failed) {
        (Some(room), _) => ui::WayIn {
            qr: Some(room.url.clone()),
            lines: vec![
                Line::new(tr("phones-how"), 28.0, CREAM),
                Line::new(room.url.clone(), 30.0, GOLD),
                Line::new(tr("phones-code-is"), 28.0, CREAM),
                Line::new(room.spaced_code(), 44.0, GOLD).mono(),
            ],
        },
        (None, Some(why)) => ui::WayIn {
            qr: None,
            lines: vec![Line::new(
                say(&Text::new("phones-failed").raw("why", why.clone())),
                28.0,
                CREAM,
            )],
        },
        (None, None) => ui::WayIn {
            qr: None,
            lines: vec![Line::new(tr("phones-desktop-only"), 28.0, CREAM)],
        },
    }
}

/// An entry's words (`sure`: it was pressed once and asks again).
fn item_label(item: &PanelItem, offer: &PhoneOffer, sure: bool) -> String {
    match item {
        PanelItem::TakeBack(seat) => {
            let name = offer
                .0
                .iter()
                .find(|(s, _, _)| s == seat)
                .map(|(_, n, _)| n.clone())
                .unwrap_or_default();
            let key = if sure {
                "phones-back-to-tv-sure"
            } else {
                "phones-back-to-tv"
            };
            say(&Text::new(key).raw("name", name))
        }
        PanelItem::Stop if sure => tr("phones-stop-sure"),
        PanelItem::Stop => tr("phones-stop"),
        PanelItem::Done => tr("phones-done"),
    }
}
