# The Hint: the Hard bot's pick, why it is good (the Normal bot's reading of the move, in the
# game's terms), and how the pick fared in the games the Hard bot imagined.

hint-line = Pista: { $pick }.
hint-line-reason = Pista: { $pick }: { $reason }.
hint-odds = Con esta jugada se ganó cerca del { $percent }% de { $games ->
    [one] { $games } partida simulada
   *[other] { $games } partidas simuladas
}.

## Mýkonos ($card: a card's name; money in dollars)
## $card ("Diez de Corazones") takes no article: its gender depends on the rank.

hint-mykonos-first = encabezas la cola de { $card }: para ti vale unos ${ $gain } y de momento cuesta ${ $price }
hint-mykonos-first-cheap = encabezas la cola de { $card }, a solo ${ $price }
hint-mykonos-raise = { $rival } tendrá que pagar ${ $price } o más por { $card }
hint-mykonos-second = un segundo trabajador en { $card }, por si el primero se retira
hint-mykonos-buy = { $card } suma unos ${ $gain } a tu mano, por ${ $price }
hint-mykonos-not-worth = { $card } suma unos ${ $gain } a tu mano: no vale ${ $price }
hint-mykonos-sell = { $hand } te da ${ $price } ahora mismo
hint-mykonos-keep = { $faces ->
    [0] con tus cartas podrás hacer una venta mejor más adelante
    [one] tu figura te da ingresos cada ronda, y las parejas pueden crecer
   *[other] tus { $faces } figuras te dan ingresos cada ronda, y las parejas pueden crecer
}
hint-mykonos-discard = { $loss ->
    [0] { $card } es la carta que menos vas a echar de menos: no te cuesta nada
   *[other] { $card } es la carta que menos vas a echar de menos (pierdes unos ${ $loss })
}

## Goblin Market ($suit: a suit's name)

hint-gm-points = { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}
hint-gm-lot = { $cards ->
    [one] la carta suma
   *[other] las { $cards } cartas suman
} { $points } a tus palos ahora (sobre todo a { $suit }); { $worth ->
    [0] para ti no vale ni una moneda
    [one] para ti vale más o menos { $worth } moneda
   *[other] para ti vale unas { $worth } monedas
}
hint-gm-lot-later = el lote puntúa poco ahora, pero sus símbolos aún pueden subir tus palos; { $worth ->
    [0] para ti no vale ni una moneda
    [one] para ti vale más o menos { $worth } moneda
   *[other] para ti vale unas { $worth } monedas
}
hint-gm-too-dear = pujar { $bid } es más de lo que el lote vale para ti ({ $worth ->
    [one] más o menos { $worth } moneda
   *[other] unas { $worth } monedas
})
hint-gm-cannot-afford = pujar { $bid } es más de lo que tienes ({ $coins ->
    [one] { $coins } moneda
   *[other] { $coins } monedas
})
hint-gm-take-all = las { $cards } cartas juntas suman { $points } a tus palos
hint-gm-take-one = { $card } suma { $points } a tus palos ({ $suit })
hint-gm-take-one-least = { $card } es la carta que menos daño hace a tus palos ({ $points })

## The Duchess ($card: a card's name)

hint-duchess-florins = { $florins ->
    [one] { $florins } florín
   *[other] { $florins } florines
}
hint-duchess-take = { $card } sube tu collar de { $before } a { $after }
hint-duchess-take-same = una carta segura: con { $card } tu collar vale { $after }
hint-duchess-draw = de media, una carta nueva da unos { $expect }
hint-duchess-draw-vs = de media, una carta nueva da unos { $expect }; { $card }, solo { $take }
hint-duchess-decline = tu collar se queda en { $now }
hint-duchess-discard = sin { $card } tu collar sigue valiendo { $after }
hint-duchess-keep-seen = con { $card } tu collar vale { $after }
hint-duchess-keep-unseen = de media, la carta oculta da unos { $expect }; { $card }, solo { $seen }
