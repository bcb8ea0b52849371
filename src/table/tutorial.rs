//! Guided first games at the table: a fixed deal from `levels/tutorials/` and its script of
//! steps ([`come_buy_engine::tutorial`]). A caption panel says what is happening and why. An
//! explanation waits for Continue (Enter, A, or a click) while nobody acts; a step with a
//! move offers only that move on the choice panel, focused and highlighted, and refuses any
//! other pick. After the guided part the person finishes the game freely; an explanation of
//! the scoring waits at the end. The guide can be skipped at any time (its panel's Skip, or
//! the pause menu); the match then goes on as a normal one. A guided match is never saved,
//! counted in the statistics or kept for watching, so it never replaces a game in progress.

use super::{Match, Presenter, TableGame, TableSet, queue_idle};
use crate::audio::PlayCue;
use crate::games::install;
use crate::nav::{Inbox, Nav, Owner};
use crate::state::{Overlay, Screen};
use crate::theme::DEFAULT_NAMES;
use crate::ui::{CREAM, GOLD};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use come_buy_engine::text::Text;
use come_buy_engine::tutorial::{self as script, PERSON};
use come_buy_media::synth::Cue;
use come_buy_text::{say, tr};

/// A guided game is on the table. It stays for the whole match, also once its guide is over
/// or skipped (a guided match is never saved or counted).
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct Tutorial {
    /// The guided game's id (`levels/tutorials/`).
    pub id: &'static str,
    /// The step now; `steps` once the guide is over (finished or skipped).
    pub step: usize,
    pub steps: usize,
    /// The steps up to the last one with a move.
    pub guided: usize,
    /// The caption shown now (its message key), if a step is up.
    pub caption: Option<String>,
    /// The step up is an explanation waiting for Continue: nobody acts meanwhile.
    pub holding: bool,
    /// The caption panel's focus: 0 Continue, 1 Skip.
    pub focus: usize,
    /// The move step offered now: the number of actions when it was offered.
    pub armed_at: Option<usize>,
    /// It was skipped.
    pub skipped: bool,
    /// The number of actions when the guided part ended (undo never goes before it).
    pub floor: usize,
    /// The number of actions when the step before this one ended (a step may wait for
    /// moves after it).
    pub began: usize,
    /// The step up explains moves: it is due once the match has this many actions (the
    /// table then stops before the next round of decisions, see `Gate::guide_due_at`).
    pub due_at: Option<usize>,
    /// The bots' names, for the captions.
    names: Vec<String>,
}

impl Tutorial {
    /// The guide is over (finished or skipped).
    pub fn over(&self) -> bool {
        self.step >= self.steps
    }

    /// Whether undo may take the match back to `keep` actions now.
    pub(crate) fn allows_undo_to(&self, keep: usize) -> bool {
        self.step >= self.guided && keep >= self.floor
    }
}

/// The running guide's script, with the game's actions.
#[derive(Resource)]
pub struct Script<G: TableGame>(pub script::Tutorial<G::Action>);

/// A click on the caption panel.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GuideClick {
    Continue,
    Skip,
}

/// Skips the guide (the pause menu's entry).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SkipGuide;

/// The guide writes its hold into the table's gate (the turn is read through it).
fn hold_gate(t: Option<Res<Tutorial>>, mut gate: ResMut<super::gate::Gate>) {
    super::gate::set_hold(&mut gate, |g| {
        g.guide_holds = t.as_ref().is_some_and(|t| t.holding);
        g.guided = t.as_ref().is_some_and(|t| !t.over());
        g.guide_due_at = t.as_ref().filter(|t| !t.over()).and_then(|t| t.due_at);
    });
}

pub fn plugin(app: &mut App) {
    app.add_message::<GuideClick>();
    app.add_message::<SkipGuide>();
    // Written once a frame, right after the guide's step, so the turn read next sees a hold
    // that began this frame (no bot moves under a fresh explanation).
    app.add_systems(
        Update,
        hold_gate
            .after(TableSet::Guide)
            .before(super::gate::TurnSet),
    );
    for screen in [Screen::Title, Screen::NewGame] {
        app.add_systems(OnEnter(screen), |mut commands: Commands| {
            commands.remove_resource::<Tutorial>();
        });
    }
    // The results of a guided match are its last sight: what is played next is a new match.
    app.add_systems(OnExit(Screen::Results), |mut commands: Commands| {
        commands.remove_resource::<Tutorial>();
    });
}

pub(crate) fn register<G: TableGame>(app: &mut App) {
    app.add_systems(
        Update,
        guide::<G>.in_set(TableSet::Guide).run_if(
            super::deciding::<G>
                .and_then(resource_exists::<Tutorial>)
                .and_then(resource_exists::<Script<G>>),
        ),
    );
    app.add_systems(OnExit(Screen::Results), |mut commands: Commands| {
        commands.remove_resource::<Script<G>>();
    });
}

pub(crate) fn windowed(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        caption_panel.run_if(
            in_state(Screen::Table)
                .and_then(in_state(Overlay::None))
                .and_then(resource_exists::<Tutorial>),
        ),
    );
}

/// The guided games, in the menu's order: (id, the entry's message key), read once from their
/// files (the menu asks every frame).
fn entries() -> &'static [(&'static str, String)] {
    static ENTRIES: std::sync::OnceLock<Vec<(&'static str, String)>> = std::sync::OnceLock::new();
    ENTRIES.get_or_init(|| {
        come_buy_engine::catalog::guided_files()
            .iter()
            .filter_map(|f| Some((f.id, script::head(f.file.text)?.name)))
            .collect()
    })
}

/// The guided games' ids, in the menu's order.
pub fn ids() -> Vec<&'static str> {
    entries().iter().map(|(id, _)| *id).collect()
}

/// The guided games, in the menu's order: (id, the entry's label).
pub fn list() -> Vec<(&'static str, String)> {
    entries().iter().map(|(id, key)| (*id, tr(key))).collect()
}

/// Puts guided game `id` on the table (the screen must then become the table); the person
/// sits at seat 0 under `person`'s name.
pub fn start(commands: &mut Commands, id: &str, person: &str) -> Result<(), String> {
    let file = come_buy_engine::catalog::guided_file(id)
        .ok_or_else(|| format!("no guided game {id:?}"))?;
    let game = script::game_of(file.file.text).ok_or("the guided game names no game")?;
    let kind = crate::games::GameKind::from_id(&game).ok_or_else(|| format!("no game {game:?}"))?;
    let put = kind.dispatch(Start {
        file,
        person: person.to_string(),
    })?;
    put(commands);
    Ok(())
}

struct Start {
    file: &'static script::TutorialFile,
    person: String,
}

impl crate::games::ForGame for Start {
    type Out = Result<super::Put, String>;
    fn run<G: TableGame>(self) -> Self::Out {
        let t = self.file.parse::<G>().map_err(|e| e.to_string())?;
        let mut seats = vec![super::SeatInfo {
            name: self.person,
            color: 0,
            kind: super::SeatKind::Person,
        }];
        for (i, bot) in t.bots.iter().enumerate() {
            seats.push(super::SeatInfo {
                name: DEFAULT_NAMES[(i + 1) % DEFAULT_NAMES.len()].to_string(),
                color: i + 1,
                kind: super::SeatKind::Bot(bot.clone()),
            });
        }
        let mut m =
            Match::<G>::new(seats, t.seed, t.variants.clone()).map_err(|e| e.to_string())?;
        m.kind = super::MatchKind::Guided;
        let tutorial = Tutorial {
            id: self.file.id,
            step: 0,
            steps: t.steps.len(),
            guided: t.guided_len(),
            caption: None,
            holding: false,
            focus: 0,
            armed_at: None,
            skipped: false,
            floor: 0,
            began: 0,
            due_at: None,
            names: m.seats.iter().map(|s| s.name.clone()).collect(),
        };
        info!("guided game {}: {} steps", self.file.id, t.steps.len());
        Ok(Box::new(move |commands: &mut Commands| {
            install(commands, m);
            commands.insert_resource(tutorial);
            commands.insert_resource(Script::<G>(t));
        }))
    }
}

impl Tutorial {
    /// The caption shown now, in words (with the players' names).
    pub fn caption_text(&self) -> Option<String> {
        self.caption.as_deref().map(|k| caption(self, k))
    }
}

/// The caption of step `say` with the players' names.
fn caption(t: &Tutorial, say_key: &str) -> String {
    let name = |i: usize| t.names.get(i).map_or("", String::as_str);
    come_buy_text::say_named(say_key, &[("p1", name(1)), ("p2", name(2))])
}

/// Moves the guide on: a move step ends once its move is made; the next step shows when it is
/// ready (the table idle, and the person's turn or the end where it waits for them); an
/// explanation takes the table's presses (Continue, Left and Right) until it is continued.
fn guide<G: TableGame>(
    mut t: ResMut<Tutorial>,
    script: Res<Script<G>>,
    m: Res<Match<G>>,
    presenter: Res<Presenter>,
    (mut inbox, mut scroll): (ResMut<Inbox>, ResMut<crate::ui::ReadingScroll>),
    (mut clicks, mut skips): (MessageReader<GuideClick>, MessageReader<SkipGuide>),
    mut cues: MessageWriter<PlayCue>,
) {
    let mut skip = skips.read().count() > 0;
    let mut go_on = false;
    for c in clicks.read() {
        match c {
            GuideClick::Continue => go_on = true,
            GuideClick::Skip => skip = true,
        }
    }
    if t.over() {
        t.caption = None;
        t.holding = false;
        return;
    }
    if skip {
        skip_guide(&mut t, m.actions.len());
        return;
    }
    if let Some(at) = t.armed_at
        && m.actions.len() > at
    {
        t.armed_at = None;
        // (Counted from the move itself, whatever a bot did since.)
        advance(&mut t, at + 1);
    }
    let Some(step) = script.0.steps.get(t.step) else {
        end(&mut t, m.actions.len());
        return;
    };
    let mine = m.game.current_player() == Some(PERSON) && m.seats[PERSON].is_person();
    // An explanation of moves is given once they are shown, before the next round opens
    // (the table waits there for it), else once the table has shown everything.
    t.due_at = match (step.when, &step.play) {
        (script::When::Moves(n), None) => Some(t.began + n as usize),
        _ => None,
    };
    // (The moves' count is `step.when.ready`'s, below.)
    let at_next_round = t.due_at.is_some()
        && presenter.wait <= 0.0
        && m.pending.front().is_some_and(G::opens_decisions);
    let ready = (queue_idle(&m, &presenter) || at_next_round)
        && step.when.ready(
            step.play.is_some(),
            mine,
            m.game.is_over(),
            m.actions.len().saturating_sub(t.began),
        );
    if !ready {
        t.caption = None;
        t.holding = false;
        return;
    }
    if t.caption.is_none() {
        t.caption = Some(step.say.clone());
        t.focus = 0;
        // A new caption is read from its start.
        scroll.top();
    }
    if let Some(a) = &step.play {
        if !m.game.legal_actions().contains(a) {
            // A script that no longer fits its deal (the tests catch it first): the guide
            // steps aside rather than blocking the game.
            warn!(
                "guided game {}: step {} ({}) no longer fits the deal; the guide ends",
                t.id,
                t.step + 1,
                step.say
            );
            end(&mut t, m.actions.len());
            return;
        }
        t.holding = false;
        t.armed_at = Some(m.actions.len());
        return;
    }
    t.holding = true;
    for p in inbox.take(Owner::Table) {
        match p.nav {
            Some(Nav::Confirm) => {
                if t.focus == 0 {
                    go_on = true;
                } else {
                    skip = true;
                }
            }
            // Up and Down read on through a caption longer than its panel (the largest
            // text on a small window); else, as Left and Right, they choose.
            Some(nav @ (Nav::Up | Nav::Down)) if scroll.max > 0.5 => {
                scroll.press(nav);
            }
            Some(Nav::Left | Nav::Right | Nav::Up | Nav::Down) => {
                t.focus = 1 - t.focus.min(1);
                cues.write(PlayCue(Cue::Click));
            }
            // The log, the pause menu and a look at the won cards still work over an
            // explanation.
            Some(Nav::Log | Nav::Pause | Nav::Look | Nav::Closer) => inbox.push(p),
            _ => {}
        }
    }
    if skip {
        skip_guide(&mut t, m.actions.len());
    } else if go_on {
        cues.write(PlayCue(Cue::Click));
        advance(&mut t, m.actions.len());
    }
}

fn skip_guide(t: &mut Tutorial, actions: usize) {
    info!("guided game {}: skipped at step {}", t.id, t.step + 1);
    t.skipped = true;
    end(t, actions);
}

fn advance(t: &mut Tutorial, actions: usize) {
    t.step += 1;
    t.began = actions;
    t.due_at = None;
    t.caption = None;
    t.holding = false;
    t.focus = 0;
    if t.step == t.guided {
        t.floor = actions;
    }
    if t.step >= t.steps {
        end(t, actions);
    }
}

fn end(t: &mut Tutorial, actions: usize) {
    if t.step < t.guided {
        t.floor = actions;
    }
    t.step = t.steps;
    t.caption = None;
    t.holding = false;
    t.armed_at = None;
    t.due_at = None;
}

/// The one move a guide offers now, if it offers one.
pub fn offered<'a, G: TableGame>(
    t: Option<&Tutorial>,
    script: Option<&'a Script<G>>,
    m: &Match<G>,
) -> Option<&'a G::Action> {
    let t = t?;
    if t.over() || t.armed_at != Some(m.actions.len()) {
        return None;
    }
    script?.0.steps.get(t.step)?.play.as_ref()
}

/// An explanation's panel, docked at the bottom of the window where the choice panel sits
/// (the table is laid out above the dock, so the panel covers nothing it talks about): the
/// step, its words, Continue and Skip, the keys. The words scroll, in whole rows, where the
/// dock has not the room for them all (the largest text on a small window: Up and Down read
/// on). A move step's caption shows on the choice panel itself.
fn caption_panel(
    mut contexts: EguiContexts,
    t: Res<Tutorial>,
    (mut dock, mut scroll): (ResMut<super::dock::Dock>, ResMut<crate::ui::ReadingScroll>),
    mut clicks: MessageWriter<GuideClick>,
) -> Result {
    if !t.holding {
        return Ok(());
    }
    let Some(text) = t.caption_text() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let margin = super::dock::MARGIN;
    let width = ctx.content_rect().width() - 6.0 * margin;
    // The most the dock gives the panel, in points.
    let most = dock.most / ctx.zoom_factor() - 2.0 * margin;
    let frame = egui::Frame::window(&ctx.global_style())
        .fill(crate::ui::PANEL.to_opaque())
        .stroke(egui::Stroke::new(2.0, GOLD));
    let framing = frame.total_margin().sum().y;
    let shown = egui::Window::new("guide")
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -margin])
        .min_width(width)
        .max_width(width)
        .frame(frame)
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(say(&Text::new("tutorial-step")
                    .num("n", t.step as i64 + 1)
                    .num("of", t.steps as i64)))
                .size(24.0)
                .color(GOLD),
            );
            let (go_on, skip) = (tr("tutorial-continue"), tr("tutorial-skip"));
            // (Up and Down read on where the words scroll: the line says so.)
            let keys = come_buy_text::tr_keys(if scroll.max > 0.5 {
                "tutorial-keys-scroll"
            } else {
                "tutorial-keys"
            });
            let spacing = ui.spacing().item_spacing.y;
            let room = ui.available_width();
            // A compact dock (the largest text for the window) keeps no keys line, as the
            // choice panel: the room goes to the words.
            let compact = dock.compact;
            let keys_height = if compact {
                0.0
            } else {
                crate::ui::keys_line_height(ui, &keys, room)
            };
            let below = crate::ui::button_row_height(ui, &[&go_on, &skip], room)
                + keys_height
                + 2.0 * spacing;
            // The words laid out once, as wide as the rows beside a scroll bar: the area
            // ends under the last whole row that fits, and a step is a row.
            let left = most - framing - ui.min_rect().height() - spacing - below;
            let galley = ui.fonts_mut(|f| {
                f.layout(
                    text,
                    egui::FontId::proportional(28.0),
                    CREAM,
                    crate::ui::rows_width(ui),
                )
            });
            let ends: Vec<f32> = galley.rows.iter().map(|r| r.rect().max.y).collect();
            let pitch = match ends.as_slice() {
                [a, b, ..] => b - a,
                _ => crate::ui::row_height(ui, 28.0),
            };
            let height = ends
                .iter()
                .copied()
                .take_while(|e| *e <= left)
                .last()
                .or(ends.first().copied())
                .unwrap_or(0.0);
            let area = egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .auto_shrink([false, true]);
            scroll.show_rows(ui, area, pitch, |ui| {
                ui.label(galley);
            });
            ui.vertical_centered(|ui| {
                let buttons = [
                    (go_on.as_str(), t.focus == 0),
                    (skip.as_str(), t.focus == 1),
                ];
                let pressed = crate::ui::button_row(ui, &buttons);
                if pressed.first().is_some_and(|r| r.clicked()) {
                    clicks.write(GuideClick::Continue);
                }
                if pressed.get(1).is_some_and(|r| r.clicked()) {
                    clicks.write(GuideClick::Skip);
                }
                if !compact {
                    crate::ui::keys_line(ui, &keys);
                }
            });
        });
    if let Some(r) = shown {
        dock.report((r.response.rect.height() + 2.0 * margin) * ctx.zoom_factor());
    }
    Ok(())
}
