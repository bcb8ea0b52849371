//! The player's language. The words come from `come-buy-text` (one catalog per language);
//! this module picks the language (the settings' choice, else the system's or browser's at the
//! first start), and when it changes, says everything on screen again at once: the menus are
//! drawn anew each frame anyway; the title's words follow [`Words`]; the table is rebuilt
//! from its match record (exact by construction: the same setup and actions), caught up in
//! one silent frame under whatever menu is open.

use crate::games::EachGame;
use crate::games::install;
use crate::settings::Settings;
use crate::state::{KeepOverlay, Screen};
use crate::table_core::{Match, TableGame};
use bevy::prelude::*;

/// A text entity that shows one message without arguments: it is said again when the
/// language changes.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Words(pub &'static str);

/// The language has just changed to this tag.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub(crate) struct LanguageChanged(pub &'static str);

/// The system's or browser's language, as a tag we speak ("es"), English if we speak none
/// of its languages.
pub(crate) fn system_language() -> &'static str {
    let locale = sys_locale::get_locale().unwrap_or_default();
    come_buy_text::closest_language(&locale)
}

/// The tag the settings ask for (English if none: the headless tests; the app fills it in
/// from the system at start).
pub(crate) fn wanted(settings: &Settings) -> &'static str {
    settings
        .language
        .as_deref()
        .map_or("en", come_buy_text::closest_language)
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<LanguageChanged>();
    app.add_systems(
        Update,
        (follow_settings, say_words_again, rebuild_table)
            .chain()
            .before(crate::state::MenuSet),
    );
}

/// Speaks the language the settings ask for.
fn follow_settings(settings: Res<Settings>, mut out: MessageWriter<LanguageChanged>) {
    if !settings.is_changed() {
        return;
    }
    let tag = wanted(&settings);
    if come_buy_text::language().tag != tag && come_buy_text::set_language(tag) {
        info!("language: {tag}");
        out.write(LanguageChanged(tag));
    }
}

fn say_words_again(
    mut changed: MessageReader<LanguageChanged>,
    mut q: Query<(&Words, &mut Text2d)>,
) {
    if changed.read().count() == 0 {
        return;
    }
    for (w, mut t) in &mut q {
        t.0 = come_buy_text::tr(w.0);
    }
}

/// Rebuilds the match on the table from its record (caught up at once, no sound), so every
/// word on the table is said in the new language.
fn rebuild_table(
    mut changed: MessageReader<LanguageChanged>,
    mut commands: Commands,
    (screen, mut next): (Res<State<Screen>>, ResMut<NextState<Screen>>),
    mut keep: ResMut<KeepOverlay>,
) {
    if changed.read().count() == 0 || *screen.get() != Screen::Table {
        return;
    }
    commands.queue(Rebuild { keep: None });
    // The menu open over the table (the settings, where the language was chosen) stays open.
    keep.0 = true;
    next.set(Screen::Table);
}

/// Puts the match on the table again from its record, caught up at once: the whole record
/// (the language changed) or its first `keep` steps (an undo). The screen must be entered
/// again for the table to be spawned anew.
pub(crate) struct Rebuild {
    pub keep: Option<usize>,
}

impl Command for Rebuild {
    type Out = ();
    fn apply(self, world: &mut World) {
        crate::games::for_each(&mut RebuildIn(world, self.keep));
    }
}

struct RebuildIn<'a>(&'a mut World, Option<usize>);

impl EachGame for RebuildIn<'_> {
    fn visit<G: TableGame>(&mut self) {
        let Some(m) = self.0.get_resource::<Match<G>>() else {
            return;
        };
        if let Some(remote) = self.0.get_resource::<crate::table_core::Remote<G>>() {
            // A friend's table has no record: the effects it was shown, shown again at once.
            let history = remote.history.clone();
            if let Some(mut again) = self.0.remove_resource::<Match<G>>() {
                again.restored = true;
                again.pending = history.into();
                self.0.insert_resource(again);
            }
            return;
        }
        let mut record = crate::save::record_of(m);
        if let Some(keep) = self.1 {
            record.steps.truncate(keep);
        }
        match crate::save::restore::<G>(&record) {
            Ok(mut again) => {
                again.restored = true;
                // A guided game or a replay stays what it is; an online host's table keeps
                // its friends' seats (its room follows the same moves on: `HostTap`).
                again.kind = m.kind;
                if m.online() {
                    again.seats = m.seats.clone();
                }
                let mut queue = bevy::ecs::world::CommandQueue::default();
                let mut commands = Commands::new(&mut queue, self.0);
                install(&mut commands, again);
                queue.apply(self.0);
            }
            // The match on the table always replays (it was played by the rules); if it ever
            // did not, the table keeps its old words rather than losing the game.
            Err(e) => error!("cannot rebuild the table: {}", come_buy_text::say(&e)),
        }
    }
}
