"""``ludus serve``: tables of play over HTTP and WebSocket, for people and bots (docs/server.md).

A layer above the session (``ludus.session``): nothing below imports it. Its modules:

    storage     the database (SQLAlchemy 2): tables, seats, each table's move log; migrations
    protocol    the WebSocket messages: what a client may send, what each seat is sent
    live        the tables in play in this process: a Session each, one move at a time, bots
                worked out in other processes, every connection sent what its seat may see
    app         the FastAPI application: the REST API and the WebSocket
    refresh     carrying the stored tables over an upgrade of ludus that changed what a seat sees
                (``ludus tables refresh``)

It needs the ``web`` extra (``pip install -e '.[web]'``); ``import ludus`` never imports it.
"""

# The least seconds between asking a bot for a move and playing it (``Hub.pace``): more than the
# levels' searches take, so that how fast a bot answers says nothing of its hand.
BOT_PACE = 0.6
