# The menus: title, new game, settings, pause, rules, results, saves.

menu-new-game = Nuova partita
menu-settings = Impostazioni
menu-how-to-play = Come si gioca
menu-quit = Esci
menu-quit-sure = Uscire? Premi di nuovo
menu-back = Indietro
menu-done = Fatto

title-tagline = un tavolo per piccoli giochi di carte
# A match in progress, on the title's menu.
title-continue-short = Continua { $game }
title-continue = Continua { $game } ({ $moves ->
    [0] appena distribuita
   *[other] mossa { $moves }
})

new-game-heading = Nuova partita
new-game-game = Gioco
# The game row's value: its name and how many may play.
new-game-game-value = { $game } ({ $min }-{ $max })
new-game-players-row = Giocatori
new-game-players = { $n ->
    [1] 1 (solitario)
   *[other] { $n }
}
new-game-rules = Regole
new-game-seat = Posto { $n }
# A seat of a match record that names none (from the simulator).
seat-plain-name = Posto { $n }
new-game-start = Inizia
new-game-keys = Su/Giù: una riga o un posto   Sinistra/Destra: cambia   Invio: la casella seguente del posto   scrivi su un nome per rinominarlo   Esc: indietro

# What a seat can be.
seat-person = Persona
bot-easy = Bot facile
bot-normal = Bot normale
bot-hard = Bot difficile
bot-random = Bot casuale
bot-expert = Bot esperto
bot-other = Bot ({ $name })

# Seat colours (a name for each, for colour-blind players).
colour-red = Rosso
colour-blue = Blu
colour-yellow = Giallo
colour-green = Verde
colour-purple = Viola
colour-orange = Arancione
colour-white = Bianco
colour-teal = Turchese

# Rule variants on the new-game screen.
variant-standard = Standard
variant-shared-ties = Pareggio: vincono tutti
# Shown under the rules row when the variant is chosen.
variant-shared-ties-note = Regola dell'edizione spagnola: i giocatori a pari punti vincono tutti, senza spareggio.
variant-duchess-base = Gioco base
variant-duchess-rainbow = Pietre arcobaleno
variant-duchess-gold = Oro di corte
variant-duchess-both = Entrambe le espansioni

settings-size = Dimensione di testo e menu
settings-speed = Velocità animazioni
speed-instant = Istantanea
settings-volume = Volume
settings-music = Musica
settings-effects = Effetti sonori
settings-language = Lingua

pause-heading = In pausa
pause-resume = Riprendi
pause-to-results = Torna ai risultati
pause-quit-to-title = Torna alla schermata iniziale
pause-close-table = Chiudi il tavolo (Continua lo riapre)
pause-close-table-sure = Chiuderlo per tutti? Premi di nuovo

replace-heading = C'è una partita in corso
# Phrased without an article before $game (names such as "La collana della Duchessa").
replace-text = { $game }: hai una partita salvata alla mossa { $moves }. Una nuova partita la sostituirebbe.
replace-continue = Continua la partita salvata
replace-new = Inizia una nuova partita

rules-keys = Su/Giù o la rotellina per scorrere, Esc o B per chiudere

results-winners = { $n ->
    [0] Nessun vincitore
    [1] { $names } vince!
   *[other] { $names } vincono a pari merito!
}
results-play-again = Gioca ancora
results-watch-again = Rivedi
results-code = Codice { $code }   (Copia il codice lo copia intero, per Rivedi una partita)
results-code-link = Codice { $code }   (Copia il link copia un link che apre questa partita)
results-code-result = Codice { $code }   (Copia il risultato copia il tuo risultato con questa partita)
results-title = Schermata iniziale

# Names in a list: "Ana, Bram and Cleo" (head is "Ana, Bram").
list-and = { $head } e { $last }

# Saved games that cannot be continued (the title says why).
save-not-continued = Impossibile continuare la partita salvata del gioco { $game } ({ $problem }).
save-kept-aside = { $broken } Il salvataggio è stato conservato come { $file }.
save-left-in-place = { $broken } Non è stato possibile metterlo da parte ({ $why }): resta come { $file } e non verrà salvato nulla sopra.
save-unreadable = non è una partita salvata: { $detail }
save-unknown-game = qui non si può continuare una partita salvata del gioco { $game }
save-other-game = contiene una partita del gioco { $game }
save-wrong-seats = il salvataggio indica { $seats ->
    [one] 1 posto
   *[other] { $seats } posti
} per { $players ->
    [one] 1 giocatore
   *[other] { $players } giocatori
}
save-illegal-move = la mossa { $n } ({ $action }) non è valida: { $why }
setup-unknown-bot = posto { $seat }: non esiste nessun bot chiamato "{ $name }"

settings-fullscreen = Schermo intero
settings-undo = Annulla mossa
settings-safe-area = Margine per il televisore
settings-on = Sì
settings-off = No

# The Statistics screen (from the title). $level is a bot level's name ("Normal bot").
menu-statistics = Statistiche
menu-watch = Rivedi una partita
# A finished match on the Watch list: its game, who played, who won (results-winners).
watch-line = { $game }: { $players }. { $result }
# A finished solo match on the Watch list: its rank and score (no winner over anybody).
watch-solo = { $game }: { $player } da solo. { $rank ->
    [none] Finita.
   *[other] { $rank }, { $score } fiorini.
}
watch-play-deal = Gioca questa mano
watch-keys = Invio o A: rivedi   Destra: rigioca questa mano   Esc o B: indietro
stats-empty = Nessuna partita ancora conclusa: le statistiche si riempiono man mano che si gioca.
stats-player = Giocatore
stats-played = Partite
stats-won = Vinte
stats-best = Migliore
stats-hints = Consigli
stats-bots = Contro i bot
stats-won-rate = { $won } ({ $rate }%)
stats-against = { $level }: { $won }/{ $played }
# The Duchess solo: the best rank and florins, the median, over how many games.
stats-solo = in solitario, migliore { $rank } ({ $best } fiorini), mediana { $median } su { $games ->
    [one] 1 partita
   *[other] { $games } partite
}
stats-chart = { $games ->
    [one] L'ultima partita in solitario, in fiorini:
   *[other] Le ultime { $games } partite in solitario, in fiorini (dalla più vecchia):
}
stats-kept-aside = Impossibile leggere le statistiche; il vecchio file è conservato come { $file }.
stats-left-in-place = Impossibile leggere o mettere da parte le statistiche ({ $why }): { $file } resta com'è e non verrà salvato nulla sopra.
notice-write-failed = Impossibile salvare { $file }: { $why }

# The replay viewer ("Watch again" on the results).
replay-status = Replay: mossa { $at } di { $total }
replay-line = Guardando una partita di { $game }
replay-line-daily = Guardando la mano del giorno { $number }
replay-play = Riproduci
replay-pause = Pausa
replay-keys = Sinistra/Destra: una mossa indietro o avanti   Invio o A: riproduci o pausa   Home/Fine o PagSu/PagGiù: inizio o fine   Esc: menu

# Match codes through the clipboard (results, Watch a match).
results-copy-code = Copia il codice
clip-copied = Codice copiato: mandalo a qualcuno o incollalo in Rivedi una partita.
clip-not-copied = Impossibile copiare il codice: gli appunti non l'hanno accettato. Copialo dallo schermo.
clip-nothing = Niente da incollare: negli appunti non c'è testo.
clip-not-a-code = Questo non è un codice di partita: { $why }
clip-pasting = Sto leggendo gli appunti...
watch-paste = Incolla un codice di partita
watch-none = Ancora nessuna partita finita: giocane una o incolla un codice che ti hanno mandato.
launch-failed = Non è stato possibile aprire quel link: { $why }
