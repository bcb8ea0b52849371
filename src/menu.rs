//! What every menu's logic shares: who owns the input now, the frame's presses for the menu
//! that owns it, and what a press means for a list of entries (confirm, step, back).

use crate::nav::{Inbox, Nav, Owner, Press, UiPress};
use crate::state::{MenuFocus, Overlay, Screen};
use bevy::prelude::*;

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
            | Nav::Closer
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
