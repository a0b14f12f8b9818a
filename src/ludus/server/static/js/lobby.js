// The lobby: make a table (game, options, seats, clock), hand out its links, list the tables
// of this browser and the open ones.

import { copy, h, replace } from "./dom.js";
import { init, switcher, t, translate } from "./i18n.js";
import { forget, myTables, remember } from "./mytables.js";

const CLOCKS = {
  none: null,
  "live-5-3": { kind: "live", minutes: 5, increment: 3 },
  "live-15-10": { kind: "live", minutes: 15, increment: 10 },
  "turn-24": { kind: "turn", hours: 24 },
  "turn-72": { kind: "turn", hours: 72 },
};

let games = [];
let made = null;        // the answer for the table just made
const picked = {};      // the option values chosen in the form, by "game.option": kept while offered
let preset = null;      // the seats a setup in the link (``#setup=``) asks for: { game, seats }

const $ = (id) => document.getElementById(id);

function game() {
  return games.find((g) => g.id === $("game").value);
}

function optionValue(name) {
  return $("options").querySelector(`[name="option.${name}"]`)?.value;
}

/** How many seats the chosen options give: the ``players`` option where the game has one. */
function seatCount(g) {
  const players = optionValue("players");
  return players !== undefined ? Number(players) : g.players;
}

// The named levels, weakest first: listed apart from the other bots.
const LEVELS = ["beginner", "casual", "club", "strong", "master"];

// A seat's choice in the form beyond the bots: the maker's own seat, or another person's.
const PEOPLE = ["you", "person"];

function agentLabel(spec) {
  return PEOPLE.includes(spec) ? t(`seat.${spec}`) : t(`agent.${spec}`);
}

/** How the form shows value ``v`` (text) of option ``o``: yes or no for a yes/no option, the
 *  seat's name for a seat (an option whose values name seats, /api/games's ``seat``), else the
 *  catalogue's words for it where it has some, else the value itself. The value sent is
 *  always ``v``. */
function valueLabel(g, o, v) {
  if (o.type === "boolean") return t(v === "true" ? "lobby.yes" : "lobby.no");
  if (o.seat && /^\d+$/.test(v)) return g.seat_names[Number(v)] ?? `seat ${v}`;
  return t(`option.${g.id}.${o.name}.value.${v}`, {}, v);
}

/** An option's help without its rule ids ("(S13)", "(C4)", wherever they stand): they name rules
 *  in the game's docs, which a player choosing a table does not have at hand. */
function withoutRuleIds(text) {
  return text.replace(/\s*\([CKNS]\d+(?:\.\d+)?(?:,\s*[CKNS]\d+(?:\.\d+)?)*\)/g, "");
}

/** The values of option ``o`` the game accepts with the choices made before it (``chosen``:
 *  name -> value as the form holds it, text): the entry of ``o.valid`` (from /api/games) whose
 *  ``when`` they match, or every value where none does (the server still checks). */
function validValues(o, chosen) {
  const entry = (o.valid || []).find((v) => Object.entries(v.when).every(([name, value]) => String(value) === chosen[name]));
  return entry && entry.values.length ? entry.values : o.values;
}

/** The options, each offering only the values valid with those chosen above it (a choice no
 *  longer valid falls back to the default, and comes back when it is valid again); an option
 *  left with its default alone does not apply there and is hidden. Drawn again at each choice.
 *  An option's name and line of help are the catalogue's (the server's English where a
 *  catalogue has none: an option added to a game still shows). */
function drawOptions() {
  const g = game();
  const chosen = {};
  replace($("options"), h("legend", {}, t("lobby.options")), g.options.map((o) => {
    const id = `option-${o.name}`;
    const allowed = validValues(o, chosen).map(String);
    const wanted = picked[`${g.id}.${o.name}`] ?? String(o.default);
    const value = [wanted, String(o.default)].find((v) => allowed.includes(v)) ?? allowed[0];
    chosen[o.name] = value;
    const applies = !(allowed.length === 1 && allowed[0] === String(o.default));
    return h("div.option", { hidden: !applies, dataset: { option: o.name } },
      h("label", { for: id }, t(`option.${g.id}.${o.name}`, {}, o.name.replaceAll("_", " "))),
      h("select", { id, name: `option.${o.name}`, "aria-describedby": `${id}-doc`, dataset: { key: id },
        onchange: (e) => { picked[`${g.id}.${o.name}`] = e.target.value; drawOptions(); } },
        allowed.map((v) => h("option", { value: v, selected: v === value },
          valueLabel(g, o, v) + (v === String(o.default) ? ` (${t("lobby.default")})` : "")))),
      // an option's help as the form offers it (".lobby": where the API's help speaks of values
      // the form has no way to give, such as Claim's list of factions), else the API's help
      h("small.doc", { id: `${id}-doc` }, withoutRuleIds(t(`option.${g.id}.${o.name}.lobby`, {},
        t(`option.${g.id}.${o.name}.doc`, {}, o.doc)))));
  }));
  drawSeats();
}

function drawSeats() {
  const g = game();
  const before = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  const n = seatCount(g);
  const names = Array.from({ length: n }, (_, i) => g.seat_names[i] ?? `seat ${i}`);
  replace($("seats"), h("legend", {}, t("lobby.seats")), names.map((name, i) => {
    const id = `seat-${i}`;
    const asked = preset?.game === g.id ? preset.seats[i] : undefined;
    const value = before[i] ?? (PEOPLE.includes(asked) || g.agents.includes(asked) ? asked : undefined)
      ?? (i === 0 ? "you" : ["club", "heuristic"].find((a) => g.agents.includes(a)) ?? g.agents[0]);
    const option = (spec) => h("option", { value: spec, selected: spec === value }, agentLabel(spec));
    const levels = g.agents.filter((a) => LEVELS.includes(a));
    return h("div.option", {},
      h("label", { for: id }, name),
      h("select", { id, name: `seat.${i}` }, PEOPLE.map(option),
        levels.length ? h("optgroup", { label: t("lobby.levels") }, levels.map(option)) : [],
        h("optgroup", { label: t("lobby.bots") }, g.agents.filter((a) => !LEVELS.includes(a)).map(option))));
  }));
}

function drawClock() {
  const was = $("clock").value || "none";
  replace($("clock"), Object.keys(CLOCKS).map((k) => h("option", { value: k, selected: k === was }, t(`clock.${k}`))));
}

async function create(event) {
  event.preventDefault();
  const button = event.target.querySelector("button[type=submit]");
  if (button.disabled) return;
  button.disabled = true;       // a second click while the first is on its way makes no second table
  try {
    await makeTable(game());
  } finally {
    button.disabled = false;
  }
}

/** POST ``body`` as JSON: the answer and what it said; where the server cannot be reached (or
 *  answers with no JSON), a failed answer whose ``detail`` says so. */
async function postJSON(url, body) {
  try {
    const answer = await fetch(url, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    return [answer, await answer.json()];
  } catch {
    return [{ ok: false }, { detail: t("lobby.unreachable") }];
  }
}

/** Make the table the form describes, then show its links (or why it was refused). */
async function makeTable(g) {
  const seats = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  if (!seats.some((v) => PEOPLE.includes(v))) {     // said in the form's words (the server's name "person")
    replace($("form-errors"), t("lobby.need.person", { you: t("seat.you"), person: t("seat.person") }));
    return;
  }
  const body = {
    game: g.id,
    // each chosen value as /api/games lists it (a number, a boolean or text), defaults left out
    // (a hidden option, one that does not apply, holds its default)
    options: Object.fromEntries(g.options.flatMap((o) => {
      const chosen = o.values.find((v) => String(v) === optionValue(o.name));
      return chosen === undefined || chosen === o.default ? [] : [[o.name, chosen]];
    })),
    seats: seats.map((v) => (PEOPLE.includes(v) ? "person" : v)),
    // the maker's own seats: taken from the start, never offered under open tables
    mine: seats.flatMap((v, i) => (v === "you" ? [i] : [])),
    clock: CLOCKS[$("clock").value],
    public: $("public").checked,
    assists: Object.fromEntries(["hints", "tracker", "review"].map((name) => [name, $(`assist-${name}`).checked])),
  };
  const [answer, said] = await postJSON("/api/tables", body);
  if (!answer.ok) {
    replace($("form-errors"), said.detail || t("lobby.failed"),
      (said.errors || []).map((e) => h("span.error-line", {}, `${e.field}: ${e.message}`)));
    return;
  }
  replace($("form-errors"));
  made = { ...said, title: g.title, mine: body.mine };
  remember({ id: said.id, game: g.id, title: g.title, created: new Date().toISOString(),
    spectate: said.spectate, seats: said.invites });
  drawMade();
  drawMine();
  drawOpen();
  $("made").scrollIntoView({ block: "nearest" });
}

function linkRow(label, url, playLabel) {
  const status = h("span.copied", { "aria-live": "polite" });
  return h("li.link", {},
    h("span.who", {}, label),
    h("input", { value: url, readonly: true, "aria-label": label, onfocus: (e) => e.target.select() }),
    h("button", { type: "button", onclick: async () => {
      status.textContent = (await copy(url)) ? t("lobby.copied") : t("lobby.copy.failed");
    } }, t("lobby.copy")),
    playLabel ? h("a.button", { href: url }, playLabel) : null,
    status);
}

function drawMade() {
  if (!made) return;
  $("made").hidden = false;
  replace($("made"),
    h("h2", {}, t("lobby.made", { title: made.title })),
    h("p", {}, [made.invites.some((i) => !made.mine?.includes(i.seat)) ? t("lobby.made.friends") : null,
      made.mine?.length ? t("lobby.made.yours") : null].filter(Boolean).join(" ")),
    h("ul.links", {}, made.invites.map((i) => linkRow(t("lobby.invite", { name: i.name }), i.url, t("lobby.play.as", { name: i.name }))),
      linkRow(t("lobby.spectators"), made.spectate, t("lobby.watch"))));
}

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleString();
}

function drawMine() {
  const list = myTables();
  replace($("mine-list"), list.length ? list.map((table) => h("li.table", { dataset: { table: table.id } },
    h("span.title", {}, table.title || table.game),
    h("span.quiet", {}, ` ${table.id} · ${when(table.created)} `),
    h("span.status", { dataset: { table: table.id } }),
    h("span.actions", {},
      (table.seats || []).map((s) => h("a.button", { href: s.url }, t("lobby.play.as", { name: s.name }))),
      h("a.button", { href: table.spectate || `/t/${table.id}` }, t("lobby.watch")),
      h("button", { type: "button", onclick: () => { forget(table.id); drawMine(); } }, t("lobby.forget")))))
    : h("li.quiet", {}, t("lobby.mine.none")));
  for (const table of list) {
    fetch(`/api/tables/${encodeURIComponent(table.id)}`).then((r) => (r.ok ? r.json() : null)).then((facts) => {
      const el = $("mine-list").querySelector(`.status[data-table="${CSS.escape(table.id)}"]`);
      if (el) el.textContent = facts ? t(`status.${facts.status}`) : t("status.gone");
    }).catch(() => {});
  }
}

async function drawOpen() {
  let tables = [];
  try {
    tables = await (await fetch("/api/tables")).json();
  } catch {
    tables = [];
  }
  const titles = Object.fromEntries(games.map((g) => [g.id, g.title]));
  replace($("open-list"), tables.length ? tables.map((table) => h("li.table", {},
    h("span.title", {}, titles[table.game] || table.game),
    h("span.quiet", {}, ` ${when(table.created)} · `),
    h("span.seats", {}, table.seats.map((s) => `${s.name}: ${s.agent ? agentLabel(s.agent) : s.taken ? t("seat.taken") : t("seat.free")}`).join(" · ")),
    h("span.actions", {},
      table.seats.filter((s) => !s.agent && !s.taken).map((s) => h("button", { type: "button",
        onclick: () => join(table, s, titles[table.game] || table.game) }, t("lobby.join", { name: s.name }))),
      h("a.button", { href: `/t/${table.id}` }, t("lobby.watch")))))
    : h("li.quiet", {}, t("lobby.open.none")));
}

/** Take a free seat of a public table: the server gives it a token of its own. */
async function join(table, seat, title) {
  const [answer, said] = await postJSON(`/api/tables/${encodeURIComponent(table.id)}/join`, { seat: seat.seat });
  if (!answer.ok) {
    replace($("open-errors"), said.detail || t("lobby.failed"));
    drawOpen();
    return;
  }
  remember({ id: said.id, game: table.game, title, created: new Date().toISOString(),
    spectate: `${location.origin}/t/${said.id}`, seats: [{ seat: said.seat, name: said.name, url: said.url }] });
  location.href = said.url;
}

/** The setup the link asks for (``/#setup=JSON``, as a table's "Play again" makes it: game,
 *  options, seats, clock, assists, listing), put in the form where the lobby knows it: an unknown
 *  game drops the whole setup; an unknown option, value, agent or clock leaves that part of the
 *  form as it would be. The options still offer only values valid together (drawOptions). */
function readSetup() {
  let setup;
  try {
    setup = JSON.parse(new URLSearchParams(location.hash.slice(1)).get("setup"));
  } catch {
    return null;
  }
  const g = games.find((x) => x.id === setup?.game);
  if (!g) return null;
  const object = (x) => (x && typeof x === "object" && !Array.isArray(x) ? x : {});
  for (const [name, value] of Object.entries(object(setup.options))) {
    const o = g.options.find((x) => x.name === name);
    if (o && o.values.some((v) => String(v) === String(value))) picked[`${g.id}.${name}`] = String(value);
  }
  preset = { game: g.id, seats: Array.isArray(setup.seats) ? setup.seats.map((a) => (typeof a === "string" ? a : null)) : [] };
  for (const [name, on] of Object.entries(object(setup.assists))) {
    const box = ["hints", "tracker", "review"].includes(name) ? $(`assist-${name}`) : null;
    if (box && typeof on === "boolean") box.checked = on;
  }
  if (typeof setup.public === "boolean") $("public").checked = setup.public;
  $("game").value = g.id;
  const same = (a, b) => (a === null || b === null ? a === b
    : typeof b === "object" && Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v));
  return Object.keys(CLOCKS).find((k) => setup.clock !== undefined && same(CLOCKS[k], setup.clock)) ?? null;
}

/** Draw the whole page; the promise settles once the open tables are listed. */
function drawAll() {
  translate(document);
  drawOptions();
  drawClock();
  drawMade();
  drawMine();
  return drawOpen();
}

async function main() {
  await init();
  $("lang-slot").append(switcher(drawAll));
  games = await (await fetch("/api/games")).json();
  replace($("game"), games.map((g) => h("option", { value: g.id }, g.title)));
  $("game").addEventListener("change", drawOptions);
  $("new-table").addEventListener("submit", create);
  const clock = readSetup();
  const listed = drawAll();
  if (clock) $("clock").value = clock;
  await listed;
  document.body.dataset.state = "ready";     // the tests' signal: the open tables are listed
}

main();
