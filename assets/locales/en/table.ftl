# The table: pile labels, banners, speech bubbles, the choice panel, the hand-over screen.
# $name is a seat's name; amounts are coins (Goblin Market, Mýkonos) or florins (the Duchess).

table-bank = Bank
table-draw-pile = Draw pile
table-discards = Discards
# After a friend's name on their plaque at an online table.
table-online = online
# A person playing their hand on a phone (beside the name on the table).
table-phone = phone
# Articles dropped from a card's name on its face ("Author" for "The Author"), separated by
# spaces; one ending in an apostrophe is written against the word.
name-articles = The

handover-pass-to = Pass to { $name }
handover-look-away = Everyone else, look away: your hands stay secret.
handover-ready = { $name }: press A / Enter, or click, when ready
keys-menu = Esc / Start: menu

choice-thinking = { $name } is thinking...   (Esc / Start: menu)
choice-online = { $name } is choosing at their own table...   (Esc / Start: menu)
choice-dropped = Waiting for { $name } to come back...   (Esc / Start: menu)
choice-sent = { $name }, your move is on its way to the host...
choice-keys = Arrows or D-pad to choose, Enter or A to confirm, Esc or Start for the menu, H or Y for a hint, U or X to undo
choice-keys-no-undo = Arrows or D-pad to choose, Enter or A to confirm, Esc or Start for the menu, H or Y for a hint
choice-asking = Asking the Hard bot...
choice-option-of = option { $n } of { $of }. { $keys }
choice-hint = Hint
choice-undo = Undo

## Goblin Market

gm-auction-deck = Auction Deck
gm-size = Size
gm-set-aside = Set aside
gm-discard = Discard
gm-goblin-deck = Goblin Deck
gm-goblins-offer = Goblins offer
gm-used-goblins = Used goblins
gm-bids-first = { $name } bids first
gm-high-bid = High bid { $amount }: { $name }
gm-pass = Pass
gm-no-sale = No sale
gm-no-sale-why = nobody bid: the cards are discarded
gm-reshuffle = The goblins reshuffle
gm-opens = { $name } opens the bidding
gm-auction = Auction { $number }: { $cards ->
    [one] 1 card
   *[other] { $cards } cards
}
gm-wins-at = { $name } wins at { $bid }
gm-sisterhood = Sisterhood money
# The rank whose cards earn: 1 is the Ace, 10 the Crown.
gm-sisterhood-for = { $rank ->
    [1] for Aces and just below
    [10] for Crowns and just below
   *[other] for { $rank }s and just below
}
gm-goblin-money = Goblin money
gm-goblin-money-how = a coin for each missing suit
gm-market-closes = The market closes
gm-counting = counting suits
gm-ask-bid = { $name }, your bid
gm-ask-bid-lot = { $name }, your bid for { $lot }
gm-ask-take = { $name }, you won: take all, or just one?
gm-ask-pick = { $name }, pick one of the cards left
gm-bid = Bid { $amount }
gm-take-all = Take all
gm-take-one = Take { $card }
# $cost is an amount of coins (the message coins): "Take all (pay 3 coins)".
gm-take-all-pay = Take all (pay { $cost })
gm-take-one-pay = Take { $card } (pay { $cost })
coins = { $n ->
    [one] { $n } coin
   *[other] { $n } coins
}
gm-cannot-outbid = You cannot outbid the high bid: pass.
gm-look-keys = C or RT: look at the won cards
gm-points = Points
gm-scoring-note = The three suits you hold most score +1 per symbol; the other three score -1. Ties go to the most positive points.

## Mýkonos

mykonos-neutral-crew = Neutral crew
mykonos-sells-for = { $name } sells for { $price }
mykonos-sold-hand = { $hand }!
mykonos-no-sale = No sale
mykonos-most-money = most money
mykonos-start-token = { $name } holds the start token
mykonos-round = Round { $round }
mykonos-rounds-left = { $left ->
    [0] the last round
   *[other] { $left } more after this one
}
mykonos-round-of = Round { $round } of { $rounds }
    { $phase }
mykonos-sales = Sales
mykonos-sales-how = each player may sell one combination
mykonos-pass = Pass
mykonos-buy = Buy!
mykonos-ask-neutral = { $name }, place a grey neutral worker
mykonos-ask-place = { $name }, send a worker to a card ({ $left } left)
mykonos-ask-buy = { $name }, you are first in line: buy the { $card } for { $price }?
mykonos-ask-step-out = { $name }, you cannot pay { $price } for the { $card }: step out
mykonos-ask-sell = { $name }, sell one combination from your hand?
mykonos-ask-discard = { $name }, too many cards: discard { $n } more
mykonos-place-label = { $card }: { $queue ->
    [0] nobody yet
   *[other] { $queue } in line
}
mykonos-place-mine = { $card }: { $queue ->
    [1] you, 1st in line
   *[other] { $queue } in line, you { $places }
}
mykonos-line-place = { $n ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $n }th
}
mykonos-buy-for = Buy for { $price }
mykonos-step-out = Step out
mykonos-sell-label = { $hand }: { $cards } for { $price }
mykonos-sell = Sell { $cards }
mykonos-discard = Discard { $card }
mykonos-face-cards = Face cards
mykonos-cards = Cards
mykonos-money = Money
mykonos-scoring-note = Most money wins; a tie goes to more Jacks, Queens and Kings in hand.

## The Duchess's Necklace

duchess-common-card = Common card
duchess-two-cards = This turn's two cards
# The wish of a card on offer, spelled out under its pile (the top discard; solo, the card looked at).
duchess-offer-discard = On top: { $card }
duchess-offer-looked = Looked at: { $card }
duchess-out-of-play = Out of play
# $extras: none, rainbow, gold or both (the expansions in play).
duchess-begins-solo = solo{ $extras ->
    [rainbow] {" "}with rainbow stones
    [gold] {" "}with court gold
    [both] {" "}with rainbow stones and court gold
   *[none] {""}
}
duchess-begins = { $name } begins{ $extras ->
    [rainbow] {" "}with rainbow stones
    [gold] {" "}with court gold
    [both] {" "}with rainbow stones and court gold
   *[none] {""}
}
duchess-draw = Draw
duchess-take-discard = Take the discard
duchess-i-stop = I stop here
duchess-stop-game = Stop the game
# $left is -1 in the solo game (no count shown).
duchess-turn = Turn { $turn }{ $left ->
    [-1] {""}
   *[other] {"\u000A"}{ $left } left to draw
}
duchess-pile-empty = The draw pile is empty
duchess-pile-empty-how = at most { $turns } more turns each: take the top discard or stop
duchess-keep-seen = Keep the one I saw
duchess-keep-hidden = Keep the hidden one
duchess-look-left = Look at the left card
duchess-look-right = Look at the right card
duchess-rank-earned = { $rank }!
duchess-name-florins = { $name } { $florins } florins
duchess-ask-last = { $name }, the pile is empty: take the top discard, or stop the game?
duchess-ask-take = { $name }, draw a card or take the top discard
duchess-ask-discard = { $name }, discard one card
duchess-ask-look = { $name }, look at one of the two new cards
duchess-ask-keep = { $name }, keep the card you saw, or the hidden one?
duchess-ask-solo-discard = { $name }, give up one card (the card you did not keep goes too)
# The button of a discard, under "discard one card": $n is the card's place in the hand, from
# the left (the faces show no names); $keeps is the necklace's value after the discard, -1
# when unknown.
duchess-discard = { $keeps ->
    [-1] Card { $n }
   *[other] { $n }: keeps { $keeps }
}
# On a card's face, left of the gem: how many of a gem the wish wants, exactly ("= 2": a
# sign every player reads, and short enough to stand at a sofa's size).
duchess-face-exactly = = { $n }
duchess-face-just-one = = 1
duchess-face-court-gold = court gold
duchess-florins = { $n ->
    [one] { $n } florin
   *[other] { $n } florins
}
duchess-secret-hand = a secret hand
# A wish on the necklace panel; $common is yes when it is the common card.
duchess-wish-line = { $wish }{ $common ->
    [yes] {" "}(common)
   *[no] {""}
}: { $florins }
duchess-gold-line = court gold: { $ingots ->
    [one] 1 ingot pays
   *[other] { $ingots } ingots pay
} { $florins }
duchess-gold-counted = court gold (counted above)
duchess-wishes-met = Wishes met
duchess-florins-total = Florins
duchess-ranks-note = Up to 26 Apprentice, 27-30 Artist, 31-33 Officer, 34 and more Magister.
duchess-duel-note = The richest necklace wins; a tie goes to more wishes met.

# The game log: one short line per event, newest at the bottom (L, the gamepad's Select or the
# table's Log button opens it). $name is a seat's name, $card a card's name (with its article
# where the language has one), $amount and $price amounts of coins.
log-heading = Game log
log-button = Log
closeup-in = Look closer
closeup-out = Whole table
log-empty = Nothing has happened yet.
log-keys = L or Select to close; the wheel scrolls
log-gm-auction = Auction { $number }: { $lot ->
    [one] 1 card
   *[other] { $lot } cards
} up, { $name } bids first
log-gm-size = Size card: { $card }
log-gm-lot = Up for auction: { $card }
log-gm-goblins-offer = The goblins offer { $card }
log-gm-bid = { $name } bids { $amount }
log-gm-pass = { $name } passes
log-gm-won = { $name } wins the bidding at { $amount }
log-gm-sisterhood = Sisterhood money { $for }
log-gm-takes = { $name } takes { $card }
log-gm-discarded = { $card } is discarded
log-gm-set-aside = { $card } is set aside
log-gm-starts-with = { $name } starts with { $amount } coins
log-gm-pays = { $name } pays { $amount }
log-gm-gets-sisterhood = { $name } gets { $amount } sisterhood money
log-gm-gets-goblin = { $name } gets { $amount } goblin money
log-gm-no-sale = Nobody bids: the cards are discarded
log-gm-reshuffle = The goblins shuffle their deck
log-game-over = Game over: { $names } { $n ->
    [one] wins
   *[other] share the win
}
log-my-round = Round { $round }: { $name } starts
log-my-phase = { $phase }
log-my-offered = { $card } goes up on the quay
log-my-placed = { $name } sends a worker to { $card }
log-my-placed-neutral = { $name } sends a neutral worker to { $card }
log-my-stepped-out = A worker of { $name } steps out at { $card }
log-my-neutral-stepped-out = A neutral worker steps out at { $card }
log-my-bought = { $name } buys { $card } for { $price }
log-my-home = The workers at { $card } go home
log-my-unsold = Nobody buys { $card }: it is discarded
log-my-sold = { $name } sells { $hand } for { $price }
log-my-no-sale = { $name } sells nothing
log-my-income = { $name } earns { $amount }
log-my-marker = { $name } takes the start marker
log-my-discarded = { $name } discards { $card }
log-my-dealt = { $name } draws a card
log-my-dealt-seen = { $name } draws { $card }
log-my-starts-with = { $name } starts with { $amount } coins
log-du-started = { $name } plays first
log-du-removed = { $count ->
    [one] 1 card leaves
   *[other] { $count } cards leave
} the game unseen
log-du-common = The common card: { $card }
log-du-dealt = { $name } is dealt a card
log-du-dealt-seen = { $name } is dealt { $card }
log-du-turn = Turn { $turn }: { $name }
log-du-drew = { $name } draws a card
log-du-drew-seen = { $name } draws { $card }
log-du-took = { $name } takes { $card } from the discards
log-du-discarded = { $name } discards { $card }
log-du-declined = { $name } stops: the game ends
log-du-pile-empty = The draw pile is empty
log-du-pair = Two cards are turned face down for the turn
log-du-looked = { $name } looks at { $card }
log-du-looked-hidden = { $name } looks at a card
log-du-kept = { $name } keeps { $card }
log-du-kept-hidden = { $name } keeps a card
log-du-not-kept = { $card } goes to the discards
log-du-rank = Game over: { $florins } florins, { $rank }

# A device per seat (people at one screen with gamepads).
join-heading = Who plays with what?
pause-controllers = Who plays with what
join-press = { $name }: press A on your controller, or Enter on the keyboard
join-waiting = { $name }: next
join-bound = { $name }: { $device }
join-gone = { $name }'s controller is gone: reconnect it and press A, or press A on another to take the seat
join-keys = keyboard and mouse
join-pad = controller { $n }
join-use-keys = Use the keyboard and mouse
join-share = Everybody plays with any device
join-keys-line = A / Enter: join   B / Esc: share every device

# Phones as private hands (desktop): the TV's panel
pause-phones = Phones as hands
phones-heading = Play your hand on a phone
phones-how = On a phone on the same network, scan the code or open this address, then take your seat:
phones-code-is = Room code:
phones-seat-tv = { $name }: cards on the TV
phones-seat-phone = { $name }: cards on a phone
phones-seat-away = { $name }: phone away (it can come back)
phones-done = Done
phones-private = A phone is sent only its own seat's cards and choices. The TV keeps that hand face down.
phones-failed = The phones could not start: { $why }
phones-desktop-only = Phones join a table on the desktop version of the game.
phones-no-hidden-hands = Everything in this game is on the table: there is no hand to play on a phone.
phones-back-to-tv = Take { $name }'s hand back to the TV
phones-back-to-tv-sure = Take { $name }'s hand back? Press again
phones-stop = Stop phones
phones-stop-sure = Stop the phones? Press again
phones-claim = A phone asks for { $name }'s hand
phones-claim-mark = Its screen shows: { $mark }
phones-claim-from = from { $address }
phones-claim-warning = Say yes only if it is { $name }'s own phone: it will be shown { $name }'s cards.
phones-allow = Allow  (A / Enter)
phones-refuse = Refuse  (B / Esc)
phones-claims-more = { $n ->
    [one] One more phone is waiting.
   *[other] { $n } more phones are waiting.
}
phones-door = { $wrong ->
    [one] 1 wrong room code tried
   *[other] { $wrong } wrong room codes tried
}, { $away ->
    [one] 1 connection turned away
   *[other] { $away } connections turned away
}, { $locked ->
    [one] 1 address waiting
   *[other] { $locked } addresses waiting
}
notice-wrong-codes = { $n ->
    [one] Phones: 1 wrong room code tried
   *[other] Phones: { $n } wrong room codes tried
}
choice-on-phone = { $name } is choosing on a phone...   (Esc / Start: menu)
# Phones as private hands: the phone's page
phone-title = Come Buy: your hand
phone-pick-seat = Which seat is yours?
phone-your-turn = Your turn
phone-your-cards = Your cards
phone-reconnecting = Connection lost: trying again...
phone-wrong-room = That room code is not this table's. Check the code on the TV.
phone-wrong-count = Wrong codes from this phone: { $n }.
phone-wrong-wait = The TV lets this phone try again in { $s } s.
phone-only-move = Your only move: { $move }. The phone makes it for you.
phone-room-label = Room code
phone-go = Join
phone-other-seat = Choose another seat
phone-money = Money: ${ $n }
phone-common = Common card: { $card }
phone-necklace = Your necklace now: { $n ->
    [one] { $n } florin
   *[other] { $n } florins
}
phone-table = On the table
phone-draw-pile = Draw pile: { $n ->
    [one] 1 card
   *[other] { $n } cards
}
phone-waiting = { $name } is choosing
phone-watch = Watch the table
phone-paused = The TV's menu is open: the table waits
phone-over = The game is over
phone-you-won = You won!
phone-winner = Winner: { $name }
phone-seat-taken = { $name } is already playing on another phone
phone-no-such-seat = That seat cannot be played on a phone
phone-no-seat-yet = Choose your seat first
phone-not-your-turn = Not your turn
phone-moved-on = The table has moved on: choose again
phone-wait = Wait for the table
phone-asking = Waiting for the TV to say yes...
phone-mark = The TV shows this mark beside the question:
phone-ask-again = Ask again
phone-tv-gone = The TV is out of reach, or it stopped the phones: trying again...
phone-not-in-yet = The TV did not let this phone in yet (it is busy, or out of reach): trying again...
phone-seat-busy = on another phone
phone-seat-away = its phone is away
phone-place = Place { $n }
phone-you = you
phone-taken-back = The TV took this hand back.
phone-moved = This hand moved to another phone.
phone-said-no-wait = The TV said no: wait a minute before asking again.
phone-tv-busy = The TV is answering other phones: try again in a moment.
choice-host-gone = The host has gone: nothing more can be played at this table.
