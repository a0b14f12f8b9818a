// Help at the table, where the table was made with it (its facts' ``assists``): a hint for the
// seat to move (the move marked on the board), the card tracker (a side panel) and, once the
// game is over, the replay — a step slider over the board, which draws the step, as any seat
// saw it ("See as") — with the review of the seat's decisions.
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
    this.replays = new Map();  // the finished game's steps as each seat saw it (null: a spectator)
    this.failed = new Set();   // ... the seats whose steps did not come
    this.wanted = undefined;   // the seat chosen under "See as" (undefined: the game is not over)
    this.seen = undefined;     // ... and the seat whose steps are shown
    this.replay = null;        // ... those steps
    this.review = null;        // {decisions} or {error}
    this.step = 0;
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

  /** The finished game's steps as ``seat`` saw it (null: a spectator), asked for once each: a
   *  promise of the steps, or of null where the server would not give them. The server gives
   *  any seat's only once the game is over: before, they would show hidden cards. */
  steps(seat) {
    if (!this.replays.has(seat)) {
      const query = seat === null ? "" : `?seat=${seat}`;
      this.replays.set(seat, fetch(`/api/tables/${encodeURIComponent(this.page.tableId)}/replay${query}`)
        .then(async (answer) => (answer.ok ? (await answer.json()).steps : null))
        .catch(() => null)
        .then((steps) => {
          if (!steps) this.replays.delete(seat);            // asked again when chosen again
          return steps;
        }));
    }
    return this.replays.get(seat);
  }

  /** Show the game as ``seat`` saw it, at the step shown (the last, the first time), once its
   *  steps have come. */
  async see(seat) {
    this.wanted = seat;
    this.failed.delete(seat);
    const steps = this.steps(seat);
    if (this.replay) this.page.draw();           // "Loading…" under the controls meanwhile
    const came = await steps;
    if (this.wanted !== seat) return;            // another was chosen meanwhile
    if (came) {
      if (!this.replay) this.step = came.length - 1;
      this.replay = came;
      this.seen = seat;
    } else {
      this.failed.add(seat);
    }
    this.page.draw();
  }

  /** The replay as the reader's own seat saw it, and the review of its decisions where on. */
  async begin() {
    const { client, tableId } = this.page;
    await this.see(client.seat);
    if (client.seat !== null && this.on("review")) {
      const answer = await fetch(`/api/tables/${encodeURIComponent(tableId)}/review?seat=${client.seat}`);
      const body = await answer.json();
      this.review = answer.ok ? body : { error: body.detail };
      this.page.draw();
    }
  }

  /** What the table's board draws once the replay has come: the step chosen, as the seat chosen
   *  saw it, with the log up to there. Null before: the board shows the game's last view. */
  shown() {
    if (!this.replay) return null;
    const step = this.replay[this.step];
    return { view: { ...step, seq: step.step, legal: null }, seat: this.seen,
      entries: this.replay.slice(1, step.step + 1).map((s) => s.entry) };
  }

  /** The replay's controls, above the board that draws its step: whose view ("See as": each seat,
   *  a spectator), a slider over every step, the move that led to the step and the review's
   *  word on the decision made there. */
  drawReplay() {
    const { t, client, seatName } = this.page;
    const section = document.getElementById("replay");
    section.hidden = !client.view.over;
    if (section.hidden) return;
    if (this.wanted === undefined) this.begin();
    if (!this.replay) {
      replace(section, h("h2#replay-title", {}, t("assist.replay")),
        h("p.quiet", {}, t(this.failed.has(this.wanted) ? "assist.replay.failed" : "assist.replay.loading")));
      return;
    }
    if (!document.getElementById("replay-step")) this.buildReplay(section);
    const last = this.replay.length - 1;
    const at = t("assist.replay.step", { step: this.step, last });
    document.getElementById("replay-title").textContent = t("assist.replay");
    section.querySelector("label[for=replay-seat]").textContent = t("assist.replay.as");
    const choice = document.getElementById("replay-seat");
    for (const option of choice.options) {
      option.textContent = option.value === "" ? t("assist.replay.spectator") : seatName(Number(option.value));
    }
    choice.value = this.wanted === null ? "" : String(this.wanted);
    const slider = document.getElementById("replay-step");
    Object.assign(slider, { max: last, value: this.step });
    slider.setAttribute("aria-label", t("assist.replay.slider"));
    slider.setAttribute("aria-valuetext", at);
    const [back, on] = section.querySelectorAll(".replay-controls button");
    for (const [button, words, end] of [[back, t("assist.replay.back"), 0], [on, t("assist.replay.on"), last]]) {
      button.disabled = this.step === end;
      button.title = words;
      button.setAttribute("aria-label", words);       // the arrow alone says nothing to a screen reader
    }
    document.getElementById("replay-at").textContent = at;
    const step = this.replay[this.step];
    const coming = this.wanted !== this.seen;         // a seat chosen whose steps have not come (yet)
    replace(document.getElementById("replay-said"),
      coming ? h("p.quiet", {}, t(this.failed.has(this.wanted) ? "assist.replay.failed" : "assist.replay.loading")) : null,
      // the engine narrates to the seat whose view it is: "you" is that seat
      this.seen !== null && this.seen !== client.seat
        ? h("p.quiet.replay-whose", {}, t("assist.replay.their.words", { name: seatName(this.seen, true) })) : null,
      // the move that led to this step; the review speaks of the decision made from it
      h("p.replay-move", {}, step.entry ? t("assist.replay.last", { move: this.entryText(step.entry) }) : t("assist.replay.deal")),
      this.reviewText());
  }

  /** The replay's controls, made once and then kept: a slider drawn anew under a dragging
   *  pointer would drop it. Their words are written at each drawing (the language may change). */
  buildReplay(section) {
    const seats = this.page.client.seatNames.map((_, p) => h("option", { value: p }));
    replace(section,
      h("h2#replay-title"),
      h("p.replay-as", {}, h("label", { for: "replay-seat" }), " ",
        h("select#replay-seat", { onchange: (e) => this.see(e.target.value === "" ? null : Number(e.target.value)) },
          seats, h("option", { value: "" }))),
      h("div.replay-controls", {},
        h("button", { type: "button", onclick: () => this.go(this.step - 1) }, "◀"),
        h("input#replay-step", { type: "range", min: 0, step: 1, oninput: (e) => this.go(Number(e.target.value)) }),
        h("button", { type: "button", onclick: () => this.go(this.step + 1) }, "▶"),
        h("span#replay-at")),
      h("div#replay-said"));
  }

  go(step) {
    this.step = Math.max(0, Math.min(this.replay.length - 1, step));
    this.page.draw();
  }

  entryText(entry) {
    const { seatName } = this.page;
    // each line a sentence of its own (some end in a full stop already)
    const sentences = entry.lines.map((line) => (/[.!?]$/.test(line.text) ? line.text : `${line.text}.`));
    return sentences.length ? sentences.join(" ") : `${seatName(entry.seat)}: ${entry.move ?? "…"}`;
  }

  /** The review's word on the decision made at this step, and how many times it differed. A
   *  decision made by rule, not searched (``agrees`` null), has no verdict: it is counted apart
   *  (the server's ``summary``), neither as agreed nor as differed. */
  reviewText() {
    const { t } = this.page;
    if (!this.page.client || this.page.client.seat === null || !this.on("review")) return null;
    // the review speaks to this page's seat ("you played"): not beside another seat's narration
    if (this.seen !== this.page.client.seat) {
      const { seat, seatNames } = this.page.client;
      return h("p.review.quiet", {}, t("assist.review.other", { name: seatNames?.[seat] ?? `seat ${seat}` }));
    }
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
        h("button.review-step", { type: "button", "data-decision": d.decision, "data-key": `review:${d.decision}`,
          onclick: () => this.go(d.decision) }, `${d.decision}: ${d.played}`))) : null);
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
