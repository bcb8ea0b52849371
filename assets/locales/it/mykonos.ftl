# Mýkonos: the phases of a round, the poker hands that sell, and the cards.

mykonos-phase-offer = Offerta
mykonos-phase-demand = Domanda
mykonos-phase-purchases = Acquisti
mykonos-phase-sales = Vendite
mykonos-phase-income = Entrate
mykonos-phase-end-of-round = Fine del giro
mykonos-phase-game-over = Partita finita

mykonos-hand-straight-flush = Scala colore
mykonos-hand-four-of-a-kind = Poker
mykonos-hand-full-house = Full
mykonos-hand-flush = Colore
mykonos-hand-straight = Scala
mykonos-hand-three-of-a-kind = Tris
mykonos-hand-two-pair = Doppia coppia
mykonos-hand-pair = Coppia
mykonos-hand-single-card = Carta singola

mykonos-hand-straight-flush-what = cinque carte dello stesso seme in sequenza
mykonos-hand-four-of-a-kind-what = quattro carte dello stesso valore
mykonos-hand-full-house-what = tre carte di un valore e due di un altro
mykonos-hand-flush-what = cinque carte dello stesso seme, non in sequenza
mykonos-hand-straight-what = cinque carte in sequenza, non tutte dello stesso seme
mykonos-hand-three-of-a-kind-what = tre carte dello stesso valore
mykonos-hand-two-pair-what = due carte di un valore e due di un altro
mykonos-hand-pair-what = due carte dello stesso valore
mykonos-hand-single-card-what = una carta qualsiasi

poker-suit-spades = Picche
poker-suit-hearts = Cuori
poker-suit-diamonds = Quadri
poker-suit-clubs = Fiori

poker-rank-1 = Asso
poker-rank-2 = Due
poker-rank-3 = Tre
poker-rank-4 = Quattro
poker-rank-5 = Cinque
poker-rank-6 = Sei
poker-rank-7 = Sette
poker-rank-8 = Otto
poker-rank-9 = Nove
poker-rank-10 = Dieci
poker-rank-11 = Fante
poker-rank-12 = Donna
poker-rank-13 = Re

# "Dieci di Cuori": used without an article elsewhere ("la carta Dieci di Cuori"), since
# the article would depend on the rank ("il Dieci", "l'Asso").
poker-card = { $rank } di { $suit }
