// Help at the table, where the table was made with it (its facts' ``assists``): a hint for the
// seat to move (the move marked on the board), the card tracker (a side panel) and, once the
// game is over, the replay with a step slider and the review of the seat's decisions.
// docs/server.md ("Help at the table") describes the messages and the REST calls.

import { h, replace } from "./dom.js";

/** Percent, as the tracker shows a chance. */
function percent(x) {
  return `${Math.round(x * 100)}%`;
}

/** A search's estimate, -1 (a sure loss) to +1 (a sure win), signed. */
function estimate(value) {
  if (value === null || value === undefined) return "—";
  return `${value > 0 ? "+" : ""}${value.toFixed(2)}`;
}

export class Assists {
  /** ``page`` gives what the table page knows: client, facts(), board(), seatName, t, draw,
   *  tableId. */
  constructor(page) {
    this.page = page;
    this.hint = null;          // the last hint: {seq, moves, iterations}
    this.asking = null;        // the kind of the request on its way ("hint", "tracker")
    this.trackerOpen = false;
    this.tracker = null;       // the last tracker answer
    this.trackerAsked = null;  // the seq it was last asked for
    this.replay = null;        // the finished game's steps (once over)
    this.review = null;        // {decisions} or {error}
    this.step = 0;
    this.loading = false;
  }

  /** Take the client's hint and tracker answers before its own handling of messages. */
  attach(client) {
    const receive = client.receive.bind(client);
    client.receive = (message) => {
      if (message.type === "hint" || message.type === "tracker") {
        this.asking = null;
        if (message.type === "hint") this.hint = message;
        else this.tracker = message;
        this.page.draw();
        return;
      }
      // A refusal ends the request on its way (a stale one is silent: the tracker asks again at
      // the new line); the page shows it as any other.
      if (message.type === "error") this.asking = null;
      receive(message);
    };
  }

  on(kind) {
    return Boolean(this.page.facts()?.assists?.[kind]);
  }

  ask(kind) {
    const client = this.page.client;
    if (this.asking || !client.ws || client.ws.readyState !== WebSocket.OPEN) {
      if (kind === "tracker") this.trackerAsked = null;         // asked again at the next drawing
      return;
    }
    this.asking = kind;
    client.ws.send(JSON.stringify({ type: kind, seq: client.seq }));
    this.page.draw();
  }

  // -- the hint ----------------------------------------------------------------------------

  /** The Hint button's state and the hint's words (under the board's moves). */
  drawHint(mine) {
    const { t } = this.page;
    const button = document.getElementById("hint");
    const said = document.getElementById("hint-said");
    const view = this.page.client.view;
    button.hidden = !this.on("hints") || !mine;
    button.disabled = this.asking !== null;
    const current = this.hint && this.hint.seq === view.seq && mine ? this.hint : null;
    if (this.asking === "hint") replace(said, h("span.quiet", {}, t("assist.hint.asking")));
    else if (!current) replace(said);
    else {
      const best = current.moves[0];
      replace(said, current.iterations
        ? t("assist.hint.said", { move: best.move, value: estimate(best.value), visits: best.visits, iterations: current.iterations })
        : t("assist.hint.rule", { move: best.move }));
    }
  }

  /** Mark the hinted move wherever the board drew it (its ``data-move``), or, where it is
   *  reached by picking a card first (a placement, an action card's target), that card: a
   *  pick lists the moves it leads to in ``data-leads-to``, one a line. */
  markHint(body) {
    const view = this.page.client.view;
    if (!this.hint || this.hint.seq !== view.seq) return;
    const best = this.hint.moves[0].move;
    let marked = [...body.querySelectorAll(`[data-move="${CSS.escape(best)}"]`)];
    if (!marked.length) {
      marked = [...body.querySelectorAll("[data-leads-to]")].filter((el) => el.dataset.leadsTo.split("\n").includes(best));
    }
    for (const el of marked) {
      el.classList.add("hinted");
      el.dataset.hinted = "";
    }
  }

  // -- the card tracker ------------------------------------------------------------------------

  /** The tracker's toggle and panel; asks for a fresh count after each line while it is open. */
  drawTracker() {
    const { t, client } = this.page;
    const view = client.view;
    const toggle = document.getElementById("tracker-toggle");
    const panel = document.getElementById("tracker");
    const usable = this.on("tracker") && client.seat !== null && !view.over;
    toggle.hidden = !usable;
    toggle.setAttribute("aria-expanded", String(this.trackerOpen && usable));
    panel.hidden = !(this.trackerOpen && usable);
    if (panel.hidden) return;
    if (this.trackerAsked !== view.seq) {           // one request per line, after this drawing
      this.trackerAsked = view.seq;
      setTimeout(() => this.ask("tracker"));
    }
    const answer = this.tracker;
    replace(panel,
      h("div.tracker-head", {},
        h("h2#tracker-title", {}, t("assist.tracker")),
        h("button", { type: "button", onclick: () => this.toggleTracker() }, t("assist.tracker.close"))),
      !answer ? h("p.quiet", {}, t("assist.tracker.asking"))
        : [answer.seq !== view.seq ? h("p.quiet", {}, t("assist.tracker.asking")) : null,
          h("p.quiet", {}, t("assist.tracker.note", { samples: answer.samples })),
          answer.zones.length ? answer.zones.map((zone) => this.zone(zone)) : h("p", {}, t("assist.tracker.none")),
          this.facts(answer.facts)]);
  }

  toggleTracker() {
    this.trackerOpen = !this.trackerOpen;
    this.trackerAsked = null;
    this.page.draw();
    if (this.trackerOpen) document.getElementById("tracker").focus();
  }

  zone(zone) {
    const { t } = this.page;
    const most = Math.max(...zone.cards.map((c) => c.share));
    return h("section.tracker-zone", { "data-zone": zone.zone },
      h("h3", {}, t("assist.tracker.zone", { zone: zone.zone, size: zone.size })),
      h("table", {},
        h("thead", {}, h("tr", {},
          h("th", { scope: "col" }, t("assist.tracker.card")),
          h("th", { scope: "col" }, t("assist.tracker.share")),
          h("th", { scope: "col" }, t("assist.tracker.chance")))),
        h("tbody", {}, zone.cards.map((c) => h("tr", { "data-card": c.card },
          h("th", { scope: "row" }, c.card),
          h("td", {}, h("span.bar", { style: `--share: ${c.share / most}` }), " ", percent(c.share)),
          h("td", {}, percent(c.chance)))))));
  }

  /** What the observation already says, as the server gave it, with the seats by name and each
   *  fact in words (``assist.fact.KEY``; a key without words shows as itself). */
  facts(facts) {
    const { t, seatName } = this.page;
    if (!facts || !Object.keys(facts).length) return null;
    const words = (key) => t(`assist.fact.${key}`, {}, key.replaceAll("_", " "));
    const rows = [];
    (facts.seats || []).forEach((known, p) => {
      for (const [key, value] of Object.entries(known)) rows.push(h("li", {}, h("b", {}, `${seatName(p)} · ${words(key)}: `), said(value)));
    });
    for (const [key, value] of Object.entries(facts)) {
      if (key !== "seats") rows.push(h("li", {}, h("b", {}, `${words(key)}: `), said(value)));
    }
    return h("section.tracker-facts", {}, h("h3", {}, t("assist.tracker.facts")), h("ul", {}, rows));
  }

  // -- after the game ---------------------------------------------------------------------------

  /** Load the replay (and the review, where on and a seat is playing) once the game is over. */
  async load() {
    const { client, tableId } = this.page;
    if (this.loading || this.replay) return;
    this.loading = true;
    const seat = client.seat === null ? "" : `?seat=${client.seat}`;
    try {
      const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay${seat}`);
      if (answer.ok) {
        this.replay = (await answer.json()).steps;
        this.step = this.replay.length - 1;
      }
    } finally {
      this.loading = false;
    }
    this.page.draw();
    if (client.seat !== null && this.on("review")) {
      const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/review${seat}`);
      const body = await answer.json();
      this.review = answer.ok ? body : { error: body.detail };
      this.page.draw();
    }
  }

  /** The replay: a slider over every step, the board as the seat saw it there, the move that
   *  led to it and the review's word on the decision made there. */
  drawReplay() {
    const { t, client } = this.page;
    const section = document.getElementById("replay");
    section.hidden = !client.view.over;
    if (section.hidden) return;
    if (!this.replay) {
      this.load();
      replace(section, h("h2#replay-title", {}, t("assist.replay")), h("p.quiet", {}, t("assist.replay.loading")));
      return;
    }
    const last = this.replay.length - 1;
    const step = this.replay[this.step];
    const slider = h("input#replay-step", { type: "range", min: 0, max: last, value: this.step, step: 1,
      "aria-label": t("assist.replay.slider"), "aria-valuetext": t("assist.replay.step", { step: this.step, last }),
      oninput: (e) => { this.step = Number(e.target.value); this.drawReplay(); } });
    const focused = document.activeElement?.id === "replay-step";
    replace(section,
      h("h2#replay-title", {}, t("assist.replay")),
      h("div.replay-controls", {},
        h("button", { type: "button", disabled: this.step === 0, onclick: () => this.go(this.step - 1) }, "◀"),
        slider,
        h("button", { type: "button", disabled: this.step === last, onclick: () => this.go(this.step + 1) }, "▶"),
        h("span#replay-at", {}, t("assist.replay.step", { step: this.step, last }))),
      // the move that led to this step; the review speaks of the decision made from it
      h("p.replay-move", {}, step.entry ? t("assist.replay.last", { move: this.entryText(step.entry) }) : t("assist.replay.deal")),
      this.reviewText(),
      h("div#replay-board", {}, this.board(step)));
    if (focused) document.getElementById("replay-step").focus();
  }

  go(step) {
    this.step = Math.max(0, Math.min(this.replay.length - 1, step));
    this.drawReplay();
  }

  entryText(entry) {
    const { seatName } = this.page;
    return entry.lines.length ? entry.lines.map((line) => line.text).join(" ") : `${seatName(entry.seat)}: ${entry.move ?? "…"}`;
  }

  /** The review's word on the decision made at this step, and how many times it differed. A
   *  decision made by rule, not searched (``agrees`` null), has no verdict: it is counted apart
   *  (the server's ``summary``), neither as agreed nor as differed. */
  reviewText() {
    const { t } = this.page;
    if (!this.page.client || this.page.client.seat === null || !this.on("review")) return null;
    if (!this.review) return h("p.review.quiet", {}, t("assist.review.loading"));
    if (this.review.error) return h("p.review.quiet", {}, this.review.error);
    const { summary, decisions } = this.review;
    const differed = decisions.filter((d) => d.agrees === false);
    const here = decisions.find((d) => d.decision === this.step);
    let word = null;
    if (here && here.agrees === null) {
      word = h("p.quiet.by-rule", { "data-decision": here.decision }, t("assist.review.rule", { played: here.played, best: here.best }));
    } else if (here) {
      word = h("p", { class: here.agrees ? "agrees" : "differs", "data-decision": here.decision },
        here.agrees ? t("assist.review.agrees", { played: here.played })
          : t("assist.review.differs", { played: here.played, played_value: estimate(here.played_value),
            best: here.best, best_value: estimate(here.best_value) }));
    }
    return h("div.review", {},
      summary.searched || !summary.by_rule
        ? h("p.quiet.review-summary", {}, t("assist.review.summary", { n: summary.differed, total: summary.searched }),
          summary.by_rule ? [" ", t("assist.review.by_rule", { n: summary.by_rule })] : null)
        : h("p.quiet.review-summary", {}, t("assist.review.all_rule")),
      word,
      differed.length ? h("p", {}, t("assist.review.jump"), " ", differed.map((d) =>
        h("button.review-step", { type: "button", "data-decision": d.decision, onclick: () => this.go(d.decision) },
          `${d.decision}: ${d.played}`))) : null);
  }

  /** The game's own board, drawn for a step of the replay: nothing to play there. */
  board(step) {
    const { t, seatName, client } = this.page;
    const board = this.page.board();
    if (!board) return null;
    const view = { ...step, seq: step.step, legal: null };
    const entries = this.replay.slice(1, step.step + 1).map((s) => s.entry);
    return board.render({ view, obs: step.observation, seat: client.seat, legal: null, busy: true,
      legalMoves: new Set(), shown: new Set(), entries, play: () => {}, t, seatName });
  }
}

/** A fact's value in words: lists joined, objects as "key: value", chances as percents. */
function said(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) {
    return value.every((x) => x === null || typeof x !== "object") ? value.join(", ")
      : h("ul", {}, value.map((x) => h("li", {}, said(x))));
  }
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v], i) => [i ? "; " : "", `${k.replaceAll("_", " ")}: `,
      k === "chance" && typeof v === "number" ? percent(v) : said(v)]);
  }
  return String(value);
}
