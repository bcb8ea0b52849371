//! [`Search`](crate::game::Search) for the Duchess's Necklace: a world as one seat may imagine
//! it (the hidden cards dealt again), and applying an action into a reused buffer of effects.

use super::*;

impl crate::game::Search for Duchess {
    /// Hidden: the draw pile's order, the cards set aside unseen, the other hand's cards
    /// nobody has seen, and (solo) the pair card not looked at.
    fn determinize(&self, seat: Seat, rng: &mut crate::rng::Rng) -> Self {
        let mut g = self.clone();
        let looked = self.looked;
        let mut pair_unseen: Vec<&mut Card> = g
            .pair
            .iter_mut()
            .enumerate()
            .filter(|(w, _)| looked != Some(*w as u8))
            .filter_map(|(_, c)| c.as_mut())
            .collect();
        let mut piles: Vec<&mut [Card]> = vec![g.pile.as_mut_slice(), g.removed.as_mut_slice()];
        piles.extend(crate::game::unseen_tails(&mut g.hands, &self.known, seat));
        for c in pair_unseen.iter_mut() {
            piles.push(std::slice::from_mut(&mut **c));
        }
        crate::game::redeal(&mut piles, rng);
        g
    }

    fn apply_into(
        &mut self,
        seat: Seat,
        action: &Action,
        effects: &mut Vec<Effect>,
    ) -> Result<(), RuleError> {
        effects.clear();
        self.apply_fx(seat, action, effects)
    }
}
