"""The plan of a tournament: tables, shared deals, seat rotations, seeds."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from ludus import OptionError
from ludus.arena import Tournament, entrant_names


def test_two_seats_every_pairing_same_deals_both_seatings():
    t = Tournament("claim", ["heuristic", "random", "random"], games=4, seed=9)
    units = t.units()
    assert t.tables == [(0, 1), (0, 2), (1, 2)]
    assert t.deals == 2 and t.games_per_table == 4
    assert len(units) == 3 * 2 * 2
    assert [u.index for u in units] == list(range(len(units)))
    assert len({u.key for u in units}) == len(units)
    for u in units:
        table = t.tables[u.table]
        assert u.seats == tuple(table[(p + u.rotation) % 2] for p in range(2))
        assert u.specs == tuple(t.specs[a] for a in u.seats)
        assert u.deal_seed == t.deal_seed(u.deal)
    # duplicate-style: deal d has one seed, whatever the table; different deals differ
    seeds = {}
    for u in units:
        seeds.setdefault(u.deal, set()).add(u.deal_seed)
    assert all(len(s) == 1 for s in seeds.values())
    assert len({next(iter(s)) for s in seeds.values()}) == t.deals
    # each (table, deal) is played in both seatings
    for (table, _deal), group in itertools.groupby(units, key=lambda u: (u.table, u.deal)):
        group = list(group)
        assert sorted(u.rotation for u in group) == [0, 1]
        assert {u.seats for u in group} == {t.tables[table], t.tables[table][::-1]}


def test_games_round_up_to_whole_rotations():
    t = Tournament("caesar-cleopatra", ["heuristic", "random"], games=5, seed=1)
    assert t.deals == 3 and t.games_per_table == 6 and len(t.units()) == 6


def test_three_seats_every_table_every_seat_every_deal():
    t = Tournament("claim", ["heuristic", "random", "random", "heuristic"], games=3, seed=4,
                   options={"players": 3})
    units = t.units()
    assert t.seats == 3 and t.tables == list(itertools.combinations(range(4), 3))
    assert len(units) == 4 * 1 * 3
    for table_index, table in enumerate(t.tables):
        mine = [u for u in units if u.table == table_index]
        for agent in table:   # every agent of the table sits once in every seat of the deal
            assert sorted(u.seats.index(agent) for u in mine) == [0, 1, 2]
    seat_counts = Counter((a, p) for u in units for p, a in enumerate(u.seats))
    assert set(seat_counts.values()) == {3}     # each agent in 3 tables, once per seat in each


def test_agent_seeds_derive_from_the_tournament_seed_and_the_unit():
    a = Tournament("claim", ["heuristic", "random"], games=4, seed=1).units()
    b = Tournament("claim", ["heuristic", "random"], games=4, seed=1).units()
    c = Tournament("claim", ["heuristic", "random"], games=4, seed=2).units()
    assert a == b
    assert [u.agent_seeds for u in a] != [u.agent_seeds for u in c]
    assert [u.deal_seed for u in a] != [u.deal_seed for u in c]
    all_seeds = [s for u in a for s in u.agent_seeds]
    assert len(set(all_seeds)) == len(all_seeds)


def test_options_are_canonical_and_kept():
    t = Tournament("caesar-cleopatra", ["random", "random"], games=2, options={"wrath": "face-up"})
    assert t.options["wrath"] == "face-up" and "edition" in t.options


def test_entrant_names_number_repeats():
    assert entrant_names(["random", "heuristic", "random", "random"]) == [
        "random", "heuristic", "random#2", "random#3"]


@pytest.mark.parametrize("kwargs,text", [
    ({"specs": ["random"]}, "at least 2 agents"),
    ({"specs": ["random", "nobody"]}, "unknown agent 'nobody'"),
    ({"specs": ["random", "ismcts:iterations=0"]}, "iterations must be at least 1"),
    ({"specs": ["random", "heuristic"], "games": 0}, "games must be"),
    ({"specs": ["random", "heuristic"], "options": {"players": 3}}, "has 3 seats but only 2 agents"),
    ({"specs": ["random", "heuristic"], "options": {"nope": 1}}, "has no option nope"),
])
def test_bad_input_is_refused_before_any_game(kwargs, text):
    kwargs = {"game_id": "claim", "seed": 1, **kwargs}
    with pytest.raises(OptionError, match=text):
        Tournament(**kwargs)


def test_unknown_game():
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        Tournament("chess", ["random", "random"])


def test_partners_are_not_rated_against_each_other():
    """4-player Claim with fixed partners: the 1st and 3rd agents of a table are partners in every
    rotation; they share every return, so comparing them would add forced draws that pull their
    ratings together."""
    t = Tournament("claim", ["heuristic", "random", "heuristic", "random"], games=4, seed=2,
                   options={"players": 4}, partners="fixed")
    result = t.run()
    assert result.meetings[0][2] == result.meetings[1][3] == 0
    assert result.meetings[0][1] == result.meetings[0][3] == result.meetings[2][1] == 4
    assert "partners are not compared" in result.to_dict()["scoring"]


def partner_pairs(unit, teams=((0, 2), (1, 3))):
    return {frozenset(unit.seats[p] for p in team) for team in teams}


def test_rotated_partners_every_agent_partners_every_other_equally():
    """K6 teams with partners="rotate" (the default): each deal is seated in all 3 splits of a
    table into two pairs, each in all 4 rotations — everyone partners everyone 4 times a deal,
    sits every seat 3 times, and the listed split comes first, as "fixed" plays it."""
    rotate = Tournament("claim", ["ismcts:easy", "heuristic", "random", "random"], games=1, seed=2,
                        options={"players": 4})
    fixed = Tournament("claim", ["ismcts:easy", "heuristic", "random", "random"], games=1, seed=2,
                       options={"players": 4}, partners="fixed")
    units = rotate.units()
    assert rotate.games_per_deal == len(units) == 12 and rotate.deals == 1
    assert len({u.key for u in units}) == 12 and sorted(u.rotation for u in units) == list(range(12))
    partnered = Counter(pair for u in units for pair in partner_pairs(u))
    assert partnered == {frozenset(pair): 4 for pair in itertools.combinations(range(4), 2)}
    assert set(Counter((a, p) for u in units for p, a in enumerate(u.seats)).values()) == {3}
    for u in units:     # a seating's rotations keep its split
        assert partner_pairs(u) == partner_pairs(units[u.rotation // 4 * 4])
    assert fixed.units() == units[:4]
    assert {partner_pairs(u) == {frozenset({0, 2}), frozenset({1, 3})} for u in fixed.units()} == {True}


def test_rotated_partners_rate_each_agent_not_the_team():
    """With four agents and fixed partners, partners share every result and so one rating; with
    rotated partnerships each agent meets every other as an opponent and is rated on its own."""
    specs = ["heuristic", "random", "heuristic", "random"]
    fixed = Tournament("claim", specs, games=4, seed=3, options={"players": 4}, partners="fixed").run()
    assert fixed.ratings[0].rating == pytest.approx(fixed.ratings[2].rating)
    rotate = Tournament("claim", specs, games=12, seed=3, options={"players": 4}).run()
    assert all(rotate.meetings[i][j] == 8 for i in range(4) for j in range(4) if i != j)
    heuristics, randoms = (rotate.ratings[0], rotate.ratings[2]), (rotate.ratings[1], rotate.ratings[3])
    assert min(r.rating for r in heuristics) > max(r.rating for r in randoms)
    data = rotate.to_dict()
    assert data["partners"] == "rotate" and data["order"] == "cyclic"
    assert data["seatings"][::4] == [[0, 1, 2, 3], [0, 1, 3, 2], [0, 2, 1, 3]]


def test_partners_plan_does_not_change_games_without_teams():
    for options in ({}, {"players": 3}):
        rotate = Tournament("claim", ["heuristic", "random", "random"], games=3, seed=5, options=options)
        fixed = Tournament("claim", ["heuristic", "random", "random"], games=3, seed=5, options=options,
                           partners="fixed")
        assert rotate.seatings == fixed.seatings and rotate.units() == fixed.units()


def follows(unit, a, b) -> bool:
    """Whether agent b plays right after agent a (the next seat round the table)."""
    n = len(unit.seats)
    return unit.seats[(unit.seats.index(a) + 1) % n] == b


def test_every_order_round_the_table_cancels_who_plays_after_whom():
    """Three seats: cyclic rotations always seat B after A (or never); order="all" plays the 6
    orders, so every agent follows every other in half the games and sits every seat twice."""
    cyclic = Tournament("seize-rome", ["heuristic", "random", "random"], games=3, seed=1, options={"players": 3})
    every = Tournament("seize-rome", ["heuristic", "random", "random"], games=3, seed=1, options={"players": 3},
                       order="all")
    assert {sum(follows(u, 0, 1) for u in cyclic.units())} <= {0, 3}
    units = every.units()
    assert every.games_per_deal == every.games_per_table == len(units) == 6
    assert len({u.seats for u in units}) == 6
    for a, b in itertools.permutations(range(3), 2):
        assert sum(follows(u, a, b) for u in units) == 3
    assert set(Counter((a, p) for u in units for p, a in enumerate(u.seats)).values()) == {2}
    assert every.seatings_text() == "6 seatings, every order around the table"
    assert cyclic.seatings_text() == "3 seat rotations"


def test_every_order_with_teams():
    """Four seats: all 24 orders, or with fixed partners the 8 that keep the listed teams."""
    specs, options = ["heuristic", "random", "random", "random"], {"players": 4}
    every = Tournament("claim", specs, games=1, seed=1, options=options, order="all")
    assert len(every.units()) == 24 and len({u.seats for u in every.units()}) == 24
    kept = Tournament("claim", specs, games=1, seed=1, options=options, order="all", partners="fixed")
    assert len(kept.units()) == 8
    assert {frozenset(partner_pairs(u)) for u in kept.units()} == {frozenset({frozenset({0, 2}), frozenset({1, 3})})}
    assert kept.seatings_text() == "8 seatings, every order around the table that keeps the partners"
    rotate = Tournament("claim", specs, games=1, seed=1, options=options)
    assert rotate.seatings_text() == "12 seatings, 3 partnerships × 4 rotations"


def test_two_seats_have_the_same_two_seatings_in_any_order_plan():
    a = Tournament("claim", ["heuristic", "random"], games=4, seed=1)
    b = Tournament("claim", ["heuristic", "random"], games=4, seed=1, order="all")
    assert a.units() == b.units()


def test_an_unknown_order_plan_is_refused():
    with pytest.raises(OptionError, match="order must be 'cyclic' .*, 'all' .* or 'listed' .*, got 'random'"):
        Tournament("claim", ["random", "random"], order="random")


def test_the_listed_order_seats_each_deal_once_as_listed():
    """order="listed": one game per deal and table, seat p to the table's p-th agent — the
    seat advantage stays in (what ``ludus simulate`` without --swap measures)."""
    listed = Tournament("seize-rome", ["heuristic", "random", "random"], games=5, seed=1,
                        options={"players": 3}, order="listed")
    units = listed.units()
    assert listed.games_per_deal == 1 and len(units) == 5
    assert {u.seats for u in units} == {(0, 1, 2)}
    assert len({u.deal_seed for u in units}) == 5
    assert listed.seatings_text() == "1 seating, as listed"


def test_an_unknown_partners_plan_is_refused():
    with pytest.raises(OptionError, match="partners must be 'rotate' .* or 'fixed' .*, got 'teams'"):
        Tournament("claim", ["random", "random"], partners="teams")


def test_a_bad_prior_is_refused_before_any_game():
    class NoGames:
        def run(self, *args):
            raise AssertionError("a game was started")

    with pytest.raises(ValueError, match="virtual_draws"):
        Tournament("claim", ["heuristic", "random"], games=2).run(NoGames(), virtual_draws=-1)


def test_a_match_keeps_the_listed_partners_unless_told():
    from ludus.arena import match

    kept = match("claim", ["heuristic", "random", "heuristic", "random"], games=4, seed=1, options={"players": 4})
    assert len(kept.games) == 4 and kept.meetings[0][2] == 0
    mixed = match("claim", ["heuristic", "random", "heuristic", "random"], games=4, seed=1, options={"players": 4},
                  partners="rotate")
    assert len(mixed.games) == 12 and mixed.meetings[0][2] == 8
