# The table: pile labels, banners, speech bubbles, the choice panel, the hand-over screen.
# $name is a seat's name; amounts are coins (Goblin Market, Mýkonos) or florins (the Duchess).
# Buttons that are a player's move speak in the first person ("Passo", "Compro!", "Pesco").

table-bank = Banca
table-draw-pile = Mazzo
table-discards = Scarti
# After a friend's name on their plaque at an online table.
table-online = online
# A person playing their hand on a phone (beside the name on the table).
table-phone = telefono
# Articles dropped from a card's name on its face ("Author" for "The Author"), separated by
# spaces; one ending in an apostrophe is written against the word.
name-articles = Il Lo La I Gli Le L'

handover-pass-to = Passa a { $name }
handover-look-away = Tutti gli altri, non guardate: le vostre carte restano segrete.
handover-ready = { $name }: premi A / Invio, o clicca, quando vuoi
keys-menu = Esc / Start: menu

choice-thinking = { $name } sta pensando...   (Esc / Start: menu)
choice-online = { $name } sta scegliendo al suo tavolo...   (Esc / Start: menu)
choice-dropped = Aspetto che { $name } torni...   (Esc / Start: menu)
choice-sent = { $name }, la tua mossa sta andando all'ospite...
choice-keys = Frecce o croce direzionale per scegliere, Invio o A per confermare, Esc o Start per il menu, H o Y per un consiglio, U o X per annullare
choice-keys-no-undo = Frecce o croce direzionale per scegliere, Invio o A per confermare, Esc o Start per il menu, H o Y per un consiglio
choice-asking = Consulto il bot difficile...
choice-option-of = opzione { $n } di { $of }. { $keys }
choice-hint = Consiglio
choice-undo = Annulla

## Goblin Market

gm-auction-deck = Mazzo dell'asta
gm-size = Lotto
gm-set-aside = Da parte
gm-discard = Scarti
gm-goblin-deck = Mazzo dei goblin
gm-goblins-offer = I goblin offrono
gm-used-goblins = Goblin usati
gm-bids-first = Offre per primo: { $name }
gm-high-bid = Offerta più alta { $amount }: { $name }
gm-pass = Passo
gm-no-sale = Nessuna vendita
gm-no-sale-why = nessuna offerta: le carte vengono scartate
gm-reshuffle = I goblin rimescolano
gm-opens = { $name } apre l'asta
gm-auction = Asta { $number }: { $cards ->
    [one] 1 carta
   *[other] { $cards } carte
}
gm-wins-at = { $name } vince con { $bid }
gm-sisterhood = Denaro della sorellanza
# The rank whose cards earn: 1 is the Ace, 10 the Crown.
gm-sisterhood-for = { $rank ->
    [1] per gli Assi e i gradi appena sotto
    [8] per gli 8 e i gradi appena sotto
    [10] per le Corone e i gradi appena sotto
   *[other] per i { $rank } e i gradi appena sotto
}
gm-goblin-money = Denaro dei goblin
gm-goblin-money-how = una moneta per ogni seme mancante
gm-market-closes = Il mercato chiude
gm-counting = si contano i semi
gm-ask-bid = { $name }, la tua offerta
gm-ask-bid-lot = { $name }, la tua offerta per { $lot }
gm-ask-take = { $name }, hai vinto: prendi tutto o una sola carta?
gm-ask-pick = { $name }, scegli una delle carte rimaste
gm-bid = Offro { $amount }
gm-take-all = Prendo tutto
gm-take-one = Prendo { $card }
# $cost is an amount of coins (the message coins): "Take all (pay 3 coins)".
gm-take-all-pay = Prendo tutto (pago { $cost })
gm-take-one-pay = Prendo { $card } (pago { $cost })
coins = { $n ->
    [one] { $n } moneta
   *[other] { $n } monete
}
gm-cannot-outbid = Non puoi superare l'offerta più alta: passa.
gm-look-keys = C o RT: guarda le carte vinte
gm-points = Punti
gm-scoring-note = I tre semi che hai di più valgono +1 per simbolo, gli altri tre -1. A parità vince chi ha più punti positivi.

## Mýkonos

mykonos-neutral-crew = Ciurma neutrale
mykonos-sells-for = { $name } vende per { $price }
mykonos-sold-hand = { $hand }!
mykonos-no-sale = Nessuna vendita
mykonos-most-money = più denaro
mykonos-start-token = { $name } ha il segnalino del primo giocatore
mykonos-round = Giro { $round }
mykonos-rounds-left = { $left ->
    [0] l'ultimo giro
    [one] ne manca 1 dopo questo
   *[other] ne mancano { $left } dopo questo
}
mykonos-round-of = Giro { $round } su { $rounds }
    { $phase }
mykonos-sales = Vendite
mykonos-sales-how = ogni giocatore può vendere una combinazione
mykonos-pass = Passo
mykonos-buy = Compro!
mykonos-ask-neutral = { $name }, piazza un lavoratore neutrale grigio
mykonos-ask-place = { $name }, manda un lavoratore su una carta ({ $left ->
    [one] ne resta 1
   *[other] ne restano { $left }
})
mykonos-ask-buy = { $name }, sei in testa alla fila: compri { $card } per { $price }?
mykonos-ask-step-out = { $name }, non puoi pagare { $price } per { $card }: esci dalla fila
mykonos-ask-sell = { $name }, vendi una combinazione dalla tua mano?
mykonos-ask-discard = { $name }, troppe carte: scartane ancora { $n }
# $queue: how many workers already stand in that card's queue.
mykonos-place-label = { $card }: { $queue ->
    [0] ancora nessuno
   *[other] { $queue } in fila
}
mykonos-place-mine = { $card }: { $queue ->
    [1] tu, 1° in fila
   *[other] { $queue } in fila, tu { $places }
}
mykonos-line-place = { $n }°
mykonos-buy-for = Compro per { $price }
mykonos-step-out = Esco dalla fila
mykonos-sell-label = { $hand }: { $cards } per { $price }
mykonos-sell = Vendo { $cards }
mykonos-discard = Scarto { $card }
mykonos-face-cards = Figure
mykonos-cards = Carte
mykonos-money = Denaro
mykonos-scoring-note = Vince chi ha più denaro; a parità, chi ha in mano più Fanti, Donne e Re.

## The Duchess's Necklace

duchess-common-card = Carta comune
duchess-two-cards = Le due carte del turno
# The wish of a card on offer, spelled out under its pile (the top discard; solo, the card looked at).
duchess-offer-discard = In cima: { $card }
duchess-offer-looked = Guardata: { $card }
duchess-out-of-play = Fuori gioco
# $extras: none, rainbow, gold or both (the expansions in play).
duchess-begins-solo = solitario{ $extras ->
    [rainbow] {" "}con le pietre arcobaleno
    [gold] {" "}con l'oro di corte
    [both] {" "}con le pietre arcobaleno e l'oro di corte
   *[none] {""}
}
duchess-begins = Inizia { $name }{ $extras ->
    [rainbow] {", "}con le pietre arcobaleno
    [gold] {", "}con l'oro di corte
    [both] {", "}con le pietre arcobaleno e l'oro di corte
   *[none] {""}
}
duchess-draw = Pesco
duchess-take-discard = Prendo lo scarto
duchess-i-stop = Mi fermo qui
duchess-stop-game = Chiudo la partita
# $left is -1 in the solo game (no count shown).
duchess-turn = Turno { $turn }{ $left ->
    [-1] {""}
   *[other] {"\u000A"}ancora { $left } da pescare
}
duchess-pile-empty = Il mazzo è vuoto
duchess-pile-empty-how = al massimo { $turns ->
    [one] 1 altro turno
   *[other] altri { $turns } turni
} a testa: prendi lo scarto in cima o fermati
duchess-keep-seen = Tengo quella vista
duchess-keep-hidden = Tengo quella coperta
duchess-look-left = Guardo la carta a sinistra
duchess-look-right = Guardo la carta a destra
duchess-rank-earned = { $rank }!
duchess-name-florins = { $name } { $florins ->
    [one] 1 fiorino
   *[other] { $florins } fiorini
}
duchess-ask-last = { $name }, il mazzo è vuoto: prendi lo scarto in cima o chiudi la partita?
duchess-ask-take = { $name }, pesca una carta o prendi lo scarto in cima
duchess-ask-discard = { $name }, scarta una carta
duchess-ask-look = { $name }, guarda una delle due carte nuove
duchess-ask-keep = { $name }, tieni la carta che hai visto o quella coperta?
duchess-ask-solo-discard = { $name }, rinuncia a una carta (se ne va anche quella che non hai tenuto)
# $keeps is the necklace's value after the discard, -1 when unknown.
duchess-discard = { $keeps ->
    [-1] Carta { $n }
   *[other] { $n }: collana { $keeps }
}
# On a card's face: how many of a gem the wish wants.
duchess-face-exactly = = { $n }
duchess-face-just-one = = 1
duchess-face-court-gold = oro di corte
duchess-florins = { $n ->
    [one] { $n } fiorino
   *[other] { $n } fiorini
}
duchess-secret-hand = una mano segreta
# A wish on the necklace panel; $common is yes when it is the common card.
duchess-wish-line = { $wish }{ $common ->
    [yes] {" "}(comune)
   *[no] {""}
}: { $florins }
duchess-gold-line = oro di corte: { $ingots ->
    [one] 1 lingotto rende
   *[other] { $ingots } lingotti rendono
} { $florins }
duchess-gold-counted = oro di corte (contato sopra)
duchess-wishes-met = Desideri esauditi
duchess-florins-total = Fiorini
duchess-ranks-note = Fino a 26 Apprendista, 27-30 Artista, 31-33 Ufficiale, 34 e oltre Magister.
duchess-duel-note = Vince la collana più ricca; a parità, chi ha esaudito più desideri.

# The game log: one short line per event, newest at the bottom (L, the gamepad's Select or the
# table's Log button opens it). $name is a seat's name, $card a card's name (with its article
# where the language has one), $amount and $price amounts of coins.
log-heading = Registro della partita
log-button = Registro
closeup-in = Da vicino
closeup-out = Tavolo intero
log-empty = Non è ancora successo niente.
log-keys = L o Select per chiudere; la rotellina per scorrere
log-gm-auction = Asta { $number }: { $lot ->
    [one] 1 carta
   *[other] { $lot } carte
} in palio, apre { $name }
log-gm-size = Carta del lotto: { $card }
log-gm-lot = All'asta: { $card }
log-gm-goblins-offer = I goblin offrono { $card }
log-gm-bid = { $name } offre { $amount }
log-gm-pass = { $name } passa
log-gm-won = { $name } vince l'asta con { $amount }
log-gm-sisterhood = Denaro della sorellanza { $for }
log-gm-takes = { $name } prende { $card }
log-gm-discarded = { $card } va negli scarti
log-gm-set-aside = { $card } finisce da parte
log-gm-starts-with = { $name } parte con { $amount ->
    [one] 1 moneta
   *[other] { $amount } monete
}
log-gm-pays = { $name } paga { $amount }
log-gm-gets-sisterhood = { $name } riceve denaro della sorellanza: { $amount }
log-gm-gets-goblin = { $name } riceve denaro dei goblin: { $amount }
log-gm-no-sale = Nessuna offerta: le carte vengono scartate
log-gm-reshuffle = I goblin rimescolano il loro mazzo
log-game-over = Fine della partita: { $n ->
    [one] vince { $names }
   *[other] vincono { $names }
}
log-my-round = Giro { $round }: inizia { $name }
log-my-phase = { $phase }
log-my-offered = { $card } arriva sul molo
log-my-placed = { $name } manda un lavoratore sulla carta { $card }
log-my-placed-neutral = { $name } manda un lavoratore neutrale sulla carta { $card }
log-my-stepped-out = Un lavoratore di { $name } esce dalla fila per la carta { $card }
log-my-neutral-stepped-out = Un lavoratore neutrale esce dalla fila per la carta { $card }
log-my-bought = { $name } compra { $card } per { $price }
log-my-home = I lavoratori sulla carta { $card } tornano a casa
log-my-unsold = Nessuno compra { $card }: va negli scarti
log-my-sold = { $name } vende { $hand } per { $price }
log-my-no-sale = { $name } non vende nulla
log-my-income = { $name } incassa { $amount }
log-my-marker = { $name } prende il segnalino del primo giocatore
log-my-discarded = { $name } scarta { $card }
log-my-dealt = { $name } pesca una carta
log-my-dealt-seen = { $name } pesca { $card }
log-my-starts-with = { $name } parte con { $amount ->
    [one] 1 moneta
   *[other] { $amount } monete
}
log-du-started = Inizia { $name }
log-du-removed = { $count ->
    [one] 1 carta esce dal gioco senza essere vista
   *[other] { $count } carte escono dal gioco senza essere viste
}
log-du-common = Carta comune: { $card }
log-du-dealt = { $name } riceve una carta
log-du-dealt-seen = { $name } riceve { $card }
log-du-turn = Turno { $turn }: { $name }
log-du-drew = { $name } pesca una carta
log-du-drew-seen = { $name } pesca { $card }
log-du-took = { $name } prende { $card } dagli scarti
log-du-discarded = { $name } scarta { $card }
log-du-declined = { $name } si ferma: la partita finisce
log-du-pile-empty = Il mazzo è vuoto
log-du-pair = Si mettono due carte coperte per il turno
log-du-looked = { $name } guarda { $card }
log-du-looked-hidden = { $name } guarda una carta
log-du-kept = { $name } tiene per sé { $card }
log-du-kept-hidden = { $name } tiene per sé una carta
log-du-not-kept = { $card } va negli scarti
log-du-rank = Fine della partita: { $florins ->
    [one] 1 fiorino
   *[other] { $florins } fiorini
}, { $rank }

# Un controller per posto (più persone davanti a uno schermo con i controller).
join-heading = Chi gioca con cosa?
pause-controllers = Chi gioca con cosa
join-press = { $name }: premi A sul tuo controller, o Invio sulla tastiera
join-waiting = { $name }: dopo
join-bound = { $name }: { $device }
join-gone = Il controller di { $name } si è scollegato: ricollegalo e premi A, o premi A su un altro per prendere il posto
join-keys = tastiera e mouse
join-pad = controller { $n }
join-use-keys = Usa tastiera e mouse
join-share = Tutti giocano con qualsiasi dispositivo
join-keys-line = A / Invio: unisciti   B / Esc: condividi tutti i dispositivi

# Telefoni come mani private (desktop): il pannello della TV
pause-phones = Telefoni come mani
phones-heading = Gioca la tua mano su un telefono
phones-how = Su un telefono della stessa rete, inquadra il codice o apri questo indirizzo, poi scegli il tuo posto:
phones-code-is = Codice della stanza:
phones-seat-tv = { $name }: carte sulla TV
phones-seat-phone = { $name }: carte su un telefono
phones-seat-away = { $name }: telefono assente (può tornare)
phones-done = Fatto
phones-private = Ogni telefono riceve solo le carte e le scelte del suo posto. La TV tiene quella mano coperta.
phones-failed = Non è stato possibile attivare i telefoni: { $why }
phones-desktop-only = I telefoni si uniscono a un tavolo della versione desktop.
phones-no-hidden-hands = In questo gioco è tutto sul tavolo: non c'è una mano da giocare su un telefono.
phones-back-to-tv = Riporta la mano di { $name } sulla TV
phones-back-to-tv-sure = Riportare la mano di { $name } sulla TV? Premi di nuovo
phones-stop = Spegni i telefoni
phones-stop-sure = Spegnere i telefoni? Premi di nuovo
phones-claim = Un telefono chiede la mano di { $name }
phones-claim-mark = Il suo schermo mostra: { $mark }
phones-claim-from = da { $address }
phones-claim-warning = Di' di sì solo se è il telefono di { $name }: vedrà le carte di { $name }.
phones-allow = Consenti  (A / Invio)
phones-refuse = Rifiuta  (B / Esc)
phones-claims-more = { $n ->
    [one] Aspetta ancora un telefono.
   *[other] Aspettano altri { $n } telefoni.
}
phones-door = { $wrong ->
    [one] 1 codice stanza sbagliato
   *[other] { $wrong } codici stanza sbagliati
}, { $away ->
    [one] 1 connessione respinta
   *[other] { $away } connessioni respinte
}, { $locked ->
    [one] 1 indirizzo in attesa
   *[other] { $locked } indirizzi in attesa
}
notice-wrong-codes = { $n ->
    [one] Telefoni: 1 codice stanza sbagliato
   *[other] Telefoni: { $n } codici stanza sbagliati
}
choice-on-phone = { $name } sta scegliendo su un telefono...   (Esc / Start: menu)
# Telefoni come mani private: la pagina del telefono
phone-title = Come Buy: la tua mano
phone-pick-seat = Qual è il tuo posto?
phone-your-turn = Tocca a te
phone-your-cards = Le tue carte
phone-reconnecting = Connessione persa: nuovo tentativo...
phone-wrong-room = Quel codice non è di questo tavolo. Controlla il codice sulla TV.
phone-wrong-count = Codici sbagliati da questo telefono: { $n }.
phone-wrong-wait = La TV lascia riprovare questo telefono tra { $s } s.
phone-only-move = La tua unica mossa: { $move }. Il telefono la fa per te.
phone-room-label = Codice della stanza
phone-go = Entra
phone-other-seat = Scegli un altro posto
phone-money = Denaro: { $n } $
phone-common = Carta comune: { $card }
phone-necklace = La tua collana ora: { $n ->
    [one] { $n } fiorino
   *[other] { $n } fiorini
}
phone-table = Sul tavolo
phone-draw-pile = Mazzo: { $n ->
    [one] 1 carta
   *[other] { $n } carte
}
phone-waiting = { $name } sta scegliendo
phone-watch = Guarda il tavolo
phone-paused = Il menu della TV è aperto: il tavolo aspetta
phone-over = La partita è finita
phone-you-won = Hai vinto!
phone-winner = Vince: { $name }
phone-seat-taken = { $name } sta già giocando su un altro telefono
phone-no-such-seat = Quel posto non si può giocare su un telefono
phone-no-seat-yet = Prima scegli il tuo posto
phone-not-your-turn = Non tocca a te
phone-moved-on = Il tavolo è andato avanti: scegli di nuovo
phone-wait = Aspetta il tavolo
phone-asking = In attesa del sì della TV...
phone-mark = La TV mostra questo segno accanto alla domanda:
phone-ask-again = Chiedi di nuovo
phone-tv-gone = La TV non risponde, o ha fermato i telefoni: riprovo...
phone-not-in-yet = La TV non ha ancora fatto entrare questo telefono (è occupata o non risponde): riprovo...
phone-seat-busy = su un altro telefono
phone-seat-away = il suo telefono è via
phone-place = Posto { $n }
phone-you = tu
phone-taken-back = La TV ha ripreso questa mano.
phone-moved = Questa mano è passata a un altro telefono.
phone-said-no-wait = La TV ha detto di no: aspetta un minuto prima di chiedere di nuovo.
phone-tv-busy = La TV sta rispondendo ad altri telefoni: riprova tra un momento.
choice-host-gone = L'ospite se n'è andato: a questo tavolo non si può più giocare.
