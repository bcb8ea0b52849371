# Why the rules refuse something: the engine's error kinds with their figures.
# Seats are numbered from 0, as in the simulator's protocol.

error-game-over = La partita è finita.
error-not-your-turn = Tocca al posto { $expected }, non al posto { $got }.
error-no-such-seat = Non esiste un posto { $seat } a un tavolo { $players ->
    [one] da 1 giocatore
   *[other] da { $players } giocatori
}.
# $action is one of the move-* messages (an infinitive), $expected one of the moment-*
# messages (an infinitive after "devi").
error-wrong-moment = { $action } ora non è possibile: devi { $expected }.
error-bid-cannot-outbid = Un'offerta di { $bid } non può superare quella più alta: puoi solo passare.
error-bid-out-of-range = Un'offerta di { $bid } non è valida: offri da { $min } a { $max }, oppure passa.
error-card-not-available = La carta { $card } non è disponibile.
error-player-count = Questo gioco è per { $min }-{ $max } giocatori, non per { $got }.
error-unknown-variant = La variante "{ $variant }" non esiste (le varianti sono: { $known }).
error-bad-data = { $problem }

# The kinds of action, as the subject of error-wrong-moment.
move-bid = Fare un'offerta
move-take-cards = Prendere le carte
move-place-worker = Piazzare un lavoratore
move-buy-or-pass = Comprare o passare
move-sell = Vendere
move-discard = Scartare
move-draw = Pescare
move-take-discard = Prendere lo scarto in cima
move-decline = Fermarsi
move-look = Guardare una delle due carte
move-keep = Tenere una delle due carte

# What the moment asks for instead (after "devi": infinitives).
moment-bid-or-pass = fare un'offerta o passare
moment-take-all-or-one = prendere tutte le carte o una sola
moment-take-one = prendere una delle carte rimaste
moment-place-worker = piazzare un lavoratore su una carta del molo
moment-buy-or-pass = comprare la carta o passare
moment-sell = vendere una combinazione o niente
moment-discard = scartare una carta dalla mano
moment-take = pescare, prendere lo scarto in cima o fermarti
moment-look = guardare una delle due carte
moment-keep = tenere la carta vista o quella coperta

# Rules that forbid an action.
forbid-internal = Questa mossa ora non è prevista dal gioco.
forbid-take-all-winner-only = Solo chi vince l'asta può prendere tutte le carte.
forbid-no-such-slot = Non c'è nessuna carta in posizione { $slot }: { $slots ->
    [one] sul molo c'è 1 carta
   *[other] sul molo ci sono { $slots } carte
}.
forbid-card-full = La carta in posizione { $slot } ha già { $workers ->
    [one] 1 lavoratore
   *[other] { $workers } lavoratori
}, il massimo consentito.
forbid-cannot-afford = La carta costa ${ $price } e tu hai ${ $money }: devi passare.
forbid-not-a-combination = [{ $cards }] non è una combinazione che puoi vendere.
forbid-not-canonical = { $hand }: elenca le carte nell'ordine delle mosse valide, [{ $cards }].
forbid-draw-pile-empty = Il mazzo è vuoto: prendi lo scarto in cima o fermati.
forbid-discard-pile-empty = Non ci sono scarti: pesca dal mazzo.
forbid-decline-too-early = Puoi fermarti solo quando il mazzo è vuoto.
forbid-discard-taken = Non puoi scartare la carta che hai appena preso dagli scarti.
forbid-no-such-pair-card = Le due carte sono la 0 e la 1.
forbid-after-empty-range = Variante "{ $variant }": in after-empty-N, N va da { $min } a { $max }.
forbid-after-empty-twice = La variante after-empty-N compare due volte con numeri diversi.
forbid-after-empty-solo = La variante "{ $variant }" è per due giocatori: in solitario non c'è un mazzo che si esaurisce.

# Why Undo is not possible now (short: shown under the Undo button).
undo-nothing = Ancora niente da annullare
undo-revealed = Non dopo una carta scoperta
undo-over = La partita è finita
undo-other-person = Solo le tue mosse dal passaggio di mano
