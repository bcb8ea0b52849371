# The Duchess's Necklace: gems, card sets, wishes, rainbow stones, cards and solo ranks
# (levels/duchess.ron lists cards and ranks by key). A gem's name takes $count.

duchess-gem-amber = { $count ->
    [one] Ambra
   *[other] Ambre
}
duchess-gem-jet = { $count ->
    [one] Giaietto
   *[other] Giaietti
}
duchess-gem-amethyst = { $count ->
    [one] Ametista
   *[other] Ametiste
}
duchess-gem-pearl = { $count ->
    [one] Perla
   *[other] Perle
}
duchess-gem-emerald = { $count ->
    [one] Smeraldo
   *[other] Smeraldi
}
duchess-gem-ruby = { $count ->
    [one] Rubino
   *[other] Rubini
}
duchess-gem-sapphire = { $count ->
    [one] Zaffiro
   *[other] Zaffiri
}
duchess-gem-diamond = { $count ->
    [one] Diamante
   *[other] Diamanti
}
duchess-gem-rainbow = { $count ->
    [one] Pietra arcobaleno
   *[other] Pietre arcobaleno
}
duchess-gem-gold = { $count ->
    [one] Lingotto d'oro
   *[other] Lingotti d'oro
}

duchess-set-base = Gioco base
duchess-set-rainbow = Pietre arcobaleno
duchess-set-gold = Oro di corte

duchess-wish = esattamente { $count } { $gem }
duchess-wish-rainbow = esattamente una pietra arcobaleno usata

# A rainbow stone's use (the stone: "pietra", feminine).
duchess-rainbow-left-out = ignorata
duchess-rainbow-itself = come sé stessa
# $id is the gem's id: it picks the article for the gem's gender.
duchess-rainbow-as = { $id ->
    [amber] come un'{ $gem }
    [amethyst] come un'{ $gem }
    [pearl] come una { $gem }
    [emerald] come uno { $gem }
    [sapphire] come uno { $gem }
    [jet] come un { $gem }
    [ruby] come un { $gem }
    [diamond] come un { $gem }
   *[other] come { $gem }
}

duchess-rank-apprentice = Apprendista
duchess-rank-artist = Artista
duchess-rank-officer = Ufficiale
duchess-rank-magister = Magister
duchess-card-countess-brooch = La Spilla della Contessa
duchess-card-cardinal-ring = L'Anello del Cardinale
duchess-card-doge-seal = Il Sigillo del Doge
duchess-card-abbess-rosary = Il Rosario della Badessa
duchess-card-baroness-tiara = La Tiara della Baronessa
duchess-card-prince-circlet = La Corona del Principe
duchess-card-ambassador-chain = La Catena dell'Ambasciatore
duchess-card-marquise-earrings = Gli Orecchini della Marchesa
duchess-card-bishop-pectoral = La Croce del Vescovo
duchess-card-condottiere-buckle = La Fibbia del Condottiero
duchess-card-widow-locket = Il Medaglione della Vedova
duchess-card-bride-diadem = Il Diadema della Sposa
duchess-card-banker-signet = L'Anello Sigillo del Banchiere
duchess-card-falconer-clasp = Il Fermaglio del Falconiere
duchess-card-poet-cameo = Il Cammeo del Poeta
duchess-card-admiral-medallion = La Medaglia dell'Ammiraglio
duchess-card-dancer-anklet = La Cavigliera della Danzatrice
duchess-card-painter-pendant = Il Pendente del Pittore
duchess-card-rainbow-clasp = Il Fermaglio Arcobaleno
duchess-card-treasurer-ingot = Il Lingotto del Tesoriere
duchess-card-mint-master-bar = La Barra dello Zecchiere
duchess-card-goldsmith-chain = La Catena dell'Orafo
duchess-card-queen-dowry = La Dote della Regina
