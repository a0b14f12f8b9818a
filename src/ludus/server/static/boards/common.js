// What every board shares: a button that plays a legal move, and the moves a board drew no
// place for (so every legal move can always be clicked).

import { h } from "../js/dom.js";

/** A button playing ``move`` (its notation) when it is legal for this seat now; ``null``
 *  label: the move's notation. Inert (disabled) when not legal or while a move is on its way. */
export function moveButton(ctx, move, label = null, attrs = {}, spec = "button.move") {
  const legal = ctx.legalMoves.has(move);
  ctx.shown.add(move);
  return h(spec, {
    type: "button", ...attrs, "data-key": attrs["data-key"] ?? `move:${move}`,
    "data-move": legal ? move : null, disabled: !legal || ctx.busy,
    onclick: legal ? () => ctx.play(move) : null,
  }, label ?? move);
}

/** Buttons for the legal moves the board has not drawn (none for a complete board). */
export function otherMoves(ctx) {
  const rest = (ctx.legal || []).filter((m) => !ctx.shown.has(m.move));
  if (!rest.length) return null;
  return h("div.other-moves", {}, h("h3", {}, ctx.t("board.moves")),
    h("div.buttons", {}, rest.map((m) => moveButton(ctx, m.move))));
}

/** Words about what belongs to the seat the board is drawn for: ``yours`` ("Your hand") to that
 *  seat's own player; ``theirs`` with its ``name`` ("{name}'s hand") where the replay shows the
 *  reader another seat's view. */
export function whose(ctx, yours, theirs) {
  return ctx.seat === ctx.reader ? ctx.t(yours) : ctx.t(theirs, { name: ctx.seatName(ctx.seat, true) });
}

/** A list of facts: ``rows`` of [label, value], the value a string or an element. */
export function facts(rows) {
  return h("dl.facts", {}, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)]));
}

/** Names the places of cards for ``data-place`` (table.js animates a card whose place is new):
 *  ``places("score:0")("dragons 4")`` is ``score:0:dragons 4:0``, a second copy ``…:1``. Named by
 *  card rather than by position, a card keeps its place when another arrives beside it. */
export function places(prefix) {
  const seen = new Map();
  return (name) => {
    const n = seen.get(name) ?? 0;
    seen.set(name, n + 1);
    return `${prefix}:${name}:${n}`;
  };
}
