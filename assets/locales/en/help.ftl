# How to play each game, in our own words (the rules overlay shows it; the title's
# "How to play" shows all three, then the controls).

help-goblin-market =
    GOBLIN MARKET, in short

    You are buying cards from goblins at auction. At the end, the three suits you hold the most of are worth a point per symbol, and the other three cost you a point per symbol. A number card shows two suits, so it can be worth +2, 0 or -2.

    An auction
    - A card is turned up to set the size: an Ace means 1 card is for sale, a number 2 cards, a Crown 3. That card leaves the game. When 3 or fewer cards remain, they are all sold at once.
    - Going round the table, each player raises the bid or drops out for good. You can never bid more coins than you have. If nobody bids, the cards are thrown away.
    - The top bidder either takes every card and pays, or (with 2 or 3 cards up) takes just one and pays. Then the second-highest bidder must take one of the rest and pay their own bid, and with 3 cards the third bidder takes the last one. Cards nobody has to take are discarded.

    Money for the others
    - Sisterhood: look at the last digit of the winning bid (1 is an Ace, 0 a Crown). Everyone who got no card this auction earns 3 coins for each card they hold of that rank, 2 for the rank just below and 1 for the rank below that (below the Ace comes the Crown).
    - Goblin money: a Goblin card is revealed; each player earns a coin for every one of its suits that appears on none of their cards.

    The winner of an auction bids first in the next. When the Auction Deck runs out, the game ends: most points wins; a tie goes to the player with more positive points.

help-mykonos =
    MYKONOS, in short

    You trade playing cards on a harbour quay and sell poker hands for money. Whoever has the most money when the deck can no longer fill the quay wins (a tie goes to more face cards in hand). Each player starts with 2 hidden cards, 5 coins and 4 workers.

    A round
    - Quay: one card more than there are players is laid out face up (three with two players).
    - Queues: taking turns from the player with the start token, everyone sends one worker at a time to a card, until all workers stand in line. A card holds at most 4; the first to arrive stands at the front.
    - Buying, card by card from the left: the worker at the front may buy the card for 1 coin per worker still in that queue (so queues get cheaper as people step out), or step out and let the next in line decide. Cards nobody buys are thrown away.
    - Selling: each player may sell one poker combination from their hand: straight flush 15, four of a kind 11, full house 8, flush 7, straight 6, three of a kind 5, two pair 4, pair 2, a single card 1. Straights and flushes use exactly five cards; the Ace is always low.
    - Wages: everyone earns 2 coins, 1 more if they bought nothing, and 1 more per Jack, Queen or King in hand (shown to the table).
    - The start token moves on; nobody may keep more than 5 cards.

    With two players, a grey neutral crew of 4 workers joins the queues: each player places two of them in a set order. A neutral worker at the front always steps out.

    Hands are secret. With several people at one screen, the table asks you to pass it on and shows a hand only to its owner.

help-duchess =
    THE DUCHESS'S NECKLACE, in short

    You are a court jeweller. Each card shows four stones on top and, below, the wish of a courtier: exactly so many stones of one kind, for a price in florins. Your necklace is your four cards plus the common card in the middle: every wish on those five cards that the five cards meet exactly pays its florins. The table adds it up for you as you play.

    Two players
    - On your turn take the top card of the draw pile or of the discard pile, then discard a card face up (not the one you just picked up from the discards).
    - When the draw pile is empty you may still take the top discard, or stop: stopping ends the game. It also ends after three more turns each. The richest necklace wins; a tie goes to more wishes met.

    Solo
    - Five times, two cards come: look at one of them, then keep either that one or the hidden one, and give up one card from your hand along with the one you did not keep.
    - Your necklace earns a title: up to 26 Apprentice, 27-30 Artist, 31-33 Officer, 34 and more Magister.

    Expansions
    - Rainbow stones (2 cards): a rainbow stone can stand for any one gem kind, or for itself, or be left out; the table always picks the best use. A rainbow card's wish wants exactly one rainbow stone used.
    - Court gold (4 cards): gold ingots carry no wish but pay together: 1 ingot 5, 2 ingots 14, 3 ingots 27, 4 ingots 44 florins.

help-controls =
    Controls: arrows or D-pad to choose, Left/Right to change a number (PageUp/PageDown, - and +, or the triggers by 5), Enter/Space or A to confirm, Esc or Start to pause, H or Y for a hint. L or Select opens the game log; in Goblin Market, C or RT enlarges the won cards one at a time. V or LT looks closer at your own cards and back (on a phone, the button at the top left). U, Ctrl+Z, Backspace or X takes back your last decision, until a card is shown to you or another person plays; at one shared screen each person takes back only their own moves since the screen was passed to them. The mouse and touch work everywhere.

# Credits (How to play -> Credits, from the title): who made the games, and the licences, in
# our own words. CREDITS.md beside the game says which file is under which licence.
rules-credits = Credits
credits-heading = Credits
credits-text =
    THE GAMES
    Goblin Market, and the Decktet deck it is played with, are by P.D. Magnus. The Decktet and its games are shared under the Creative Commons Attribution-NonCommercial-ShareAlike 3.0 licence, and the Decktet's card names in this game are used under it.
    Mýkonos is by José Carlos de Diego Guerrero.
    The Duchess's Necklace is El Collar de la Duquesa. Its rulebook names no designer, so we credit the game by its title.

    WHAT IS THEIRS, WHAT IS OURS
    We use the games' names and their rules. The rules help, the guided games, the art, the sounds, the bots and the Duchess's 24 cards are our own work.

    LICENCES
    Come Buy's code is under the MIT licence. The fonts are Vollkorn and Lato (SIL Open Font License 1.1) and symbols from DejaVu Sans (Bitstream Vera licence). The online tables use matchbox and webrtc-rs (MIT or Apache-2.0). CREDITS.md, beside the game and in its source, names every licence and the files it covers.

    Come Buy is free to play and not for sale.
