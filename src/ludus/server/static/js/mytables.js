// "My tables": the tables made or joined in this browser, with the seat links (and so the
// tokens) needed to come back to them. Kept in localStorage only: never sent anywhere.

const KEY = "ludus.tables";
const MOST = 50;

export function myTables() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function save(list) {
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, MOST)));
}

/** Remember a table: ``{id, game, title, created, seats: [{seat, name, url}], spectate}``;
 *  seats already known are kept, new ones added. The newest table comes first. */
export function remember(table) {
  const list = myTables();
  const old = list.find((t) => t.id === table.id);
  const seats = [...(old?.seats || [])];
  for (const s of table.seats || []) if (!seats.some((k) => k.seat === s.seat)) seats.push(s);
  seats.sort((a, b) => a.seat - b.seat);
  save([{ ...old, ...table, seats }, ...list.filter((t) => t.id !== table.id)]);
}

export function forget(id) {
  save(myTables().filter((t) => t.id !== id));
}
