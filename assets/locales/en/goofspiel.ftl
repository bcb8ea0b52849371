# Goofspiel: a public-domain bidding game built only for the tests (cargo feature
# `test-game`, never shipped).
game-goofspiel = Goofspiel
help-goofspiel = Each of you holds the cards 1 to 13. A prize turns up; everyone bids one card face down, and the bids turn over together. The one highest bid takes the prize, worth its number; on a tie for the highest, nobody does. Bids are spent. After thirteen prizes, the most points wins.
goof-prize = Prize: { $card }
goof-points = Points: { $n }
goof-bid-prompt = { $name }, bid for the { $card }
goof-bid = Bid { $card }
goof-pile = Prizes
goof-set-aside = Set aside
goof-prizes-left = { $left ->
    [one] 1 prize left
   *[other] { $left } prizes left
}
goof-takes = Takes the { $card }!
goof-tie = A tie
goof-tie-how = Nobody takes the { $card }
goof-most-points = The most points
goof-prizes-won = Prizes
goof-points-label = Points
goof-scoring-note = Points: the numbers of the prizes taken.
log-goof-prize = The { $card } is up ({ $left } left)
log-goof-bid = { $name } bids
log-goof-bids = Bids: { $bids }
log-goof-took = { $name } takes the { $card }
log-goof-tie = A tie: the { $card } is set aside
