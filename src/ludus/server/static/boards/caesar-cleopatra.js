// Caesar & Cleopatra's board: the five patrician groups in board order, each side's influence
// there (your own face-down cards show you their value; the opponent's show only their backs, as
// the observation holds no more), the hand, the piles, the Vote of Confidence deck (classic) or
// the bust bag (2024), the bonus goal, patricians won and points, and the step of the turn.
// Moves aimed at one group are buttons under that group; a hand card that is a move by itself is
// a button; every other legal move (answers, Castling's pair, ending a step) is grouped below.

import { h } from "../js/dom.js";
import { facts, moveButton, otherMoves } from "./common.js";

const ACTIONS = new Set(["assassin", "spy", "castling", "scout", "wrath", "veto"]);

function face(name) {
  const action = ACTIONS.has(name);
  return [h("span.value", { "aria-hidden": "true" }, action ? name[0].toUpperCase() : name),
    h("span.faction", { "aria-hidden": "true" }, action ? name : name === "P" ? "philosopher" : "influence")];
}

function card(name, extra = {}) {
  return h("span.card", { "aria-label": name, title: name, role: "img", ...extra }, face(name));
}

/** The back of a face-down card: nothing of its value, in text or attribute. */
function back(ctx) {
  return h("span.card.back", { "aria-label": ctx.t("cc.face.down"), title: ctx.t("cc.face.down"), role: "img" },
    h("span.value", { "aria-hidden": "true" }, "?"));
}

function order(ctx) {
  return ctx.seat === null ? [0, 1] : [1 - ctx.seat, ctx.seat];
}

function header(ctx) {
  const o = ctx.obs;
  const lines = [h("p", {}, h("strong", {}, ctx.t("cc.turn", { n: o.turn })), " · ",
    ctx.t("cc.active", { name: ctx.seatName(o.active, true) }), " · ",
    ctx.t("cc.step"), " ", h("strong.step", {}, o.phase),
    o.action_card_used ? ` · ${ctx.t("cc.action.used")}` : null)];
  if (o.pending_action) {
    const a = o.pending_action;
    lines.push(h("p.pending", {}, ctx.t("cc.pending", { name: ctx.seatName(a.player, true), card: a.card, target: a.target })));
  }
  if (o.voting) lines.push(h("p.voting", {}, ctx.t("cc.voting", { group: o.voting })));
  if (o.castling) {
    lines.push(h("p.castling", {}, ctx.t("cc.castling", { groups: o.castling.groups.join(", "), n: o.castling.cards_left }),
      o.castling.cards ? [" ", h("span.cards", {}, o.castling.cards.map((c) => card(c, { class: "mini" })))] : null));
  }
  if (o.end_reason) lines.push(h("p.quiet", {}, o.end_reason));
  return h("div.board-head", {}, lines);
}

/** The legal moves aimed at ``group`` alone ("down 3 senators", "scout senators"), labelled
 *  without the group's name. */
function groupMoves(ctx, group) {
  const moves = (ctx.legal || []).map((m) => m.move).filter((m) => {
    const words = m.split(" ");
    return words.length > 1 && words[words.length - 1] === group && words[0] !== "castling";
  });
  if (!moves.length) return null;
  return h("div.buttons", {}, moves.map((m) => moveButton(ctx, m, m.slice(0, -group.length - 1) || m,
    { "aria-label": m, title: m })));
}

function side(ctx, g, p) {
  const s = g.sides[p];
  const mine = p === ctx.seat;
  const down = s.face_down_values ? s.face_down_values.map((v) => card(v, { class: "down", "aria-label": ctx.t("cc.down.value", { value: v }) }))
    : Array.from({ length: s.face_down }, () => back(ctx));
  return h("div.side", { class: mine ? "mine" : "theirs", "data-seat": p },
    h("span.who", {}, ctx.seatName(p, true), g.won[p] ? h("span.badge", {}, ` ${ctx.t("cc.won.n", { n: g.won[p] })}`) : null),
    h("span.cards", {}, s.face_up.map((v) => card(v, { class: "up" })), down,
      !s.face_up.length && !down.length ? h("span.quiet", {}, "—") : null));
}

function group(ctx, g) {
  const [top, bottom] = order(ctx);
  return h("section.patricians", { "data-group": g.name, class: g.patricians_left ? "" : "exhausted" },
    side(ctx, g, top),
    h("h3", {}, g.name, h("span.quiet", {}, ` · ${ctx.t("cc.left", { n: g.patricians_left, of: g.size })}`)),
    side(ctx, g, bottom),
    groupMoves(ctx, g.name));
}

/** The move a hand card makes by itself in this step, if any. */
function handMove(ctx, name) {
  return [`open ${name}`, `discard ${name}`, name].find((m) => ctx.legalMoves.has(m)) ?? null;
}

function hand(ctx) {
  const me = ctx.seat === null ? null : ctx.obs.seats[ctx.seat];
  if (!me || ctx.obs.over) return null;
  return h("section.hand", { "aria-label": ctx.t("cc.hand") }, h("h3", {}, ctx.t("cc.hand")),
    h("div.cards", {}, me.hand.length ? me.hand.map((name, i) => {
      const move = handMove(ctx, name);
      return move ? moveButton(ctx, move, face(name), { class: "card", "aria-label": move, title: move, "data-key": `hand:${i}` }, "button")
        : card(name);
    }) : h("span.quiet", {}, "—")));
}

function counts(dict) {
  const names = Object.keys(dict || {});
  return names.length ? names.map((k) => `${k}×${dict[k]}`).join(", ") : "—";
}

function seatPanel(ctx, p) {
  const o = ctx.obs;
  const s = o.seats[p];
  const mine = p === ctx.seat;
  const draw = (pile) => (mine && ctx.legalMoves.has(`draw ${pile}`) ? [" ", moveButton(ctx, `draw ${pile}`, ctx.t("cc.draw"))] : null);
  const rows = [
    [ctx.t("cc.hand.size"), ctx.t("cc.hand.n", { n: s.hand_size, actions: s.hand_action_cards })],
    [ctx.t("cc.influence.pile"), [String(s.influence_pile), draw("influence")]],
    [ctx.t("cc.action.pile"), [String(s.action_pile), draw("action")]],
    [ctx.t("cc.discard"), counts(s.discard)],
    [ctx.t("cc.patricians"), String(s.patricians)],
    [ctx.t("cc.points"), String(s.points ?? s.points_public)],
  ];
  if (s.bonus_goal) rows.push([ctx.t("cc.bonus"), s.bonus_goal]);
  if (s.hand_known?.length) rows.push([ctx.t("cc.known"), h("span.cards", {}, s.hand_known.map((c) => card(c, { class: "mini" })))]);
  if (s.action_cards_to_arrange) rows.push([ctx.t("cc.to.arrange"), String(s.action_cards_to_arrange)]);
  if (s.action_pile_order) rows.push([ctx.t("cc.pile.order"), s.action_pile_order.join(", ") || "—"]);
  if (s.unarranged && Object.keys(s.unarranged).length) {
    rows.push([ctx.t("cc.unarranged"), h("span.buttons", {}, Object.keys(s.unarranged).map((k) =>
      moveButton(ctx, `arrange ${k}`, `${k}×${s.unarranged[k]}`, { "aria-label": `arrange ${k}` })))]);
  }
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
  const o = ctx.obs;
  const seats = order(ctx);
  // the places of the moves first: what is left over goes under them
  const groups = h("div.groups", {}, o.groups.map((g) => group(ctx, g)));
  const held = hand(ctx);
  const panels = h("div.seats", {}, seats.map((p) => seatPanel(ctx, p)));
  return h("div.caesar-cleopatra", {}, header(ctx), groups, held, otherMoves(ctx), panels, votes(ctx));
}
