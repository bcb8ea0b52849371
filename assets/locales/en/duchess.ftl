# The Duchess's Necklace: gems, card sets, wishes, rainbow stones, cards and solo ranks
# (levels/duchess.ron lists cards and ranks by key). A gem's name takes $count.

duchess-gem-amber = { $count ->
    [one] Amber
   *[other] Ambers
}
duchess-gem-jet = { $count ->
    [one] Jet
   *[other] Jets
}
duchess-gem-amethyst = { $count ->
    [one] Amethyst
   *[other] Amethysts
}
duchess-gem-pearl = { $count ->
    [one] Pearl
   *[other] Pearls
}
duchess-gem-emerald = { $count ->
    [one] Emerald
   *[other] Emeralds
}
duchess-gem-ruby = { $count ->
    [one] Ruby
   *[other] Rubies
}
duchess-gem-sapphire = { $count ->
    [one] Sapphire
   *[other] Sapphires
}
duchess-gem-diamond = { $count ->
    [one] Diamond
   *[other] Diamonds
}
duchess-gem-rainbow = { $count ->
    [one] Rainbow stone
   *[other] Rainbow stones
}
duchess-gem-gold = { $count ->
    [one] Gold ingot
   *[other] Gold ingots
}

duchess-set-base = Base game
duchess-set-rainbow = Rainbow stones
duchess-set-gold = Court gold

duchess-wish = exactly { $count } { $gem }
duchess-wish-rainbow = exactly one rainbow stone used

duchess-rainbow-left-out = left out
duchess-rainbow-itself = as itself
duchess-rainbow-as = { $id ->
    [amber] as an { $gem }
    [amethyst] as an { $gem }
    [emerald] as an { $gem }
   *[other] as a { $gem }
}

duchess-rank-apprentice = Apprentice
duchess-rank-artist = Artist
duchess-rank-officer = Officer
duchess-rank-magister = Magister
duchess-card-countess-brooch = The Countess's Brooch
duchess-card-cardinal-ring = The Cardinal's Ring
duchess-card-doge-seal = The Doge's Seal
duchess-card-abbess-rosary = The Abbess's Rosary
duchess-card-baroness-tiara = The Baroness's Tiara
duchess-card-prince-circlet = The Prince's Circlet
duchess-card-ambassador-chain = The Ambassador's Chain
duchess-card-marquise-earrings = The Marquise's Earrings
duchess-card-bishop-pectoral = The Bishop's Pectoral
duchess-card-condottiere-buckle = The Condottiere's Buckle
duchess-card-widow-locket = The Widow's Locket
duchess-card-bride-diadem = The Bride's Diadem
duchess-card-banker-signet = The Banker's Signet
duchess-card-falconer-clasp = The Falconer's Clasp
duchess-card-poet-cameo = The Poet's Cameo
duchess-card-admiral-medallion = The Admiral's Medallion
duchess-card-dancer-anklet = The Dancer's Anklet
duchess-card-painter-pendant = The Painter's Pendant
duchess-card-rainbow-clasp = The Rainbow Clasp
duchess-card-treasurer-ingot = The Treasurer's Ingot
duchess-card-mint-master-bar = The Mint Master's Bar
duchess-card-goldsmith-chain = The Goldsmith's Chain
duchess-card-queen-dowry = The Queen's Dowry
