# The menus: title, new game, settings, pause, rules, results, saves.

menu-new-game = New game
menu-settings = Settings
menu-how-to-play = How to play
menu-quit = Quit
menu-quit-sure = Quit? Press again
menu-back = Back
menu-done = Done

title-tagline = a table for small card games
# A match in progress, on the title's menu.
title-continue-short = Continue { $game }
title-continue = Continue { $game } ({ $moves ->
    [0] just dealt
   *[other] move { $moves }
})

new-game-heading = New game
new-game-game = Game
# The game row's value: its name and how many may play.
new-game-game-value = { $game } ({ $min }-{ $max })
new-game-players-row = Players
new-game-players = { $n ->
    [1] 1 (solo)
   *[other] { $n }
}
new-game-rules = Rules
new-game-seat = Seat { $n }
# A seat of a match record that names none (from the simulator).
seat-plain-name = Seat { $n }
new-game-start = Start
new-game-keys = Up/Down: a row or a seat   Left/Right: change   Enter: a seat's next box   type on a name to rename   Esc: back

# What a seat can be.
seat-person = Person
bot-easy = Easy bot
bot-normal = Normal bot
bot-hard = Hard bot
bot-random = Random bot
bot-expert = Expert bot
bot-other = Bot ({ $name })

# Seat colours (a name for each, for colour-blind players).
colour-red = Red
colour-blue = Blue
colour-yellow = Yellow
colour-green = Green
colour-purple = Purple
colour-orange = Orange
colour-white = White
colour-teal = Teal

# Rule variants on the new-game screen.
variant-standard = Standard
variant-shared-ties = Ties share the win
# Shown under the rules row when the variant is chosen.
variant-shared-ties-note = The Spanish edition's rule: players tied on points all win, with no tie-break.
variant-duchess-base = Base game
variant-duchess-rainbow = Rainbow stones
variant-duchess-gold = Court gold
variant-duchess-both = Both expansions

settings-size = Text and menu size
settings-speed = Animation speed
speed-instant = Instant
settings-volume = Volume
settings-music = Music
settings-effects = Sound effects
settings-language = Language

pause-heading = Paused
pause-resume = Resume
pause-to-results = Back to the results
pause-quit-to-title = Quit to title
pause-close-table = Close the table (Continue reopens it)
pause-close-table-sure = Close it for every friend? Press again

replace-heading = A game is in progress
replace-text = You have a game of { $game } saved at move { $moves }. A new game of { $game } would replace it.
replace-continue = Continue the saved game
replace-new = Start a new game instead

rules-keys = Up/Down or the wheel to scroll, Esc or B to close

results-winners = { $n ->
    [0] No winner
    [1] { $names } wins!
   *[other] { $names } share the win!
}
results-play-again = Play again
results-watch-again = Watch again
results-code = Match code { $code }   (Copy the code copies it whole, for Watch a match)
results-code-link = Match code { $code }   (Copy the link copies a link that opens this match)
results-code-result = Match code { $code }   (Copy the result copies your result with this match)
results-title = Title screen

# Names in a list: "Ana, Bram and Cleo" (head is "Ana, Bram").
list-and = { $head } and { $last }

# Saved games that cannot be continued (the title says why).
save-not-continued = The saved game of { $game } could not be continued ({ $problem }).
save-kept-aside = { $broken } It was kept as { $file }.
save-left-in-place = { $broken } It could not be set aside ({ $why }), so it stays as { $file } and nothing will be saved over it.
save-unreadable = it is not a saved game: { $detail }
save-unknown-game = a saved game of { $game } cannot be continued here
save-other-game = it holds a game of { $game }
save-wrong-seats = the save names { $seats } seats for { $players } players
save-illegal-move = move { $n } ({ $action }) is not legal: { $why }
setup-unknown-bot = seat { $seat }: there is no bot called "{ $name }"

settings-fullscreen = Full screen
settings-undo = Undo
settings-safe-area = TV edge margin
settings-on = On
settings-off = Off

# The Statistics screen (from the title). $level is a bot level's name ("Normal bot").
menu-statistics = Statistics
menu-watch = Watch a match
# A finished match on the Watch list: its game, who played, who won (results-winners).
watch-line = { $game }: { $players }. { $result }
# A finished solo match on the Watch list: its rank and score (no winner over anybody).
watch-solo = { $game }: { $player } alone. { $rank ->
    [none] Finished.
   *[other] { $rank }, { $score } florins.
}
watch-play-deal = Play this deal
watch-keys = Enter or A: watch   Right: play this deal again   Esc or B: back
stats-empty = No games finished yet: the statistics fill in as people play.
stats-player = Player
stats-played = Games
stats-won = Won
stats-best = Best
stats-hints = Hints
stats-bots = Against bots
stats-won-rate = { $won } ({ $rate }%)
stats-against = { $level }: { $won }/{ $played }
# The Duchess solo: the best rank and florins, the median, over how many games.
stats-solo = solo best { $rank } ({ $best } florins), median { $median } over { $games ->
    [one] 1 game
   *[other] { $games } games
}
stats-chart = { $games ->
    [one] The last solo game, in florins:
   *[other] The last { $games } solo games, in florins (oldest first):
}
stats-kept-aside = The statistics could not be read; the old file is kept as { $file }.
stats-left-in-place = The statistics could not be read nor set aside ({ $why }): { $file } stays as it is and nothing will be saved over it.
notice-write-failed = Could not save { $file }: { $why }

# The replay viewer ("Watch again" on the results).
replay-status = Replay: move { $at } of { $total }
replay-line = Watching a match of { $game }
replay-line-daily = Watching the deal of day { $number }
replay-play = Play
replay-pause = Pause
replay-keys = Left/Right: a move back or on   Enter or A: play or pause   Home/End or PageUp/PageDown: start or end   Esc: menu

# Match codes through the clipboard (results, Watch a match).
results-copy-code = Copy the code
clip-copied = Match code copied: paste it to a friend, or in Watch a match.
clip-not-copied = The code could not be copied: the clipboard did not take it. Write it down from the screen instead.
clip-nothing = Nothing to paste: the clipboard holds no text.
clip-not-a-code = That is not a match code: { $why }
clip-pasting = Reading the clipboard...
watch-paste = Paste a match code
watch-none = No finished match yet: play one, or paste a code someone sent you.
launch-failed = That link could not be opened: { $why }
