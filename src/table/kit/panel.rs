//! The docked panels a person decides with: the question, the options as buttons (or the
//! focused one between arrows when there are many), Hint and Undo, a number's stepper, the
//! advice and the keys; and the lines shown while someone else decides. Each reports its
//! height to the dock so the table stays above it.

use super::choice::{Amount, ListChoice, Pick};
use crate::menu::click;
use crate::nav::{Nav, Owner, UiPress};
use crate::state::{Overlay, Screen};
use crate::table::dock::Dock;
use crate::table::handover::Privacy;
use crate::table::{Match, TableGame, playing};
use crate::table_core::kit::{docked_panel, thinking_line, waiting_line};
use crate::ui::{self, MUTED};
use bevy::ecs::schedule::IntoScheduleConfigs;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

/// The controls line under a choice (a message key).
pub(crate) const CHOICE_KEYS: &str = "choice-keys";
/// The controls line where undo is not offered.
pub(crate) const CHOICE_KEYS_NO_UNDO: &str = "choice-keys-no-undo";

/// The choice panel: the question, the options as buttons (or, when there are many, the
/// focused one between arrows plus the declining option), and a controls line.
pub(crate) fn list_panel<G: TableGame>(
    mut contexts: EguiContexts,
    m: Res<Match<G>>,
    privacy: Res<Privacy>,
    choice: Option<Res<ListChoice<G::Action>>>,
    (mut dock, undo, settings): (
        ResMut<Dock>,
        Option<Res<crate::table::undo::UndoNow>>,
        Res<crate::settings::Settings>,
    ),
    (mut picks, mut nav_out): (MessageWriter<Pick<G::Action>>, MessageWriter<UiPress>),
    (guide, turn): (
        Option<Res<crate::table::tutorial::Tutorial>>,
        Res<crate::table::gate::Turn>,
    ),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let replay = m.mode() == crate::table::Mode::Replay;
    if privacy.waiting_for.is_some() || replay {
        return Ok(());
    }
    // A guide's explanation has the dock to itself (nobody acts meanwhile).
    if turn.wait == Some(crate::table::gate::Wait::Guide) {
        return Ok(());
    }
    let Some(choice) = choice else {
        waiting(ctx, &mut dock, &m, &turn);
        return Ok(());
    };
    let seat = &m.seats[choice.seat];
    let seat_color = crate::ui::seat_color(seat.color);
    let n = choice.options.len();
    // A touch screen has no keys to explain: its panel keeps that line's room for the table
    // (a phone held sideways has little); nor does a compact panel (the largest text sizes),
    // where the table needs the room more.
    // Undo's key is named only where undo is offered (not with undo off in the settings, nor
    // at today's deal, a replay or an online table).
    let keys_key = if settings.undo && undo.as_ref().is_some_and(|u| u.offered()) {
        CHOICE_KEYS
    } else {
        CHOICE_KEYS_NO_UNDO
    };
    let keys = match G::hint(&m, choice.seat, &choice.options) {
        _ if dock.touch || dock.compact => String::new(),
        Some(h) => format!("{h}   {}", come_buy_text::tr_keys(keys_key)),
        None => come_buy_text::tr_keys(keys_key),
    };
    let refused = undo.as_ref().and_then(|u| u.refused.clone());
    // A guide's move step: its caption says what the one move does and why.
    let guided = guide
        .as_ref()
        .filter(|_| choice.guided)
        .and_then(|t| t.caption_text());
    let advice = match (&choice.hint, choice.asking) {
        (Some(h), _) => Some(h.clone()),
        (None, true) => Some(tr("choice-asking")),
        (None, false) => refused.or(guided),
    };
    // The Undo button: greyed, saying why, when there is nothing it may take back.
    let undo = settings.undo.then(|| undo.map(|u| u.why_not())).flatten();
    let hint = if n > 5 {
        say(&Text::new("choice-option-of")
            .num("n", choice.focus as i64 + 1)
            .num("of", n as i64)
            .raw("keys", keys))
    } else {
        keys
    };
    // The question is the decision's, whatever a guide offers of it.
    let prompt = if choice.guided {
        G::prompt(&m, choice.seat, &m.game.legal_actions())
    } else {
        G::prompt(&m, choice.seat, &choice.options)
    };
    let asked = choice.hint.is_some() || choice.asking;
    let said = (prompt.as_str(), advice.as_deref());
    let compact = dock.compact;
    docked_panel(ctx, &mut dock, said, seat_color, &hint, |ui| {
        hint_button(ui, asked || choice.guided, &mut nav_out);
        if let Some(why_not) = &undo {
            undo_button(ui, why_not.as_deref(), &mut nav_out);
        }
        options_row::<G>(ui, (&m, &choice), compact, (&mut picks, &mut nav_out));
    });
    Ok(())
}

/// The choice's options on one row: a button each; or, for many options (or a compact panel
/// where a few would wrap onto a second row), the focused one between arrows with the
/// declining option beside it.
fn options_row<G: TableGame>(
    ui: &mut egui::Ui,
    (m, choice): (&Match<G>, &ListChoice<G::Action>),
    compact: bool,
    (picks, nav_out): (
        &mut MessageWriter<Pick<G::Action>>,
        &mut MessageWriter<UiPress>,
    ),
) {
    let n = choice.options.len();
    let label = |a: &G::Action| G::label(m, choice.seat, &choice.with_number::<G>(a));
    let labels: Vec<String> = if n <= 5 {
        choice.options.iter().map(&label).collect()
    } else {
        Vec::new()
    };
    let button_width = row_button_width(ui, &labels, compact);
    let decline = choice
        .options
        .iter()
        .enumerate()
        .find(|(_, a)| G::declines(a))
        .filter(|(i, _)| choice.focus != *i);
    // On a compact panel (the largest text sizes, a phone) a few options that would wrap
    // onto a second row stand as the focused one between arrows where that keeps one row
    // (a number's stepper keeps its row: its arrows set the number).
    let arrows = n > 5
        || (compact && choice.amount.is_none() && {
            let gap = ui.spacing().item_spacing.x;
            let w = |l: &str, least: f32| ui::button_width(ui, l).max(least) + gap;
            let room = ui.available_size_before_wrap().x;
            let all: f32 = labels.iter().map(|l| w(l, button_width)).sum();
            let focused = labels
                .get(choice.focus)
                .map_or(0.0, |l| w(l, ui::MIN_BUTTON_WIDTH));
            let out = decline.map_or(0.0, |(i, _)| w(&labels[i], ui::MIN_BUTTON_WIDTH));
            all > room && 2.0 * w("<", ui::BUTTON_HEIGHT) + focused + out <= room
        });
    if !arrows {
        for (i, a) in choice.options.iter().enumerate() {
            if let Some(amt) = choice.amount.filter(|amt| amt.index == i) {
                stepper(ui, amt, nav_out);
            }
            if ui::wide_button(ui, &labels[i], choice.focus == i, true, button_width) {
                picks.write(Pick(choice.with_number::<G>(a)));
            }
        }
        return;
    }
    // The arrows as narrow as a finger's button; the focused option at a big button's
    // width at least, so that the arrows do not move as the focus does.
    if ui::wide_button(ui, "<", false, true, ui::BUTTON_HEIGHT) {
        click(nav_out, Owner::Table, Nav::Left);
    }
    if let Some(a) = choice.focused::<G>()
        && ui::big_button(ui, &G::label(m, choice.seat, &a), true, true)
    {
        picks.write(Pick(a));
    }
    if ui::wide_button(ui, ">", false, true, ui::BUTTON_HEIGHT) {
        click(nav_out, Owner::Table, Nav::Right);
    }
    // The way out stays one click away.
    if let Some((_, decline)) = decline
        && ui::big_button(ui, &label(decline), false, true)
    {
        picks.write(Pick(decline.clone()));
    }
}

/// The dock's line while nobody at this screen chooses: who the table waits for, as the gate
/// reads the turn (once the moves are shown).
fn waiting<G: TableGame>(
    ctx: &egui::Context,
    dock: &mut Dock,
    m: &Match<G>,
    turn: &crate::table::gate::Turn,
) {
    // Who the table waits for, as the gate reads the turn (once the moves are shown).
    use crate::table::gate::{Control, Wait};
    if let Some(s) = turn
        .seat
        .filter(|_| turn.is_of(m) && turn.wait != Some(Wait::Effects))
    {
        let name = &m.seats[s].name;
        match (turn.control, turn.wait) {
            (_, Some(Wait::Sent)) => waiting_line(ctx, dock, name, "choice-sent"),
            (_, Some(Wait::HostGone)) => waiting_line(ctx, dock, name, "choice-host-gone"),
            (_, Some(Wait::Dropped)) => waiting_line(ctx, dock, name, "choice-dropped"),
            (Some(Control::Bot), _) => thinking_line(ctx, dock, name),
            (Some(Control::Away), _) if m.seats[s].is_bot() => thinking_line(ctx, dock, name),
            (Some(Control::Away), _) => waiting_line(ctx, dock, name, "choice-online"),
            (Some(Control::Phone), _) => waiting_line(ctx, dock, name, "choice-on-phone"),
            _ => {}
        }
    }
}

/// How wide a choice's buttons are: of one width (a big button's) while they fit in the
/// row; else, and on a compact panel, each as wide as its words, so that a discard of five
/// stays one row and the table keeps its room.
fn row_button_width(ui: &egui::Ui, labels: &[String], compact: bool) -> f32 {
    let words_only = 120.0;
    if compact {
        return words_only;
    }
    let even: f32 = labels
        .iter()
        .map(|l| ui::button_width(ui, l).max(ui::MIN_BUTTON_WIDTH) + 10.0)
        .sum();
    if even > ui.available_size_before_wrap().x {
        words_only
    } else {
        ui::MIN_BUTTON_WIDTH
    }
}

/// The small Hint button at the start of a choice's row (greyed once asked, and on a guide's
/// move step, whose caption is the hint).
fn hint_button(ui: &mut egui::Ui, asked: bool, nav_out: &mut MessageWriter<UiPress>) {
    let b = egui::Button::new(
        egui::RichText::new(tr("choice-hint"))
            .size(crate::ui::SMALL)
            .color(MUTED),
    )
    .min_size(egui::vec2(64.0, ui::BUTTON_HEIGHT));
    if ui.add_enabled(!asked, b).clicked() {
        click(nav_out, Owner::Table, Nav::Hint);
    }
}

/// The small Undo button after Hint: greyed when nothing may be taken back (hovering says
/// why; pressing U says it on the panel).
fn undo_button(ui: &mut egui::Ui, why_not: Option<&str>, nav_out: &mut MessageWriter<UiPress>) {
    let b = egui::Button::new(
        egui::RichText::new(tr("choice-undo"))
            .size(crate::ui::SMALL)
            .color(MUTED),
    )
    .min_size(egui::vec2(64.0, ui::BUTTON_HEIGHT));
    let r = ui.add_enabled(why_not.is_none(), b);
    if let Some(why) = why_not {
        r.on_disabled_hover_text(why);
    } else if r.clicked() {
        click(nav_out, Owner::Table, Nav::Undo);
    }
}

/// The stepper of a number (a bid): "-", the number, "+" and its range.
fn stepper(ui: &mut egui::Ui, amt: Amount, nav_out: &mut MessageWriter<UiPress>) {
    let button = |ui: &mut egui::Ui, text: &str| {
        ui.add(
            egui::Button::new(egui::RichText::new(text).size(30.0))
                .min_size(egui::vec2(52.0, ui::BUTTON_HEIGHT)),
        )
        .clicked()
    };
    if button(ui, " - ") {
        click(nav_out, Owner::Table, Nav::Left);
    }
    ui.label(
        egui::RichText::new(format!("{:>2}", amt.value))
            .size(40.0)
            .color(ui::GOLD),
    );
    if button(ui, " + ") {
        click(nav_out, Owner::Table, Nav::Right);
    }
    // The range it may take; a single possible amount is no range ("(3-3)").
    if amt.min < amt.max {
        ui.label(
            egui::RichText::new(format!("({}-{})", amt.min, amt.max))
                .size(24.0)
                .color(MUTED),
        );
    }
}

pub(crate) fn register_panel<G: TableGame>(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        list_panel::<G>.run_if(
            in_state(Screen::Table)
                .and_then(in_state(Overlay::None))
                .and_then(playing::<G>),
        ),
    );
}
