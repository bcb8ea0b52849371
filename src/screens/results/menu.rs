//! The results' menu (the day's result, the match code, Play again, Watch again, Copy, New
//! game, Title) and the room it leaves the table: everything the results draw on the table
//! hangs from one root, which is scaled and moved so that all of it stands between the top of
//! the screen and the menu, whatever the window, the text size and the TV margin.

use super::{ITEMS, MatchCode, RESULTS_GRACE, ResultsOpened};
use crate::menu::click;
use crate::nav::{Nav, Owner, UiPress};
use crate::settings::Settings;
use crate::state::MenuFocus;
use crate::ui;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, egui};

/// The root of everything the results draw on the table (their virtual 1920x1080 layout):
/// `top` and `bottom` are how far it reaches up and down, `half_width` to either side.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct ResultsRoot {
    pub top: f32,
    pub bottom: f32,
    pub half_width: f32,
}

/// Where the results' menu begins, in the window's logical pixels from its top, as laid out
/// last frame (`None` before it was).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub(crate) struct MenuTop(pub Option<f32>);

/// Room kept between the table's lowest word and the menu, in units of the virtual table.
const GAP: f32 = 16.0;

/// Scales and moves the results' root so that all of it stands above the menu and inside the
/// safe area: as it was laid out where it fits, else lifted, else made smaller.
pub(crate) fn fit_results(
    menu: Res<MenuTop>,
    settings: Res<Settings>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut roots: Query<(&ResultsRoot, &mut Transform)>,
) {
    let (Ok(window), Some(menu_top)) = (windows.single(), menu.0) else {
        return;
    };
    let (w, h) = (window.width(), window.height());
    let f = settings.safe_fraction();
    // The camera frames the whole virtual table in the safe area (the results keep no strip).
    let (k, _) = crate::table::dock::fit_safe(w, h, 0.0, f);
    let safe_top = h * (1.0 - 2.0 * f) / 2.0 / k;
    let safe_half_width = w * (1.0 - 2.0 * f) / 2.0 / k;
    let floor = (h / 2.0 - menu_top) / k + GAP;
    for (root, mut tf) in &mut roots {
        let tall = root.top - root.bottom;
        let scale = ((safe_top - floor) / tall)
            .min(safe_half_width / root.half_width)
            .clamp(0.05, 1.0);
        // As low as it was laid out, unless the menu is in the way; never over the top.
        let lowest = floor - scale * root.bottom;
        let highest = safe_top - scale * root.top;
        let y = 0.0f32.max(lowest).min(highest.max(lowest));
        let want = Transform::from_xyz(0.0, y, 0.0).with_scale(Vec3::new(scale, scale, 1.0));
        if *tf != want {
            *tf = want;
        }
    }
}

/// A match code as the results show it: its first and last groups of five, readable from a
/// sofa (a whole code is 150 to 300 characters: it would cover the table; Copy the code puts
/// all of it on the clipboard, and a grouped code reads back: spaces are no part of it).
pub fn shown_code(code: &str) -> String {
    let groups: Vec<String> = code
        .chars()
        .collect::<Vec<_>>()
        .chunks(5)
        .map(|c| c.iter().collect::<String>())
        .collect();
    if groups.len() <= 6 {
        return groups.join(" ");
    }
    format!(
        "{} … {}",
        groups[..3].join(" "),
        groups[groups.len() - 2..].join(" ")
    )
}

/// The line under the results naming the code and what the copy button beside it does, for
/// the button as it is labelled (`copy`: its message key): the code, the link (a page) or the
/// day's result.
pub fn code_line(code: &str, copy: &str) -> String {
    let key = match copy {
        "results-copy-link" => "results-code-link",
        "results-copy-result" => "results-code-result",
        _ => "results-code",
    };
    come_buy_text::say(&come_buy_engine::text::Text::new(key).raw("code", shown_code(code)))
}

pub(crate) fn results_menu(
    mut contexts: EguiContexts,
    focus: Res<MenuFocus>,
    (time, opened, mut pace): (Res<Time>, Res<ResultsOpened>, ResMut<crate::pace::Pace>),
    code: Option<Res<MatchCode>>,
    mut out: MessageWriter<UiPress>,
    (note, daily, stats): (
        Res<crate::clip::ClipNote>,
        Res<crate::daily::DailyNow>,
        Res<crate::stats::Stats>,
    ),
    mut top: ResMut<MenuTop>,
) -> Result {
    let f = focus.of(Owner::Results);
    let since = time.elapsed_secs_f64() - opened.0;
    let ready = since >= RESULTS_GRACE;
    if !ready {
        // The buttons light up when the grace ends, with nothing else moving.
        pace.wake_in(RESULTS_GRACE - since);
    }
    let ctx = contexts.ctx_mut()?;
    let width = (ctx.content_rect().width() - 40.0).clamp(200.0, 1500.0);
    let code = code.as_ref().and_then(|c| c.0.as_deref());
    let copy = super::super::daily::copy_label(&daily, &stats);
    let shown = egui::Area::new("results menu".into())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -24.0])
        .show(ctx, |ui| {
            ui.set_width(width);
            ui.vertical_centered(|ui| {
                // The day's result, then the match code (to watch the match again later)
                // with what the copy button does, above the buttons.
                if let Some(line) = super::super::daily::result_line(&daily, &stats) {
                    ui.label(egui::RichText::new(line).size(30.0).color(ui::GOLD));
                }
                if let Some(code) = code {
                    let line = code_line(code, copy);
                    ui.label(egui::RichText::new(line).size(28.0).color(ui::CREAM));
                    if let Some(n) = &note.0 {
                        ui.label(egui::RichText::new(n).size(26.0).color(ui::GOLD));
                    }
                    ui.add_space(6.0);
                }
                let items: Vec<(usize, String)> = ITEMS
                    .iter()
                    .enumerate()
                    .filter(|(_, label)| **label != "results-copy-code" || code.is_some())
                    .map(|(i, label)| match *label {
                        "results-copy-code" => (i, come_buy_text::tr(copy)),
                        other => (i, come_buy_text::tr(other)),
                    })
                    .collect();
                let buttons: Vec<(&str, bool)> =
                    items.iter().map(|(i, l)| (l.as_str(), f == *i)).collect();
                for (r, (i, _)) in ui::button_flow(ui, &buttons, ready).iter().zip(&items) {
                    if r.clicked() {
                        click(&mut out, Owner::Results, Nav::Pick(*i));
                    }
                }
            });
        });
    let at = Some(shown.response.rect.top() * ctx.zoom_factor());
    if top.0 != at {
        top.0 = at;
    }
    Ok(())
}
