# The deal of the day: the title's Today's deal, the shared line, the statistics.
menu-daily = Today's deal
daily-heading = Today's deal · { $date } · day { $number }
daily-intro = One deal a day for everyone. Your first try counts; play it again as often as you like.
daily-deal-duchess = The Duchess's Necklace, alone
daily-deal-duchess-duel = The Duchess's Necklace against a Hard bot
daily-deal-mykonos = Mýkonos against two Hard bots
daily-deal-goblin-market = Goblin Market against three Hard bots
daily-new = Not played yet today.
daily-begun = Your try is on the table: Continue goes on with it.
daily-given-up = Dealt again before the end: today has no result (play on for fun).
daily-done-place = { $place ->
        [1] 1st
        [2] 2nd
        [3] 3rd
       *[other] { $place }th
    } of { $of }, { $points } points.
daily-done-solo = { $rank }, { $points } florins.
daily-streak = Days played: { $days } · streak: { $streak } · best streak: { $best }
daily-keys = Enter: play · Esc: back
daily-share-head = Come Buy · { $deal } · day { $number }
daily-share-place = { $medal } { $place ->
        [1] 1st
        [2] 2nd
        [3] 3rd
       *[other] { $place }th
    } of { $of } · { $points } points
daily-share-solo = { $rank } · { $points } florins
daily-tag-head = Today's deal · day { $number }
daily-tag-counts = Your first try counts · no undo
daily-tag-again = Played again: this try does not count
results-copy-result = Copy the result
results-copy-link = Copy the link
clip-result-copied = Result and link copied: paste them to a friend.
clip-link-copied = Link copied: it opens this match in a browser.
stats-daily = Today's deal: { $days } days played · streak { $streak } (best { $best })
daily-done-again = Play it again for fun: it no longer counts.
stats-daily-best = { $deal }: best { $how }
undo-daily = No undo in today's deal: every move stands.
launch-no-deal = There is no deal called "{ $deal }" (use { $deals }).
