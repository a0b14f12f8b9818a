// Seize Rome's board: the regions (name, controller, every seat's face-down stack, your own cards
// there), the pile, the hands, and the last round's reveal. A coloured card goes only into its
// own region, so a card in the hand is its own move; a wild needs a region, so each region offers
// "wild here" when that is legal. Drawn from the seat's observation alone.

import { h } from "../js/dom.js";
import { facts, moveButton, otherMoves } from "./common.js";

/** A card's face: its value (★ for a wild) over its colour's name, so colour never speaks alone. */
function face(name) {
  const [colour, value] = name === "wild" ? ["wild", "★"] : name.split(" ");
  return [h("span.value", { "aria-hidden": "true" }, value), h("span.faction", { "aria-hidden": "true" }, colour)];
}

function colourCard(name, extra = {}) {
  return h("span.card", { "aria-label": name, title: name, role: "img", ...extra, class: `c-${name.split(" ")[0]} ${extra.class || ""}` },
    face(name));
}

function header(ctx) {
  const o = ctx.obs;
  return h("div.board-head", {},
    h("p", {}, h("strong", {}, ctx.t("sr.round", { n: o.round })), " · ",
      ctx.t("sr.to.win", { n: o.regions_to_win }), " · ",
      ctx.t("sr.starter", { name: ctx.seatName(o.starter, true) })),
    h("p", {}, ctx.t("sr.held"), " ", o.controlled.map((n, p) => h("span.chip", {}, `${ctx.seatName(p, true)}: ${n}`))),
    h("p", {}, ctx.t("sr.bonus"), " ", o.bonus_cards_drawn.map((n, p) => h("span.chip", {}, `${ctx.seatName(p, true)}: ${n}`))),
    h("p.quiet", {}, ctx.t("sr.quiet.turns", { n: o.turns_without_play })),
    o.end_reason ? h("p.quiet", {}, o.end_reason) : null);
}

function region(ctx, r, i) {
  const o = ctx.obs;
  const wild = `play wild ${r.colour}`;
  return h("section.region", { class: `c-${r.colour}`, "data-region": r.colour, "aria-label": r.colour },
    h("h3", {}, h("span.swatch", { "aria-hidden": "true" }), r.colour,
      h("span.quiet", {}, " · ", r.controller === null ? ctx.t("sr.uncontrolled")
        : ctx.t("sr.controlled.by", { name: ctx.seatName(r.controller, true) }))),
    h("dl.facts", {}, r.face_down.map((n, p) => [
      h("dt", {}, ctx.seatName(p, true)),
      h("dd", {}, p === ctx.seat && r.yours?.length
        ? h("span.cards", {}, r.yours.map((name) => colourCard(name, { class: "mini" })))
        : ctx.t("sr.face.down", { n }))])),
    ctx.legalMoves.has(wild) ? moveButton(ctx, wild, ctx.t("sr.wild.here"), { "data-key": `wild:${i}` }) : null);
}

function pile(ctx) {
  const o = ctx.obs;
  const rows = [
    [ctx.t("sr.pile.size"), String(o.pile.size)],
    [ctx.t("sr.pile.unseen"), String(o.pile.never_seen_on_top)],
    [ctx.t("sr.pile.revealed"), String(o.pile.revealed_below)],
  ];
  o.pile.layers_beneath.forEach((layer, i) => rows.push([ctx.t("sr.pile.layer", { n: i + 1 }),
    h("span.cards", {}, layer.map((name) => colourCard(name, { class: "mini" })))]));
  if (o.discard.length) rows.push([ctx.t("sr.discard"), h("span.cards", {}, o.discard.map((name) => colourCard(name, { class: "mini" })))]);
  return h("section.pile", {}, h("h3", {}, ctx.t("sr.pile")), facts(rows),
    h("div.buttons", {}, ctx.legalMoves.has("draw") ? moveButton(ctx, "draw", ctx.t("sr.draw")) : null,
      ctx.legalMoves.has("pass") ? moveButton(ctx, "pass", ctx.t("sr.pass")) : null));
}

function hand(ctx) {
  const o = ctx.obs;
  const others = o.hand_sizes.map((n, p) => (p === ctx.seat ? null : h("span.chip", {}, ctx.t("sr.hand.of", { name: ctx.seatName(p, true), n }))));
  if (ctx.seat === null || o.over) return h("section.hand", {}, h("h3", {}, ctx.t("sr.hands")), h("p", {}, others));
  return h("section.hand", { "aria-label": ctx.t("sr.hand") }, h("h3", {}, ctx.t("sr.hand"),
    ctx.legal ? h("span.quiet", {}, ` — ${ctx.t("sr.hand.hint")}`) : null),
  h("div.cards", {}, o.hand.length ? o.hand.map((name, i) => (name === "wild" ? colourCard(name)
    : moveButton(ctx, `play ${name}`, face(name), { class: `card c-${name.split(" ")[0]}`, "aria-label": `play ${name}`, title: `play ${name}`, "data-key": `hand:${i}` }, "button")))
    : h("span.quiet", {}, "—")),
  h("p", {}, others));
}

function lastRound(ctx) {
  const last = ctx.obs.last_round;
  if (!last) return null;
  const seats = last.strengths[0].map((_, p) => p);
  return h("section.last-round", {}, h("h3", {}, ctx.t("sr.last.round", { n: last.round })),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ctx.t("sr.region")),
        seats.map((p) => h("th", { scope: "col" }, ctx.seatName(p, true))), h("th", { scope: "col" }, ctx.t("sr.winner")))),
      h("tbody", {}, ctx.obs.regions.map((r, i) => h("tr", { class: `c-${r.colour}` },
        h("th", { scope: "row" }, h("span.swatch", { "aria-hidden": "true" }), r.colour),
        seats.map((p) => h("td", { class: last.winners[i] === p ? "won" : "" }, h("strong", {}, String(last.strengths[i][p])),
          last.winners[i] === p ? " ✓" : "", " ", last.cards[i][p].length ? h("span.cards", {}, last.cards[i][p].map((name) => colourCard(name, { class: "mini" }))) : null)),
        h("td", {}, last.winners[i] === null ? ctx.t("sr.nobody") : ctx.seatName(last.winners[i], true)))))));
}

export function render(ctx) {
  const o = ctx.obs;
  // the places of the moves first: what is left over goes under them
  const regions = h("div.regions", {}, o.regions.map((r, i) => region(ctx, r, i)));
  const held = hand(ctx);
  const drawing = pile(ctx);
  return h("div.seize-rome", {}, header(ctx), regions, held, otherMoves(ctx), drawing, lastRound(ctx));
}
