// Seize Rome's board: the regions (name, controller, every seat's face-down stack, your own cards
// there, the last round's reveal), the pile, the hands, and the final count. A coloured card goes
// only into its own region, so a card in the hand is its own move; a wild needs a region: a click
// on it picks it up, the regions it may go to light up (the keyboard focus goes on to the first
// of them), and a click on one plays it there (a second click on the wild, Cancel or Escape puts
// it back, the focus with it). Drawn from the seat's observation alone.

import { h } from "../js/dom.js";
import { facts, moveButton, otherMoves, places, whose } from "./common.js";

// The wild picked up from the hand, waiting for its region: the seq it was picked at and the
// ``data-key`` of its button. A new line of the table puts it back.
let picked = null;
// The latest drawing: a pick is drawn again in place, with the same ctx.
let latest = null;

addEventListener("keydown", (event) => {
  if (event.key === "Escape" && picked) putBack();
});

/** Put the picked wild back; the keyboard focus, if it was on the board, goes back to the wild. */
function putBack() {
  const key = picked.key;
  picked = null;
  again(key);
}

/** Draw the board again where it stands (a pick changes no move), the keyboard focus kept on the
 *  element of the same ``data-key`` (or moved to ``to``) if it was on the board. */
function again(to = undefined) {
  if (!latest?.root.isConnected) return;
  const focused = latest.root.contains(document.activeElement) ? to ?? document.activeElement.dataset.key : undefined;
  const old = latest.root;
  old.replaceWith(render(latest.ctx));
  const back = focused === undefined ? null : latest.root.querySelector(`[data-key="${CSS.escape(focused)}"]`);
  if (back && !back.disabled) back.focus();
}

/** A card's face: its value (★ for a wild) over its colour's name, so colour never speaks alone. */
function face(name) {
  const [colour, value] = name === "wild" ? ["wild", "★"] : name.split(" ");
  return [h("span.value", { "aria-hidden": "true" }, value), h("span.faction", { "aria-hidden": "true" }, colour)];
}

function colourCard(name, place, extra = {}) {
  return h("span.card", { "aria-label": name, title: name, role: "img", "data-place": place, ...extra,
    class: `c-${name.split(" ")[0]} ${extra.class || ""}` }, face(name));
}

function minis(names, where) {
  const place = places(where);
  return h("span.cards", {}, names.map((name) => colourCard(name, place(name), { class: "mini" })));
}

/** The wild moves legal now (``play wild red`` …): where a picked wild may go. */
function wildMoves(ctx) {
  return (ctx.legal || []).map((m) => m.move).filter((move) => move.startsWith("play wild "));
}

function header(ctx) {
  const o = ctx.obs;
  return h("div.board-head", {},
    h("p", {}, h("strong", {}, ctx.t("sr.round", { n: o.round })), " · ",
      ctx.t("sr.to.win", { n: o.regions_to_win }), " · ",
      ctx.t("sr.starter", { name: ctx.seatName(o.starter, true) })),
    h("p", {}, ctx.t("sr.bonus"), " ", o.bonus_cards_drawn.map((n, p) => h("span.chip", {}, `${ctx.seatName(p, true)}: ${n}`))),
    o.over ? null : h("p.quiet", {}, ctx.t("sr.quiet.turns", { n: o.turns_without_play })));
}

/** What the last round's reveal showed at region ``i``: each seat's strength and cards, the
 *  round's winner there marked. */
function reveal(ctx, r, i) {
  const last = ctx.obs.last_round;
  if (!last) return null;
  const winner = last.winners[i];
  const strengths = last.strengths[i];
  const best = Math.max(...strengths);
  const outcome = winner !== null ? ctx.t("sr.reveal.won", { name: ctx.seatName(winner, true) })
    : best > 0 ? ctx.t("sr.reveal.tie") : ctx.t("sr.reveal.none");
  return h("div.reveal", { "data-round": last.round },
    h("p.reveal-head", {}, ctx.t("sr.reveal", { n: last.round }), " ", h("strong.outcome", {}, outcome)),
    best > 0 ? h("ul.reveal-seats", {}, strengths.map((s, p) => h("li", { class: p === winner ? "won" : "", "data-seat": p },
      h("span.who", {}, ctx.seatName(p, true)), " ",
      h("strong.strength", { "aria-label": ctx.t("sr.strength", { n: s }) }, String(s)),
      p === winner ? h("span.mark", { "aria-hidden": "true" }, " ✓") : null, " ",
      last.cards[i][p].length ? minis(last.cards[i][p], `reveal:${last.round}:${r.colour}:seat${p}`) : null))) : null);
}

/** Each seat's face-down cards in region ``r``: your own by name, everyone else's as backs. */
function stacks(ctx, r) {
  return h("dl.facts", {}, r.face_down.map((n, p) => {
    const where = `region:${r.colour}:seat${p}`;
    const own = p === ctx.seat && r.yours?.length ? minis(r.yours, where) : null;
    const backs = own ? null : h("span.cards", {}, Array.from({ length: n }, (_, k) => h("span.card.mini.back",
      { role: "img", "aria-label": ctx.t("sr.face.down.card"), title: ctx.t("sr.face.down.card"), "data-place": `${where}:${k}` },
      h("span.value", { "aria-hidden": "true" }, "?"))));
    return [h("dt", {}, ctx.seatName(p, true)),
      h("dd", {}, own ?? [n ? backs : null, " ", h("span.quiet", {}, ctx.t("sr.face.down", { n }))])];
  }));
}

function region(ctx, r, i) {
  const wild = `play wild ${r.colour}`;
  const target = picked !== null && ctx.legalMoves.has(wild);
  return h("section.region", {
    class: `c-${r.colour} ${target ? "target" : ""}`, "data-region": r.colour, "data-controller": r.controller ?? "", "aria-label": r.colour,
    // a picked wild goes where its region is clicked, anywhere in it (the button is the keyboard's way)
    onclick: target ? (event) => { if (!event.target.closest("button")) ctx.play(wild); } : null,
  },
  h("h3", {}, h("span.swatch", { "aria-hidden": "true" }), r.colour,
    h("span.quiet", {}, " · ", r.controller === null ? ctx.t("sr.uncontrolled")
      : ctx.t("sr.controlled.by", { name: ctx.seatName(r.controller, true) }))),
  target ? moveButton(ctx, wild, ctx.t("sr.wild.put", { region: r.colour }), { class: "target", "data-key": `wild:${r.colour}` }) : null,
  stacks(ctx, r),
  reveal(ctx, r, i));
}

function pile(ctx) {
  const o = ctx.obs;
  const rows = [
    [ctx.t("sr.pile.size"), String(o.pile.size)],
    [ctx.t("sr.pile.unseen"), String(o.pile.never_seen_on_top)],
    [ctx.t("sr.pile.revealed"), String(o.pile.revealed_below)],
  ];
  // S13: the revealed layers, nearest the top first (numbered from 1): the nearest as it was laid,
  // with how many of its cards are left once it is drawn from (which ones, only their drawers
  // know), then the layers waiting whole beneath it
  const next = o.pile.next_layer;
  const layers = [...(next ? [next] : []), ...o.pile.layers_beneath.map((cards) => ({ cards, left: cards.length }))];
  layers.forEach(({ cards, left }, i) => rows.push([ctx.t("sr.pile.layer", { n: i + 1 }),
    h("span.layer", { "data-layer": i + 1, "data-left": left }, minis(cards, `layer:${i}`),
      left < cards.length ? h("span.quiet", {}, " ", ctx.t("sr.pile.layer.left", { left, n: cards.length })) : null)]));
  if (o.discard.length) rows.push([ctx.t("sr.discard"), minis(o.discard, "discard")]);
  return h("section.pile", {}, h("h3", {}, ctx.t("sr.pile")), facts(rows),
    h("div.buttons", {}, ctx.legalMoves.has("draw") ? moveButton(ctx, "draw", ctx.t("sr.draw")) : null,
      ctx.legalMoves.has("pass") ? moveButton(ctx, "pass", ctx.t("sr.pass")) : null));
}

function hand(ctx) {
  const o = ctx.obs;
  const others = o.hand_sizes.map((n, p) => (p === ctx.seat ? null : h("span.chip", {}, ctx.t("sr.hand.of", { name: ctx.seatName(p, true), n }))));
  if (ctx.seat === null || o.over) return h("section.hand", {}, h("h3", {}, ctx.t("sr.hands")), h("p", {}, others));
  const wilds = wildMoves(ctx);
  for (const move of wilds) ctx.shown.add(move);        // played through a wild and its region
  const place = places("hand");
  const cards = o.hand.map((name) => {
    const where = place(name);
    if (name !== "wild") {
      return moveButton(ctx, `play ${name}`, face(name), { class: `card c-${name.split(" ")[0]}`, "aria-label": `play ${name}`,
        title: `play ${name}`, "data-key": where, "data-place": where }, "button");
    }
    const on = picked?.key === where;
    return h("button.card.c-wild.wild", {
      type: "button", class: on ? "picked" : "", "data-key": where, "data-place": where, "data-pick": "wild",
      "data-leads-to": wilds.join("\n"),
      "aria-pressed": on ? "true" : "false", "aria-label": ctx.t("sr.wild.pick"), title: ctx.t("sr.wild.pick"),
      disabled: !wilds.length || ctx.busy,
      // a pick sends the keyboard on to the first region the wild may go to (in the regions,
      // earlier on the page than the hand); putting it back brings the focus back here
      onclick: wilds.length ? () => {
        picked = on ? null : { seq: ctx.view.seq, key: where };
        const first = o.regions.find((r) => wilds.includes(`play wild ${r.colour}`));
        again(picked && first ? `wild:${first.colour}` : undefined);
      } : null,
    }, face(name));
  });
  const title = whose(ctx, "sr.hand", "board.hand.of");
  return h("section.hand", { "aria-label": title }, h("h3", {}, title,
    ctx.legal ? h("span.quiet", {}, ` — ${ctx.t(wilds.length ? "sr.hand.hint.wild" : "sr.hand.hint")}`) : null),
  picked ? h("p.picking", { role: "status" }, ctx.t("sr.wild.where"), " ",
    h("button.cancel", { type: "button", "data-key": "cancel", onclick: putBack }, ctx.t("sr.cancel"))) : null,
  h("div.cards", {}, cards.length ? cards : h("span.quiet", {}, "—")),
  h("p", {}, others));
}

/** Why the game ended and who won, every region accounted for: who holds each, the regions and
 *  bonus cards per seat, and the rule that decided (S14–S16). */
function final(ctx) {
  const o = ctx.obs;
  if (!o.over) return null;
  const seats = o.controlled.map((_, p) => p);
  const need = o.regions_to_win;
  const held = o.controlled;
  const returns = o.returns;
  const best = Math.max(...returns);
  const top = seats.filter((p) => returns[p] === best);
  const name = (p) => ctx.seatName(p, true);
  const names = (ps) => ps.map(name).join(", ");
  const last = o.last_round;
  const strength = (p) => (last ? last.strengths.reduce((sum, row) => sum + row[p], 0) : 0);
  const reached = seats.filter((p) => held[p] >= need);
  const byControl = reached.length > 0;
  let verdict;
  if (best > 0) {
    const w = top[0];
    const rivals = reached.filter((p) => p !== w);
    if (!byControl) verdict = ctx.t("sr.verdict.most", { name: name(w), k: held[w], need });
    else if (!rivals.length) verdict = ctx.t("sr.verdict.control", { name: name(w), k: held[w], of: o.regions.length, need });
    else if (rivals.every((p) => held[p] === held[w])) {
      verdict = ctx.t("sr.verdict.strength", { name: name(w), others: names(rivals), k: held[w],
        scores: [w, ...rivals].map((p) => `${name(p)} ${strength(p)}`).join(", ") });
    } else verdict = ctx.t("sr.verdict.more", { name: name(w), k: held[w], others: names(rivals), need });
  } else if (top.length === seats.length) {
    verdict = byControl ? ctx.t("sr.verdict.even", { need })
      : ctx.t("sr.verdict.draw", { need, held: seats.map((p) => `${name(p)} ${held[p]}`).join(", ") });
  } else verdict = ctx.t("sr.verdict.shared", { names: names(top), k: held[top[0]] });
  return h("section.final.sr-final", {}, h("h3", {}, ctx.t("sr.final")),
    h("p.end-reason", {}, ctx.t("sr.end", { reason: o.end_reason })),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ctx.t("sr.region")),
        h("th", { scope: "col" }, ctx.t("sr.held.by")))),
      h("tbody", {}, o.regions.map((r) => h("tr", { class: `c-${r.colour}`, "data-region": r.colour },
        h("th", { scope: "row" }, h("span.swatch", { "aria-hidden": "true" }), r.colour),
        h("td", {}, r.controller === null ? ctx.t("sr.nobody") : name(r.controller)))))),
    h("table.sr-seats", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }), seats.map((p) => h("th", { scope: "col" }, name(p))))),
      h("tbody", {},
        h("tr.held", {}, h("th", { scope: "row" }, ctx.t("sr.final.regions", { need })),
          seats.map((p) => h("td", { class: held[p] >= need ? "won" : "" }, String(held[p])))),
        h("tr", {}, h("th", { scope: "row" }, ctx.t("sr.final.bonus")), seats.map((p) => h("td", {}, String(o.bonus_cards_drawn[p])))),
        last ? h("tr", {}, h("th", { scope: "row" }, ctx.t("sr.final.strength", { n: last.round })),
          seats.map((p) => h("td", {}, String(strength(p))))) : null)),
    h("p.verdict.strong", { "data-winners": best > 0 ? top.join(",") : "" }, verdict));
}

export function render(ctx) {
  const o = ctx.obs;
  if (picked && (picked.seq !== ctx.view.seq || ctx.busy || !wildMoves(ctx).length)) picked = null;
  // the places of the moves first: what is left over goes under them
  const regions = h("div.regions", { class: picked ? "picking" : "" }, o.regions.map((r, i) => region(ctx, r, i)));
  const held = hand(ctx);
  const drawing = pile(ctx);
  const root = h("div.seize-rome", {}, header(ctx), final(ctx), regions, held, otherMoves(ctx), drawing);
  latest = { ctx, root };
  return root;
}
