//! How to play, in our own words (the rules overlay shows it).

pub const HELP: &str = "\
MYKONOS, in short

You trade playing cards on a harbour quay and sell poker hands for money. Whoever has the \
most money when the deck can no longer fill the quay wins (a tie goes to more face cards in \
hand). Each player starts with 2 hidden cards, 5 coins and 4 workers.

A round
- Quay: one card more than there are players is laid out face up (three with two players).
- Queues: taking turns from the player with the start token, everyone sends one worker at a \
time to a card, until all workers stand in line. A card holds at most 4; the first to arrive \
stands at the front.
- Buying, card by card from the left: the worker at the front may buy the card for 1 coin per \
worker still in that queue (so queues get cheaper as people step out), or step out and let \
the next in line decide. Cards nobody buys are thrown away.
- Selling: each player may sell one poker combination from their hand: straight flush 15, \
four of a kind 11, full house 8, flush 7, straight 6, three of a kind 5, two pair 4, pair 2, a \
single card 1. Straights and flushes use exactly five cards; the Ace is always low.
- Wages: everyone earns 2 coins, 1 more if they bought nothing, and 1 more per Jack, Queen or \
King in hand (shown to the table).
- The start token moves on; nobody may keep more than 5 cards.

With two players, a grey neutral crew of 4 workers joins the queues: each player places two \
of them in a set order. A neutral worker at the front always steps out.

Hands are secret. With several people at one screen, the table asks you to pass it on and \
shows a hand only to its owner.";
