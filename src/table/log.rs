//! The game log: one short line per event in player terms ("Bram bids 14", "Cleo sells Two
//! pair for 4"), newest at the bottom, in a panel that L, the gamepad's Select or the table's
//! Log button opens and closes. Each game words its effects ([`TableGame::log_line`]) as the
//! table shows them, so the log never runs ahead of the animation. It is written from the
//! effects as the room may see them: with one person, as that person sees them; with several
//! people, as a spectator (no secret card is ever named on a shared screen); with bots only,
//! everything. A rebuilt table (a language change, an undo) catches up its whole history at
//! once, so the log is written again with it, in the new language and without the undone tail.

use super::handover::Privacy;
use super::{Match, Shown, TableGame, TableSet, playing};
use crate::menu::click;
use crate::nav::{Inbox, Nav, Owner, UiPress};
use crate::state::{Overlay, Screen};
use crate::ui::{CREAM, GOLD, MUTED};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::game::Seat;
use come_buy_engine::text::Text;
use come_buy_text::{say, tr};

pub use super::lines::{Icon, LogMemory};

/// The lines so far and whether the panel is open.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct GameLog {
    pub lines: Vec<String>,
    /// Each line's icons (the same length as `lines`).
    pub icons: Vec<Vec<Icon>>,
    pub open: bool,
    /// What a game remembers to word later effects (Mýkonos: the card at each quay slot).
    pub memory: LogMemory,
}

/// The most lines kept (a long Goblin Market game writes a few hundred).
pub(crate) const MAX_LINES: usize = 2000;

pub fn plugin(app: &mut App) {
    app.init_resource::<GameLog>();
    // A table entered anew (a new match, a continued one, a rebuilt one) writes its log from
    // the start; the panel stays as it was.
    app.add_systems(
        OnEnter(Screen::Table),
        (|mut log: ResMut<GameLog>| {
            log.lines.clear();
            log.icons.clear();
            log.memory = LogMemory::default();
        })
        .before(super::TableSpawn),
    );
}

pub(crate) fn register<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        write_log::<G>
            .after(TableSet::Present)
            .run_if(in_state(Screen::Table).and_then(playing::<G>)),
    );
    app.add_systems(
        Update,
        log_input::<G>
            .in_set(TableSet::Decide)
            .before(super::handover::update_privacy::<G>)
            .run_if(playing::<G>),
    );
}

/// Whose eyes the log sees with. A hand played on a phone is never the screen's: with one on
/// a phone, the log shows only what the room may see (or the one screen person's own).
fn viewer<G: TableGame>(m: &Match<G>, gate: &super::gate::Gate) -> Viewer {
    let people: Vec<Seat> = (0..m.seats.len())
        .filter(|&s| m.seats[s].is_person())
        .collect();
    match people.as_slice() {
        [] => Viewer::Everything,
        [one] if !gate.on_phone(*one) => Viewer::Seat(*one),
        _ => Viewer::Room,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Viewer {
    /// Bots only: every hand is open anyway.
    Everything,
    /// One person with bots.
    Seat(Seat),
    /// Several people at one screen: only what all may see.
    Room,
}

/// The effect as the room may see it.
fn seen_effect<G: TableGame>(
    m: &Match<G>,
    gate: &super::gate::Gate,
    effect: &G::Effect,
) -> G::Effect {
    match viewer(m, gate) {
        Viewer::Everything => effect.clone(),
        Viewer::Seat(s) => G::redact(effect, Some(s)),
        Viewer::Room => G::redact(effect, None),
    }
}

/// The line for one shown effect, as the room may see it.
pub fn log_effect<G: TableGame>(
    m: &Match<G>,
    memory: &mut LogMemory,
    effect: &G::Effect,
) -> Option<String> {
    G::log_line(
        m,
        memory,
        &seen_effect(m, &super::gate::Gate::default(), effect),
    )
}

fn write_log<G: TableGame>(
    m: Res<Match<G>>,
    mut shown: MessageReader<Shown<G>>,
    mut log: ResMut<GameLog>,
    gate: Res<super::gate::Gate>,
) {
    let mut new = Vec::new();
    let mut memory = std::mem::take(&mut log.memory);
    for Shown(effect) in shown.read() {
        // A replay shows every hand, and its log every card.
        let seen = if m.mode() == super::Mode::Replay {
            effect.clone()
        } else {
            seen_effect(&m, &gate, effect)
        };
        if let Some(line) = G::log_line(&m, &mut memory, &seen) {
            // The icons come from the same effect as the room sees it: never a hidden card's.
            new.push((line, G::log_icons(&seen)));
        }
    }
    log.memory = memory;
    if !new.is_empty() {
        for (line, icons) in new {
            log.lines.push(line);
            log.icons.push(icons);
        }
        let over = log.lines.len().saturating_sub(MAX_LINES);
        log.lines.drain(..over);
        let over = log.icons.len().saturating_sub(MAX_LINES);
        log.icons.drain(..over);
    }
}

/// L, the gamepad's Select and the Log button open and close the panel (taken before the
/// hand-over cover, which swallows the rest).
fn log_input<G: TableGame>(_m: Res<Match<G>>, mut inbox: ResMut<Inbox>, mut log: ResMut<GameLog>) {
    let toggles = inbox.take_counted(Owner::Table, |p| p.nav == Some(Nav::Log));
    if toggles % 2 == 1 {
        log.open = !log.open;
    }
}

/// The Log button in the table's top-right corner, in every game, and, when open, the panel
/// along the right edge (above the choice strip).
pub(crate) fn draw_log(
    mut contexts: EguiContexts,
    privacy: Res<Privacy>,
    log: Res<GameLog>,
    mut dock: ResMut<super::dock::Dock>,
    mut out: MessageWriter<UiPress>,
    art: Res<crate::art::Art>,
) -> Result {
    if privacy.waiting_for.is_some() {
        return Ok(());
    }
    // The icons' textures, registered with egui once (by asset id: the same id each frame).
    let mut textures = Textures::new();
    if log.open {
        for icon in log.icons.iter().flatten() {
            textures.entry(*icon).or_insert_with(|| {
                contexts.add_image(bevy_egui::EguiTextureHandle::Weak(icon.image(&art).id()))
            });
        }
    }
    let ctx = contexts.ctx_mut()?;
    // In the browser the page's own full-screen button (48 CSS px, 10 px from the corner, see
    // web/index.html) holds the top-right corner: the Log button and its panel stand left of it.
    let page_button = if cfg!(target_arch = "wasm32") {
        58.0 / ctx.zoom_factor()
    } else {
        0.0
    };
    log_button(ctx, (&log, &mut dock), &mut out, page_button);
    if !log.open {
        return Ok(());
    }
    let (width, height, narrow) = log_size(ctx, &dock, page_button);
    egui::Window::new("game log")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_TOP, [-8.0 - page_button, 52.0])
        .fixed_size([width, height])
        // Opaque: no card or label of the table shows through the lines.
        .frame(egui::Frame::window(&ctx.global_style()).fill(crate::ui::PANEL.to_opaque()))
        .show(ctx, |ui| {
            ui.add(
                egui::Label::new(
                    egui::RichText::new(tr("log-heading"))
                        .size(26.0)
                        .color(GOLD),
                )
                .wrap_mode(egui::TextWrapMode::Wrap),
            );
            // The keys to scroll, where there are keys and room: not on a touch screen, nor
            // on a compact table (a phone held sideways, the largest text), whose log has
            // little height to spare.
            if !(dock.touch || dock.compact) {
                crate::ui::keys_line(ui, &come_buy_text::tr_keys("log-keys"));
            }
            ui.separator();
            log_lines(ui, &log, &textures, narrow);
        });
    Ok(())
}

/// The log's icons as egui knows them.
type Textures = std::collections::HashMap<Icon, egui::TextureId>;

/// The Log button, left of the page's own button (`page_button` wide) in a browser; a line
/// over the table keeps clear of it.
fn log_button(
    ctx: &egui::Context,
    (log, dock): (&GameLog, &mut ResMut<super::dock::Dock>),
    out: &mut MessageWriter<UiPress>,
    page_button: f32,
) {
    let (corner, offset) = (egui::Align2::RIGHT_TOP, [-8.0 - page_button, 8.0]);
    egui::Area::new("log button".into())
        .anchor(corner, offset)
        .show(ctx, |ui| {
            let b = egui::Button::new(
                egui::RichText::new(tr("log-button"))
                    .size(24.0)
                    .color(if log.open { GOLD } else { MUTED }),
            )
            .min_size(egui::vec2(64.0, 36.0))
            // One line whatever the language and text size ("Registro" at 1.5x wrapped).
            .wrap_mode(egui::TextWrapMode::Extend);
            let r = ui.add(b);
            if r.clicked() {
                click(out, Owner::Table, Nav::Log);
            }
            // A line over the table keeps clear of it (and so of the page's button beside it:
            // the corner is measured from the button's left edge).
            super::dock::Corner::keep(dock, 1, r.rect, ui.ctx().content_rect());
        });
}

/// The open log's width and height, and whether the screen is narrow (a phone held upright:
/// the log takes the whole width and wraps its lines).
fn log_size(ctx: &egui::Context, dock: &super::dock::Dock, page_button: f32) -> (f32, f32, bool) {
    let screen_rect = ctx.content_rect();
    // Above the docked panel: the strip, or the panel itself where it is taller than the strip
    // may grow (a phone at the largest text).
    let bottom = dock.shown.max(dock.want) / ctx.zoom_factor();
    // From under the Log button down to 8 points above the docked strip, frame included (a
    // phone held sideways has little room: the log gets what there is, never the strip's).
    let margins = egui::Frame::window(&ctx.global_style())
        .total_margin()
        .sum();
    let height = (screen_rect.height() - bottom - 52.0 - 8.0 - margins.y).max(60.0);
    // A third of the screen, never past its left edge (a phone held upright: the whole width
    // but the margins and the page's button).
    let room = screen_rect.width() - 16.0 - page_button - margins.x;
    // (A narrow screen, a phone held upright, gives the log all its width: its lines are
    // long.)
    let narrow = screen_rect.width() < 700.0;
    let width = if narrow {
        room
    } else {
        (screen_rect.width() * 0.34).clamp(260.0, 560.0).min(room)
    };
    (width, height, narrow)
}

/// The log's lines, each with its icons, kept scrolled to the newest; the list starts at a
/// whole line (its oldest visible one showed in part under the heading).
fn log_lines(ui: &mut egui::Ui, log: &GameLog, textures: &Textures, narrow: bool) {
    let id = egui::Id::new("game log lines");
    let height = crate::ui::Stops::height_from_end(ui, id, ui.available_height());
    egui::ScrollArea::vertical()
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .max_height(height)
        .show(ui, |ui| {
            let mut stops = crate::ui::Stops::begin(ui);
            if log.lines.is_empty() {
                ui.label(egui::RichText::new(tr("log-empty")).size(24.0).color(MUTED));
            }
            for (i, line) in log.lines.iter().enumerate() {
                ui.horizontal(|ui| {
                    for icon in log.icons.get(i).into_iter().flatten() {
                        if let Some(&t) = textures.get(icon) {
                            // On a card's cream, where the symbols were drawn to sit (a black
                            // spade on the dark panel would vanish).
                            ui.add(
                                egui::Image::new((t, egui::vec2(22.0, 22.0)))
                                    .bg_fill(CREAM)
                                    .corner_radius(4.0),
                            );
                        }
                    }
                    // A narrow panel's long lines wrap (a phone held upright); a wider one
                    // keeps each line on one row.
                    let text = egui::RichText::new(line).size(24.0).color(CREAM);
                    ui.add(egui::Label::new(text).wrap_mode(if narrow {
                        egui::TextWrapMode::Wrap
                    } else {
                        egui::TextWrapMode::Extend
                    }));
                });
                stops.mark(ui);
            }
            stops.keep(ui, id);
        });
}

pub(crate) fn windowed(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_log.run_if(in_state(Screen::Table).and_then(in_state(Overlay::None))),
    );
}

/// The seat's name, for the games' lines.
pub fn name<G: TableGame>(m: &Match<G>, s: Seat) -> String {
    m.seats.get(s).map(|x| x.name.clone()).unwrap_or_default()
}

/// The winners named in message `key` (its `n` and `names`): the log's last line and every
/// game's closing banner ("Ana and Bram share the win!") say them the same way.
pub(crate) fn winners_said<G: TableGame>(
    m: &Match<G>,
    winners: &[Seat],
    key: &'static str,
) -> String {
    let names: Vec<String> = winners.iter().map(|&s| name(m, s)).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    say(&Text::new(key)
        .num("n", names.len() as i64)
        .raw("names", come_buy_text::and_list(&names)))
}

/// The last line of every game: who won (every game names its winners the same way).
pub(crate) fn game_over<G: TableGame>(m: &Match<G>) -> Option<String> {
    let scores = m.game.scores()?;
    Some(winners_said(m, &scores.winners, "log-game-over"))
}
