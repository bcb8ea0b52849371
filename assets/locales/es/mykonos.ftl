# Mýkonos: the phases of a round, the poker hands that sell, and the cards.

mykonos-phase-offer = Oferta
mykonos-phase-demand = Demanda
mykonos-phase-purchases = Compras
mykonos-phase-sales = Ventas
mykonos-phase-income = Ingresos
mykonos-phase-end-of-round = Fin de la ronda
mykonos-phase-game-over = Fin de la partida

mykonos-hand-straight-flush = Escalera de color
mykonos-hand-four-of-a-kind = Póker
mykonos-hand-full-house = Full
mykonos-hand-flush = Color
mykonos-hand-straight = Escalera
mykonos-hand-three-of-a-kind = Trío
mykonos-hand-two-pair = Doble pareja
mykonos-hand-pair = Pareja
mykonos-hand-single-card = Carta suelta

mykonos-hand-straight-flush-what = cinco cartas seguidas del mismo palo
mykonos-hand-four-of-a-kind-what = cuatro cartas del mismo valor
mykonos-hand-full-house-what = tres cartas de un valor y dos de otro
mykonos-hand-flush-what = cinco cartas del mismo palo, no seguidas
mykonos-hand-straight-what = cinco cartas seguidas, no todas del mismo palo
mykonos-hand-three-of-a-kind-what = tres cartas del mismo valor
mykonos-hand-two-pair-what = dos cartas de un valor y dos de otro
mykonos-hand-pair-what = dos cartas del mismo valor
mykonos-hand-single-card-what = una carta cualquiera

poker-suit-spades = Picas
poker-suit-hearts = Corazones
poker-suit-diamonds = Diamantes
poker-suit-clubs = Tréboles

poker-rank-1 = As
poker-rank-2 = Dos
poker-rank-3 = Tres
poker-rank-4 = Cuatro
poker-rank-5 = Cinco
poker-rank-6 = Seis
poker-rank-7 = Siete
poker-rank-8 = Ocho
poker-rank-9 = Nueve
poker-rank-10 = Diez
poker-rank-11 = Jota
poker-rank-12 = Reina
poker-rank-13 = Rey

# "Reina de Corazones": used without an article elsewhere ("compras Reina de Corazones"),
# since the article would depend on the rank ("el As", "la Jota").
poker-card = { $rank } de { $suit }
