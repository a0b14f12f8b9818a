// Caesar & Cleopatra's board, played like cards on a table: pick a card in the hand, then where it
// goes (a group, face down or face up) or what it hits (the opponent's face-up card for an
// Assassin, a group for a Scout or a Wrath, two groups for a Castling, the opponent's hand for a
// Spy). Every click ends in a legal move's notation, taken from ``ctx.legal``: the board never
// makes up a move. The decisions of several steps or with something to weigh — the action pile's
// order at setup, a Castling's split, the veto window, a Spy's pick, an exceptional vote's action
// window — are panels with role=dialog that say what is decided. Each group shows its last vote,
// from the log's events; the end shows every point of the score. The opponent's face-down cards
// are backs and nothing more: the page is never told their value.

import { h, replace } from "../js/dom.js";
import { facts, moveButton, otherMoves, whose } from "./common.js";

const ACTIONS = new Set(["assassin", "spy", "castling", "scout", "wrath", "veto"]);
// The steps decided in a dialog (the hand stays usable beside the vote's).
const DIALOGS = { arrange, veto, castling, "spy-pick": spyPick, "vote-action": voteAction };
const NEEDS = 3;        // patricians of the bonus goal's group that meet it (C5)

// What the page keeps between drawings: the hand card picked (by name and which of its copies)
// and Castling's first group, for the decision of ``seq`` only; the dialog last shown (focus
// moves into a new one); the table's options (the score's majority rule), fetched at the end.
// A board drawn with no moves (another step of a replay, say) shows no pick and keeps it.
let picked = null;
let sel = null;             // the pick as this drawing shows it: none on a board with no moves (a replay's)
let shownDialog = null;
let options = null;

function face(name) {
  const action = ACTIONS.has(name);
  return [h("span.value", { "aria-hidden": "true" }, action ? name[0].toUpperCase() : name),
    h("span.faction", { "aria-hidden": "true" }, action ? name : name === "P" ? "philosopher" : "influence")];
}

function card(name, extra = {}) {
  return h("span.card", { "aria-label": name, title: name, role: "img", ...extra }, face(name));
}

/** A card in its place on the table (``data-place``: table.js animates a card new there). */
function slot(place, el) {
  return h("span.slot", { "data-place": place }, el);
}

/** Small cards, each with its place ``prefix:<name>:<copy>``. */
function minis(names, prefix) {
  const copies = {};
  return names.length ? h("span.cards", {}, names.map((n) => {
    copies[n] = (copies[n] ?? -1) + 1;
    return slot(`${prefix}:${n}:${copies[n]}`, card(n, { class: "mini" }));
  })) : h("span.quiet", {}, "—");
}

/** The back of a face-down card: nothing of its value, in text or attribute. */
function back(ctx) {
  return h("span.card.back", { "aria-label": ctx.t("cc.face.down"), title: ctx.t("cc.face.down"), role: "img" },
    h("span.value", { "aria-hidden": "true" }, "?"));
}

function order(ctx) {
  return ctx.seat === null ? [0, 1] : [1 - ctx.seat, ctx.seat];
}

function legalList(ctx) {
  return (ctx.legal || []).map((m) => m.move);
}

// -- picking a card, then its target ------------------------------------------------------------

/** The legal moves a hand card leads to once its target is chosen. */
function targetMoves(ctx, name) {
  const all = legalList(ctx);
  if (name === "veto") return [];
  if (name === "spy") return all.filter((m) => m === "spy");
  if (ACTIONS.has(name)) return all.filter((m) => m.startsWith(`${name} `));
  return all.filter((m) => m.startsWith(`down ${name} `) || m.startsWith(`up ${name} `));
}

/** The move a hand card makes by itself, with no target: an opening card, a passive turn's
 *  discard, the Veto in its window. */
function directMove(ctx, name) {
  return [`open ${name}`, `discard ${name}`, name === "veto" ? "veto" : null].find((m) => m && ctx.legalMoves.has(m)) ?? null;
}

const contexts = new WeakMap();     // each drawn board's context, to draw the table's again

/** Draw the table's board again with its context (a pick changes nothing the server knows). */
function redraw() {
  const body = document.getElementById("board-body");
  const ctx = contexts.get(body?.querySelector(":scope > .caesar-cleopatra"));
  if (ctx) replace(body, render({ ...ctx, shown: new Set() }));
}

function focusFirst(selector) {
  document.querySelector(`#board-body ${selector}`)?.focus();
}

function pick(ctx, name, copy) {
  const again = picked && picked.card === name && picked.copy === copy;
  picked = again ? null : { seq: ctx.view.seq, card: name, copy, first: null };
  redraw();
  if (picked) focusFirst("[data-target]:not([disabled])");
}

function unpick() {
  if (!picked) return;
  const key = `hand:${picked.card}:${picked.copy}`;
  picked = null;
  redraw();
  focusFirst(`[data-key="${CSS.escape(key)}"]`);
}

addEventListener("keydown", (event) => {
  if (event.key === "Escape" && picked) unpick();
});

/** A button at a target: plays ``move`` (legal, from ``ctx.legal``). */
function target(ctx, move, label, aria, extra = {}) {
  return moveButton(ctx, move, label, { "aria-label": aria, title: move, "data-target": "", "data-key": `target:${move}`, ...extra },
    "button.move.target");
}

function castlingMove(ctx, a, b) {
  return [`castling ${a} ${b}`, `castling ${b} ${a}`].find((m) => ctx.legalMoves.has(m)) ?? null;
}

/** The buttons at group ``g`` for the card picked (none for an Assassin: its targets are cards). */
function groupTargets(ctx, g) {
  const c = sel?.card;
  const name = g.name;
  const out = [];
  if (!c) return out;
  if (!ACTIONS.has(c)) {
    for (const word of ["down", "up"]) {
      const move = `${word} ${c} ${name}`;
      if (ctx.legalMoves.has(move)) out.push(target(ctx, move, ctx.t(`cc.put.${word}`), ctx.t(`cc.put.${word}.at`, { card: c, group: name })));
    }
  } else if (c === "scout" || c === "wrath") {
    const move = `${c} ${name}`;
    if (ctx.legalMoves.has(move)) out.push(target(ctx, move, ctx.t(`cc.${c}.here`), ctx.t(`cc.${c}.at`, { group: name })));
  } else if (c === "castling") {
    const pairs = targetMoves(ctx, "castling").map((m) => m.split(" ").slice(1));
    if (sel.first === null && pairs.some((pair) => pair.includes(name))) {
      out.push(h("button.target", { type: "button", "data-pick": `castling ${name}`, "data-target": "", "data-key": `castle-first:${name}`,
        "aria-label": ctx.t("cc.castling.first.at", { group: name }), disabled: ctx.busy,
        onclick: () => { picked.first = name; redraw(); focusFirst("[data-target]:not([disabled])"); } }, ctx.t("cc.castling.first")));
    } else if (sel.first === name) {
      out.push(h("span.chosen", {}, ctx.t("cc.castling.chosen")));
    } else if (sel.first !== null) {
      const move = castlingMove(ctx, sel.first, name);
      if (move) out.push(target(ctx, move, ctx.t("cc.castling.second"), ctx.t("cc.castling.with", { a: sel.first, b: name })));
    }
  }
  return out;
}

// -- the table --------------------------------------------------------------------------------

function header(ctx) {
  const o = ctx.obs;
  // once the game is over, nobody is active and there is no step: the turn it ended on
  const lines = [o.phase === "over"
    ? h("p", {}, h("strong", {}, ctx.t("cc.turn", { n: o.turn })), " · ", h("strong.step", {}, ctx.t("cc.phase.over")))
    // before the first turn (turn 0: arranging, the opening cards) nobody is active yet
    : o.turn === 0 ? h("p", {}, h("strong", {}, ctx.t("cc.setup")), " · ",
      ctx.t("cc.step"), " ", h("strong.step", {}, ctx.t(`cc.phase.${o.phase}`)))
    : h("p", {}, h("strong", {}, ctx.t("cc.turn", { n: o.turn })), " · ",
      ctx.t("cc.active", { name: ctx.seatName(o.active, true) }), " · ",
      ctx.t("cc.step"), " ", h("strong.step", {}, ctx.t(`cc.phase.${o.phase}`)),
      o.action_card_used ? ` · ${ctx.t("cc.action.used")}` : null)];
  if (o.pending_action && !ctx.legal) {
    const a = o.pending_action;
    lines.push(h("p.pending", {}, ctx.t("cc.pending", { name: ctx.seatName(a.player, true), card: a.card, target: a.target || "—" })));
  }
  if (o.voting) lines.push(h("p.voting", {}, ctx.t("cc.voting", { group: o.voting })));
  if (o.castling) {
    lines.push(h("p.castling", {}, ctx.t("cc.castling", { groups: o.castling.groups.join(", "), n: o.castling.cards_left }),
      o.castling.cards ? [" ", minis(o.castling.cards, "castling")] : null));
  }
  if (o.end_reason) lines.push(h("p.quiet", {}, o.end_reason));
  return h("div.board-head", {}, lines);
}

/** The last vote at each group, from the log's events (all public): the cards, the sums, who
 *  took the patrician, the discards, and what called it (8 cards, the VoC card, a bust). */
function lastVotes(ctx) {
  const votes = {};
  for (const entry of ctx.entries || []) {
    let cause = null;
    for (const ev of entry.events || []) {
      if (ev.type === "VoCFlipped") cause = ctx.t("cc.vote.voc");
      else if (ev.type === "BustDrawn") cause = ctx.t("cc.vote.bust", { bust: ev.bust });
      else if (ev.type === "VoteHeld") {
        votes[ev.group] = { ...ev, index: entry.index, cause: ev.exceptional ? ctx.t("cc.vote.exceptional") : cause };
        cause = null;
      }
    }
  }
  return votes;
}

function voteResult(ctx, g, vote) {
  if (!vote) return null;
  const sum = (p) => h("p.cc-vote-side", { "data-seat": p }, h("span.who", {}, ctx.seatName(p, true)), " ",
    minis(vote.cards[p].map(String), `vote:${vote.index}:${g.name}:seat${p}`), " ", h("strong", {}, `= ${vote.sums[p]}`));
  const outcome = vote.winner === null || vote.winner === undefined ? ctx.t("cc.vote.tie")
    : ctx.t(vote.philosopher ? "cc.vote.won.p" : "cc.vote.won", { name: ctx.seatName(vote.winner, true), group: g.name });
  const gone = order(ctx).filter((p) => vote.discarded[p].length)
    .map((p) => `${ctx.seatName(p, true)} ${vote.discarded[p].join(" ")}`).join(" · ");
  return h("div.cc-vote", { "data-vote": vote.index, "aria-label": ctx.t("cc.vote.last") },
    h("p.cc-vote-head", {}, h("strong", {}, ctx.t("cc.vote.last")), vote.cause ? ` · ${vote.cause}` : null),
    order(ctx).map(sum), h("p.cc-vote-outcome", {}, outcome),
    gone ? h("p.quiet", {}, ctx.t("cc.vote.discarded", { cards: gone })) : null);
}

function side(ctx, g, p) {
  const s = g.sides[p];
  const mine = p === ctx.seat;
  const at = `group:${g.name}:seat${p}`;
  const copies = {};
  const up = s.face_up.map((v) => {
    copies[v] = (copies[v] ?? -1) + 1;
    const place = `${at}:up:${v}:${copies[v]}`;
    const move = `assassin ${v} ${g.name}`;
    if (sel?.card === "assassin" && !mine && ctx.legalMoves.has(move)) {
      return target(ctx, move, face(v), ctx.t("cc.assassin.at", { value: v, group: g.name }),
        { class: "card up", "data-place": place, "data-key": `target:${move}:${copies[v]}` });
    }
    return slot(place, card(v, { class: "up" }));
  });
  const down = s.face_down_values
    ? s.face_down_values.map((v, i) => slot(`${at}:down:${i}`, card(v, { class: "down", "aria-label": ctx.t("cc.down.value", { value: v }) })))
    : Array.from({ length: s.face_down }, (_, i) => slot(`${at}:down:${i}`, back(ctx)));
  return h("div.side", { class: mine ? "mine" : "theirs", "data-seat": p },
    h("span.who", {}, ctx.seatName(p, true), g.won[p] ? h("span.badge", {}, ` ${ctx.t("cc.won.n", { n: g.won[p] })}`) : null),
    h("span.cards", {}, up, down, !up.length && !down.length ? h("span.quiet", {}, "—") : null));
}

/** The group where the next opening card goes (C10: one per group, in board order). */
function openingGroup(ctx) {
  if (ctx.obs.phase !== "opening" || !ctx.legal) return null;
  return ctx.obs.groups.find((g) => g.sides[ctx.seat].face_down === 0)?.name ?? null;
}

function group(ctx, g, vote) {
  const [top, bottom] = order(ctx);
  const targets = groupTargets(ctx, g);
  const aimed = targets.length > 0 || (sel?.card === "assassin"
    && g.sides[top].face_up.some((v) => ctx.legalMoves.has(`assassin ${v} ${g.name}`)));
  const next = openingGroup(ctx) === g.name;
  const cls = [g.patricians_left ? "" : "exhausted", sel ? (aimed ? "target" : "inert") : "", next ? "target" : "",
    ctx.obs.voting === g.name ? "voting" : ""];
  return h("section.patricians", { "data-group": g.name, class: cls.filter(Boolean).join(" ") },
    side(ctx, g, top),
    h("h3", {}, g.name, h("span.quiet", {}, ` · ${ctx.t("cc.left", { n: g.patricians_left, of: g.size })}`)),
    side(ctx, g, bottom),
    targets.length ? h("div.buttons.cc-targets", {}, targets) : null,
    next ? h("p.cc-next", {}, ctx.t("cc.opening.here")) : null,
    voteResult(ctx, g, vote));
}

/** The opponent across the table: its hand's size, and the Spy's target when one is picked. */
function opponent(ctx) {
  if (ctx.seat === null) return null;
  const p = 1 - ctx.seat;
  const s = ctx.obs.seats[p];
  const spy = sel?.card === "spy" && ctx.legalMoves.has("spy")
    ? target(ctx, "spy", ctx.t("cc.spy.here"), ctx.t("cc.spy.at", { name: ctx.seatName(p, true) })) : null;
  return h("div.cc-opponent", { class: spy ? "target" : "", "data-seat": p },
    h("span", {}, ctx.t("cc.their.hand", { name: ctx.seatName(p, true), n: s.hand_size, actions: s.hand_action_cards })),
    spy ? [" ", spy] : null);
}

function hand(ctx) {
  const me = ctx.seat === null ? null : ctx.obs.seats[ctx.seat];
  if (!me || ctx.obs.over) return null;
  const copies = {};
  const title = whose(ctx, "cc.hand", "board.hand.of");
  return h("section.hand", { "aria-label": title }, h("h3", {}, title),
    h("div.cards", {}, me.hand.length ? me.hand.map((name) => {
      const copy = copies[name] = (copies[name] ?? -1) + 1;
      const place = `hand:${name}:${copy}`;
      const direct = directMove(ctx, name);
      if (direct) {
        return moveButton(ctx, direct, face(name), { class: "card", "aria-label": direct, title: direct, "data-key": place, "data-place": place }, "button");
      }
      const moves = targetMoves(ctx, name);
      for (const m of moves) ctx.shown.add(m);          // reached through this card: no button below
      if (moves.length) {
        const on = sel?.card === name && sel.copy === copy;
        return h("button.card.pick", { type: "button", class: on ? "picked" : "", "aria-pressed": on ? "true" : "false",
          "data-pick": name, "data-key": place, "data-place": place, "data-leads-to": moves.join("\n"), disabled: ctx.busy,
          "aria-label": ctx.t("cc.pick", { card: name }), title: ctx.t("cc.pick", { card: name }),
          onclick: () => pick(ctx, name, copy) }, face(name));
      }
      return slot(place, card(name));
    }) : h("span.quiet", {}, "—")));
}

function refillTo(ctx) {
  return ctx.obs.edition === "2024" ? 6 : 5;
}

/** What to do now, in words, with the moves that need no card: pass, done, a draw. */
function prompt(ctx) {
  if (!ctx.legal || !ctx.legal.length || DIALOGS[ctx.obs.phase]) return null;
  const o = ctx.obs;
  const me = o.seats[ctx.seat];
  let text;
  if (sel?.card === "castling" && sel.first) text = ctx.t("cc.pick.castling", { group: sel.first });
  else if (sel) text = ctx.t("cc.pick.target", { card: sel.card });
  else text = ctx.t(`cc.do.${o.phase}`, { n: refillTo(ctx), group: openingGroup(ctx) ?? "" });
  const steps = [];
  if (ctx.legalMoves.has("passive")) steps.push(moveButton(ctx, "passive", ctx.t("cc.passive")));
  for (const pile of ["influence", "action"]) {
    const move = `draw ${pile}`;
    if (ctx.legalMoves.has(move)) {
      steps.push(moveButton(ctx, move, ctx.t(`cc.draw.${pile}`, { n: me[`${pile}_pile`] })));
    }
  }
  if (ctx.legalMoves.has("done")) steps.push(moveButton(ctx, "done", ctx.t(`cc.done.${o.phase}`)));
  return h("section.cc-prompt", {}, h("p", {}, text), steps.length ? h("div.buttons", {}, steps) : null);
}

// -- the dialogs ------------------------------------------------------------------------------

function arrange(ctx) {
  const me = ctx.obs.seats[ctx.seat];
  const left = Object.values(me.unarranged || {}).reduce((a, b) => a + b, 0);
  return [ctx.t("cc.arrange.title"), [
    h("p", {}, ctx.t("cc.arrange.text", { n: left, name: ctx.seatName(1 - ctx.seat, true) })),
    h("p", {}, ctx.t("cc.pile.order"), ": ", minis(me.action_pile_order || [], "pile")),
    h("div.buttons", {}, Object.entries(me.unarranged || {}).map(([k, n]) => moveButton(ctx, `arrange ${k}`,
      [h("span.card.mini", { "aria-hidden": "true" }, face(k)), ` ×${n}`],
      { "aria-label": ctx.t("cc.arrange.next", { card: k, n }), "data-key": `arrange:${k}`, "data-place": `to-arrange:${k}` }))),
    left > 1 ? h("div.buttons", {}, shuffleRest(ctx, me.unarranged)) : null]];
}

/** One click for the cards still to arrange, in a random order (drawn at the click): the moves
 *  are played one by one. */
function shuffleRest(ctx, unarranged) {
  const shuffled = () => {
    const moves = Object.entries(unarranged).flatMap(([k, n]) => Array(n).fill(`arrange ${k}`));
    for (let i = moves.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [moves[i], moves[j]] = [moves[j], moves[i]];
    }
    return moves;
  };
  const ready = ctx.legal !== null && !ctx.busy;
  return h("button", { type: "button", "data-key": "arrange:shuffle", disabled: !ready,
    onclick: ready ? () => { const [first, ...rest] = shuffled(); ctx.play(first, rest); } : null },
  ctx.t("cc.arrange.shuffle"));
}

function veto(ctx) {
  const a = ctx.obs.pending_action;
  return [ctx.t("cc.veto.title"), [
    h("p", {}, ctx.t("cc.veto.text", { name: ctx.seatName(a.player, true), card: a.card, target: a.target || ctx.t("cc.veto.hand") })),
    h("p.quiet", {}, ctx.t(`cc.effect.${a.card}`)),
    ctx.legalMoves.has("veto") ? null : h("p", {}, ctx.t("cc.veto.none")),
    h("div.buttons", {}, ctx.legalMoves.has("veto") ? moveButton(ctx, "veto", ctx.t("cc.veto.it"), { class: "primary" }) : null,
      moveButton(ctx, "allow", ctx.t("cc.veto.allow")))]];
}

function castling(ctx) {
  const c = ctx.obs.castling;
  const values = [...new Set(c.cards || [])];
  const now = (name) => ctx.obs.groups.find((g) => g.name === name).sides[ctx.seat].face_down_values || [];
  return [ctx.t("cc.castling.title"), [
    h("p", {}, ctx.t("cc.castling.text", { a: c.groups[0], b: c.groups[1], n: c.cards_left })),
    h("p", {}, ctx.t("cc.castling.left"), " ", minis(c.cards || [], "castling-left")),
    h("p.quiet", {}, c.groups.map((g) => ctx.t("cc.castling.now", { group: g, cards: now(g).join(" ") || "—" })).join(" · ")),
    h("table.cc-split", {}, h("tbody", {}, values.map((v) => h("tr", {},
      h("th", { scope: "row" }, slot(`castling-row:${v}`, card(v, { class: "mini" }))),
      c.groups.map((g) => h("td", {}, moveButton(ctx, `castle ${v} ${g}`, ctx.t("cc.castling.to", { group: g }),
        { "aria-label": ctx.t("cc.castle.at", { value: v, group: g }) })))))))]];
}

function spyPick(ctx) {
  const takes = legalList(ctx).filter((m) => m.startsWith("take "));
  return [ctx.t("cc.spy.title", { name: ctx.seatName(1 - ctx.seat, true) }), [
    h("p", {}, ctx.t("cc.spy.text")),
    h("div.cards", {}, takes.map((m) => {
      const name = m.slice(5);
      return moveButton(ctx, m, face(name), { class: "card", "aria-label": ctx.t("cc.spy.take", { card: name }), title: m, "data-place": `spied:${name}` }, "button");
    }))]];
}

function voteAction(ctx) {
  const o = ctx.obs;
  const g = o.groups.find((x) => x.name === o.voting);
  const sums = order(ctx).map((p) => {
    const cards = g ? g.sides[p].face_up : [];
    const sum = cards.reduce((a, v) => a + (v === "P" ? 0 : Number(v)), 0);
    return h("p", {}, h("span.who", {}, ctx.seatName(p, true)), " ", minis(cards, `voting:seat${p}`), " ", h("strong", {}, `= ${sum}`));
  });
  return [ctx.t("cc.vote.title", { group: o.voting }), [
    h("p", {}, ctx.t("cc.vote.text")), sums,
    sel ? h("p.quiet", {}, ctx.t("cc.pick.target", { card: sel.card })) : null,
    h("div.buttons", {}, moveButton(ctx, "done", ctx.t("cc.done.vote-action")))]];
}

function dialog(ctx) {
  const make = ctx.legal && ctx.legal.length ? DIALOGS[ctx.obs.phase] : null;
  if (!make) return null;
  const [title, body] = make(ctx);
  return h("section.cc-dialog", { role: "dialog", "aria-labelledby": "cc-dialog-title", "data-dialog": ctx.obs.phase, tabindex: "-1" },
    h("h3#cc-dialog-title", {}, title), body);
}

/** Focus moves into a dialog when it opens (or when the focus was lost with a redrawn button). */
function focusDialog(root) {
  if (root.parentElement?.id !== "board-body") return;         // another drawing (a replay's)
  const open = root.querySelector(".cc-dialog");
  const kind = open ? open.dataset.dialog : null;
  if (open && !open.contains(document.activeElement)
      && (kind !== shownDialog || document.activeElement === document.body)) {
    (open.querySelector("button:not([disabled])") || open).focus();
  }
  shownDialog = kind;
}

// -- the score --------------------------------------------------------------------------------

function loadOptions() {
  if (options !== null) return;
  options = false;        // asked for
  const id = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  fetch(`/api/tables/${encodeURIComponent(id)}`).then((r) => (r.ok ? r.json() : null)).catch(() => null)
    .then((f) => { options = f?.options || {}; redraw(); });
}

/** Seat ``p``'s points at group ``g`` (C32): its patricians, the majority point, the all point. */
function groupPoints(g, p, rule) {
  const won = g.won[p];
  const half = Math.floor(g.size / 2);
  const majority = (rule === "half" || g.patricians_left === 0) && won > half ? 1 : 0;
  const all = rule === "half" ? (won === g.size ? 1 : 0) : (won > 0 && g.won[1 - p] === 0 ? 1 : 0);
  return { won, majority, all, points: won + majority + all };
}

function finalScore(ctx) {
  const o = ctx.obs;
  if (!o.over) return null;
  loadOptions();
  if (!options) return h("section.cc-final", {}, h("p.quiet", {}, "…"));
  const rule = options.majority || "rulebook";
  const seats = order(ctx);
  const totals = seats.map(() => 0);
  const rows = o.groups.map((g) => h("tr", {}, h("th", { scope: "row" }, `${g.name} (${g.size})`), seats.map((p, i) => {
    const x = groupPoints(g, p, rule);
    totals[i] += x.points;
    const why = [ctx.t("cc.final.won", { n: x.won }), x.majority ? ctx.t("cc.final.majority") : null, x.all ? ctx.t("cc.final.all") : null];
    return h("td", { "data-points": x.points }, why.filter(Boolean).join(" + "), h("strong", {}, ` = ${x.points}`));
  })));
  const bonus = h("tr.bonus", {}, h("th", { scope: "row" }, ctx.t("cc.bonus")), seats.map((p, i) => {
    const goal = o.seats[p].bonus_goal;
    const have = o.groups.find((g) => g.name === goal)?.won[p] ?? 0;
    const met = have >= NEEDS;
    totals[i] += met ? 2 : 0;
    return h("td", { "data-points": met ? 2 : 0 }, ctx.t(met ? "cc.final.met" : "cc.final.missed", { group: goal, n: have, of: NEEDS }),
      h("strong", {}, ` = ${met ? 2 : 0}`));
  }));
  return h("section.cc-final", { "aria-labelledby": "cc-final-title" }, h("h3#cc-final-title", {}, ctx.t("cc.final")),
    h("p.quiet", {}, ctx.t(rule === "half" ? "cc.final.rule.half" : "cc.final.rule.rulebook")),
    h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ctx.t("cc.final.group")),
        seats.map((p) => h("th", { scope: "col" }, ctx.seatName(p, true))))),
      h("tbody", {}, rows, bonus),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, ctx.t("cc.final.total")),
        seats.map((p, i) => h("td.total", { "data-seat": p }, String(totals[i])))))));
}

// -- the seats --------------------------------------------------------------------------------

function counts(dict) {
  const names = Object.keys(dict || {});
  return names.length ? names.map((k) => `${k}×${dict[k]}`).join(", ") : "—";
}

function seatPanel(ctx, p) {
  const o = ctx.obs;
  const s = o.seats[p];
  const mine = p === ctx.seat;
  const rows = [
    [ctx.t("cc.hand.size"), ctx.t("cc.hand.n", { n: s.hand_size, actions: s.hand_action_cards })],
    [ctx.t("cc.influence.pile"), String(s.influence_pile)],
    [ctx.t("cc.action.pile"), String(s.action_pile)],
    [ctx.t("cc.discard"), counts(s.discard)],
    [ctx.t("cc.patricians"), String(s.patricians)],
    [ctx.t("cc.points"), String(s.points ?? s.points_public)],
  ];
  if (s.bonus_goal) rows.push([ctx.t("cc.bonus"), s.bonus_goal]);
  if (s.hand_known?.length) rows.push([ctx.t("cc.known"), minis(s.hand_known, `known:${p}`)]);
  if (s.action_cards_to_arrange) rows.push([ctx.t("cc.to.arrange"), String(s.action_cards_to_arrange)]);
  if (s.action_pile_order && o.phase !== "arrange") rows.push([ctx.t("cc.pile.order"), s.action_pile_order.join(", ") || "—"]);
  return h("section.seat", { class: [p === o.to_move && !o.over ? "to-move" : "", mine ? "me" : ""].join(" "), "data-seat": p },
    h("h3", {}, ctx.seatName(p), p === o.to_move && !o.over ? h("span.badge", {}, ` ${ctx.t("cc.to.move")}`) : null),
    facts(rows));
}

function votes(ctx) {
  const o = ctx.obs;
  const list = (names) => (names.length ? names.join(", ") : "—");
  if (o.bust_bag) {
    const b = o.bust_bag;
    return h("section.votes", {}, h("h3", {}, ctx.t("cc.busts")), facts([
      [ctx.t("cc.in.bag"), list(b.in_bag)], [ctx.t("cc.drawn"), list(b.drawn)], [ctx.t("cc.out"), list(b.out)]]),
    b.no_draw_this_turn ? h("p.quiet", {}, ctx.t("cc.no.draw")) : null);
  }
  return h("section.votes", {}, h("h3", {}, ctx.t("cc.voc")), facts([
    [ctx.t("cc.voc.deck"), list(o.voc.deck)], [ctx.t("cc.voc.discard"), list(o.voc.discard)], [ctx.t("cc.out"), list(o.voc.out)]]));
}

export function render(ctx) {
  if (picked && ctx.legal && (picked.seq !== ctx.view.seq || !targetMoves(ctx, picked.card).length)) picked = null;
  sel = ctx.legal ? picked : null;
  const o = ctx.obs;
  const voted = lastVotes(ctx);
  // the places of the moves first: what is left over goes under them
  const asked = dialog(ctx);
  const groups = h("div.groups", { class: sel ? "picking" : "" }, o.groups.map((g) => group(ctx, g, voted[g.name])));
  const steps = prompt(ctx);
  const held = hand(ctx);
  const panels = h("div.seats", {}, order(ctx).map((p) => seatPanel(ctx, p)));
  const root = h("div.caesar-cleopatra", {}, header(ctx), finalScore(ctx), asked, opponent(ctx), groups, steps, held,
    otherMoves(ctx), panels, votes(ctx));
  contexts.set(root, ctx);
  queueMicrotask(() => focusDialog(root));
  return root;
}
