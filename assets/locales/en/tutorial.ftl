# Guided first games (levels/tutorials/): the list, the caption panel and each step's caption.
# $p1 and $p2 are the names of the players to your left (the bots).

menu-learn = Learn to play
learn-heading = Learn by playing
learn-intro = A short guided game: each step says what is happening and why, and offers only the move it explains. Then you finish the game yourself.
tutorial-goblin-market = Goblin Market (3 players)
tutorial-mykonos = Mýkonos (3 players)
tutorial-duchess-duel = The Duchess's Necklace: a duel
tutorial-duchess-solo = The Duchess's Necklace: solo
learn-keys = Up/Down to choose, Enter or A to start, Esc or B to go back
rules-learn = Guided games
tutorial-step = Guided game · step { $n } of { $of }
tutorial-continue = Continue
tutorial-skip = Skip the guide
tutorial-only-this = Not yet: the guide needs the highlighted move first.
tutorial-keys = Enter / A: continue   Left / Right: choose   Esc: pause
tutorial-keys-scroll = Up / Down: read on   Enter / A: continue   Left / Right: choose   Esc: pause
pause-skip-tutorial = Skip the guide
undo-not-guided = Not during the guided steps.

## Goblin Market
tut-gm-welcome = Welcome to the Goblin Market! Each auction offers the cards in the middle: the size card beside them sets how many (an Ace 1, a 2-9 two, a Crown three). At the end, the three suits with the most symbols on your cards score for you, the other three against you.
tut-gm-bid = { $p1 } bid 1 and { $p2 } 2. Bid 3: a bid must beat the highest one, and never more than the coins you have.
tut-gm-raise = They raised to 5. Go to 7 and see whether they follow.
tut-gm-pass = { $p1 } bid 10, every coin he has! You cannot beat that: pass. Once you pass, you are out of this auction.
tut-gm-goblin = { $p1 } paid 10 for both cards. Then a goblin card turned up: everyone got a coin for each of its suits that none of their cards shows. You own nothing yet, so you got 3.
tut-gm-bid-again = A new auction: the Castle and the Ace of Wyrms. { $p1 } bid 1, { $p2 } 2. Bid 3.
tut-gm-bid-five = { $p1 } dropped out and { $p2 } bid 4. Go to 5.
tut-gm-bid-seven = { $p2 } bid 6. Bid 7.
tut-gm-take-one = You won! With two or three cards up, the winner takes them all or just one, and the next best bidder must take one and pay their own bid. Take the Castle alone: { $p2 } gets the Ace for her 6.
tut-gm-sisterhood = { $p1 } got no card, so the sisterhood paid him. The winning bid's last digit names a rank (7: the 7s). Players without a new card get 3 per card of that rank, 2 per card one rank lower and 1 per card two lower: his two 6s paid 4.
tut-gm-let-go = Let the others fight over the Savage: pass.
tut-gm-your-sisterhood = { $p2 } won with 7: the 7s again, and your Castle is a 7. You got no card this time, so the sisterhood paid you 3.
tut-gm-free = That is the whole market. Play on by yourself: watch which suits you collect. Hint (H or the button) asks the best bot what it would do.
tut-gm-over = The auction deck is empty. Count the suit symbols on your cards: your three most frequent suits score a point per symbol, the other three cost a point each. Highest total wins.

## Mýkonos
tut-myk-welcome = Welcome to Mýkonos! You hold two secret cards and $5. Each round cards are offered in the row; you queue your four workers on them, buy, and sell poker hands for money. Most money at the end wins.
tut-myk-place = Workers go on the row one at a time, in turn. Put your first on the 5 of Spades: with your 5 of Diamonds it makes a pair.
tut-myk-first = The 6 of Hearts has no queue yet. Go first there too.
tut-myk-queue = A queue decides in order: the first worker buys or passes. Queue up behind { $p2 } and { $p1 } on the Jack of Hearts, in case they both pass.
tut-myk-last-worker = Every worker must go somewhere. Put your last at the back of the Queen of Diamonds' queue: it costs nothing unless all three ahead of it pass.
tut-myk-price = Purchases, left to right. The first in a queue buys or passes; the price is $1 for each worker on the card, yours included: here 2, you and { $p1 }. Buy the 5.
tut-myk-second-buy = The 6 of Hearts costs $2 as well: you and { $p2 }. Buy it.
tut-myk-keep = Sales: you may sell one poker hand a round. Your pair of 5s would fetch $2; keep it instead: a third 5 makes three of a kind, worth $5.
tut-myk-income = Income came at the round's end: $2 each, $1 more for buying nothing, $1 per Jack, Queen or King in hand. And anyone holding more than 5 cards then discards down to 5.
tut-myk-third-five = { $p2 } went first on the 5 of Clubs, your third 5! Queue right behind: if { $p2 } passes, you decide next.
tut-myk-every-worker = The Queen of Hearts: { $p1 } is first in line. Queue behind; it costs nothing unless everyone ahead passes.
tut-myk-behind = Another one there, behind your own.
tut-myk-behind-again = Your last worker: behind { $p1 } on the 3 of Clubs.
tut-myk-buy-five = { $p2 } passed, so you decide on the 5 of Clubs. Three workers are still on it: $3, all your money. Buy it.
tut-myk-cannot-pay = You cannot pay for this one: pass. A card nobody buys is discarded.
tut-myk-sell = Three 5s: three of a kind sells for $5. Sell them.
tut-myk-free = Now it is your game. Cheap cards with short queues, hands that sell well, face cards for income. Hint (H or the button) asks the best bot what it would do.
tut-myk-over = The deck cannot fill another row: the game is over. The most money wins; a tie goes to the player with more face cards in hand.

## The Duchess's Necklace: duel
tut-duel-welcome = Welcome to the Duchess's Necklace! Your necklace is your 4 cards plus the common card in the middle. Each card's wish, at its foot, pays when those five cards show exactly that many of its gem.
tut-duel-common = The common card, the Prince's Circlet, belongs to both of you: its gems count in both necklaces, and its wish (3 Amethysts) pays whoever meets it.
tut-duel-draw = On your turn you take a card, from the draw pile (unseen) or from the top of the discard pile (empty for now). Draw.
tut-duel-discard = Now discard one card to hold 4 again. Let the Admiral's Medallion go: without its gems your necklace meets four wishes.
tut-duel-wishes = Count them: 2 Diamonds (the Countess's Brooch), 2 Ambers (the Dancer's Anklet), 3 Pearls (the Marquise's Earrings) and 3 Amethysts (the common card): 25 florins.
tut-duel-draw-or-take = { $p1 } threw away the Baroness's Tiara. You could take it, but its gems would break your wishes. Draw instead.
tut-duel-discard-new = The Abbess's Rosary wants 4 Jets: too far away. Discard it and your 25 florins stay.
tut-duel-free = Play on by yourself. When the draw pile runs out, each of you may still take from the discard pile for a few turns; the higher necklace wins.
tut-duel-over = The game is over: each necklace counts the wishes it meets, the common card's included.

## The Duchess's Necklace: solo
tut-solo-welcome = Solo, the cards come in pairs, face down. Look at one, then keep either the one you saw or the other, unseen. Your necklace is your 4 cards plus the common card.
tut-solo-look = Look at the left card.
tut-solo-keep = The Dancer's Anklet would not help much. Take the gamble: keep the card you have not seen.
tut-solo-discard = It is the Widow's Locket. Now discard one card (the pair card you did not keep goes too). Let the Baroness's Tiara go: you meet 4 Sapphires, 2 Diamonds and 2 Pearls, 21 florins.
tut-solo-ranks = At the end your score earns a rank: up to 26 Apprentice, 27 to 30 Artist, 31 to 33 Officer, 34 and more Magister. Play on by yourself; Hint (H or the button) asks the best bot.
tut-solo-over = The last pair is played. Your necklace's wishes make your score and your rank.
