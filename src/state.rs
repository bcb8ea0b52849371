//! The app's states, the lowest room of the app: which screen is up, which menu is open over
//! it, whose focus is where. Everything else reads these; they import nothing of ours.

use bevy::prelude::*;

#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    NewGame,
    Table,
    Results,
}

/// A menu over the current screen; the table's clock stops while one is open. A Bevy state:
/// a menu opens or closes through [`Overlays::set`] (Bevy's `NextState`), and the change takes
/// effect at the next frame's state transition, for every system at once; so no menu that runs
/// later in the same frame sees a menu opened by an earlier one, and a press is handled once,
/// whatever the systems' order. A new screen closes it in the same transition
/// ([`close_with_screen`]).
#[derive(States, Default, Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
    /// Today's deals (from the title).
    Daily,
    /// Who plays with which controller (at the table: people at one screen with gamepads, or
    /// a controller gone).
    Join,
    /// Phones as private hands (from the pause menu, desktop).
    Phones,
    /// A phone asks for a seat: the TV allows it or not (over whatever was open).
    PhoneClaim,
    /// An online table's room: the host's lobby, or a friend joining (see `crate::online`).
    Online,
    /// Who made the games, and the licences (from the title's How to play).
    Credits,
}

/// Keyboard/gamepad focus of the menu that owns the input (reset when another owner takes
/// over, so a menu always opens on its first, safe entry). A screen's menu (the title, New
/// game, the results) that a panel opened over gets its focus back when the panel closes:
/// Esc on the statistics returns to Statistics, not to New game.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MenuFocus {
    pub owner: Owner,
    pub index: usize,
    /// The screen's menu a panel opened over, and its focus then.
    parked: Option<(Owner, usize)>,
}

impl Default for MenuFocus {
    fn default() -> Self {
        MenuFocus {
            owner: Owner::Title,
            index: 0,
            parked: None,
        }
    }
}

impl MenuFocus {
    /// The focus of `owner`'s menu (0 when that menu just took over).
    pub fn of(&self, owner: Owner) -> usize {
        if self.owner == owner { self.index } else { 0 }
    }

    /// Makes `owner` the menu whose focus this is, starting at 0 if it just took over (or
    /// where it was, for a screen's menu coming back from a panel over it).
    pub fn claim(&mut self, owner: Owner) -> &mut usize {
        let screen = |o: Owner| matches!(o, Owner::Title | Owner::NewGame | Owner::Results);
        if self.owner != owner {
            if screen(owner) {
                // Back to a screen's menu: where it was if a panel opened over it.
                self.index = match self.parked.take() {
                    Some((o, i)) if o == owner => i,
                    _ => 0,
                };
            } else {
                if screen(self.owner) {
                    self.parked = Some((self.owner, self.index));
                } else if self.owner == Owner::Table {
                    self.parked = None;
                }
                self.index = 0;
            }
            self.owner = owner;
        }
        &mut self.index
    }
}

/// The overlay now, and a way to open or close one: `*overlays` is the overlay of this frame
/// (as every system sees it), [`Overlays::set`] the one the next frame opens on.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Overlays<'w> {
    now: Res<'w, State<Overlay>>,
    next: ResMut<'w, NextState<Overlay>>,
}

impl Overlays<'_> {
    /// Opens `overlay` (or closes the open one, with `Overlay::None`) at the next frame's
    /// state transition; asking for the open one again changes nothing.
    pub fn set(&mut self, overlay: Overlay) {
        NextState::set_if_neq(&mut self.next, overlay);
    }
}

impl std::ops::Deref for Overlays<'_> {
    type Target = Overlay;

    fn deref(&self) -> &Overlay {
        self.now.get()
    }
}

/// Runs in the state transition, before the states change: a new screen (even the same one
/// dealt again) closes the overlay in the same transition, so a menu that changed the screen
/// stays up, with the input, until the screen has changed, and no overlay outlives it.
pub fn close_with_screen(
    screen: Res<State<Screen>>,
    next_screen: Res<NextState<Screen>>,
    (mut next, mut keep): (ResMut<NextState<Overlay>>, ResMut<KeepOverlay>),
) {
    let kept = std::mem::take(&mut keep.0);
    let closes = match &*next_screen {
        NextState::Unchanged => false,
        // The same screen built anew keeps its overlay only when asked to.
        NextState::Pending(s) => s != screen.get() || !kept,
        NextState::PendingIfNeq(s) => s != screen.get(),
    };
    if closes {
        NextState::set_if_neq(&mut next, Overlay::None);
    }
}

/// Set by a system that enters the screen it is on again, to build it anew (the table said
/// again in a new language): the overlay open over it stays open through that transition.
#[derive(Resource, Default, Debug)]
pub struct KeepOverlay(pub bool);

/// Where the Settings/Rules overlays return to (the pause menu, or nothing on the title).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OverlayReturn(pub Overlay);

/// The menus' logic, before the table decides anything.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct MenuSet;

/// Who owns the input this frame: the topmost screen or overlay. A state computed from the
/// two (`State<Owner>`); a menu's focus starts afresh when its owner is entered (in the state
/// transition, `crate::screens`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owner {
    Title,
    NewGame,
    Table,
    Results,
    Pause,
    Settings,
    Rules,
    Stats,
    Watch,
    /// "Replace the saved game?" before a new match would overwrite one.
    Replace,
    /// The guided games.
    Learn,
    /// Today's deals.
    Daily,
    /// Who plays with which controller (people at one screen, gamepads connected).
    Join,
    /// Phones as private hands: the address, the room code and who plays on a phone.
    Phones,
    /// A phone asks for a seat.
    PhoneClaim,
    Online,
    Credits,
}

impl ComputedStates for Owner {
    type SourceStates = (Screen, Overlay);

    fn compute((screen, overlay): (Screen, Overlay)) -> Option<Self> {
        Some(Owner::of(screen, overlay))
    }
}

impl Owner {
    pub fn of(screen: Screen, overlay: Overlay) -> Owner {
        match overlay {
            Overlay::Pause => Owner::Pause,
            Overlay::Settings => Owner::Settings,
            Overlay::Rules => Owner::Rules,
            Overlay::Stats => Owner::Stats,
            Overlay::Watch => Owner::Watch,
            Overlay::Replace => Owner::Replace,
            Overlay::Learn => Owner::Learn,
            Overlay::Daily => Owner::Daily,
            Overlay::Join => Owner::Join,
            Overlay::Phones => Owner::Phones,
            Overlay::PhoneClaim => Owner::PhoneClaim,
            Overlay::Online => Owner::Online,
            Overlay::Credits => Owner::Credits,
            Overlay::None => match screen {
                Screen::Title => Owner::Title,
                Screen::NewGame => Owner::NewGame,
                Screen::Table => Owner::Table,
                Screen::Results => Owner::Results,
            },
        }
    }
}

/// Why online play cannot work in this build or browser, if it cannot (a message key): a web
/// page built with no meeting server, a browser without WebRTC. The online tables write it;
/// New game (by an Online friend seat) and Join a table say it, before anyone waits.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct OnlineBlocked(pub Option<&'static str>);

/// When the process started (set first thing in `main`), for the launch-to-title figure.
pub static LAUNCHED: std::sync::OnceLock<bevy::platform::time::Instant> =
    std::sync::OnceLock::new();

/// The virtual table every layout uses; the camera fits it to any window.
pub const VIEW: Vec2 = Vec2::new(1920.0, 1080.0);

/// A run condition: the first frame has been drawn (the frame counter moves after rendering).
/// Work nobody needs on the first screen (the music, the table's textures) waits for it.
pub fn after_first_frame(frames: Res<bevy::diagnostic::FrameCount>) -> bool {
    frames.0 >= 1
}
