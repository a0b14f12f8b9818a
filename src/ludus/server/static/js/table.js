// A table: connects as the seat whose token is in the link (``#seat=TOKEN``) or as a spectator,
// and draws what the server sends — whose turn, scores, clocks, the game's board, the log — and
// sends the moves made by clicks on the board or typed as notation.

import { Assists } from "./assists.js";
import { TableClient } from "./client.js";
import { h, replace } from "./dom.js";
import { init, switcher, t, translate } from "./i18n.js";
import { myTables, remember } from "./mytables.js";

// A board per game (static/boards/<game>.js); others get the generic one.
const BOARDS = {
  claim: () => import("../boards/claim.js"),
  "caesar-cleopatra": () => import("../boards/caesar-cleopatra.js"),
  "seize-rome": () => import("../boards/seize-rome.js"),
};
// How long a forced move (the only legal one) waits before it plays itself, in ms: only at a
// table where every other seat is a bot. Among people it waits for a click, since how fast it
// followed would tell the others it was forced, and that can depend on a hidden hand.
const FORCED_PAUSE = 700;

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const token = new URLSearchParams(location.hash.slice(1)).get("seat");

let client = null;
let board = null;
let facts = null;           // GET /api/tables/ID: the seats' agents
let titles = {};
let received = 0;           // when the last view came (the clocks count down from there)
let forced = null;          // the timer of a forced move about to play itself
// Moves a board asked for one after another, each played while legal (C&C's "the rest in a random
// order"). They go out as fast as the views come back: the others may see that they were queued,
// which tells nothing of hidden cards (the order is random); a refusal, an undo or a lost
// connection stops the run.
let queued = [];
let status = "connecting";
let noticeSeq = null;       // the seq the notice (an error, a forced move) was about, or "offline"
let undoAsked = null;       // the seq at which this page last asked for an undo
let undoRefused = null;     // ... and the seq at which the server refused it (the button goes)
// Help at the table (hint, tracker, replay and review), as the table's facts allow.
const assists = new Assists({
  get client() { return client; },
  facts: () => facts, board: () => board, seatName, t, draw, tableId,
});

/** A seat's name as the page writes it: "(you)" after the reader's own, the kind of bot after
 *  a bot's (unless ``short``). */
function seatName(p, short = false) {
  const name = client.seatNames?.[p] ?? `seat ${p}`;
  const agent = facts?.seats?.[p]?.agent;
  if (p === client.seat) return t("table.you", { name });
  return agent && !short ? t("table.bot", { name, agent: t(`bot.${agent}`) }) : name;
}

function mine() {
  const v = client.view;
  return v && !v.over && v.legal && v.legal.length > 0 && client.seat === v.to_move;
}

/** Whether a forced move may play itself: where every other seat is a bot, no player can read
 *  anything into how fast it came (a spectator could, but takes no part in the game). */
function forcedPlaysItself() {
  const seats = facts?.seats;
  return !!seats && seats.every((s) => s.seat === client.seat || !s.person);
}

/** Send ``move``; ``then``: moves to send after it, one per new view, as long as this seat is
 *  still to move and each is legal there (a board's shortcut for a run of decisions). */
function play(move, then = []) {
  clearTimeout(forced);
  queued = [];
  if (status !== "open") {
    notSent("table.offline");
    return;
  }
  replace($("notice"));
  if (client.move(move)) {
    queued = then;
    draw();
  }
}

/** The next queued move, if it may be played now; the queue is dropped otherwise. */
function playQueued() {
  const [next, ...rest] = queued;
  queued = [];
  if (next === undefined || !mine() || client.pending !== null) return false;
  if (!client.view.legal.some((m) => m.move === next)) return false;
  play(next, rest);
  return true;
}

function undo() {
  clearTimeout(forced);
  queued = [];
  if (status !== "open") {
    notSent("table.offline.undo");
    return;
  }
  undoAsked = client.seq;
  if (client.undo()) draw();
}

/** Say that nothing was sent, the connection being down: a click must never vanish silently. */
function notSent(key) {
  noticeSeq = "offline";          // cleared by the next view, the one a reconnect brings
  replace($("notice"), h("span.error", {}, t(key)));
}

function clockText(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return hours ? `${hours}:${mm}:${ss}` : `${mm}:${ss}`;
}

function drawClocks() {
  const clocks = client?.view?.clocks;
  const el = $("clocks");
  if (!clocks || !el) return;
  const spent = (Date.now() - received) / 1000;
  replace(el, clocks.left.map((left, p) => left === null ? null : h("span.clock", {
    class: clocks.running === p ? "running" : "", "data-seat": p,
  }, `${seatName(p)} ${clockText(clocks.running === p ? left - spent : left)}`)));
}

function drawStatus() {
  const v = client.view;
  let turn;
  if (v.over) turn = t("table.over");
  else if (mine()) turn = t("table.your.turn");
  else if (v.to_move !== null && v.to_move !== undefined) turn = t("table.waiting", { name: seatName(v.to_move) });
  else turn = "";
  const best = v.returns ? Math.max(...v.returns) : null;
  replace($("status"),
    h("p.turn", { class: mine() ? "mine" : "" }, turn),
    h("ul.scores", { "aria-label": t("table.scores") }, h("li.what", {}, t(`score.${client.game}`, {}, t("table.scores"))),
      v.scores.map((score, p) =>
      h("li", { class: [p === v.to_move && !v.over ? "to-move" : "", v.returns && v.returns[p] === best && best > 0 ? "winner" : ""].join(" ") },
        h("span.name", {}, seatName(p)), " ", h("span.score", {}, String(score))))),
    v.clocks ? h("div.clocks", { id: "clocks", "aria-label": t("table.clocks") }) : null,
    v.over ? result(v, best) : null);
  drawClocks();
}

function result(v, best) {
  const winners = v.returns.map((r, p) => (r === best && best > 0 ? p : null)).filter((p) => p !== null);
  const said = winners.length ? t("table.winners", { n: winners.length, names: winners.map((p) => seatName(p)).join(", ") }) : t("table.draw");
  const again = rematch();
  return h("div.result", {}, h("p.strong", {}, said),
    h("p", {}, again ? [h("a#rematch.button.primary", { href: again, title: t("table.again.note") }, t("table.again")), " "] : null,
      h("a.button", { class: again ? "" : "primary", href: "/" }, t("table.to.lobby"))));
}

/** The lobby with this table's setup filled in (``/#setup=JSON``): the game, the options, the
 *  seats (each bot as it was, this page's seat as "you", another person's as a person's), the
 *  clock where the facts give it, the assists and the listing. Nothing secret: no token, no
 *  seed. Null without the facts. */
function rematch() {
  if (!facts?.game || !Array.isArray(facts.seats)) return null;
  const setup = {
    game: facts.game, options: facts.options || {},
    seats: facts.seats.map((s) => s.agent || (s.seat === client?.seat ? "you" : "person")),
    assists: facts.assists, public: facts.public,
    ...(facts.clock !== undefined ? { clock: facts.clock } : {}),
  };
  return `/#setup=${encodeURIComponent(JSON.stringify(setup))}`;
}

function drawLog() {
  const list = $("log-lines");
  const near = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  // A decision that changed nothing anyone sees (Caesar & Cleopatra's "done", "passive": the
  // lines after it tell the turn) has no events and no line, as on the command line; a game
  // without narration shows each move as "seat: move".
  const told = client.entries.filter((e) => e.lines.length || e.events.length);
  const times = (n) => (n > 1 ? h("span.quiet.repeat", {}, ` ×${n}`) : null);   // at the end of its line
  replace(list, runs(told).map(([e, n]) => h("li.entry", { "data-index": e.index },
    e.lines.length ? e.lines.map((line) => h("span.line", { class: line.style ? `style-${line.style}` : "" }, line.text,
      times(n)))
      : h("span.line", {}, `${seatName(e.seat)}: ${e.move ?? "…"}`))));
  if (near) list.scrollTop = list.scrollHeight;
}

/** The log's entries with another seat's identical one-line entries in a row told once, with
 *  their count (the thirteen hidden cards an opponent puts on its action pile): [entry, count]. */
function runs(entries) {
  const out = [];
  for (const e of entries) {
    const last = out.at(-1);
    const same = last && e.seat !== client.seat && last[0].seat === e.seat && e.lines.length === 1
      && last[0].lines.length === 1 && last[0].lines[0].text === e.lines[0].text;
    if (same) out[out.length - 1] = [e, last[1] + 1];
    else out.push([e, 1]);
  }
  return out;
}

function drawMoves() {
  const v = client.view;
  const ready = mine() && client.pending === null;
  $("moves").hidden = client.seat === null || v.over;
  $("notation-input").disabled = !ready;
  $("notation").querySelector("button[type=submit]").disabled = !ready;
  replace($("legal-moves"), (ready ? v.legal : []).map((m) => h("option", { value: m.move })));
  // The server's rule alone decides (``can_undo``, with each view to a person's seat; false once
  // the game is over): it already asks what the log's last entry would tell — whose decision it
  // was, and whether the seat's own choice — and whether chance or a reveal came since.
  $("undo").hidden = v.can_undo !== true || undoRefused === v.seq;
  $("undo").disabled = client.pending !== null;
}

/** What help the table allows (every seat sees it), the hint, the tracker and the replay. */
function drawAssists() {
  const on = Object.entries(facts?.assists || {}).filter(([, allowed]) => allowed).map(([name]) => t(`assist.name.${name}`));
  replace($("assist-on"), facts?.assists ? (on.length ? t("assist.table.on", { names: on.join(", ") }) : t("assist.table.none")) : null);
  assists.drawHint(mine() && client.pending === null);
  assists.drawTracker();
  assists.drawReplay();
}

/** The board: the game as it stands, or at the end, once the replay has come, the replay's step
 *  in its place (the final position at first), so that the final position is drawn once.
 *  ``reader`` is the seat reading, ``seat`` the one whose view is drawn: the replay may show
 *  another's. */
function drawBoard() {
  const replayed = assists.shown();
  const v = replayed?.view ?? client.view;
  const legal = !replayed && mine() ? v.legal : null;
  const ctx = {
    view: v, obs: v.observation, seat: replayed ? replayed.seat : client.seat, reader: client.seat, legal,
    busy: replayed !== null || client.pending !== null, legalMoves: new Set((legal || []).map((m) => m.move)),
    shown: new Set(), entries: replayed?.entries ?? client.entries, play, t, seatName,
  };
  const body = $("board-body");
  const before = new Set([...body.querySelectorAll("[data-place]")].map((el) => el.dataset.place));
  replace(body, (board || { render: () => null }).render(ctx));
  if (!replayed) assists.markHint(body);
  // A card that came to its place since the last drawing (placed, played, taken: boards name
  // each card's place in ``data-place``) arrives with a short animation (ludus.css; none where
  // the reader asked for reduced motion). The first drawing animates nothing.
  if (before.size) {
    for (const el of body.querySelectorAll("[data-place]")) {
      if (!before.has(el.dataset.place)) el.classList.add("arrived");
    }
  }
}

function state() {
  const v = client.view;
  if (!v) return "loading";
  if (v.over) return "over";
  if (client.pending !== null) return "pending";
  if (mine()) return v.legal.length === 1 && forcedPlaysItself() ? "forced" : "mine";
  return "waiting";
}

function draw() {
  if (!client.view) return;
  const v = client.view;
  document.body.dataset.seq = v.seq;
  document.body.dataset.state = state();
  document.body.dataset.seat = client.seat ?? "spectator";
  document.title = `${mine() ? "● " : ""}${titles[client.game] || client.game} · ludus`;     // a tab says "your turn"
  // watching a table this browser has a seat at: a link back to the seat
  const kept = client.seat === null ? myTables().find((k) => k.id === tableId)?.seats || [] : [];
  replace($("title"), h("span", {}, titles[client.game] || client.game), " ",
    h("span.quiet", {}, client.seat === null ? t("table.watching") : t("table.playing", { name: client.seatNames[client.seat] })),
    kept.map((s) => [" ", h("a.button", { href: s.url }, t("lobby.play.as", { name: s.name }))]));
  drawStatus();
  drawBoard();
  drawMoves();
  drawAssists();
  drawLog();
  replace($("connection"), status === "open" ? null : h("span", { class: `conn-${status}` }, t(`connection.${status}`)));
}

async function onView() {
  received = Date.now();
  if (!board) {
    const load = BOARDS[client.game] || (() => import("../boards/generic.js"));
    board = await load();
    if (token) {
      remember({ id: tableId, game: client.game, title: titles[client.game] || client.game, created: new Date().toISOString(),
        spectate: `${location.origin}/t/${tableId}`,
        seats: [{ seat: client.seat, name: client.seatNames[client.seat], url: location.href }] });
    }
  }
  if (client.view.over && facts?.status !== "over") loadFacts();
  if (client.view.seq !== noticeSeq) replace($("notice"));
  draw();
  clearTimeout(forced);
  if (playQueued()) return;
  if (state() === "forced") {
    noticeSeq = client.view.seq;
    const seq = client.view.seq;
    const only = client.view.legal[0].move;
    replace($("notice"), h("span.quiet", {}, t("table.forced", { move: only })));
    forced = setTimeout(() => {
      if (client.view.seq === seq && state() === "forced") play(only);
    }, FORCED_PAUSE);
  }
}

/** A link that leads nowhere (no such table; a seat token that is not this table's; a table
 *  this version of ludus cannot go on with): say so and offer the ways on, instead of an empty
 *  table. */
function drawDeadEnd(kind) {
  document.body.dataset.state = kind;
  for (const id of ["moves", "log", "board", "assist-bar", "replay"]) $(id).hidden = true;
  replace($("notice"));
  replace($("connection"));
  replace($("status"), h("div.result", {}, h("p.strong", {}, t(`connection.${kind}`)),
    h("p", {}, kind === "bad-token" ? [h("a.button", { href: `/t/${encodeURIComponent(tableId)}` }, t("table.watch")), " "] : null,
      h("a.button.primary", { href: "/" }, t("table.to.lobby")))));
}

async function loadFacts() {
  try {
    const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}`);
    if (answer.ok) facts = await answer.json();
  } catch {
    facts = null;
  }
  if (client?.view) draw();
}

async function main() {
  await init();
  $("lang-slot").append(switcher(() => { translate(document); draw(); }));
  try {
    titles = Object.fromEntries((await (await fetch("/api/games")).json()).map((g) => [g.id, g.title]));
  } catch {
    titles = {};
  }
  await loadFacts();
  if (token === "") {                 // "#seat=" with no token after it: no seat's link, however cut
    drawDeadEnd("bad-token");
    return;
  }
  client = new TableClient(tableId, token, {
    view: onView,
    status: (name, code) => {
      if (name !== "open") queued = [];        // a run of moves stops with the connection
      status = name !== "closed" ? name : code === 4401 ? "bad-token" : code === 4404 ? "no-table"
        : code === 4410 ? "unplayable" : "closed";
      if (["bad-token", "no-table", "unplayable"].includes(status)) drawDeadEnd(status);
      else if (client.view) draw();
      else replace($("connection"), h("span", { class: `conn-${status}` }, t(`connection.${status}`)));
    },
    error: (message) => {
      queued = [];                              // a run of moves stops at a refusal, which stays shown
      noticeSeq = client.view?.seq;
      if (message.code === "illegal" && undoAsked === noticeSeq) undoRefused = noticeSeq;
      replace($("notice"), h("span.error", {}, message.message));
    },
  });
  $("notation").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("notation-input").value.trim();
    if (!text || !mine()) return;
    $("notation-input").value = "";
    // the terminal's commands, for a player who knows them: the buttons that do the same here
    const word = text.toLowerCase();
    if (["help", "?", "hint", "undo"].includes(word)) {
      const button = word === "hint" || word === "undo" ? $(word) : null;
      noticeSeq = client.view.seq;
      if (button && button.offsetParent !== null && !button.disabled) button.click();
      else replace($("notice"), h("span.quiet", {}, t(button ? "table.command.none" : "table.notation.help", { command: word })));
      return;
    }
    play(text);
  });
  assists.attach(client);
  $("hint").addEventListener("click", () => assists.ask("hint"));
  $("tracker-toggle").addEventListener("click", () => assists.toggleTracker());
  $("undo").addEventListener("click", undo);
  // The second click of a double-click lands on the button drawn where the first one was, often
  // the next decision's: it is no decision of the player's, so it reaches no board.
  $("board-body").addEventListener("click", (event) => {
    if (event.detail > 1) event.stopPropagation();
  }, true);
  setInterval(drawClocks, 1000);
  addEventListener("hashchange", () => location.reload());     // another seat's link, same table
  client.connect();
}

main();
