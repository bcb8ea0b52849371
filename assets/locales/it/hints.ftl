# The Hint: the Hard bot's pick, why it is good (the Normal bot's reading of the move, in the
# game's terms), and how the pick fared in the games the Hard bot imagined.

hint-line = Consiglio: { $pick }.
hint-line-reason = Consiglio: { $pick }: { $reason }.
hint-odds = Vittorie: circa il { $percent }% su { $games ->
    [one] 1 partita simulata
   *[other] { $games } partite simulate
} dopo questa mossa.

## Mýkonos ($card: a card's name; money in dollars)
## $card ("Dieci di Cuori") takes no article: "la carta { $card }" or at the sentence's head.

hint-mykonos-first = in testa alla fila per la carta { $card }: per te vale circa ${ $gain }, e finora costa ${ $price }
hint-mykonos-first-cheap = in testa alla fila per la carta { $card }, a soli ${ $price }
hint-mykonos-raise = { $rival } dovrà pagare almeno ${ $price } per la carta { $card }
hint-mykonos-second = un secondo lavoratore sulla carta { $card }, nel caso il primo esca dalla fila
hint-mykonos-buy = la carta { $card } aggiunge circa ${ $gain } di valore alla tua mano, per ${ $price }
hint-mykonos-not-worth = la carta { $card } aggiunge circa ${ $gain } di valore alla tua mano, ma non vale ${ $price }
hint-mykonos-sell = { $hand } rende subito ${ $price }
hint-mykonos-keep = { $faces ->
    [0] con le tue carte potrai vendere meglio più avanti
    [one] la tua figura rende denaro ogni giro, e le coppie possono crescere
   *[other] le tue { $faces } figure rendono denaro ogni giro, e le coppie possono crescere
}
hint-mykonos-discard = { $loss ->
    [0] la carta { $card } è quella che ti serve meno: scartarla non ti costa nulla
   *[other] la carta { $card } è quella che ti serve meno (perdi circa ${ $loss })
}

## Goblin Market ($suit: a suit's name)

hint-gm-points = { $points ->
    [one] { $points } punto
   *[other] { $points } punti
}
hint-gm-lot = { $cards ->
    [one] la carta dà subito
   *[other] le { $cards } carte danno subito
} { $points } ai tuoi semi (soprattutto { $suit }); valore per te: circa { $worth ->
    [one] 1 moneta
   *[other] { $worth } monete
}
hint-gm-lot-later = il lotto ora vale pochi punti, ma i suoi simboli possono ancora far salire i tuoi semi; per te vale circa { $worth ->
    [one] 1 moneta
   *[other] { $worth } monete
}
hint-gm-too-dear = un'offerta di { $bid } supera quanto vale per te il lotto (circa { $worth ->
    [one] 1 moneta
   *[other] { $worth } monete
})
hint-gm-cannot-afford = un'offerta di { $bid } supera quello che hai ({ $coins ->
    [one] { $coins } moneta
   *[other] { $coins } monete
})
hint-gm-take-all = tutte le { $cards } carte insieme danno { $points } ai tuoi semi
hint-gm-take-one = { $card } dà { $points } ai tuoi semi ({ $suit })
hint-gm-take-one-least = { $card } è la carta che penalizza meno i tuoi semi ({ $points })

## The Duchess ($card: a card's name)

hint-duchess-florins = { $florins ->
    [one] { $florins } fiorino
   *[other] { $florins } fiorini
}
hint-duchess-take = { $card } porta la tua collana da { $before } a { $after }
hint-duchess-take-same = una carta sicura: con { $card } la tua collana vale { $after }
hint-duchess-draw = una carta nuova vale in media circa { $expect }
hint-duchess-draw-vs = una carta nuova vale in media circa { $expect }; { $card } solo { $take }
hint-duchess-decline = la tua collana resta a { $now }
hint-duchess-discard = senza { $card } la tua collana vale ancora { $after }
hint-duchess-keep-seen = con { $card } la tua collana vale { $after }
hint-duchess-keep-unseen = la carta coperta vale in media circa { $expect }; { $card } solo { $seen }
