# The menus: title, new game, settings, pause, rules, results, saves.

menu-new-game = Nueva partida
menu-settings = Ajustes
menu-how-to-play = Cómo se juega
menu-quit = Salir
menu-quit-sure = ¿Salir? Pulsa otra vez
menu-back = Atrás
menu-done = Listo

title-tagline = una mesa para pequeños juegos de cartas
# A match in progress, on the title's menu.
title-continue-short = Continuar { $game }
title-continue = Continuar { $game } ({ $moves ->
    [0] recién repartida
   *[other] jugada { $moves }
})

new-game-heading = Nueva partida
new-game-game = Juego
# The game row's value: its name and how many may play.
new-game-game-value = { $game } ({ $min }-{ $max })
new-game-players-row = Jugadores
new-game-players = { $n ->
    [1] 1 (solitario)
   *[other] { $n }
}
new-game-rules = Reglas
new-game-seat = Asiento { $n }
# A seat of a match record that names none (from the simulator).
seat-plain-name = Asiento { $n }
new-game-start = Empezar
new-game-keys = Arriba/Abajo: una fila o un asiento   Izquierda/Derecha: cambiar   Intro: la siguiente casilla del asiento   escribe sobre un nombre para cambiarlo   Esc: atrás

# What a seat can be.
seat-person = Persona
bot-easy = Bot fácil
bot-normal = Bot normal
bot-hard = Bot difícil
bot-random = Bot aleatorio
bot-expert = Bot experto
bot-other = Bot ({ $name })

# Seat colours (a name for each, for colour-blind players).
colour-red = Rojo
colour-blue = Azul
colour-yellow = Amarillo
colour-green = Verde
colour-purple = Morado
colour-orange = Naranja
colour-white = Blanco
colour-teal = Turquesa

# Rule variants on the new-game screen.
variant-standard = Estándar
variant-shared-ties = Empate: ganan todos
# Shown under the rules row when the variant is chosen.
variant-shared-ties-note = Regla de la edición española: los jugadores empatados a puntos ganan todos, sin desempate.
variant-duchess-base = Juego básico
variant-duchess-rainbow = Piedras arcoíris
variant-duchess-gold = Oro de la corte
variant-duchess-both = Ambas expansiones

settings-size = Tamaño de texto y menús
settings-speed = Velocidad de animación
speed-instant = Instantánea
settings-volume = Volumen
settings-music = Música
settings-effects = Efectos de sonido
settings-language = Idioma

pause-heading = En pausa
pause-resume = Reanudar
pause-to-results = Volver a los resultados
pause-quit-to-title = Volver al inicio
pause-close-table = Cerrar la mesa (Continuar la reabre)
pause-close-table-sure = ¿Cerrarla para todos? Pulsa otra vez

replace-heading = Hay una partida en curso
# Phrased without an article before $game (names such as "El collar de la Duquesa").
replace-text = { $game }: tienes una partida guardada en la jugada { $moves }. Una partida nueva la sustituiría.
replace-continue = Continuar la partida guardada
replace-new = Empezar una partida nueva

rules-keys = Arriba/Abajo o la rueda para desplazarte, Esc o B para cerrar

results-winners = { $n ->
    [0] Nadie gana
    [1] ¡{ $names } gana!
   *[other] ¡{ $names } comparten la victoria!
}
results-play-again = Jugar otra vez
results-watch-again = Ver de nuevo
results-code = Código { $code }   (Copiar el código lo copia entero, para Ver una partida)
results-code-link = Código { $code }   (Copiar el enlace copia un enlace que abre esta partida)
results-code-result = Código { $code }   (Copiar el resultado copia tu resultado con esta partida)
results-title = Pantalla de inicio

# Names in a list: "Ana, Bram and Cleo" (head is "Ana, Bram").
list-and = { $head } y { $last }

# Saved games that cannot be continued (the title says why).
save-not-continued = No se pudo continuar la partida guardada de { $game } ({ $problem }).
save-kept-aside = { $broken } Se ha conservado como { $file }.
save-left-in-place = { $broken } No se pudo apartar ({ $why }): sigue como { $file } y no se guardará nada encima.
save-unreadable = no es una partida guardada: { $detail }
save-unknown-game = aquí no se puede continuar una partida guardada de { $game }
save-other-game = contiene una partida de { $game }
save-wrong-seats = la partida guardada indica { $seats ->
    [one] 1 asiento
   *[other] { $seats } asientos
} para { $players ->
    [one] 1 jugador
   *[other] { $players } jugadores
}
save-illegal-move = la jugada { $n } ({ $action }) no es válida: { $why }
setup-unknown-bot = asiento { $seat }: no existe ningún bot llamado «{ $name }»

settings-fullscreen = Pantalla completa
settings-undo = Deshacer
settings-safe-area = Margen para el televisor
settings-on = Sí
settings-off = No

# The Statistics screen (from the title). $level is a bot level's name ("Normal bot").
menu-statistics = Estadísticas
menu-watch = Ver una partida
# A finished match on the Watch list: its game, who played, who won (results-winners).
watch-line = { $game }: { $players }. { $result }
# A finished solo match on the Watch list: its rank and score (no winner over anybody).
watch-solo = { $game }: { $player } en solitario. { $rank ->
    [none] Terminada.
   *[other] { $rank }, { $score } florines.
}
watch-play-deal = Jugar este reparto
watch-keys = Intro o A: ver   Derecha: jugar de nuevo este reparto   Esc o B: atrás
stats-empty = Aún no ha terminado ninguna partida: las estadísticas se llenan a medida que se juega.
stats-player = Jugador
stats-played = Partidas
stats-won = Ganadas
stats-best = Mejor
stats-hints = Pistas
stats-bots = Contra bots
stats-won-rate = { $won } ({ $rate } %)
stats-against = { $level }: { $won }/{ $played }
# The Duchess solo: the best rank and florins, the median, over how many games.
stats-solo = en solitario, mejor { $rank } ({ $best } florines), mediana { $median } en { $games ->
    [one] 1 partida
   *[other] { $games } partidas
}
stats-chart = { $games ->
    [one] La última partida en solitario, en florines:
   *[other] Las últimas { $games } partidas en solitario, en florines (de la más antigua a la más reciente):
}
stats-kept-aside = No se pudieron leer las estadísticas; el archivo antiguo se conserva como { $file }.
stats-left-in-place = No se pudieron leer ni apartar las estadísticas ({ $why }): { $file } se queda como está y no se guardará nada encima.
notice-write-failed = No se pudo guardar { $file }: { $why }

# The replay viewer ("Watch again" on the results).
replay-status = Repetición: jugada { $at } de { $total }
replay-line = Viendo una partida de { $game }
replay-line-daily = Viendo el reparto del día { $number }
replay-play = Reproducir
replay-pause = Pausa
replay-keys = Izquierda/Derecha: una jugada atrás o adelante   Intro o A: reproducir o pausar   Inicio/Fin o RePág/AvPág: inicio o final   Esc: menú

# Match codes through the clipboard (results, Watch a match).
results-copy-code = Copiar el código
clip-copied = Código copiado: pásaselo a alguien o pégalo en Ver una partida.
clip-not-copied = No se pudo copiar el código: el portapapeles no lo aceptó. Cópialo de la pantalla.
clip-nothing = No hay nada que pegar: el portapapeles no tiene texto.
clip-not-a-code = Eso no es un código de partida: { $why }
clip-pasting = Leyendo el portapapeles...
watch-paste = Pegar un código de partida
watch-none = Aún no hay partidas terminadas: juega una o pega un código que te hayan enviado.
launch-failed = No se pudo abrir ese enlace: { $why }
