# The table: pile labels, banners, speech bubbles, the choice panel, the hand-over screen.
# $name is a seat's name; amounts are coins (Goblin Market, Mýkonos) or florins (the Duchess).
# Buttons that are a player's move speak in the first person ("Paso", "¡Compro!", "Robo").

table-bank = Banca
table-draw-pile = Mazo
table-discards = Descartes
# After a friend's name on their plaque at an online table.
table-online = en línea
# A person playing their hand on a phone (beside the name on the table).
table-phone = móvil
# Articles dropped from a card's name on its face ("Author" for "The Author"), separated by
# spaces; one ending in an apostrophe is written against the word.
name-articles = El La Los Las

handover-pass-to = Turno de { $name }
handover-look-away = Los demás, no miréis: vuestras cartas son secretas.
handover-ready = { $name }: pulsa A / Intro o haz clic cuando quieras
keys-menu = Esc / Start: menú

choice-thinking = { $name } está pensando...   (Esc / Start: menú)
choice-online = { $name } está eligiendo en su propia mesa...   (Esc / Start: menú)
choice-dropped = Esperando a que { $name } vuelva...   (Esc / Start: menú)
choice-sent = { $name }, tu jugada va camino del anfitrión...
choice-keys = Flechas o cruceta para elegir, Intro o A para confirmar, Esc o Start para el menú, H o Y para una pista, U o X para deshacer
choice-keys-no-undo = Flechas o cruceta para elegir, Intro o A para confirmar, Esc o Start para el menú, H o Y para una pista
choice-asking = Consultando al bot difícil...
choice-option-of = opción { $n } de { $of }. { $keys }
choice-hint = Pista
choice-undo = Deshacer

## Goblin Market

gm-auction-deck = Mazo de subastas
gm-size = Tamaño
gm-set-aside = Apartadas
gm-discard = Descartes
gm-goblin-deck = Mazo de duendes
gm-goblins-offer = Oferta duende
gm-used-goblins = Duendes usados
gm-bids-first = { $name } puja primero
gm-high-bid = Puja más alta { $amount }: { $name }
gm-pass = Paso
gm-no-sale = Sin venta
gm-no-sale-why = nadie ha pujado: las cartas se descartan
gm-reshuffle = Los duendes vuelven a barajar
gm-opens = { $name } abre la puja
gm-auction = Subasta { $number }: { $cards ->
    [one] 1 carta
   *[other] { $cards } cartas
}
gm-wins-at = { $name } gana con { $bid }
gm-sisterhood = Dinero de la hermandad
# The rank whose cards earn: 1 is the Ace, 10 the Crown.
gm-sisterhood-for = { $rank ->
    [1] por los Ases y los rangos justo por debajo
    [10] por las Coronas y los rangos justo por debajo
   *[other] por los { $rank } y los rangos justo por debajo
}
gm-goblin-money = Dinero de los duendes
gm-goblin-money-how = una moneda por cada palo que te falte
gm-market-closes = El mercado cierra
gm-counting = se cuentan los palos
gm-ask-bid = { $name }, tu puja
gm-ask-bid-lot = { $name }, tu puja por { $lot }
gm-ask-take = { $name }, has ganado: ¿coges todas o solo una?
gm-ask-pick = { $name }, elige una de las cartas que quedan
gm-bid = Pujo { $amount }
gm-take-all = Cojo todas
gm-take-one = Cojo { $card }
# $cost is an amount of coins (the message coins): "Take all (pay 3 coins)".
gm-take-all-pay = Cojo todas (pago { $cost })
gm-take-one-pay = Cojo { $card } (pago { $cost })
coins = { $n ->
    [one] { $n } moneda
   *[other] { $n } monedas
}
gm-cannot-outbid = No puedes superar la puja más alta: pasa.
gm-look-keys = C o RT: mira las cartas ganadas
gm-points = Puntos
gm-scoring-note = Los tres palos de los que más tienes dan +1 por símbolo; los otros tres, -1. En caso de empate, gana quien tenga más puntos positivos.

## Mýkonos

mykonos-neutral-crew = Equipo neutral
mykonos-sells-for = { $name } vende por { $price }
mykonos-sold-hand = ¡{ $hand }!
mykonos-no-sale = No vendo
mykonos-most-money = más dinero
mykonos-start-token = { $name } tiene el marcador inicial
mykonos-round = Ronda { $round }
mykonos-rounds-left = { $left ->
    [0] la última ronda
    [one] queda 1 después de esta
   *[other] quedan { $left } después de esta
}
mykonos-round-of = Ronda { $round } de { $rounds }
    { $phase }
mykonos-sales = Ventas
mykonos-sales-how = cada jugador puede vender una combinación
mykonos-pass = Paso
mykonos-buy = ¡Compro!
mykonos-ask-neutral = { $name }, coloca un trabajador neutral gris
mykonos-ask-place = { $name }, envía un trabajador a una carta ({ $left ->
    [one] te queda 1
   *[other] te quedan { $left }
})
mykonos-ask-buy = { $name }, vas primero en la cola: ¿compras { $card } por { $price }?
mykonos-ask-step-out = { $name }, no puedes pagar { $price } por { $card }: retírate de la cola
mykonos-ask-sell = { $name }, ¿vendes una combinación de tu mano?
mykonos-ask-discard = { $name }, demasiadas cartas: descarta { $n } más
# $queue: how many workers already stand in that card's queue.
mykonos-place-label = { $card }: { $queue ->
    [0] nadie aún
   *[other] { $queue } en la cola
}
mykonos-place-mine = { $card }: { $queue ->
    [1] tú, 1.º en la cola
   *[other] { $queue } en la cola, tú { $places }
}
mykonos-line-place = { $n }.º
mykonos-buy-for = Compro por { $price }
mykonos-step-out = Me retiro
mykonos-sell-label = { $hand }: { $cards } por { $price }
mykonos-sell = Vendo { $cards }
mykonos-discard = Descarto { $card }
mykonos-face-cards = Figuras
mykonos-cards = Cartas
mykonos-money = Dinero
mykonos-scoring-note = Gana quien tenga más dinero; en caso de empate, quien tenga más figuras en la mano.

## The Duchess's Necklace

duchess-common-card = Carta común
duchess-two-cards = Las dos cartas del turno
# The wish of a card on offer, spelled out under its pile (the top discard; solo, the card looked at).
duchess-offer-discard = Encima: { $card }
duchess-offer-looked = Mirada: { $card }
duchess-out-of-play = Fuera de juego
# $extras: none, rainbow, gold or both (the expansions in play).
duchess-begins-solo = solitario{ $extras ->
    [rainbow] {" "}con piedras arcoíris
    [gold] {" "}con oro de la corte
    [both] {" "}con piedras arcoíris y oro de la corte
   *[none] {""}
}
duchess-begins = Empieza { $name }{ $extras ->
    [rainbow] {", "}con piedras arcoíris
    [gold] {", "}con oro de la corte
    [both] {", "}con piedras arcoíris y oro de la corte
   *[none] {""}
}
duchess-draw = Robo
duchess-take-discard = Cojo el descarte
duchess-i-stop = Me planto
duchess-stop-game = Termino la partida
# $left is -1 in the solo game (no count shown).
duchess-turn = Turno { $turn }{ $left ->
    [-1] {""}
   *[other] {"\u000A"}{ $left ->
        [one] queda 1 por robar
       *[other] quedan { $left } por robar
    }
}
duchess-pile-empty = El mazo está vacío
duchess-pile-empty-how = como mucho { $turns ->
    [one] 1 turno más
   *[other] { $turns } turnos más
} cada uno: coge el descarte de arriba o plántate
duchess-keep-seen = Me quedo la vista
duchess-keep-hidden = Me quedo la oculta
duchess-look-left = Miro la de la izquierda
duchess-look-right = Miro la de la derecha
duchess-rank-earned = ¡{ $rank }!
duchess-name-florins = { $name } { $florins ->
    [one] 1 florín
   *[other] { $florins } florines
}
duchess-ask-last = { $name }, el mazo está vacío: ¿coges el descarte de arriba o terminas la partida?
duchess-ask-take = { $name }, roba una carta o coge el descarte de arriba
duchess-ask-discard = { $name }, descarta una carta
duchess-ask-look = { $name }, mira una de las dos cartas nuevas
duchess-ask-keep = { $name }, ¿te quedas la carta que has visto o la oculta?
duchess-ask-solo-discard = { $name }, renuncia a una carta (también se va la que no te has quedado)
# $keeps is the necklace's value after the discard, -1 when unknown.
duchess-discard = { $keeps ->
    [-1] Carta { $n }
   *[other] { $n }: collar { $keeps }
}
# On a card's face, left of the gem (about 9 letters fit): how many of a gem the wish wants.
duchess-face-exactly = = { $n }
duchess-face-just-one = = 1
# Unfitted, at display size on the card: kept as short as the English "court gold".
duchess-face-court-gold = oro de corte
duchess-florins = { $n ->
    [one] { $n } florín
   *[other] { $n } florines
}
duchess-secret-hand = una mano secreta
# A wish on the necklace panel; $common is yes when it is the common card.
duchess-wish-line = { $wish }{ $common ->
    [yes] {" "}(común)
   *[no] {""}
}: { $florins }
duchess-gold-line = oro de la corte: { $ingots ->
    [one] 1 lingote vale
   *[other] { $ingots } lingotes valen
} { $florins }
duchess-gold-counted = oro de la corte (ya contado)
duchess-wishes-met = Deseos cumplidos
duchess-florins-total = Florines
duchess-ranks-note = Hasta 26 Aprendiz, 27-30 Artista, 31-33 Oficial, 34 o más Magíster.
duchess-duel-note = Gana el collar más valioso; en caso de empate, quien haya cumplido más deseos.

# The game log: one short line per event, newest at the bottom (L, the gamepad's Select or the
# table's Log button opens it). $name is a seat's name, $card a card's name (with its article
# where the language has one), $amount and $price amounts of coins.
log-heading = Registro de la partida
log-button = Registro
closeup-in = Ver de cerca
closeup-out = Toda la mesa
log-empty = Todavía no ha pasado nada.
log-keys = L o Select para cerrar; la rueda para desplazarte
log-gm-auction = Subasta { $number }: { $lot ->
    [one] 1 carta
   *[other] { $lot } cartas
} en juego, { $name } puja primero
log-gm-size = Carta de tamaño: { $card }
log-gm-lot = A subasta: { $card }
log-gm-goblins-offer = Los duendes ofrecen { $card }
log-gm-bid = { $name } puja { $amount }
log-gm-pass = { $name } pasa
log-gm-won = { $name } gana la subasta con { $amount }
log-gm-sisterhood = Dinero de la hermandad { $for }
log-gm-takes = { $name } se lleva { $card }
log-gm-discarded = { $card } va a los descartes
log-gm-set-aside = { $card } queda a un lado
log-gm-starts-with = { $name } empieza con { $amount ->
    [one] 1 moneda
   *[other] { $amount } monedas
}
log-gm-pays = { $name } paga { $amount }
log-gm-gets-sisterhood = { $name } recibe dinero de la hermandad: { $amount }
log-gm-gets-goblin = { $name } recibe dinero de los duendes: { $amount }
log-gm-no-sale = Nadie puja: las cartas se descartan
log-gm-reshuffle = Los duendes barajan su mazo
log-game-over = Fin de la partida: { $n ->
    [one] gana { $names }
   *[other] ganan { $names }
}
log-my-round = Ronda { $round }: empieza { $name }
log-my-phase = { $phase }
log-my-offered = { $card } llega al muelle
log-my-placed = { $name } coloca un trabajador en { $card }
log-my-placed-neutral = { $name } coloca un trabajador neutral en { $card }
log-my-stepped-out = Un trabajador de { $name } se retira de la cola de { $card }
log-my-neutral-stepped-out = Un trabajador neutral se retira de la cola de { $card }
log-my-bought = { $name } compra { $card } por { $price }
log-my-home = Los trabajadores de { $card } vuelven a casa
log-my-unsold = Nadie compra { $card }: va a los descartes
log-my-sold = { $name } vende { $hand } por { $price }
log-my-no-sale = { $name } no vende nada
log-my-income = { $name } cobra { $amount }
log-my-marker = { $name } coge el marcador inicial
log-my-discarded = { $name } descarta { $card }
log-my-dealt = { $name } roba una carta
log-my-dealt-seen = { $name } roba { $card }
log-my-starts-with = { $name } empieza con { $amount ->
    [one] 1 moneda
   *[other] { $amount } monedas
}
log-du-started = Empieza { $name }
log-du-removed = { $count ->
    [one] Se retira 1 carta sin mirarla
   *[other] Se retiran { $count } cartas sin mirarlas
}
log-du-common = Carta común: { $card }
log-du-dealt = { $name } recibe una carta
log-du-dealt-seen = { $name } recibe { $card }
log-du-turn = Turno { $turn }: { $name }
log-du-drew = { $name } roba una carta
log-du-drew-seen = { $name } roba { $card }
log-du-took = { $name } coge { $card } de los descartes
log-du-discarded = { $name } descarta { $card }
log-du-declined = { $name } se planta: fin de la partida
log-du-pile-empty = El mazo está vacío
log-du-pair = Se ponen dos cartas boca abajo para el turno
log-du-looked = { $name } mira { $card }
log-du-looked-hidden = { $name } mira una carta
log-du-kept = { $name } se queda { $card }
log-du-kept-hidden = { $name } se queda una carta
log-du-not-kept = { $card } va a los descartes
log-du-rank = Fin de la partida: { $florins ->
    [one] 1 florín
   *[other] { $florins } florines
}, { $rank }

# Un mando por asiento (varias personas ante una pantalla con mandos).
join-heading = ¿Quién juega con qué?
pause-controllers = Quién juega con qué
join-press = { $name }: pulsa A en tu mando, o Intro en el teclado
join-waiting = { $name }: después
join-bound = { $name }: { $device }
join-gone = El mando de { $name } se ha desconectado: vuelve a conectarlo y pulsa A, o pulsa A en otro para ocupar su asiento
join-keys = teclado y ratón
join-pad = mando { $n }
join-use-keys = Usar el teclado y el ratón
join-share = Todos juegan con cualquier mando
join-keys-line = A / Intro: unirse   B / Esc: compartir todos los mandos

# Móviles como manos privadas (escritorio): el panel de la tele
pause-phones = Móviles como manos
phones-heading = Juega tu mano en un móvil
phones-how = En un móvil de la misma red, escanea el código o abre esta dirección y elige tu asiento:
phones-code-is = Código de sala:
phones-seat-tv = { $name }: cartas en la tele
phones-seat-phone = { $name }: cartas en un móvil
phones-seat-away = { $name }: móvil ausente (puede volver)
phones-done = Hecho
phones-private = Cada móvil recibe solo las cartas y opciones de su asiento. La tele deja esa mano boca abajo.
phones-failed = No se pudieron activar los móviles: { $why }
phones-desktop-only = Los móviles se unen a una mesa de la versión de escritorio.
phones-no-hidden-hands = En este juego todo está sobre la mesa: no hay mano que jugar en un móvil.
phones-back-to-tv = Devolver la mano de { $name } a la tele
phones-back-to-tv-sure = ¿Devolver la mano de { $name } a la tele? Pulsa otra vez
phones-stop = Apagar los móviles
phones-stop-sure = ¿Apagar los móviles? Pulsa otra vez
phones-claim = Un móvil pide la mano de { $name }
phones-claim-mark = Su pantalla muestra: { $mark }
phones-claim-from = desde { $address }
phones-claim-warning = Di que sí solo si es el móvil de { $name }: verá las cartas de { $name }.
phones-allow = Permitir  (A / Intro)
phones-refuse = Rechazar  (B / Esc)
phones-claims-more = { $n ->
    [one] Espera un móvil más.
   *[other] Esperan { $n } móviles más.
}
phones-door = { $wrong ->
    [one] 1 código de sala erróneo
   *[other] { $wrong } códigos de sala erróneos
}, { $away ->
    [one] 1 conexión rechazada
   *[other] { $away } conexiones rechazadas
}, { $locked ->
    [one] 1 dirección en espera
   *[other] { $locked } direcciones en espera
}
notice-wrong-codes = { $n ->
    [one] Móviles: 1 código de sala erróneo
   *[other] Móviles: { $n } códigos de sala erróneos
}
choice-on-phone = { $name } está eligiendo en un móvil...   (Esc / Start: menú)
# Móviles como manos privadas: la página del móvil
phone-title = Come Buy: tu mano
phone-pick-seat = ¿Cuál es tu asiento?
phone-your-turn = Tu turno
phone-your-cards = Tus cartas
phone-reconnecting = Se perdió la conexión: reintentando...
phone-wrong-room = Ese código de sala no es el de esta mesa. Mira el código en la tele.
phone-wrong-count = Códigos equivocados desde este móvil: { $n }.
phone-wrong-wait = La tele deja que este móvil lo intente de nuevo en { $s } s.
phone-only-move = Tu única jugada: { $move }. El móvil la hace por ti.
phone-room-label = Código de sala
phone-go = Unirse
phone-other-seat = Elegir otro asiento
phone-money = Dinero: { $n } $
phone-common = Carta común: { $card }
phone-necklace = Tu collar ahora: { $n ->
    [one] { $n } florín
   *[other] { $n } florines
}
phone-table = En la mesa
phone-draw-pile = Mazo: { $n ->
    [one] 1 carta
   *[other] { $n } cartas
}
phone-waiting = { $name } está eligiendo
phone-watch = Mira la mesa
phone-paused = El menú de la tele está abierto: la mesa espera
phone-over = La partida ha terminado
phone-you-won = ¡Has ganado!
phone-winner = Gana: { $name }
phone-seat-taken = { $name } ya juega en otro móvil
phone-no-such-seat = Ese asiento no se puede jugar en un móvil
phone-no-seat-yet = Elige antes tu asiento
phone-not-your-turn = No es tu turno
phone-moved-on = La mesa ha avanzado: elige de nuevo
phone-wait = Espera a la mesa
phone-asking = Esperando a que la tele diga que sí...
phone-mark = La tele muestra esta marca junto a la pregunta:
phone-ask-again = Pedirlo de nuevo
phone-tv-gone = La tele no responde, o ha parado los teléfonos: volviendo a intentarlo...
phone-not-in-yet = La tele todavía no ha dejado entrar a este móvil (está ocupada o no responde): volviendo a intentarlo...
phone-seat-busy = en otro teléfono
phone-seat-away = su teléfono no está
phone-place = Puesto { $n }
phone-you = tú
phone-taken-back = La tele ha recuperado esta mano.
phone-moved = Esta mano ha pasado a otro móvil.
phone-said-no-wait = La tele ha dicho que no: espera un minuto antes de pedirlo de nuevo.
phone-tv-busy = La tele está atendiendo a otros móviles: inténtalo en un momento.
choice-host-gone = El anfitrión se ha ido: ya no se puede jugar en esta mesa.
