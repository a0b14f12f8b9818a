// One seat's (or a spectator's) connection to a table, as docs/server.md describes it: a hello
// (with the last seq seen, after a reconnect), the log kept from each message's ``start``, moves
// sent at the seq they will take, and a reconnect with a growing pause when the line drops.

// Close codes after which trying again cannot help (a bad token, no such table, no hello).
const FINAL = new Set([4400, 4401, 4404, 4410]);
const PAUSES = [500, 1000, 2000, 4000, 8000, 15000];

export class TableClient {
  /** ``on`` holds the callbacks: view(client) after each welcome or update (and after an
   *  error), status(name, code) (connecting, open, closed, lost), error(message). */
  constructor(tableId, token, on) {
    this.tableId = tableId;
    this.token = token;
    this.on = on;
    this.entries = [];      // the log as this seat saw it, entry i at index i
    this.view = null;       // the last welcome or update
    this.seat = null;
    this.pending = null;    // the seq of the move or undo sent and not yet answered
    this.failures = 0;
    this.stopped = false;
  }

  get seq() {
    return this.view ? this.view.seq : null;
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.on.status("connecting");
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: this.token, since: this.seq }));
    ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.pending = null;
      if (FINAL.has(event.code) || this.stopped) {
        this.on.status("closed", event.code);
        return;
      }
      this.on.status("lost");
      const pause = PAUSES[Math.min(this.failures, PAUSES.length - 1)];
      this.failures += 1;
      this.timer = setTimeout(() => this.connect(), pause);
    };
  }

  receive(message) {
    switch (message.type) {
      case "welcome":
        this.failures = 0;
        this.seat = message.seat;
        this.seatNames = message.seat_names;
        this.game = message.game;
        this.on.status("open");
      // falls through: a welcome carries the view and the log like an update
      case "update":
        // keep the first ``start`` entries (an undo may have taken later ones back), add these
        this.entries = this.entries.slice(0, message.start).concat(message.entries);
        this.view = message;
        if (this.pending !== null && message.seq >= this.pending) this.pending = null;
        this.on.view(this);
        break;
      case "ack":             // the update of that line follows: it settles the move
        break;
      case "error":
        this.pending = null;
        if (message.code !== "stale") this.on.error(message);
        if (this.view) this.on.view(this);
        break;
    }
  }

  /** Send a move (its notation or id) at the seq it will take; false if one is on its way. */
  move(move) {
    return this.send({ type: "move", seq: this.seq + 1, move });
  }

  undo() {
    return this.send({ type: "undo", seq: this.seq + 1 });
  }

  send(message) {
    if (this.pending !== null || !this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.pending = message.seq;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.ws?.close();
  }
}
