# Why the rules refuse something: the engine's error kinds with their figures.
# Seats are numbered from 0, as in the simulator's protocol.

error-game-over = La partida ha terminado.
error-not-your-turn = Le toca al asiento { $expected }, no al asiento { $got }.
error-no-such-seat = No hay asiento { $seat } en una mesa { $players ->
    [one] de { $players } jugador
   *[other] de { $players } jugadores
}.
# $action is one of the move-* messages (an infinitive), $expected one of the moment-*
# messages (an infinitive after "te toca").
error-wrong-moment = { $action } no es posible ahora: te toca { $expected }.
error-bid-cannot-outbid = Una puja de { $bid } no supera la más alta: solo puedes pasar.
error-bid-out-of-range = Una puja de { $bid } no es válida: puja de { $min } a { $max }, o pasa.
error-card-not-available = La carta { $card } no está disponible.
error-player-count = Este juego es de { $min } a { $max } jugadores, no de { $got }.
error-unknown-variant = No existe la variante "{ $variant }" (las variantes son: { $known }).
error-bad-data = { $problem }

# The kinds of action, as the subject of error-wrong-moment (infinitives).
move-bid = Pujar
move-take-cards = Coger cartas
move-place-worker = Colocar un trabajador
move-buy-or-pass = Comprar o pasar
move-sell = Vender
move-discard = Descartar
move-draw = Robar
move-take-discard = Coger el descarte de arriba
move-decline = Plantarse
move-look = Mirar una de las dos cartas
move-keep = Quedarse una de las dos cartas

# What the moment asks for instead (after "te toca": infinitives).
moment-bid-or-pass = pujar o pasar
moment-take-all-or-one = coger todas las cartas o solo una
moment-take-one = coger una de las cartas que quedan
moment-place-worker = colocar un trabajador en una carta de la fila
moment-buy-or-pass = comprar la carta o pasar
moment-sell = vender una combinación o nada
moment-discard = descartar una carta de tu mano
moment-take = robar, coger el descarte de arriba o plantarte
moment-look = mirar una de las dos cartas
moment-keep = quedarte la carta que has visto o la oculta

# Rules that forbid an action.
forbid-internal = Esa jugada no encaja ahora mismo en la partida.
forbid-take-all-winner-only = Solo quien gana la subasta puede coger todas las cartas.
forbid-no-such-slot = No hay ninguna carta en la posición { $slot }: { $slots ->
    [one] en la fila hay { $slots } carta
   *[other] en la fila hay { $slots } cartas
}.
forbid-card-full = La carta de la posición { $slot } ya tiene { $workers ->
    [one] { $workers } trabajador
   *[other] { $workers } trabajadores
}, el máximo permitido.
forbid-cannot-afford = La carta cuesta ${ $price } y tienes ${ $money }: tienes que pasar.
forbid-not-a-combination = [{ $cards }] no es una combinación que puedas vender.
forbid-not-canonical = { $hand }: escribe las cartas en el orden de las jugadas válidas, [{ $cards }].
forbid-draw-pile-empty = El mazo está vacío: coge el descarte de arriba o plántate.
forbid-discard-pile-empty = No hay descartes: roba del mazo.
forbid-decline-too-early = Solo puedes plantarte cuando el mazo se haya agotado.
forbid-discard-taken = No puedes descartar la carta que acabas de coger del descarte.
forbid-no-such-pair-card = Las dos cartas son la 0 y la 1.
forbid-after-empty-range = Variante "{ $variant }": en after-empty-N, N va de { $min } a { $max }.
forbid-after-empty-twice = La variante after-empty-N aparece dos veces con números distintos.
forbid-after-empty-solo = La variante "{ $variant }" es para dos jugadores: en solitario no hay mazo que se agote.

# Why Undo is not possible now (short: shown under the Undo button).
undo-nothing = Aún no hay nada que deshacer
undo-revealed = No tras mostrarse una carta
undo-over = La partida ha terminado
undo-other-person = Solo tus propias jugadas desde el relevo
