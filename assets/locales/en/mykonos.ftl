# Mýkonos: the phases of a round, the poker hands that sell, and the cards.

mykonos-phase-offer = Offer
mykonos-phase-demand = Demand
mykonos-phase-purchases = Purchases
mykonos-phase-sales = Sales
mykonos-phase-income = Income
mykonos-phase-end-of-round = End of round
mykonos-phase-game-over = Game over

mykonos-hand-straight-flush = Straight flush
mykonos-hand-four-of-a-kind = Four of a kind
mykonos-hand-full-house = Full house
mykonos-hand-flush = Flush
mykonos-hand-straight = Straight
mykonos-hand-three-of-a-kind = Three of a kind
mykonos-hand-two-pair = Two pair
mykonos-hand-pair = Pair
mykonos-hand-single-card = Single card

mykonos-hand-straight-flush-what = five cards of one suit in sequence
mykonos-hand-four-of-a-kind-what = four cards of one rank
mykonos-hand-full-house-what = three cards of one rank and two of another
mykonos-hand-flush-what = five cards of one suit, not in sequence
mykonos-hand-straight-what = five cards in sequence, not all of one suit
mykonos-hand-three-of-a-kind-what = three cards of one rank
mykonos-hand-two-pair-what = two cards of one rank and two of another
mykonos-hand-pair-what = two cards of one rank
mykonos-hand-single-card-what = any one card

poker-suit-spades = Spades
poker-suit-hearts = Hearts
poker-suit-diamonds = Diamonds
poker-suit-clubs = Clubs

poker-rank-1 = Ace
poker-rank-2 = Two
poker-rank-3 = Three
poker-rank-4 = Four
poker-rank-5 = Five
poker-rank-6 = Six
poker-rank-7 = Seven
poker-rank-8 = Eight
poker-rank-9 = Nine
poker-rank-10 = Ten
poker-rank-11 = Jack
poker-rank-12 = Queen
poker-rank-13 = King

poker-card = { $rank } of { $suit }
