//! Hidden hands on a shared screen. With two or more people at the table, no hand is ever
//! shown to the room: before a person's decision a hand-over screen covers the table ("Pass
//! to Ana"), and only when Ana confirms is her hand turned face up; it turns face down again
//! as soon as her turn is over. With one person (and bots) that person's hand is simply
//! shown; with no people (bots only, a spectator) every hand is open.
//!
//! The logic lives here and runs headless (tests drive it with the keyboard); the cover is
//! drawn with egui by [`draw_cover`], added only to the windowed app.

use super::{Match, TableGame, TableSet, playing};
use crate::menu::click;
use crate::nav::{Inbox, Nav, Owner, UiPress};
use crate::state::{Overlay, Screen};
use crate::ui::{self, CREAM, GOLD, MUTED};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

/// Whose private cards the table may show now.
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct Privacy {
    /// The person whose hand is face up (after the hand-over, or the only person).
    pub revealed: Option<Seat>,
    /// The hand-over screen is up, waiting for this person to take the screen.
    pub waiting_for: Option<Seat>,
    /// Nobody at the table has secrets from the room (no people, or the game is over).
    pub all_open: bool,
    /// The person to act sits at the far side: the table is laid out again around them (see
    /// `table/near.rs`) before the hand-over cover asks for them.
    pub relayout: Option<Seat>,
}

impl Privacy {
    /// May the table show `seat`'s private cards now?
    pub fn shows(&self, seat: Seat) -> bool {
        self.all_open || self.revealed == Some(seat)
    }

    /// May `seat` (a person) make a decision now? Not while the hand-over screen is up.
    pub(crate) fn ready_for(&self, seat: Seat) -> bool {
        self.waiting_for.is_none() && (self.all_open || self.revealed == Some(seat))
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Privacy>();
    app.add_systems(OnExit(Screen::Table), |mut p: ResMut<Privacy>| {
        *p = Privacy::default();
    });
}

pub(crate) fn register<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        update_privacy::<G>
            .in_set(TableSet::Decide)
            .before(PersonInput)
            .run_if(playing::<G>),
    );
    // A table put back under an open menu (the language changed) shows the only person's
    // hand at once, as before, rather than when the menu closes; one put back by an undo
    // stays with the person who holds the screen.
    app.add_systems(
        OnEnter(Screen::Table),
        entered::<G>.before(super::TableSpawn).run_if(playing::<G>),
    );
}

/// The person who holds a shared screen took back their own move: the table is put back
/// (the screen entered again) with their hand still face up, and laid out around them, as
/// the same person keeps the turn; no hand-over cover asks for them again.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KeepHand(pub Seat);

/// Who may see what as the table is (re)entered: see [`settled_privacy`] and [`KeepHand`].
fn entered<G: TableGame>(
    (m, gate): (Res<Match<G>>, Res<super::gate::Gate>),
    mut privacy: ResMut<Privacy>,
    (keep, mut near, mut commands): (Option<Res<KeepHand>>, ResMut<super::NearSeat>, Commands),
) {
    let keep = keep.map(|k| k.0);
    if keep.is_some() {
        commands.remove_resource::<KeepHand>();
    }
    if let Some(p) = settled_privacy(&m, m.mode() == super::Mode::Replay, &gate) {
        *privacy = p;
    } else if let Some(seat) = keep.filter(|&s| m.game.current_player() == Some(s)) {
        privacy.revealed = Some(seat);
        if super::near_person(&m, Some(&*near)) != Some(seat) {
            near.0 = Some(seat);
        }
    }
}

/// Who may see what when that does not depend on turns: everything (no people, no secrets,
/// or the game is over), the only person's hand, or no hand at all (every person plays on a
/// phone). `None` with several people and someone at the screen.
fn settled_privacy<G: TableGame>(
    m: &Match<G>,
    replay: bool,
    gate: &super::gate::Gate,
) -> Option<Privacy> {
    let people: Vec<Seat> = (0..m.seats.len())
        .filter(|&s| m.seats[s].is_person())
        .collect();
    let on_screen: Vec<Seat> = people
        .iter()
        .copied()
        .filter(|&s| !gate.on_phone(s))
        .collect();
    if !G::HIDDEN_HANDS || people.is_empty() || m.game.is_over() || replay {
        Some(Privacy {
            all_open: true,
            ..Privacy::default()
        })
    } else if people.len() == 1 && on_screen.len() == 1 {
        Some(Privacy {
            revealed: Some(people[0]),
            ..Privacy::default()
        })
    } else if on_screen.is_empty() {
        // Every hand is on a phone: the TV shows none and never asks to pass the screen.
        Some(Privacy::default())
    } else {
        // Someone at the screen and someone else playing on a phone (who can see the TV):
        // the screen's people pass it, turn by turn.
        None
    }
}

/// The systems that turn a person's input into actions run after the hand-over logic.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct PersonInput;

/// Works out who may see what, and takes the confirmation that ends the hand-over.
pub(crate) fn update_privacy<G: TableGame>(
    m: Res<Match<G>>,
    turn: Res<super::gate::Turn>,
    mut privacy: ResMut<Privacy>,
    mut inbox: ResMut<Inbox>,
    gate: Res<super::gate::Gate>,
    near: Option<Res<super::NearSeat>>,
) {
    // While the cover is up it owns the table's presses: only a confirmation lifts it.
    let confirmed = privacy.waiting_for.is_some()
        && inbox
            .navs(Owner::Table)
            .iter()
            .any(|n| matches!(n, Nav::Confirm | Nav::Pick(_)));
    let mut next = privacy.clone();
    if let Some(settled) = settled_privacy(&m, m.mode() == super::Mode::Replay, &gate) {
        next = settled;
    } else {
        next.all_open = false;
        let current = m.game.current_player();
        // A turn is over as soon as the engine moves on: the hand turns face down at once.
        if next.revealed.is_some() && next.revealed != current {
            next.revealed = None;
        }
        // The gate's turn: a person at this screen to act, nothing holding the table.
        let person_to_act = turn
            .open_for(super::gate::Control::Screen, &m)
            .filter(|_| next.revealed.is_none());
        // The one to act plays from the near side: while the table is laid out again around
        // them, the cover waits.
        next.relayout =
            person_to_act.filter(|&p| super::near_person(&m, near.as_deref()) != Some(p));
        let person_to_act = person_to_act.filter(|_| next.relayout.is_none());
        match (next.waiting_for, person_to_act) {
            (Some(w), Some(p)) if w == p => {
                if confirmed {
                    next.revealed = Some(p);
                    next.waiting_for = None;
                }
            }
            (_, p) => next.waiting_for = p,
        }
    }
    if next.waiting_for.is_some() {
        // Nothing acts on the press that brought the cover up, nor behind it.
        inbox.clear();
    }
    if *privacy != next {
        *privacy = next;
    }
}

/// The hand-over screen: covers the whole table while it waits for the next person.
pub(crate) fn draw_cover<G: TableGame>(
    mut contexts: EguiContexts,
    m: Res<Match<G>>,
    privacy: Res<Privacy>,
    mut nav_out: MessageWriter<UiPress>,
) -> Result {
    let Some(seat) = privacy.waiting_for else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let info = &m.seats[seat];
    let seat_color = crate::ui::seat_color(info.color);
    egui::Area::new("handover cover".into())
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            let (rect, response) = ui.allocate_exact_size(screen.size(), egui::Sense::click());
            let p = ui.painter();
            p.rect_filled(rect, 0.0, egui::Color32::from_rgb(10, 30, 22));
            let mid = rect.center();
            p.circle_filled(mid, rect.height() * 0.32, seat_color.gamma_multiply(0.12));
            // The words in a column as wide as the screen allows, wrapping (a phone held
            // upright, the largest text), around the middle.
            let column = rect.shrink2(egui::vec2(24.0, 24.0));
            let lines = |ui: &mut egui::Ui| {
                // A click anywhere is the cover's (no words to select).
                ui.style_mut().interaction.selectable_labels = false;
                ui.vertical_centered(|ui| {
                    let pass = say(&Text::new("handover-pass-to").raw("name", info.name.clone()));
                    ui.label(
                        egui::RichText::new(pass)
                            .font(egui::FontId::new(84.0, ui::display()))
                            .color(seat_color),
                    );
                    ui.add_space(12.0);
                    ui.label(
                        egui::RichText::new(tr("handover-look-away"))
                            .size(28.0)
                            .color(CREAM),
                    );
                    ui.add_space(12.0);
                    let ready = say(&Text::new("handover-ready").raw("name", info.name.clone()));
                    ui.label(egui::RichText::new(ready).size(30.0).color(GOLD));
                    ui.add_space(12.0);
                    ui.label(
                        egui::RichText::new(come_buy_text::tr_keys("keys-menu"))
                            .size(crate::ui::SMALL)
                            .color(MUTED),
                    );
                })
                .response
                .rect
                .height()
            };
            // Centred by the column's height in the last frame.
            let id = egui::Id::new("handover column height");
            let tall: f32 = ui.data(|d| d.get_temp(id)).unwrap_or(300.0);
            let top = (mid.y - tall / 2.0).max(column.top());
            let inner = egui::Rect::from_min_max(egui::pos2(column.left(), top), column.max);
            let h = ui
                .scope_builder(egui::UiBuilder::new().max_rect(inner), lines)
                .inner;
            if (h - tall).abs() > 0.5 {
                ui.data_mut(|d| d.insert_temp(id, h));
                ui.ctx().request_repaint();
            }
            if response.clicked() {
                click(&mut nav_out, Owner::Table, Nav::Confirm);
            }
        });
    Ok(())
}

/// Adds the hand-over cover's drawing for game `G` (windowed app only).
pub(crate) fn register_cover<G: TableGame>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_cover::<G>.run_if(
            in_state(Screen::Table)
                .and_then(in_state(Overlay::None))
                .and_then(playing::<G>),
        ),
    );
}
