//! How to play, in our own words (the rules overlay shows it).

pub const HELP: &str = "\
THE DUCHESS'S NECKLACE, in short

You are a court jeweller. Each card shows four stones on top and, below, the wish of a \
courtier: exactly so many stones of one kind, for a price in florins. Your necklace is your \
four cards plus the common card in the middle: every wish on those five cards that the five \
cards meet exactly pays its florins. The table adds it up for you as you play.

Two players
- On your turn take the top card of the draw pile or of the discard pile, then discard a card \
face up (not the one you just picked up from the discards).
- When the draw pile is empty you may still take the top discard, or stop: stopping ends the \
game. It also ends after three more turns each. The richest necklace wins; a tie goes to \
more wishes met.

Solo
- Five times, two cards come: look at one of them, then keep either that one or the hidden \
one, and give up one card from your hand along with the one you did not keep.
- Your necklace earns a title: up to 26 Apprentice, 27-30 Artist, 31-33 Officer, 34 and more \
Magister.

Expansions
- Rainbow stones (2 cards): a rainbow stone can stand for any one gem kind, or for itself, or \
be left out; the table always picks the best use. A rainbow card's wish wants exactly one \
rainbow stone used.
- Court gold (4 cards): gold ingots carry no wish but pay together: 1 ingot 5, 2 ingots 14, 3 \
ingots 27, 4 ingots 44 florins.";
