# The Duchess's Necklace: gems, card sets, wishes, rainbow stones, cards and solo ranks
# (levels/duchess.ron lists cards and ranks by key). A gem's name takes $count.
# Gem names are common nouns in Spanish, so they are written in lower case (they only appear
# inside sentences: "exactamente 3 rubíes", "como una perla").

duchess-gem-amber = { $count ->
    [one] ámbar
   *[other] ámbares
}
duchess-gem-jet = { $count ->
    [one] azabache
   *[other] azabaches
}
duchess-gem-amethyst = { $count ->
    [one] amatista
   *[other] amatistas
}
duchess-gem-pearl = { $count ->
    [one] perla
   *[other] perlas
}
duchess-gem-emerald = { $count ->
    [one] esmeralda
   *[other] esmeraldas
}
duchess-gem-ruby = { $count ->
    [one] rubí
   *[other] rubíes
}
duchess-gem-sapphire = { $count ->
    [one] zafiro
   *[other] zafiros
}
duchess-gem-diamond = { $count ->
    [one] diamante
   *[other] diamantes
}
duchess-gem-rainbow = { $count ->
    [one] piedra arcoíris
   *[other] piedras arcoíris
}
duchess-gem-gold = { $count ->
    [one] lingote de oro
   *[other] lingotes de oro
}

duchess-set-base = Juego base
duchess-set-rainbow = Piedras arcoíris
duchess-set-gold = Oro de la corte

# $count is 2, 3 or 4; $gem is the gem's name for that count ("3 rubíes").
duchess-wish = exactamente { $count } { $gem }
duchess-wish-rainbow = exactamente una piedra arcoíris en uso

# A rainbow stone's use (the stone: "piedra", feminine).
duchess-rainbow-left-out = sin usar
duchess-rainbow-itself = como sí misma
# $id is the gem's id: it picks the article for the gem's gender.
duchess-rainbow-as = { $id ->
    [amber] como un { $gem }
    [jet] como un { $gem }
    [amethyst] como una { $gem }
    [pearl] como una { $gem }
    [emerald] como una { $gem }
    [ruby] como un { $gem }
    [sapphire] como un { $gem }
    [diamond] como un { $gem }
   *[other] como { $gem }
}

duchess-rank-apprentice = Aprendiz
duchess-rank-artist = Artista
duchess-rank-officer = Oficial
duchess-rank-magister = Magíster
duchess-card-countess-brooch = El Prendedor de la Condesa
duchess-card-cardinal-ring = El Anillo del Cardenal
duchess-card-doge-seal = El Sello del Dux
duchess-card-abbess-rosary = El Rosario de la Abadesa
duchess-card-baroness-tiara = La Tiara de la Baronesa
duchess-card-prince-circlet = La Corona del Príncipe
duchess-card-ambassador-chain = La Cadena del Embajador
duchess-card-marquise-earrings = Los Pendientes de la Marquesa
duchess-card-bishop-pectoral = El Pectoral del Obispo
duchess-card-condottiere-buckle = La Hebilla del Condotiero
duchess-card-widow-locket = El Guardapelo de la Viuda
duchess-card-bride-diadem = La Diadema de la Novia
duchess-card-banker-signet = La Sortija del Banquero
duchess-card-falconer-clasp = El Broche del Halconero
duchess-card-poet-cameo = El Camafeo del Poeta
duchess-card-admiral-medallion = La Medalla del Almirante
duchess-card-dancer-anklet = La Ajorca de la Bailarina
duchess-card-painter-pendant = El Colgante del Pintor
duchess-card-rainbow-clasp = El Broche Arcoíris
duchess-card-treasurer-ingot = El Lingote del Tesorero
duchess-card-mint-master-bar = La Barra del Maestro de la Ceca
duchess-card-goldsmith-chain = La Cadena del Orfebre
duchess-card-queen-dowry = La Dote de la Reina
