"""Claim in the terminal: the table as one seat sees it, and the narration of events.

The command line (``ludus.cli``) draws the game through ``FACE`` (below; ``Game.parts.terminal``):

* ``render(observation)`` — the table of ``state.observe(seat)`` as a rich renderable;
* ``narrate(event, viewer)`` — a ``Line`` (plain words and a style tag) for an event *already passed through*
  ``event.seen_by(viewer)`` (a card taken unseen from the deck arrives here as ``None``);
* ``decision(observation, actions)`` — what the seat to move is asked, in words;
* ``moves(actions)`` — the legal moves in the order they are numbered, and their display;
* ``auto_note(observation, action)`` — why a forced move was played for the person;
* ``result(observation)`` — factions won, faction winners and who wins;
* ``turn_label(observation)`` — "phase 1 · trick 3 of 13" (titles, replay steps);
* ``help_text(observation, actions)`` — the move notation, with examples from the game's deck,
  and the rules of its factions in brief.

Everything here reads plain data (observations, events, actions); nothing reads a state, so
nothing here can show what the seat does not know. Cards are written as in the notation,
"dragons 7"; a group of cards of one faction as "dragons 2 5 7".
"""

from __future__ import annotations

import textwrap
from collections import Counter

from rich.columns import Columns
from rich.console import Group
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ...core.narration import Line
from ...core.parts import TerminalFace
from .cards import DEAL, FACTION_VALUES, FACTIONS, card_name, faction_named
from .notation import PLAY, SMASH, TAKE, TAKE_DECK

STYLE = {
    "goblins": "green", "knights": "bright_white", "undead": "magenta", "dwarves": "dark_orange",
    "doppelgangers": "cyan", "gnomes": "bright_green", "giants": "yellow", "dragons": "red",
    "trolls": "orange4", "seers": "bright_blue",
}
TOTAL = {FACTIONS[f]: len(values) for f, values in FACTION_VALUES.items()}
PHASE_NAMES = {1: "recruit followers", 2: "win the factions"}


# -- words ----------------------------------------------------------------------------------


def _seat(p: int | None) -> str:
    return f"seat {p}" if p is not None else "nobody"


def _who(p: int, viewer: int | None) -> str:
    """``You`` for the viewer, else ``Seat N`` (the start of a sentence)."""
    return "You" if p == viewer else f"Seat {p}"


def _whom(p: int, viewer: int | None) -> str:
    """``you`` for the viewer, else ``seat N`` (inside a sentence)."""
    return "you" if p == viewer else f"seat {p}"


def _split(card: str) -> tuple[str, int]:
    faction, _, value = card.partition(" ")
    return faction, int(value)


def _card(card: str) -> str:
    """A card as rich markup, coloured by faction."""
    faction, _ = _split(card)
    return f"[{STYLE.get(faction, 'bold')}]{escape(card)}[/]"


def _cards(cards) -> str:
    return ", ".join(_card(c) for c in cards) if cards else "nothing"


def _grouped(cards, order: list[str] | None = None) -> Text:
    """Cards grouped by faction, values ascending: ``dragons 2 5 7 · seers 0``."""
    groups: dict[str, list[int]] = {}
    for c in cards:
        f, v = _split(c)
        groups.setdefault(f, []).append(v)
    ranked = order or list(FACTIONS)
    keys = sorted(groups, key=lambda f: ranked.index(f) if f in ranked else len(ranked))
    text = Text()
    for i, f in enumerate(keys):
        if i:
            text.append(" · ", style="dim")
        text.append(f + " " + " ".join(str(v) for v in sorted(groups[f])), style=STYLE.get(f, ""))
    return text if text.plain else Text("—", style="dim")


def _rank(trick: list[dict]) -> list[int]:
    """K12 on a trick as the observation shows it: seats, best first."""
    if not trick:
        return []
    led = _split(trick[0]["card"])[0]
    keys = []
    for i, play in enumerate(trick):
        f, v = _split(play["card"])
        tier = 2 if led == "goblins" and f == "knights" else 1 if f in (led, "doppelgangers") else 0
        keys.append((tier, v, -i, play["seat"]))
    return [k[3] for k in sorted(keys, reverse=True)]


def _tricks_per_phase(o: dict) -> int:
    return DEAL.get(o["players"], 13)


def _trick_number(o: dict) -> int:
    done = o["tricks_done"] - (_tricks_per_phase(o) if o["phase"] == 2 else 0)
    return min(done + 1, _tricks_per_phase(o))


def turn_label(observation: dict) -> str:
    """Where the game is: ``phase 1 · trick 3 of 13`` (or ``game over``)."""
    o = observation
    if o["over"]:
        return "game over"
    return f"phase {o['phase']} · trick {_trick_number(o)} of {_tricks_per_phase(o)}"


# -- the table ------------------------------------------------------------------------------


def _trick_line(o: dict) -> Text:
    you = o.get("seat")
    trick = o["trick"]
    line = Text("Trick: ", style="bold")
    if not trick:
        if o["step"] == "play":
            line.append(f"{_whom(o['to_move'], you)} to lead")
        elif o["step"] in ("choose-prize", "second-prize") and o["to_move"] is not None:
            line.append(f"over — {_whom(o['to_move'], you)} to choose a prize")
        elif o["step"] == "choose-smash" and o["to_move"] is not None:
            line.append(f"over — {_whom(o['to_move'], you)} to choose whose Gnome a Giant smashes")
        else:
            line.append("—")
        return line
    for i, play in enumerate(trick):
        if i:
            line.append(" · ", style="dim")
        line.append(f"{_whom(play['seat'], you)} ")
        line.append_text(Text.from_markup(_card(play["card"])))
        if i == 0:
            line.append(" (led)", style="dim")
    best = _rank(trick)[0]
    line.append(f"   → {_whom(best, you)} ahead", style="italic")
    return line


def _last_trick_line(o: dict) -> Text | None:
    if "last_trick" not in o:
        return None
    you = o.get("seat")
    line = Text("Last trick: ", style="bold")
    for i, play in enumerate(o["last_trick"]):
        if i:
            line.append(" · ", style="dim")
        line.append(f"{_whom(play['seat'], you)} ")
        line.append_text(Text.from_markup(_card(play["card"])))
    ranking = o["last_ranking"]
    line.append(f"  → {_whom(ranking[0], you)} won{_then(ranking, you)}")
    nxt = o.get("next_leader")
    if nxt is not None and nxt != ranking[0]:
        line.append(f"; the Dragon makes {_whom(nxt, you)} lead", style="yellow")
    return line


def _seats_table(o: dict) -> Table:
    """One row per seat: counts on the first line, then its piles and what is known of it."""
    you = o.get("seat")
    phase = o["phase"]
    t = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, show_header=False)
    t.add_column("", no_wrap=True)
    t.add_column("", ratio=1)
    for p, s in enumerate(o["seats"]):
        mark = "▶ " if o["to_move"] == p else "  "
        tag = " (you)" if p == you else ""
        if o["players"] == 4 and you is not None and p != you and p % 2 == you % 2:
            tag = " (partner)"
        name = Text(mark + _seat(p) + tag, style="bold" if p == you or o["to_move"] == p else "")
        lines: list[Text] = []
        first = Text(f"hand {s['hand_size']}")
        if phase == 1 and not o["over"]:
            first.append(f" · followers {s['follower_pile_size']}")
        if s["lacks"] and not o["over"]:
            first.append(" · has no ", style="dim")
            first.append(", ".join(s["lacks"]), style="italic")
        lines.append(first)
        for label, cards in (("score pile", s["score_pile"]), ("gnome area", s["gnome_area"])):
            if cards:
                line = Text(f"{label}: ", style="dim")
                line.append_text(_grouped(cards, o["factions"]))
                lines.append(line)
        if p != you and not o["over"]:
            known = Text()
            if s["known_cards"]:
                known.append("seen taken: " if phase == 1 else "known in hand: ", style="dim")
                known.append_text(_grouped(s["known_cards"], o["factions"]))
            seer = s.get("seen_by_your_seer")
            if seer:
                known.append("   your Seer saw them take: " if known.plain else "your Seer saw them take: ",
                             style="dim")
                known.append_text(_grouped(seer, o["factions"]))
            for look in s.get("taken_under_a_seer", []):
                if look["seer"] != you:
                    n = look["cards"]
                    known.append(("   " if known.plain else "")
                                 + f"{_seat(look['seer'])}'s Seer saw {n} card{'s' if n > 1 else ''} they took",
                                 style="dim")
            if known.plain:
                lines.append(known)
        t.add_row(name, Text("\n").join(lines))
    return t


def _sides(o: dict, short: bool = False) -> list[tuple[str, list[int]]]:
    """Scoring sides: each seat, or the two teams with 4 players (K33)."""
    you = o.get("seat")
    if o["players"] == 4:
        return [(("" if short else "team ") + f"{a}+{b}" + (" (yours)" if you in (a, b) else ""), [a, b])
                for a, b in ((0, 2), (1, 3))]
    return [(_seat(p) + (" (you)" if p == you else ""), [p]) for p in range(o["players"])]


def _holdings(o: dict, seats: list[int], faction: str, gnomes: bool = True) -> list[int]:
    values = []
    for p in seats:
        s = o["seats"][p]
        pile = s["score_pile"] + (s["gnome_area"] if gnomes else [])
        values += [_split(c)[1] for c in pile if _split(c)[0] == faction]
    return sorted(values, reverse=True)


def _leaders(holdings: list[list[int]]) -> list[int]:
    """K30: the side(s) ahead in one faction (empty: nobody holds any)."""
    best = max(holdings, key=lambda h: (len(h), h))
    if not best:
        return []
    return [i for i, h in enumerate(holdings) if (len(h), h) == (len(best), best)]


def _unplayed(o: dict) -> Counter:
    """Per faction, the cards not yet seen out of play (in hands, or in the deck in phase 1)."""
    out: Counter = Counter()
    gone = list(o["discard"]) + list(o["removed"]) + list(o["trolls_waiting"])
    gone += [p["card"] for p in o["trick"]]
    for s in o["seats"]:
        gone += s["score_pile"] + s["gnome_area"]
    gone_by = Counter(_split(c)[0] for c in gone)
    for f in o["factions"]:
        out[f] = TOTAL[f] - gone_by[f]
    return out


def _tally(o: dict) -> Table:
    """Phase 2: cards per faction per side (score pile + Gnome area), the current leader bold."""
    sides = _sides(o, short=True)
    factions = o["factions"]
    t = Table(box=None, padding=(0, 1), show_edge=False, pad_edge=False, header_style="bold",
              title="Faction tally: cards (highest) in score pile + gnome area; bold: ahead now",
              title_justify="left", title_style="bold")
    t.add_column("", no_wrap=True)
    for f in factions:
        short = "doppel." if f == "doppelgangers" else f
        t.add_column(Text(short, style=STYLE.get(f, "")), justify="center")
    t.add_column("ahead", justify="right")
    cells = []
    ahead = [0] * len(sides)
    for f in factions:
        holdings = [_holdings(o, seats, f) for _, seats in sides]
        leaders = _leaders(holdings)
        if len(leaders) == 1:
            ahead[leaders[0]] += 1
        column = []
        for i, h in enumerate(holdings):
            text = f"{len(h)}" + (f" ({h[0]})" if h else "")
            alone = len(leaders) == 1 and leaders[0] == i
            style = "bold green" if alone else ("bold" if i in leaders else "")
            column.append(Text(text if h else "·", style=style if h else "dim"))
        cells.append(column)
    for i, (label, _) in enumerate(sides):
        t.add_row(label, *[column[i] for column in cells], str(ahead[i]))
    unplayed = _unplayed(o)
    t.add_row(Text("unplayed", style="dim"), *[Text(str(unplayed[f]), style="dim") for f in factions],
              "")
    return t


def render(observation: dict) -> Group:
    """The table as ``observation['seat']`` sees it."""
    o = observation
    you = o.get("seat")
    parts: list = []
    head = Text()
    if o["over"]:
        head.append("Final table", style="bold")
    else:
        head.append(f"Phase {o['phase']} — {PHASE_NAMES[o['phase']]}", style="bold")
        head.append(f" · trick {_trick_number(o)} of {_tricks_per_phase(o)}")
        if o["phase"] == 1:
            head.append(f" · deck {o['deck_size']} cards")
    parts.append(head)
    if o["phase"] == 1 and not o["over"]:
        line = Text("Factions: ", style="dim")
        line.append_text(Text.from_markup(" ".join(f"[{STYLE.get(f, '')}]{f}[/]" for f in o["factions"])))
        parts.append(line)
    if o["players"] == 4:
        team = "" if you is None else f" (you play with seat {(you + 2) % 4})"
        parts.append(Text(f"Teams: seats 0+2 against seats 1+3{team}", style="dim"))
    if o["phase"] == 1 and not o["over"]:
        prizes = o["prizes"]
        line = Text("Prize: " if len(prizes) == 1 else "Prizes: ", style="bold")
        line.append_text(Text.from_markup(_cards(prizes) if prizes else "—"))
        if o["players"] == 2:
            line.append("   (winner takes it; loser: top deck card)", style="dim")
        else:
            line.append("   (1st picks, 2nd gets the other, the rest: deck cards)", style="dim")
        parts.append(line)
    if not o["over"]:
        parts.append(_trick_line(o))
    last = _last_trick_line(o)
    if last is not None:
        parts.append(last)
    parts.append(_seats_table(o))
    if o["phase"] == 2 or o["trolls_waiting"]:
        line = Text("Trolls waiting: ", style="bold")
        line.append_text(_grouped(o["trolls_waiting"]) if o["trolls_waiting"] else Text("none", style="dim"))
        parts.append(line)
    if o["phase"] == 2 and not o["over"]:
        parts.append(_tally(o))
    if you is not None:
        me = o["seats"][you]
        if "hand" in me and not o["over"]:
            line = Text(f"Your hand ({len(me['hand'])}): ", style="bold")
            line.append_text(_grouped(me["hand"], o["factions"]))
            parts.append(line)
        if o["phase"] == 1 and "follower_pile" in me and not o["over"]:
            line = Text(f"Your followers ({len(me['follower_pile'])}): ", style="bold")
            line.append_text(_grouped(me["follower_pile"], o["factions"]))
            parts.append(line)
        if o.get("seer_sees"):
            parts.append(Text.from_markup(f"[bold]Your Seer sees[/bold] {_card(o['seer_sees'])} "
                                          "on top of the deck."))
    return Group(*parts)


# -- narration ------------------------------------------------------------------------------


def _then(ranking, viewer) -> str:
    """The places after the winner, where they matter (the prizes of 3-4 players, K13)."""
    if len(ranking) <= 2:
        return ""
    return " (then " + ", ".join(_whom(r, viewer) for r in ranking[1:]) + ")"


def _names(cards) -> str:
    """Cards in plain words, for narration: ``dragons 7, seers 2``."""
    return ", ".join(cards) if cards else "nothing"


def narrate(event, viewer: int | None = None) -> Line | None:
    """One line for ``event`` as ``viewer`` saw it (None: not worth a line).

    ``event`` must already be ``original.seen_by(viewer)``: hidden fields are None.
    """
    kind = type(event).__name__
    e = event
    p = getattr(e, "player", None)
    if kind == "PrizesRevealed":
        word = "Prize" if len(e.cards) == 1 else "Prizes"
        return Line(f"{word} revealed: {_names(e.cards)}", "quiet")
    if kind == "CardPlayed":
        text = f"{_who(p, viewer)} played {e.card}"
        if not e.followed:
            text += " (did not follow: no card of the led faction)"
        return Line(text)
    if kind == "TrickWon":
        return Line(f"{_who(e.winner, viewer)} won the trick{_then(e.ranking, viewer)}", "strong")
    if kind == "PrizeTaken":
        return Line(f"{_who(p, viewer)} took the prize {e.card}")
    if kind == "DeckCardTaken":
        if e.card is None:
            return Line(f"{_who(p, viewer)} took a card from the deck")
        if p == viewer:
            return Line(f"You took {e.card} from the deck")
        return Line(f"{_who(p, viewer)} took {e.card} from the deck (your Seer saw it)")
    if kind == "SeerLooked":
        if e.card is None:
            return Line(f"{_who(p, viewer)}'s Seer looked at the top deck card", "action")
        return Line(f"Your Seer saw {e.card} on top of the deck", "action")
    if kind == "CardsCollected":
        cards = _names(e.cards)
        if e.where == "gnomes":
            return Line(f"{_who(p, viewer)} put {cards} in {'your' if p == viewer else 'their'} Gnome area")
        return Line(f"{_who(p, viewer)} scored {cards}")
    if kind == "TrollsWaiting":
        return Line(f"Trolls left waiting: {_names(e.cards)}", "quiet")
    if kind == "TrollsDiscarded":
        return Line(f"Trolls still waiting at the end are discarded, scoring for nobody: {_names(e.cards)}")
    if kind == "GnomeSmashed":
        whose = "your" if e.victim == viewer else f"seat {e.victim}'s"
        return Line(f"{_who(p, viewer)}{'r' if p == viewer else chr(39) + 's'} Giant smashed "
                    f"{whose} gnomes {e.value}", "action")
    if kind == "PhaseTwoBegins":
        return Line(f"Phase 2 begins: follower piles become hands; "
                    f"{_whom(e.leader, viewer)} lead{'' if e.leader == viewer else 's'}", "strong")
    if kind == "GameOver":
        won = ", ".join(f"{_whom(i, viewer)} {n}" for i, n in enumerate(e.factions_won))
        best = max(e.returns)
        winners = [i for i, r in enumerate(e.returns) if r == best and r > 0]
        verdict = ("a draw" if not winners else
                   " and ".join(_whom(i, viewer) for i in winners) + (" win" if len(winners) > 1
                                                                    or winners[0] == viewer else " wins"))
        return Line(f"Game over: factions won {won} — {verdict}", "strong")
    return Line(f"{kind}: {event.to_dict()}")


# -- decisions ------------------------------------------------------------------------------


def _stake(o: dict) -> str:
    """What the trick is for, as a short note."""
    if o["phase"] == 1:
        prizes = o["prizes"]
        return f"[dim] · for {_cards(prizes)}[/dim]" if prizes else ""
    return ""


def decision(observation: dict, actions: list) -> str:
    """What the seat to move is asked now, in words (rich markup)."""
    o = observation
    you = o["seat"]
    step = o["step"]
    if step == "play":
        hand = o["seats"][you].get("hand", [])
        trick = o["trick"]
        if not trick:
            return "Lead a card" + _stake(o)
        led = o["led_faction"]
        holds = any(_split(c)[0] == led for c in hand)
        if led == "doppelgangers":
            if holds:
                return "Follow doppelgangers (you must play doppelgangers)" + _stake(o)
            return "Follow doppelgangers — you have none: play any card" + _stake(o)
        if holds:
            doppel = " or a doppelganger" if "doppelgangers" in o["factions"] else ""
            return f"Follow {led} (you must play {led}{doppel})" + _stake(o)
        note = ""
        if led == "goblins" and any(_split(c)[0] == "knights" for c in hand):
            note = " (knights beat goblins)"
        return f"Follow {led} — you have no {led}: play any card{note}" + _stake(o)
    if step == "choose-prize":
        if any(a[0] == TAKE_DECK for a in actions):
            seen = o.get("seer_sees")
            what = f" (the deck card is {_card(seen)})" if seen else ""
            return f"Your Seer: take the deck card or a prize{what}"
        ranking = o.get("last_ranking", [])
        if len(ranking) > 1:
            return f"Choose your prize (the other goes to {_whom(ranking[1], you)})"
        return "Choose your prize"
    if step == "second-prize":
        ranking = o.get("last_ranking", [])
        rest = ranking[2] if len(ranking) > 2 else None
        other = f" (the other goes to {_whom(rest, you)})" if rest is not None else ""
        return f"Choose your prize{other}"
    if step == "choose-smash":
        values = o.get("smash_values") or []
        which = f" (gnomes {values[0]})" if values else ""
        return f"Choose whose Gnome your Giant removes{which}"
    return f"Choose a move ({escape(step)})"


def auto_note(observation: dict, action) -> str:
    """Why ``action``, the only legal move, was played for the person — the why only: the
    move's own narration, which follows, says what was played."""
    o = observation
    you = o["seat"]
    kind = action[0]
    if kind == PLAY:
        hand = o["seats"][you].get("hand", [])
        if len(hand) == 1:
            return "Your last card is played."
        if len(set(hand)) == 1:       # leading or not, every card is the same (K1)
            return "Your cards are all alike."
        return f"You must follow {o['led_faction']}, and only your {card_name(action[1])} can."
    if kind == TAKE:
        return "Only one prize is left." if len(o["prizes"]) == 1 else "The prizes are the same card."
    if kind == SMASH:
        return f"Only seat {action[1]} holds a matching Gnome."
    return f"Only one legal move: {escape(str(action))}."


# -- moves ----------------------------------------------------------------------------------


def moves(actions: list) -> tuple[list, Group]:
    """The moves in the order they are numbered (from 1), and how they are shown.

    Cards to play are listed one row per faction, values ascending; prizes and targets follow.
    """
    plays = sorted((a for a in actions if a[0] == PLAY), key=lambda a: (a[1] // 10, a[1] % 10))
    rest = [a for a in actions if a[0] != PLAY]
    rest.sort(key=lambda a: (a[0] == TAKE_DECK, a[0], a[1]))
    ordered = plays + rest
    parts: list = []
    if plays:
        # A row per faction, wrapped where the screen ends (a hand may hold 7 of one faction);
        # every item as wide as the widest, so the columns line up from row to row.
        items = []
        for n, a in enumerate(plays, start=1):
            item = Text(f"{n:>2} ", style="bold")
            item.append(str(a), style=STYLE.get(FACTIONS[a[1] // 10], ""))
            items.append(item)
        width = max(item.cell_len for item in items)
        for item in items:
            item.align("left", width)
        by_faction: dict[int, list] = {}
        for a, item in zip(plays, items, strict=True):
            by_faction.setdefault(a[1] // 10, []).append(item)
        parts += [Columns(row, padding=(0, 2)) for row in by_faction.values()]
    if rest:
        items = []
        for i, a in enumerate(rest, start=len(plays) + 1):
            item = Text(f"{i:>2} ", style="bold")
            if a[0] == TAKE:
                item.append("take ")
                item.append_text(Text.from_markup(_card(str(a)[5:])))
            elif a[0] == TAKE_DECK:
                item.append("take deck", style="bold")
                item.append(" (the card your Seer sees)", style="dim")
            else:
                item.append(f"smash {a[1]}")
                item.append(f" (seat {a[1]}'s Gnome)", style="dim")
            items.append(item)
        parts.append(Columns(items, padding=(0, 3)))
    return ordered, Group(*parts)


# -- the end --------------------------------------------------------------------------------


def result(observation: dict) -> Group:
    """Per faction, each side's cards and who wins it; factions won; who wins the game."""
    o = observation
    you = o.get("seat")
    sides = _sides(o)
    winners = o.get("faction_winners", {})
    t = Table(box=None, padding=(0, 2), show_edge=False, pad_edge=False, header_style="bold")
    t.add_column("faction")
    for label, _ in sides:
        t.add_column(label)
    t.add_column("won by")
    for f in o["factions"]:
        row: list = [Text(f, style=STYLE.get(f, ""))]
        for i, (_, seats) in enumerate(sides):
            h = _holdings(o, seats, f)
            text = f"{len(h)}: " + " ".join(map(str, h)) if h else "0"
            row.append(Text(text, style="bold green" if winners.get(f) == i else ""))
        w = winners.get(f)
        row.append(sides[w][0] if w is not None else Text("nobody (tie)", style="dim"))
        t.add_row(*row)
    won = o.get("factions_won", [])
    side_won = [won[seats[0]] for _, seats in sides] if won else []
    t.add_row(Text("factions won", style="bold"), *[Text(str(n), style="bold") for n in side_won], "")
    returns = o.get("returns", [0.0] * o["players"])
    best = max(returns)
    top = [p for p, r in enumerate(returns) if r == best and r > 0]
    if not top:
        verdict = f"[bold]A draw[/bold]: {' to '.join(map(str, side_won))} factions."
    elif o["players"] == 4:
        team = top[0] % 2
        name = "Your team wins" if you is not None and you % 2 == team else f"Team {team}+{team + 2} wins"
        score = f"{side_won[team]} to {side_won[1 - team]}"
        style = "bold green" if you is None or you % 2 == team else "bold red"
        verdict = f"[{style}]{name}[/{style}], {score} factions."
    else:
        names = [("you" if p == you else _seat(p)) for p in top]
        joined = " and ".join(names)
        joined = joined[0].upper() + joined[1:]
        verb = "win" if len(top) > 1 or top[0] == you else "wins"
        style = "bold green" if you is None or you in top else "bold red"
        tie = sum(1 for p in range(o["players"]) if won[p] == won[top[0]]) > len(top)
        how = f"with {won[top[0]]} factions" + (" (on the tie-break: most cards in one faction, "
                                                "then the sum of the factions won)" if tie else "")
        if len(top) > 1:
            how += " — a shared win"
        verdict = f"[{style}]{joined} {verb}[/{style}] {how}."
    return Group(Text("Game over", style="bold"), t, Text.from_markup(verdict))


def _example_card(o: dict, actions: list) -> str:
    """A card for the help's examples: one the seat may play now, else one it holds, else the
    highest of the deck's first faction — always a card of this game's deck."""
    plays = [str(a) for a in actions if a[0] == PLAY]
    hand = o["seats"][o["seat"]].get("hand", []) if o.get("seat") is not None else []
    if plays or hand:
        return (plays or hand)[0]
    first = FACTIONS.index(o["factions"][0])
    return f"{FACTIONS[first]} {FACTION_VALUES[first][-1]}"


def _prefix(faction: str) -> str:
    """The shortest prefix (3 letters or more) that names ``faction`` alone."""
    f = FACTIONS.index(faction)
    return next(faction[:n] for n in range(3, len(faction) + 1) if faction_named(faction[:n]) == f)


def _help_rows(rows: list[tuple[str, str]]) -> list[str]:
    """Examples in a column, each followed by what it does (rich markup)."""
    width = max(len(example) for example, _ in rows) + 3
    return [f"  [cyan]{escape(example)}[/cyan]{' ' * (width - len(example))}{what}" for example, what in rows]


def _help_paragraph(head: str, sentences: list[str]) -> str:
    """``head``: the sentences, wrapped under 80 characters, the head in bold."""
    body = " ".join(sentences)
    text = textwrap.fill(f"{head}: {body[:1].lower()}{body[1:]}", width=78)
    return f"[bold]{head}[/bold]{escape(text[len(head):])}"


def help_text(observation: dict, actions: list) -> str:
    """The move notation and the rules in brief (rich markup), in lines under 80 characters.
    The examples are cards of this game's deck (a legal move, else a card of the hand), and the
    rules told are those of the factions in the deck."""
    o = observation
    deck = set(o["factions"])
    card = _example_card(o, actions)
    faction, value = _split(card)
    takes = [str(a) for a in actions if a[0] == TAKE]
    prize = takes[0] if takes else f"take {(o.get('prizes') or [card])[0]}"
    rows = [(card, f"play a card ([cyan]play {_prefix(faction)} {value}[/cyan] also reads)"),
            (prize, "(phase 1) take that face-up prize")]
    if "seers" in deck:
        rows.append(("take deck", "(phase 1, your Seer won) take the top deck card you saw instead"))
    if "giants" in deck and o["players"] > 2:   # with one opponent a Giant's target is no choice
        other = (o["seat"] + 1) % o["players"] if o.get("seat") is not None else 1
        rows.append((f"smash {other}", f"(phase 2, you won a Giant) remove seat {other}'s Gnome of its value"))
    tricks = ["Follow the led faction if you can"
              + (" (a doppelganger always may be played and counts as the led faction)"
                 if "doppelgangers" in deck else "")
              + "; the highest card of the led faction wins, ties go to the earlier card"
              + ("; knights beat goblins." if "knights" in deck else ".")]
    if o.get("dragon") == "last-dragon":
        tricks.append("The player of the trick's last dragon leads next, even if other cards"
                      " followed it (this table's dragon rule).")
    elif "dragons" in deck:
        tricks.append("A dragon played as the trick's last card makes its player lead next.")
    if o["players"] == 2:
        phase1 = ["The trick winner takes the face-up prize; the loser an unseen deck card."]
    else:
        phase1 = ["The trick winner chooses one of the two face-up prizes, the second the other;"
                  " the rest get unseen deck cards."]
    if "undead" in deck:
        phase1.append("Undead played go to the winner's score pile.")
    if "seers" in deck:
        phase1.append("A winning Seer peeks at the top deck card.")
    phase2 = ["Your followers are your hand; tricks go to the winner's score pile."]
    powers = {"dwarves": "Dwarves go to the loser.", "gnomes": "Gnomes go to a Gnome area.",
              "giants": "Each Giant you win smashes an opponent's Gnome of its value.",
              "trolls": "One troll per trick goes to the winner (the rest wait)."}
    phase2 += [words for f, words in powers.items() if f in deck]
    winning = [("Partners pool their cards. " if o["players"] == 4 else "")
               + "Most cards of a faction wins it (tie: the highest card); most factions wins."]
    return "\n".join(
        ["[bold]Moves[/bold]: type a move's number, or the move itself (a faction by any prefix unique in this deck):",
         *_help_rows(rows),
         _help_paragraph("Tricks", tricks), _help_paragraph("Phase 1", phase1),
         _help_paragraph("Phase 2", phase2), _help_paragraph("Winning", winning),
         "[dim]" + textwrap.fill("Factions in this game: " + ", ".join(o["factions"]) + ".", width=78) + "[/dim]"])


# What the command line draws this game with (ludus.core.parts).
FACE = TerminalFace(
    render=render, narrate=narrate, decision=decision, moves=moves, auto_note=auto_note,
    result=result, turn_label=turn_label, help_text=help_text,
    no_undo="in Claim every move shows cards that were hidden, and what was shown stays known")
