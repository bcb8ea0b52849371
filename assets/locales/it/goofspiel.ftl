# Goofspiel: un gioco d'asta di pubblico dominio, solo per i test (funzionalità di cargo
# `test-game`, mai pubblicata).
game-goofspiel = Goofspiel
help-goofspiel = Ognuno ha le carte dall'1 al 13. Esce un premio; tutti offrono una carta coperta, e le offerte si girano insieme. L'unica offerta più alta prende il premio, che vale il suo numero; in caso di parità sulla più alta, nessuno lo prende. Le offerte si consumano. Dopo tredici premi vince chi ha più punti.
goof-prize = Premio: { $card }
goof-points = Punti: { $n }
goof-bid-prompt = { $name }, offri per il { $card }
goof-bid = Offri { $card }
goof-pile = Premi
goof-set-aside = Scartati
goof-prizes-left = { $left ->
    [one] Resta 1 premio
   *[other] Restano { $left } premi
}
goof-takes = Prende il { $card }!
goof-tie = Parità
goof-tie-how = Nessuno prende il { $card }
goof-most-points = Più punti
goof-prizes-won = Premi
goof-points-label = Punti
goof-scoring-note = Punti: i numeri dei premi presi.
log-goof-prize = Esce il { $card } (ne restano { $left })
log-goof-bid = { $name } offre
log-goof-bids = Offerte: { $bids }
log-goof-took = { $name } prende il { $card }
log-goof-tie = Parità: il { $card } va scartato
