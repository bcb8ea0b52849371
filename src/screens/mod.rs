//! Screens as Bevy states (title -> new game -> table -> results) and the overlays that can
//! open over any of them (pause, settings, rules help, "replace the saved game?").
//!
//! Every menu is split in two: its logic runs in `Update` ([`MenuSet`]) and takes the frame's
//! presses from the [`Inbox`] only when it is the topmost owner; its drawing (egui) only
//! reads the state and sends clicks back as [`UiPress`]es tagged with its owner. So the
//! headless tests drive the very logic people use, and one press is handled exactly once.

pub mod learn;
pub mod new_game;
pub mod overlay;
pub mod results;
pub mod stats;
pub mod title;

use crate::nav::{Inbox, Nav, Owner, Press, UiPress};
use bevy::prelude::*;

#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    NewGame,
    Table,
    Results,
}

/// A menu over the current screen; the table's clock stops while one is open.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    #[default]
    None,
    Pause,
    Settings,
    Rules,
    /// The statistics (from the title).
    Stats,
    /// The last finished matches, to watch again (from the title).
    Watch,
    /// Starting a new match would replace a saved one of the same game: ask first.
    Replace,
    /// The guided games (from the title and from How to play).
    Learn,
    /// Who plays with which controller (at the table: people at one screen with gamepads, or
    /// a controller gone).
    Join,
    /// Phones as private hands (from the pause menu, desktop).
    Phones,
    /// A phone asks for a seat: the TV allows it or not (over whatever was open).
    PhoneClaim,
}

/// Keyboard/gamepad focus of the menu that owns the input (reset when another owner takes
/// over, so a menu always opens on its first, safe entry).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuFocus {
    pub owner: Owner,
    pub index: usize,
}

impl Default for MenuFocus {
    fn default() -> Self {
        MenuFocus {
            owner: Owner::Title,
            index: 0,
        }
    }
}

impl MenuFocus {
    /// The focus of `owner`'s menu (0 when that menu just took over).
    pub fn of(&self, owner: Owner) -> usize {
        if self.owner == owner { self.index } else { 0 }
    }

    /// Makes `owner` the menu whose focus this is, starting at 0 if it just took over.
    pub fn claim(&mut self, owner: Owner) -> &mut usize {
        if self.owner != owner {
            self.owner = owner;
            self.index = 0;
        }
        &mut self.index
    }
}

/// Where the Settings/Rules overlays return to (the pause menu, or nothing on the title).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverlayReturn(pub Overlay);

/// The menus' logic, before the table decides anything.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MenuSet;

pub fn plugin(app: &mut App) {
    app.init_state::<Screen>();
    app.init_resource::<Overlay>();
    app.init_resource::<MenuFocus>();
    app.init_resource::<OverlayReturn>();
    app.configure_sets(Update, MenuSet.before(crate::table::TableSet::Present));
    // A menu that changes the screen stays up (and keeps the input) until the screen has
    // changed, so nothing underneath acts in between.
    for screen in [
        Screen::Title,
        Screen::NewGame,
        Screen::Table,
        Screen::Results,
    ] {
        app.add_systems(OnExit(screen), |mut overlay: ResMut<Overlay>| {
            *overlay = Overlay::None
        });
        // One line per screen in the log (the browser checks follow the game by it).
        app.add_systems(OnEnter(screen), move || info!("screen: {screen:?}"));
    }
    app.add_systems(
        Update,
        (
            crate::phones::panel::open_claims,
            claim_focus,
            crate::phones::panel::claim_logic,
            overlay::rules_logic,
            stats::stats_logic,
            stats::watch_logic,
            stats::poll_paste,
            learn::learn_logic,
            crate::table::devices::join_logic,
            crate::phones::panel::phones_logic,
            overlay::settings_logic,
            overlay::pause_logic,
            overlay::replace_logic,
            title::title_logic,
            new_game::new_game_logic,
            results::results_logic,
            table_pause,
            crate::table::devices::filter_table_presses,
        )
            .chain()
            .in_set(MenuSet),
    );
    title::plugin(app);
    new_game::plugin(app);
    results::plugin(app);
    overlay::plugin(app);
    app.init_resource::<stats::StatsScroll>();
    app.add_systems(
        bevy_egui::EguiPrimaryContextPass,
        (
            stats::stats_overlay,
            stats::watch_overlay,
            learn::learn_overlay,
        ),
    );
}

/// The owner of the input now.
pub fn owner_now(screen: &State<Screen>, overlay: &Overlay) -> Owner {
    Owner::of(*screen.get(), *overlay)
}

/// Takes the frame's presses if `owner` owns the input now; `None` if it does not (then the
/// menu must leave everything alone, its focus included).
/// What every menu's logic reads and moves: the screen (and the next one), the presses and the
/// focus.
#[derive(bevy::ecs::system::SystemParam)]
pub struct MenuInput<'w> {
    pub screen: Res<'w, State<Screen>>,
    pub inbox: ResMut<'w, Inbox>,
    pub focus: ResMut<'w, MenuFocus>,
    pub next: ResMut<'w, NextState<Screen>>,
}

impl MenuInput<'_> {
    /// What menu `owner`'s presses mean for its `items` entries this frame, moving its focus
    /// (nothing while another menu or the table owns the input).
    pub fn acts(&mut self, overlay: &Overlay, owner: Owner, items: usize) -> Vec<MenuAct> {
        match take_if_owner(&mut self.inbox, &self.screen, overlay, owner) {
            Some(presses) => menu_acts(presses, self.focus.claim(owner), items),
            None => Vec::new(),
        }
    }
}

pub fn take_if_owner(
    inbox: &mut Inbox,
    screen: &State<Screen>,
    overlay: &Overlay,
    owner: Owner,
) -> Option<Vec<Press>> {
    (owner_now(screen, overlay) == owner).then(|| inbox.take(owner))
}

/// A menu that takes over the input starts on its first entry (even when the one before it
/// kept no focus of its own, like the table or the rules).
fn claim_focus(screen: Res<State<Screen>>, overlay: Res<Overlay>, mut focus: ResMut<MenuFocus>) {
    let owner = owner_now(&screen, &overlay);
    if focus.owner != owner {
        focus.claim(owner);
    }
}

/// Esc / Start at the table (no overlay, the hand-over cover included) opens the pause menu;
/// the rest of that frame's presses are dropped.
fn table_pause(screen: Res<State<Screen>>, mut overlay: ResMut<Overlay>, mut inbox: ResMut<Inbox>) {
    if owner_now(&screen, &overlay) != Owner::Table {
        return;
    }
    // Take, look for Esc, and give the rest back for the table's own systems.
    let presses = inbox.take(Owner::Table);
    if presses.iter().any(|p| p.nav == Some(Nav::Pause)) {
        *overlay = Overlay::Pause;
        return;
    }
    for p in presses {
        inbox.push(p);
    }
}

/// What a menu does with one press after focus moves: confirm the focused item, step the
/// focused row, or go back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuAct {
    Confirm(usize),
    Step(usize, i32),
    Back,
}

/// Menu navigation shared by the screens: Up/Down move the focus (stopping at the ends: Up
/// from Resume never lands on Quit), clicks focus their item, Esc and Backspace/B mean Back.
/// Acts come in press order; a menu stops at the first act that changes the screen.
pub fn menu_acts(presses: Vec<Press>, focus: &mut usize, items: usize) -> Vec<MenuAct> {
    let mut out = Vec::new();
    for p in presses {
        let Some(nav) = p.nav else { continue };
        match nav {
            Nav::Up | Nav::Down => {
                *focus = crate::nav::step_focus_clamped(*focus, items, nav, false)
            }
            Nav::Left | Nav::BigLeft => out.push(MenuAct::Step(*focus, -1)),
            Nav::Right | Nav::BigRight => out.push(MenuAct::Step(*focus, 1)),
            Nav::Confirm => out.push(MenuAct::Confirm(*focus)),
            Nav::Back | Nav::Pause => out.push(MenuAct::Back),
            Nav::Pick(i) if i < items => {
                *focus = i;
                out.push(MenuAct::Confirm(i));
            }
            Nav::Step(i, d) if i < items => {
                *focus = i;
                out.push(MenuAct::Step(i, d));
            }
            Nav::Pick(_)
            | Nav::Step(..)
            | Nav::Hint
            | Nav::Undo
            | Nav::Log
            | Nav::Look
            | Nav::PageUp
            | Nav::PageDown => {}
        }
    }
    *focus = (*focus).min(items.saturating_sub(1));
    out
}

/// Sends a click on a menu's button back to that menu's logic.
pub fn click(out: &mut MessageWriter<UiPress>, owner: Owner, nav: Nav) {
    out.write(UiPress { owner, nav });
}
