"""`toolkit play`: a playtest table in the browser. People take seats, the game's agents
the others, and the rules decide every move through the Game protocol.

    table.py    the table: one game, its seats, the bots' turns, undo, a new deal
    view.py     what a seat's page shows: the generic view of an observation, the game's
                own view (`<game package>.play_view`), the log and the legal actions
    records.py  a table game as a record `toolkit replay --record` reads, and as a ruling
    server.py   the web server (the safety rules and helpers of `toolkit serve`)
    command.py  the `toolkit play` command
"""
