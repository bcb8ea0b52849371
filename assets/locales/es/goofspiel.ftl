# Goofspiel: un juego de pujas de dominio público, solo para las pruebas (característica de
# cargo `test-game`, nunca publicada).
game-goofspiel = Goofspiel
help-goofspiel = Cada cual tiene las cartas del 1 al 13. Sale un premio; todos pujan una carta boca abajo, y las pujas se vuelven a la vez. La única puja más alta se lleva el premio, que vale su número; si hay empate en la más alta, nadie se lo lleva. Las pujas se gastan. Tras trece premios, gana quien tenga más puntos.
goof-prize = Premio: { $card }
goof-points = Puntos: { $n }
goof-bid-prompt = { $name }, puja por el { $card }
goof-bid = Pujar { $card }
goof-pile = Premios
goof-set-aside = Apartados
goof-prizes-left = { $left ->
    [one] Queda 1 premio
   *[other] Quedan { $left } premios
}
goof-takes = ¡Se lleva el { $card }!
goof-tie = Empate
goof-tie-how = Nadie se lleva el { $card }
goof-most-points = Más puntos
goof-prizes-won = Premios
goof-points-label = Puntos
goof-scoring-note = Puntos: los números de los premios ganados.
log-goof-prize = Sale el { $card } (quedan { $left })
log-goof-bid = { $name } puja
log-goof-bids = Pujas: { $bids }
log-goof-took = { $name } se lleva el { $card }
log-goof-tie = Empate: el { $card } queda apartado
