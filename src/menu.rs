//! What every menu's logic shares: who owns the input now, the frame's presses for the menu
//! that owns it, and what a press means for a list of entries (confirm, step, back).

use crate::nav::{Inbox, Nav, Owner, Press, UiPress};
use crate::state::{MenuFocus, Screen};
use bevy::prelude::*;

/// What every menu's logic reads and moves: the screen (and the next one), who owns the input
/// (a state computed from the screen and the overlay: fixed for the whole frame), the presses
/// and the focus.
#[derive(bevy::ecs::system::SystemParam)]
pub struct MenuInput<'w> {
    pub screen: Res<'w, State<Screen>>,
    pub owner: Res<'w, State<Owner>>,
    pub inbox: ResMut<'w, Inbox>,
    pub focus: ResMut<'w, MenuFocus>,
    pub next: ResMut<'w, NextState<Screen>>,
}

impl MenuInput<'_> {
    /// What menu `owner`'s presses mean for its `items` entries this frame, moving its focus
    /// (nothing while another menu or the table owns the input).
    pub fn acts(&mut self, owner: Owner, items: usize) -> Vec<MenuAct> {
        match take_if_owner(&mut self.inbox, &self.owner, owner) {
            Some(presses) => menu_acts(presses, self.focus.claim(owner), items),
            None => Vec::new(),
        }
    }
}

/// Takes the frame's presses if `owner` owns the input `now`; `None` if it does not (then the
/// menu must leave everything alone, its focus included).
pub fn take_if_owner(inbox: &mut Inbox, now: &State<Owner>, owner: Owner) -> Option<Vec<Press>> {
    (*now.get() == owner).then(|| inbox.take(owner))
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

/// Seconds an entry must have been where it is before a press there counts (people asking
/// for seats come and go under the room's hands: a yes meant for one person, pressed as they
/// left, must not give the seat to whoever took their place).
pub const STEADY: f64 = 0.5;

/// The entries of a menu that changes under the player's hands (the people asking for
/// seats), place by place, with when each place got its entry. A press answers the entry at
/// its place only once that entry has been there [`STEADY`] seconds, and the focus moves with
/// its entry. One rule for the phones' question and the online lobby.
#[derive(Debug, Clone)]
pub struct Steady<K> {
    places: Vec<(K, f64)>,
}

impl<K> Default for Steady<K> {
    fn default() -> Self {
        Steady { places: Vec::new() }
    }
}

impl<K: PartialEq + Clone> Steady<K> {
    /// The entries as the menu shows them from now on (`now`: the app's clock, seconds). A
    /// place whose entry changed starts its wait now; `focus`, when given, moves with the
    /// entry it was on (if that entry is gone, it stays where it was, within the list).
    pub fn show(&mut self, keys: Vec<K>, now: f64, focus: Option<&mut usize>) {
        if let Some(f) = focus {
            let was = self.places.get(*f).map(|(k, _)| k);
            *f = match was.and_then(|k| keys.iter().position(|n| n == k)) {
                Some(to) => to,
                None => (*f).min(keys.len().saturating_sub(1)),
            };
        }
        let places = keys
            .into_iter()
            .enumerate()
            .map(|(i, k)| match self.places.get(i) {
                Some((old, since)) if *old == k => (k, *since),
                _ => (k, now),
            })
            .collect();
        self.places = places;
    }

    /// Nothing shown (the menu closed): everything is new when it opens again.
    pub fn clear(&mut self) {
        self.places.clear();
    }

    pub fn len(&self) -> usize {
        self.places.len()
    }

    /// The entry shown at place `i`.
    pub fn at(&self, i: usize) -> Option<&K> {
        self.places.get(i).map(|(k, _)| k)
    }

    /// The entry at place `i`, if a press there counts at `now` (it has been there long
    /// enough); `None` for a place with no entry or one that just changed.
    pub fn pressed(&self, i: usize, now: f64) -> Option<&K> {
        self.places
            .get(i)
            .filter(|(_, since)| now - since >= STEADY)
            .map(|(k, _)| k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_press_counts_only_on_an_entry_that_has_been_in_its_place_a_while() {
        let mut s = Steady::default();
        let mut focus = 1;
        s.show(vec!["ana", "bo", "start"], 0.0, Some(&mut focus));
        assert_eq!(s.pressed(1, 0.2), None, "just shown");
        assert_eq!(s.pressed(1, STEADY), Some(&"bo"));
        // Ana leaves: Bo moves up and the focus goes with him; every moved place waits again.
        s.show(vec!["bo", "start"], 1.0, Some(&mut focus));
        assert_eq!(focus, 0);
        assert_eq!(
            s.pressed(0, 1.2),
            None,
            "a yes meant for Ana does not reach Bo"
        );
        assert_eq!(s.pressed(1, 1.2), None);
        assert_eq!(s.pressed(0, 1.0 + STEADY), Some(&"bo"));
        // Someone new at the end leaves the places before it as they were.
        s.show(vec!["bo", "start", "cy"], 2.0, None);
        assert_eq!(s.pressed(0, 2.0), Some(&"bo"));
        assert_eq!(s.pressed(2, 2.0), None);
        assert_eq!(s.pressed(3, 9.0), None, "no entry there");
        // The focused entry gone: the focus stays in the list.
        let mut focus = 2;
        s.show(vec!["bo"], 3.0, Some(&mut focus));
        assert_eq!(focus, 0);
        s.clear();
        assert_eq!(s.len(), 0);
    }
}
