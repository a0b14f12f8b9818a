// Claim's board: the prize on offer, the trick (between tricks, the last one's result where it was
// played), the hand (the playable cards are buttons), and per seat its followers, score pile by
// faction, Gnomes and what is known of its hand; at the end the count by faction with its reasons.
// Everything comes from the seat's observation and its log (events as this seat saw them):
// nothing else is drawn, so nothing hidden can be. No move asks for confirmation: a card is a
// large button, and a confirmation on every trick would nag more than a rare misclick costs.

import { h } from "../js/dom.js";
import { moveButton, otherMoves, places, whose } from "./common.js";

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

function cardButton(ctx, move, name, place) {
  const [faction] = split(name);
  return moveButton(ctx, move, face(name), { class: `card f-${faction}`, "aria-label": move, title: move, "data-key": place,
    "data-place": place }, "button");
}

/** A list of cards, small: what seats hold, what was set aside; ``where`` names their place. */
function cards(names, where, empty = "—") {
  const place = places(where);
  return names.length ? h("span.cards", {}, names.map((n) => card(n, { class: "mini", "data-place": place(n) })))
    : h("span.quiet", {}, empty);
}

/** A score pile grouped by faction, "♦ dragons 2 5 7", each value in its own place. */
function byFaction(names, where) {
  const groups = {};
  for (const n of names) {
    const [f, v] = split(n);
    (groups[f] ||= []).push(v);
  }
  const factions = Object.keys(groups);
  if (!factions.length) return h("span.quiet", {}, "—");
  const place = places(where);
  return h("span.groups", {}, factions.map((f) => h("span.group", { class: `f-${f}`, "aria-label": groups[f].map((v) => `${f} ${v}`).join(", ") },
    h("span.symbol", { "aria-hidden": "true" }, SYMBOLS[f] || "•"), "\u00a0", h("span", { "aria-hidden": "true" }, f),
    groups[f].map((v) => [" ", h("span.v", { "aria-hidden": "true", "data-place": place(`${f} ${v}`) }, String(v))]))));
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
  const seen = o.seer_sees ? card(o.seer_sees, { "data-place": `seer:${o.seer_sees}` }) : null;
  const seer = seen
    ? h("p.seer", {}, whose(ctx, "claim.seer.sees", "claim.seer.sees.of"), " ", seen, " ", moveButton(ctx, "take deck", ctx.t("claim.take.deck")))
    : ctx.legalMoves.has("take deck") ? moveButton(ctx, "take deck", ctx.t("claim.take.deck")) : null;
  const choosing = o.prizes.some((name) => ctx.legalMoves.has(`take ${name}`));
  const place = places("prize");
  return h("section.prizes", { "aria-label": ctx.t("claim.prize") }, h("h3", {}, ctx.t("claim.prize"),
    choosing ? h("span.quiet", {}, ` — ${ctx.t("claim.prize.hint")}`) : null),
    h("div.cards", {}, o.prizes.length ? o.prizes.map((name) => {
      const where = place(name);
      return ctx.legalMoves.has(`take ${name}`) ? cardButton(ctx, `take ${name}`, name, where) : card(name, { "data-place": where });
    }) : h("span.quiet", {}, "—")),
    seer);
}

/** The tricks won so far, counted in the log: a trick's number keeps its cards' places apart
 *  from the next trick's. */
function tricksWon(ctx) {
  return ctx.entries.reduce((n, e) => n + e.events.filter((ev) => ev.type === "TrickWon").length, 0);
}

/** What came of the last trick, read from the log's events since it was won (as this seat saw
 *  them): prizes and deck cards taken, a Seer's look, cards collected, Trolls left waiting,
 *  Gnomes smashed, phase 2 begun. */
function aftermath(ctx, where) {
  const events = ctx.entries.flatMap((e) => e.events);
  let from = events.length;
  while (from > 0 && events[from - 1].type !== "TrickWon") from -= 1;
  if (from === 0) return [];
  const name = (p) => ctx.seatName(p, true);
  const place = places(where);
  const one = (c) => card(c, { class: "mini", "data-place": place(c) });
  const lines = [];
  for (const e of events.slice(from)) {
    if (e.type === "PrizeTaken") lines.push([ctx.t("claim.took", { name: name(e.player) }), " ", one(e.card)]);
    else if (e.type === "DeckCardTaken") {
      lines.push(e.card ? [ctx.t("claim.took.deck.seen", { name: name(e.player) }), " ", one(e.card)]
        : ctx.t("claim.took.deck", { name: name(e.player) }));
    } else if (e.type === "SeerLooked") {
      lines.push(e.card ? [ctx.t("claim.seer.saw", { name: name(e.player) }), " ", one(e.card)]
        : ctx.t("claim.seer.looked", { name: name(e.player) }));
    } else if (e.type === "CardsCollected") {
      lines.push([ctx.t(e.where === "gnomes" ? "claim.collected.gnomes" : "claim.collected", { name: name(e.player) }), " ",
        cards(e.cards, `${where}:${e.player}:${e.where}`)]);
    } else if (e.type === "TrollsWaiting") lines.push([ctx.t("claim.trolls.left"), " ", cards(e.cards, `${where}:trolls`)]);
    else if (e.type === "TrollsDiscarded") {
      lines.push([ctx.t("claim.trolls.discarded"), " ", cards(e.cards, `${where}:trolls-out`)]);
    }
    else if (e.type === "GnomeSmashed") {
      lines.push(ctx.t("claim.smashed", { name: name(e.player), victim: name(e.victim), value: e.value }));
    } else if (e.type === "PhaseTwoBegins") lines.push(h("strong", {}, ctx.t("claim.phase.two", { name: name(e.leader) })));
  }
  return lines;
}

/** A card played to a trick, under it who played it; in a trick's result the winner marked
 *  (and, with 3–4 players, every card's rank: the last one is the loser Dwarves go to). */
function played(ctx, play, place, rank = null) {
  const won = rank === 1;
  return h("figure.play", { class: won ? "won" : "", "data-seat": play.seat },
    card(play.card, { "data-place": place }),
    h("figcaption", {}, ctx.seatName(play.seat, true),
      won ? h("span.win-mark", {}, ` ✓ ${ctx.t("claim.wins")}`)
        : rank !== null && ctx.obs.players > 2 ? h("span.rank", {}, ` ${ctx.t("claim.ranked", { n: rank })}`) : null));
}

function ledLine(ctx, faction) {
  return h("p.led", {}, ctx.t("claim.led", { faction: `${SYMBOLS[faction] || ""} ${faction}` }));
}

/** The trick being played; between tricks, the one just won stays where it was played, with its
 *  winner marked and what each seat took or got, until the next card is played. */
function trick(ctx) {
  const o = ctx.obs;
  const won = tricksWon(ctx);
  const head = h("h3", {}, ctx.t("claim.trick"));
  if (o.trick.length) {
    return h("section.trick", {}, head, ledLine(ctx, o.led_faction),
      h("div.cards", {}, o.trick.map((play, i) => played(ctx, play, `trick:${won}:${i}`))));
  }
  if (!o.last_trick) {
    return h("section.trick", {}, head, h("p.quiet", {}, o.to_move !== null ? ctx.t("claim.to.lead", { name: ctx.seatName(o.to_move) }) : ""));
  }
  const ranking = o.last_ranking;
  const winner = ranking[0];
  const lines = aftermath(ctx, `after:${won - 1}`);
  if (o.step === "choose-prize" || o.step === "second-prize") lines.push(ctx.t("claim.choosing", { name: ctx.seatName(o.to_move, true) }));
  if (!o.over && o.next_leader !== null && o.next_leader !== undefined) {
    lines.push(ctx.t(o.next_leader === winner ? "claim.leads.next" : "claim.leads.dragon", { name: ctx.seatName(o.next_leader, true) }));
  }
  return h("section.trick", {}, head,
    h("div.trick-result", { "data-winner": winner },
      ledLine(ctx, split(o.last_trick[0].card)[0]),
      h("div.cards", {}, o.last_trick.map((play, i) => played(ctx, play, `trick:${won - 1}:${i}`, ranking.indexOf(play.seat) + 1))),
      h("p.winner", {}, h("strong", {}, ctx.t("claim.trick.won", { name: ctx.seatName(winner, true) }))),
      h("ul.aftermath", {}, lines.map((line) => h("li", {}, line)))));
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
  const place = places("hand");
  const title = whose(ctx, "claim.hand", "board.hand.of");
  return h("section.hand", { "aria-label": title }, h("h3", {}, title,
    ctx.legal ? h("span.quiet", {}, ` — ${ctx.t("claim.hand.hint")}`) : null),
  h("div.cards", {}, mine.length ? mine.map((name) => cardButton(ctx, name, name, place(name))) : h("span.quiet", {}, "—")));
}

function seatPanel(ctx, p) {
  const o = ctx.obs;
  const s = o.seats[p];
  const rows = [
    [ctx.t("claim.hand.size"), String(s.hand_size)],
    [ctx.t("claim.followers"), s.follower_pile ? cards(s.follower_pile, `followers:${p}`) : String(s.follower_pile_size)],
    [ctx.t("claim.score.pile"), byFaction(s.score_pile, `score:${p}`)],
  ];
  if (s.gnome_area.length) rows.push([ctx.t("claim.gnomes"), cards(s.gnome_area, `gnomes:${p}`)]);
  if (s.lacks.length) rows.push([ctx.t("claim.lacks"), s.lacks.join(", ")]);
  // Known cards lie in the follower pile, which becomes the hand in phase 2 (K16).
  const known = o.phase === 1 ? "claim.known.followers" : "claim.known";
  if (s.known_cards.length) {
    rows.push([p === ctx.seat ? whose(ctx, `${known}.mine`, `${known}.of`) : ctx.t(known), cards(s.known_cards, `known:${p}`)]);
  }
  if (s.seen_by_your_seer) rows.push([whose(ctx, "claim.seen.by.seer", "claim.seer.saw"), cards(s.seen_by_your_seer, `seen:${p}`)]);
  if (s.taken_under_a_seer) rows.push([ctx.t("claim.seer.took"), s.taken_under_a_seer.map((x) =>
    ctx.t("claim.seer.took.n", { name: ctx.seatName(x.seer), n: x.cards })).join(" · ")]);
  const rel = relation(ctx, p);
  return h("section.seat", { class: [p === o.to_move ? "to-move" : "", p === ctx.seat ? "me" : ""].join(" "), "data-seat": p },
    h("h3", {}, ctx.seatName(p), rel ? h("span.quiet", {}, ` (${rel})`) : null,
      p === o.to_move && !o.over ? h("span.badge", {}, ` ${ctx.t("claim.to.move")}`) : null),
    h("dl.facts", {}, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])));
}

/** The scoring sides: each seat, or with 4 players the two teams (K33); [label, seats]. */
function sides(ctx) {
  const o = ctx.obs;
  return o.teams ? o.teams.map((team) => [team.map((p) => ctx.seatName(p, true)).join(" + "), team])
    : o.seats.map((_, p) => [ctx.seatName(p, true), [p]]);
}

/** Why a faction went where it did (K30), from each side's values of it, highest first: the
 *  most cards; on equal counts the higher cards compared from the top; else nobody. */
function why(ctx, held) {
  const counts = held.map((values) => values.length);
  const most = Math.max(...counts);
  if (!most) return ctx.t("claim.why.none");
  const tied = held.filter((values) => values.length === most);
  if (tied.length === 1) return ctx.t("claim.why.most", { counts: [...counts].sort((a, b) => b - a).join(" – ") });
  let left = tied;
  let k = 0;
  for (; k < most && left.length > 1; k += 1) {
    const top = Math.max(...left.map((values) => values[k]));
    left = left.filter((values) => values[k] === top);
  }
  if (left.length > 1) return ctx.t("claim.why.same", { n: most });
  // the winner's cards first, as in "most cards (5 – 3)"
  const order = (a, b) => {
    const i = a.findIndex((v, j) => v !== b[j]);
    return i < 0 ? 0 : b[i] - a[i];
  };
  const cards = [...tied].sort(order).map((values) => values.slice(0, k).join(" ")).join(" – ");
  return ctx.t(k === 1 ? "claim.why.top" : "claim.why.next", { n: most, cards });
}

/** Who won the game and by which rule: more factions (K31, K33), with 3 players the tie-breaks
 *  (K32: most cards in one faction, then the sum of the values in the factions won). */
function verdict(ctx, all) {
  const o = ctx.obs;
  const won = all.map(([, team]) => o.factions_won[team[0]]);
  const result = all.map(([, team]) => o.returns[team[0]]);
  const best = Math.max(...result);
  const winners = all.map((_, i) => i).filter((i) => best > 0 && result[i] === best);
  if (o.players !== 3) {
    if (!winners.length) return [ctx.t("claim.verdict.draw", { counts: won.join(" – ") })];
    const w = winners[0];
    return [ctx.t("claim.verdict.wins", { name: all[w][0], people: all[w][1].length, won: won[w], lost: won[1 - w] })];
  }
  const name = (p) => ctx.seatName(p, true);
  const top = Math.max(...won);
  const leaders = won.map((_, p) => p).filter((p) => won[p] === top);
  const parts = [];
  if (leaders.length > 1) {
    const pile = (p) => o.seats[p].score_pile.map(split);
    const most = (p) => Math.max(0, ...o.factions.map((f) => pile(p).filter(([g]) => g === f).length));
    const sum = (p) => pile(p).filter(([f]) => o.faction_winners[f] === p).reduce((total, [, v]) => total + v, 0);
    parts.push(ctx.t("claim.verdict.tied", { names: leaders.map(name).join(", "), n: top }),
      ctx.t("claim.verdict.most", { values: leaders.map((p) => `${name(p)} ${most(p)}`).join(", ") }));
    const still = leaders.filter((p) => most(p) === Math.max(...leaders.map(most)));
    if (still.length > 1) parts.push(ctx.t("claim.verdict.sum", { values: still.map((p) => `${name(p)} ${sum(p)}`).join(", ") }));
  }
  if (!winners.length) parts.push(ctx.t("claim.verdict.all.share"));
  else if (winners.length > 1) parts.push(ctx.t("claim.verdict.share", { names: winners.map(name).join(", "), n: top }));
  else parts.push(ctx.t("claim.verdict.wins3", { name: name(winners[0]), n: won[winners[0]] }));
  return parts;
}

/** The end: per faction each side's cards, who wins it and why; the factions won; the winner. */
function final(ctx) {
  const o = ctx.obs;
  if (!o.over) return null;
  const all = sides(ctx);
  const values = (team, f) => team.flatMap((p) => o.seats[p].score_pile).map(split).filter(([g]) => g === f)
    .map(([, v]) => v).sort((a, b) => b - a);
  const won = all.map(([, team]) => o.factions_won[team[0]]);
  const best = Math.max(...o.returns);
  const winners = o.returns.map((r, p) => (best > 0 && r === best ? p : null)).filter((p) => p !== null);
  return h("section.final", {}, h("h3", {}, ctx.t("claim.final")),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ctx.t("claim.faction")),
        all.map(([label]) => h("th", { scope: "col" }, label)))),
      // per faction a row of counts, and under it who wins it and why (room enough on a phone)
      o.factions.map((f) => {
        const held = all.map(([, team]) => values(team, f));
        const w = o.faction_winners[f];
        return h("tbody", { "data-faction": f, "data-winner": w ?? "" },
          h("tr", {}, h("th", { scope: "row", class: `f-${f}` }, `${SYMBOLS[f] || "•"} ${f}`),
            held.map((got, i) => h("td", { class: w === i ? "won" : "" }, h("strong", {}, String(got.length)),
              got.length ? h("span.values", {}, ` (${got.join(" ")})`) : null, w === i ? " ✓" : ""))),
          h("tr.why-row", {}, h("td", { colspan: all.length + 1 }, ctx.t("claim.won.by"), " ",
            h("strong", {}, w !== null && w !== undefined ? all[w][0] : ctx.t("claim.nobody")),
            h("span.why", {}, ` — ${why(ctx, held)}`))));
      }),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, ctx.t("claim.factions.won")),
        won.map((n) => h("td", {}, h("strong", {}, String(n))))))),
    h("div.verdict", { "data-winners": winners.join(",") }, verdict(ctx, all).map((line) => h("p", {}, line))));
}

function asides(ctx) {
  const o = ctx.obs;
  const parts = [];
  if (o.trolls_waiting.length) parts.push([ctx.t("claim.trolls.waiting"), cards(o.trolls_waiting, "trolls")]);
  parts.push([ctx.t("claim.discard"), cards(o.discard, "discard")]);
  parts.push([ctx.t("claim.removed"), cards(o.removed, "removed")]);
  return h("details.asides", { open: o.trolls_waiting.length > 0 }, h("summary", {}, ctx.t("claim.asides")),
    h("dl.facts", {}, parts.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])));
}

export function render(ctx) {
  const o = ctx.obs;
  const order = o.seats.map((_, p) => p);
  if (ctx.seat !== null) order.sort((a, b) => (a === ctx.seat) - (b === ctx.seat));
  return h("div.claim", {},
    header(ctx),
    final(ctx),
    h("div.play-area", {}, prizes(ctx), trick(ctx)),
    smash(ctx),
    hand(ctx),
    otherMoves(ctx),
    h("div.seats", {}, order.map((p) => seatPanel(ctx, p))),
    asides(ctx));
}
