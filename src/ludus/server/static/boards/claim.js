// Claim's board: the prize on offer, the trick, the hand (the playable cards are buttons), and
// per seat its followers, score pile by faction, Gnomes and what is known of its hand; the final
// count by faction at the end. Everything comes from the seat's observation: nothing else is
// drawn, so nothing hidden can be.

import { h } from "../js/dom.js";
import { moveButton, otherMoves } from "./common.js";

// A symbol per faction, so that a card never tells its faction by colour alone.
const SYMBOLS = {
  goblins: "♣", knights: "♞", undead: "☠", dwarves: "⚒", doppelgangers: "◐",
  gnomes: "♠", giants: "▲", dragons: "♦", trolls: "♜", seers: "◉",
};
const TRICKS = { 2: 13, 3: 12, 4: 9 };

function split(name) {
  const at = name.lastIndexOf(" ");
  return [name.slice(0, at), Number(name.slice(at + 1))];
}

/** A card's face: value, symbol and faction name; the whole name for screen readers. */
function face(name) {
  const [faction, value] = split(name);
  return [h("span.value", { "aria-hidden": "true" }, String(value)),
    h("span.symbol", { "aria-hidden": "true" }, SYMBOLS[faction] || "•"),
    h("span.faction", { "aria-hidden": "true" }, faction)];
}

function card(name, extra = {}) {
  const [faction] = split(name);
  return h("span.card", { "aria-label": name, title: name, role: "img", ...extra, class: `f-${faction} ${extra.class || ""}` },
    face(name));
}

function cardButton(ctx, move, name, key) {
  const [faction] = split(name);
  return moveButton(ctx, move, face(name), { class: `card f-${faction}`, "aria-label": move, title: move, "data-key": key }, "button");
}

/** A list of cards, small: what seats hold, what was set aside. */
function cards(names, empty = "—") {
  return names.length ? h("span.cards", {}, names.map((n) => card(n, { class: "mini" }))) : h("span.quiet", {}, empty);
}

/** Cards grouped by faction: "dragons ♦ 2 5 7". */
function byFaction(names) {
  const groups = {};
  for (const n of names) {
    const [f, v] = split(n);
    (groups[f] ||= []).push(v);
  }
  const factions = Object.keys(groups);
  if (!factions.length) return h("span.quiet", {}, "—");
  return h("span.groups", {}, factions.map((f) => h("span.group", { class: `f-${f}`, "aria-label": groups[f].map((v) => `${f} ${v}`).join(", ") },
    h("span.symbol", { "aria-hidden": "true" }, SYMBOLS[f] || "•"), "\u00a0",
    h("span", { "aria-hidden": "true" }, `${f}\u00a0${groups[f].join(" ")}`))));
}

function teamOf(o, p) {
  return o.teams ? o.teams.findIndex((team) => team.includes(p)) : p;
}

function relation(ctx, p) {
  const o = ctx.obs;
  if (p === ctx.seat) return null;
  if (ctx.seat === null || !o.teams) return null;
  return teamOf(o, p) === teamOf(o, ctx.seat) ? ctx.t("claim.partner") : ctx.t("claim.opponent");
}

function header(ctx) {
  const o = ctx.obs;
  const per = TRICKS[o.players] || 13;
  const trick = Math.min(o.tricks_done - (o.phase === 2 ? per : 0) + 1, per);
  return h("div.claim-head", {},
    h("p", {}, h("strong", {}, ctx.t(`claim.phase.${o.phase}`)), " · ",
      o.over ? ctx.t("table.over") : ctx.t("claim.trick.of", { n: trick, of: per }),
      o.phase === 1 ? ` · ${ctx.t("claim.deck", { n: o.deck_size })}` : null),
    h("p.factions", { "aria-label": ctx.t("claim.factions") }, o.factions.map((f) =>
      h("span.chip", { class: `f-${f}` }, `${SYMBOLS[f] || "•"} ${f}`))),
    o.teams ? h("p.teams", {}, ctx.t("claim.teams"), " ", o.teams.map((team) =>
      h("span.team", {}, team.map((p) => ctx.seatName(p)).join(" + "))).reduce((a, b) => [a, " · ", b])) : null);
}

function prizes(ctx) {
  const o = ctx.obs;
  if (o.phase !== 1 || o.over) return null;
  const seer = o.seer_sees ? h("p.seer", {}, ctx.t("claim.seer.sees"), " ", card(o.seer_sees), " ",
    moveButton(ctx, "take deck", ctx.t("claim.take.deck"))) : ctx.legalMoves.has("take deck")
    ? moveButton(ctx, "take deck", ctx.t("claim.take.deck")) : null;
  const choosing = o.prizes.some((name) => ctx.legalMoves.has(`take ${name}`));
  return h("section.prizes", { "aria-label": ctx.t("claim.prize") }, h("h3", {}, ctx.t("claim.prize"),
    choosing ? h("span.quiet", {}, ` — ${ctx.t("claim.prize.hint")}`) : null),
    h("div.cards", {}, o.prizes.length ? o.prizes.map((name, i) => ctx.legalMoves.has(`take ${name}`)
      ? cardButton(ctx, `take ${name}`, name, `prize:${i}`) : card(name)) : h("span.quiet", {}, "—")),
    seer);
}

function trick(ctx) {
  const o = ctx.obs;
  if (o.over) return null;
  const played = o.trick.length
    ? h("div.cards", {}, o.trick.map((play) => h("figure.play", {}, card(play.card), h("figcaption", {}, ctx.seatName(play.seat)))))
    : h("p.quiet", {}, o.step === "play" && o.to_move !== null
      ? ctx.t("claim.to.lead", { name: ctx.seatName(o.to_move) }) : ctx.t("claim.trick.done"));
  const last = o.last_trick ? h("div.last-trick", {}, h("span", {}, ctx.t("claim.last.trick")), " ",
    o.last_trick.map((play) => h("span.play", {}, ctx.seatName(play.seat, true), " ", card(play.card, { class: "mini" }))),
    o.next_leader !== null && o.next_leader !== undefined
      ? h("span", {}, ctx.t("claim.leads.next", { name: ctx.seatName(o.next_leader) })) : null) : null;
  return h("section.trick", {}, h("h3", {}, ctx.t("claim.trick")),
    o.led_faction ? h("p.led", {}, ctx.t("claim.led", { faction: `${SYMBOLS[o.led_faction] || ""} ${o.led_faction}` })) : null,
    played, last);
}

function smash(ctx) {
  const o = ctx.obs;
  if (o.step !== "choose-smash") return null;
  const targets = (ctx.legal || []).filter((m) => m.move.startsWith("smash "));
  return h("section.smash", {}, h("h3", {}, ctx.t("claim.smash", { values: (o.smash_values || []).join(", ") })),
    targets.length ? h("div.buttons", {}, targets.map((m) => {
      const p = Number(m.move.slice(6));
      return moveButton(ctx, m.move, ctx.t("claim.smash.seat", { name: ctx.seatName(p) }));
    })) : h("p.quiet", {}, ctx.t("claim.smash.waiting", { name: ctx.seatName(o.to_move) })));
}

function hand(ctx) {
  const o = ctx.obs;
  if (ctx.seat === null || o.over) return null;
  const mine = o.seats[ctx.seat].hand || [];
  return h("section.hand", { "aria-label": ctx.t("claim.hand") }, h("h3", {}, ctx.t("claim.hand"),
    ctx.legal ? h("span.quiet", {}, ` — ${ctx.t("claim.hand.hint")}`) : null),
  h("div.cards", {}, mine.length ? mine.map((name, i) => cardButton(ctx, name, name, `hand:${i}`)) : h("span.quiet", {}, "—")));
}

function seatPanel(ctx, p) {
  const o = ctx.obs;
  const s = o.seats[p];
  const rows = [
    [ctx.t("claim.hand.size"), String(s.hand_size)],
    [ctx.t("claim.followers"), s.follower_pile ? cards(s.follower_pile) : String(s.follower_pile_size)],
    [ctx.t("claim.score.pile"), byFaction(s.score_pile)],
  ];
  if (s.gnome_area.length) rows.push([ctx.t("claim.gnomes"), cards(s.gnome_area)]);
  if (s.lacks.length) rows.push([ctx.t("claim.lacks"), s.lacks.join(", ")]);
  // Known cards lie in the follower pile, which becomes the hand in phase 2 (K16).
  const known = o.phase === 1 ? "claim.known.followers" : "claim.known";
  if (s.known_cards.length) rows.push([ctx.t(p === ctx.seat ? `${known}.mine` : known), cards(s.known_cards)]);
  if (s.seen_by_your_seer) rows.push([ctx.t("claim.seen.by.seer"), cards(s.seen_by_your_seer)]);
  if (s.taken_under_a_seer) rows.push([ctx.t("claim.seer.took"), s.taken_under_a_seer.map((x) =>
    ctx.t("claim.seer.took.n", { name: ctx.seatName(x.seer), n: x.cards })).join(" · ")]);
  const rel = relation(ctx, p);
  return h("section.seat", { class: [p === o.to_move ? "to-move" : "", p === ctx.seat ? "me" : ""].join(" "), "data-seat": p },
    h("h3", {}, ctx.seatName(p), rel ? h("span.quiet", {}, ` (${rel})`) : null,
      p === o.to_move && !o.over ? h("span.badge", {}, ` ${ctx.t("claim.to.move")}`) : null),
    h("dl.facts", {}, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])));
}

function sides(ctx) {
  const o = ctx.obs;
  return o.teams ? o.teams.map((team) => [team.map((p) => ctx.seatName(p, true)).join(" + "), team])
    : o.seats.map((_, p) => [ctx.seatName(p, true), [p]]);
}

function finalCount(ctx) {
  const o = ctx.obs;
  if (!o.over) return null;
  const all = sides(ctx);
  const holdings = (team, f) => team.flatMap((p) => [...o.seats[p].score_pile, ...o.seats[p].gnome_area])
    .map(split).filter(([g]) => g === f).map(([, v]) => v).sort((a, b) => b - a);
  return h("section.final", {}, h("h3", {}, ctx.t("claim.final")),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ctx.t("claim.faction")),
        all.map(([label]) => h("th", { scope: "col" }, label)), h("th", { scope: "col" }, ctx.t("claim.won.by")))),
      h("tbody", {}, o.factions.map((f) => {
        const w = o.faction_winners?.[f];
        return h("tr", {}, h("th", { scope: "row", class: `f-${f}` }, `${SYMBOLS[f] || "•"} ${f}`),
          all.map(([, team], i) => {
            const got = holdings(team, f);
            return h("td", { class: w === i ? "won" : "" }, got.length ? `${got.length}: ${got.join(" ")}` : "0", w === i ? " ✓" : "");
          }),
          h("td", {}, w !== null && w !== undefined ? all[w][0] : ctx.t("claim.nobody")));
      })),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, ctx.t("claim.factions.won")),
        all.map(([, team]) => h("td", {}, String((o.factions_won || [])[team[0]] ?? 0))), h("td")))));
}

function asides(ctx) {
  const o = ctx.obs;
  const parts = [];
  if (o.trolls_waiting.length) parts.push([ctx.t("claim.trolls.waiting"), cards(o.trolls_waiting)]);
  parts.push([ctx.t("claim.discard"), cards(o.discard)]);
  parts.push([ctx.t("claim.removed"), cards(o.removed)]);
  return h("details.asides", { open: o.trolls_waiting.length > 0 }, h("summary", {}, ctx.t("claim.asides")),
    h("dl.facts", {}, parts.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])));
}

export function render(ctx) {
  const o = ctx.obs;
  const order = o.seats.map((_, p) => p);
  if (ctx.seat !== null) order.sort((a, b) => (a === ctx.seat) - (b === ctx.seat));
  return h("div.claim", {},
    header(ctx),
    finalCount(ctx),
    h("div.play-area", {}, prizes(ctx), trick(ctx)),
    smash(ctx),
    hand(ctx),
    otherMoves(ctx),
    h("div.seats", {}, order.map((p) => seatPanel(ctx, p))),
    asides(ctx));
}
