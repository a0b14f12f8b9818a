"""One way to copy a state: a ``clone`` generated from the class's slots and their shapes.

A clone shares what cannot change — ints, strings, tuples, frozensets, read-only mappings, the
Game — and copies everything mutable as deep as it goes, so that nothing reachable from a copy
(a search's world, a Perspective's) is part of the original: a bot writing to its copy cannot
forge the truth (tests/contract/test_aliasing.py checks it for every game). A State class names
only its slots that hold mutable data, with their shape; every other slot is shared, so it must
hold an immutable value::

    clone = cloner(hands=ROWS, board=GRID, pile=LIST, know=CLONES, voids=or_none(LIST))

The method is generated as source once, when the class is created, so it runs as fast as one
written out by hand (a loop of ``getattr``/``setattr`` over the slots costs about twice as
much); lists of lists are copied with ``map``, faster than comprehensions, or item by item when
their length never changes (``outer``: two seats, say), faster still.
"""

from __future__ import annotations

from operator import methodcaller

from .game import State

LIST = "list"         # a flat list (of immutable values)
ROWS = "rows"         # a list of flat lists
GRID = "grid"         # a list of lists of flat lists
CLONES = "clones"     # a list of objects with a ``clone()`` of their own
DROPPED = "dropped"   # not copied: the copy holds None
_OR_NONE = " or None"

_EXPRESSIONS = {                 # how to copy one value of each shape
    LIST: "{}[:]",
    ROWS: "[*map(_copy, {})]",
    GRID: "[*map(_rows, {})]",
    CLONES: "[*map(_clone, {})]",
    DROPPED: "None",
}
_ITEM = {ROWS: "{}[:]", GRID: "[*map(_copy, {})]", CLONES: "{}.clone()"}   # ... one item of a nested one


def or_none(shape: str) -> str:
    """``shape``, or None in its stead (e.g. knowledge a search copy no longer keeps)."""
    return shape + _OR_NONE


# The kernel State's own mutable slots (core/game.py): the history and the cached legal moves;
# a copy is no game of its own, so it has no first position to replay a seat's memory from.
STATE_SLOTS = {"history": LIST, "_legal_cache": or_none(LIST), "origin": DROPPED}


def cloner(outer: int | None = None, **shapes: str):
    """A ``clone`` method for the class it is assigned in: ``shapes`` gives, for each slot that
    holds mutable data, its shape (``LIST``, ``ROWS``, ``GRID``, ``CLONES``, or ``or_none`` of
    one); all other slots are shared. ``outer``: the length of every ``ROWS``, ``GRID`` and
    ``CLONES`` value, if it never changes."""
    return _Cloner(outer, shapes)


class _Cloner:
    """Stands in the class body until the class exists (``__set_name__``), then replaces itself
    with the generated method: only then are all the slots known."""

    def __init__(self, outer: int | None, shapes: dict[str, str]):
        self.outer = outer
        self.shapes = shapes

    def __set_name__(self, owner: type, name: str) -> None:
        setattr(owner, name, _generate(owner, self.outer, self.shapes))


def _rows(rows: list) -> list:
    return [*map(list.copy, rows)]


def _slots(cls: type) -> list[str]:
    """Every slot of ``cls`` and its bases, base classes first."""
    out: list[str] = []
    for klass in reversed(cls.__mro__):
        names = klass.__dict__.get("__slots__", ())
        out += [n for n in ((names,) if isinstance(names, str) else names) if n not in ("__dict__", "__weakref__")]
    return out


def _copy_of(shape: str, value: str, outer: int | None) -> str:
    """An expression that copies ``value`` of ``shape``."""
    if outer is None or shape in (LIST, DROPPED):
        return _EXPRESSIONS[shape].format(value)
    return "[" + ", ".join(_ITEM[shape].format(f"{value}[{i}]") for i in range(outer)) + "]"


def _generate(cls: type, outer: int | None, shapes: dict[str, str]):
    slots = _slots(cls)
    unknown = sorted(set(shapes) - set(slots))
    if unknown:
        raise TypeError(f"{cls.__name__} has no slot(s) {', '.join(unknown)} to clone")
    if issubclass(cls, State):
        shapes = STATE_SLOTS | shapes
    lines = ["def clone(self):", "    c = _new(_cls)"]
    for name in slots:
        shape = shapes.get(name)
        value = f"self.{name}"
        if shape is None:
            lines.append(f"    c.{name} = {value}")
            continue
        optional = shape.endswith(_OR_NONE)
        shape = shape.removesuffix(_OR_NONE)
        if shape not in _EXPRESSIONS:
            raise TypeError(f"{cls.__name__}.{name}: unknown shape {shape!r}; shapes are {', '.join(_EXPRESSIONS)}")
        if optional:
            lines.append(f"    c.{name} = None if (v := {value}) is None else {_copy_of(shape, 'v', outer)}")
        else:
            lines.append(f"    c.{name} = {_copy_of(shape, value, outer)}")
    lines.append("    return c")
    namespace = {"_new": object.__new__, "_cls": cls, "_copy": list.copy, "_rows": _rows,
                 "_clone": methodcaller("clone")}
    exec("\n".join(lines), namespace)   # the source is built above from slot names only
    clone = namespace["clone"]
    clone.__qualname__ = f"{cls.__qualname__}.clone"
    clone.__module__ = cls.__module__
    clone.__doc__ = "An independent copy: immutable slots shared, mutable ones copied (core.copying)."
    return clone
