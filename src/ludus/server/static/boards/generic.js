// The board of a game without one of its own: the observation, readably, and every legal move
// as a button. Enough to play any game to its end with clicks.

import { h } from "../js/dom.js";
import { moveButton, otherMoves } from "./common.js";

// A part of the observation longer than this (as JSON) starts folded away.
const FOLD = 400;

function label(key) {
  return String(key).replaceAll("_", " ");
}

function simple(v) {
  return v === null || typeof v !== "object" || (Array.isArray(v) && v.every((x) => x === null || typeof x !== "object"));
}

function text(v) {
  if (v === null || v === undefined || (Array.isArray(v) && !v.length)) return "—";
  return Array.isArray(v) ? v.map(String).join(", ") : String(v);
}

/** One value: a line for a simple one, a block of lines for an object, a list for a list. */
function value(v, depth) {
  if (simple(v)) return h("span", {}, text(v));
  if (Array.isArray(v)) return h("ol.obs-list", { start: 0 }, v.map((x) => h("li", {}, value(x, depth + 1))));
  const keys = Object.keys(v);
  if (!keys.length) return h("span.quiet", {}, "—");
  return h("div.obs", {}, keys.map((k) => field(k, v[k], depth)));
}

function field(key, v, depth) {
  if (simple(v)) return h("div.kv", {}, h("span.k", {}, label(key)), " ", h("span.v", {}, text(v)));
  const folded = JSON.stringify(v).length >= FOLD && depth > 0;
  return h("details.kv-block", { open: !folded }, h("summary", {}, label(key)), value(v, depth + 1));
}

export function render(ctx) {
  const { game, seat, ...rest } = ctx.obs;
  return h("div.generic", {},
    ctx.legal ? h("div.legal", {}, h("h3", {}, ctx.t("board.your.moves")),
      h("div.buttons", {}, ctx.legal.map((m) => moveButton(ctx, m.move)))) : null,
    otherMoves(ctx),
    h("div.observation", {}, value(rest, 0)));
}
