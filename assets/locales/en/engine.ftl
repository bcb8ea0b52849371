# Why the rules refuse something: the engine's error kinds with their figures.
# Seats are numbered from 0, as in the simulator's protocol.

error-game-over = The game is over.
error-not-your-turn = It is seat { $expected }'s turn, not seat { $got }'s.
error-no-such-seat = There is no seat { $seat } at a table of { $players }.
error-wrong-moment = { $action } is not possible now: { $expected }.
error-bid-cannot-outbid = A bid of { $bid } cannot beat the high bid: you can only pass.
error-bid-out-of-range = A bid of { $bid } is out of range: bid from { $min } to { $max }, or pass.
error-card-not-available = Card { $card } is not available.
error-player-count = This game is for { $min } to { $max } players, not { $got }.
error-unknown-variant = There is no variant "{ $variant }" (the variants are: { $known }).
error-bad-data = { $problem }

# The kinds of action, as the subject of error-wrong-moment.
move-bid = Bidding
move-take-cards = Taking cards
move-place-worker = Placing a worker
move-buy-or-pass = Buying or passing
move-sell = Selling
move-discard = Discarding
move-draw = Drawing
move-take-discard = Taking the top discard
move-decline = Declining
move-look = Looking at a pair card
move-keep = Keeping a pair card

# What the moment asks for instead.
moment-bid-or-pass = bid or pass
moment-take-all-or-one = take all the cards or take one
moment-take-one = take one of the remaining cards
moment-place-worker = place a worker on a row card
moment-buy-or-pass = buy the card or pass
moment-sell = sell one combination or nothing
moment-discard = discard a card from your hand
moment-take = draw, take the top discard or decline
moment-look = look at one of the two cards
moment-keep = keep the seen card or the unseen one

# Rules that forbid an action.
forbid-internal = That action does not fit the game right now.
forbid-take-all-winner-only = Only the auction's winner may take all the cards.
forbid-no-such-slot = There is no card at slot { $slot }: the row has { $slots } cards.
forbid-card-full = The card at slot { $slot } already holds { $workers } workers, the most allowed.
forbid-cannot-afford = The card costs ${ $price } and you have ${ $money }: you must pass.
forbid-not-a-combination = [{ $cards }] is not a combination you can sell.
forbid-not-canonical = List the { $hand } in the order the legal actions give: [{ $cards }].
forbid-draw-pile-empty = The draw pile is empty: take the top discard or decline.
forbid-discard-pile-empty = The discard pile is empty: draw from the draw pile.
forbid-decline-too-early = You may decline only once the draw pile is empty.
forbid-discard-taken = You may not discard the card you just took from the discard pile.
forbid-no-such-pair-card = The pair has two cards: 0 and 1.
forbid-after-empty-range = Variant "{ $variant }": after-empty-N needs N from { $min } to { $max }.
forbid-after-empty-twice = The variant after-empty-N is given twice with different numbers.
forbid-after-empty-solo = Variant "{ $variant }" is for two players: solo has no draw pile to run out.

# Why Undo is not possible now (short: shown under the Undo button).
undo-nothing = Nothing to undo yet
undo-revealed = Not after a card is shown
undo-over = The game is over
undo-other-person = Only your own moves since the hand-over
