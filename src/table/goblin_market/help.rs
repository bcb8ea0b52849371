//! How to play, in our own words (the rules overlay shows it).

pub const HELP: &str = "\
GOBLIN MARKET, in short

You are buying cards from goblins at auction. At the end, the three suits you hold the most \
of are worth a point per symbol, and the other three cost you a point per symbol. A number \
card shows two suits, so it can be worth +2, 0 or -2.

An auction
- A card is turned up to set the size: an Ace means 1 card is for sale, a number 2 cards, a \
Crown 3. That card leaves the game. When 3 or fewer cards remain, they are all sold at once.
- Going round the table, each player raises the bid or drops out for good. You can never bid \
more coins than you have. If nobody bids, the cards are thrown away.
- The top bidder either takes every card and pays, or (with 2 or 3 cards up) takes just one \
and pays. Then the second-highest bidder must take one of the rest and pay their own bid, \
and with 3 cards the third bidder takes the last one. Cards nobody has to take are discarded.

Money for the others
- Sisterhood: look at the last digit of the winning bid (1 is an Ace, 0 a Crown). Everyone \
who got no card this auction earns 3 coins for each card they hold of that rank, 2 for the \
rank just below and 1 for the rank below that (below the Ace comes the Crown).
- Goblin money: a Goblin card is revealed; each player earns a coin for every one of its \
suits that appears on none of their cards.

The winner of an auction bids first in the next. When the Auction Deck runs out, the game \
ends: most points wins; a tie goes to the player with more positive points.";
