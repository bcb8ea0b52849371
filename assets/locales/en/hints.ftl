# The Hint: the Hard bot's pick, why it is good (the Normal bot's reading of the move, in the
# game's terms), and how the pick fared in the games the Hard bot imagined.

hint-line = Hint: { $pick }.
hint-line-reason = Hint: { $pick }: { $reason }.
hint-odds = Won about { $percent }% of { $games } imagined games after it.

## Mýkonos ($card: a card's name; money in dollars)

hint-mykonos-first = first in line for the { $card }, worth about ${ $gain } to you at ${ $price } so far
hint-mykonos-first-cheap = first in line for the { $card } at only ${ $price }
hint-mykonos-raise = { $rival } must pay ${ $price } or more for the { $card }
hint-mykonos-second = a second worker on the { $card }, in case your first steps out
hint-mykonos-buy = the { $card } adds about ${ $gain } to your hand, for ${ $price }
hint-mykonos-not-worth = the { $card } adds about ${ $gain } to your hand, not worth ${ $price }
hint-mykonos-sell = { $hand } pays ${ $price } now
hint-mykonos-keep = { $faces ->
    [0] your cards can make a better sale later
    [one] your face card pays income every round, and pairs may grow
   *[other] your { $faces } face cards pay income every round, and pairs may grow
}
hint-mykonos-discard = { $loss ->
    [0] the { $card } is the card you miss least: it costs you nothing
   *[other] the { $card } is the card you miss least (about ${ $loss })
}

## Goblin Market ($suit: a suit's name)

hint-gm-points = { $points ->
    [one] 1 point
   *[other] { $points } points
}
hint-gm-lot = { $cards ->
    [one] the card adds
   *[other] the { $cards } cards add
} { $points } to your suits now, most to { $suit }; worth about { $worth } coins to you
hint-gm-lot-later = the lot scores little now, but its symbols can still lift your suits; worth about { $worth } coins to you
hint-gm-too-dear = a bid of { $bid } is more than the lot is worth to you (about { $worth } coins)
hint-gm-cannot-afford = a bid of { $bid } is more than your { $coins } coins
hint-gm-take-all = all { $cards } cards together add { $points } to your suits
hint-gm-take-one = { $card } adds { $points } to your suits, to { $suit }
hint-gm-take-one-least = { $card } hurts your suits least ({ $points })

## The Duchess ($card: a card's name)

hint-duchess-florins = { $florins ->
    [one] 1 florin
   *[other] { $florins } florins
}
hint-duchess-take = { $card } lifts your necklace from { $before } to { $after }
hint-duchess-take-same = a sure card: with { $card } your necklace makes { $after }
hint-duchess-draw = a fresh card makes about { $expect } on average
hint-duchess-draw-vs = a fresh card makes about { $expect } on average; { $card } only { $take }
hint-duchess-decline = your necklace keeps its { $now }
hint-duchess-discard = without { $card } your necklace still makes { $after }
hint-duchess-keep-seen = with { $card } your necklace makes { $after }
hint-duchess-keep-unseen = the hidden card makes about { $expect } on average; { $card } only { $seen }
