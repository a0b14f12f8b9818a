// The page's words: one catalogue per language (i18n/<lang>.json, the same keys in each),
// chosen by the browser's language or the reader's pick (kept in localStorage).
// The game's own words (the narration, card and seat names) come from the server as they are.

import { h } from "./dom.js";

export const LANGUAGES = { en: "English", id: "Bahasa Indonesia" };
const KEY = "ludus.lang";
let messages = {};
let english = {};
export let lang = "en";

function chosen() {
  const kept = localStorage.getItem(KEY);
  if (kept in LANGUAGES) return kept;
  for (const wanted of navigator.languages || [navigator.language || "en"]) {
    const base = wanted.toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

async function load(code) {
  const answer = await fetch(new URL(`../i18n/${code}.json`, import.meta.url));
  return answer.json();
}

async function use(code) {
  lang = code;
  messages = code === "en" ? english : await load(code);
  document.documentElement.lang = code;
  translate(document);
}

/** Load the catalogues and translate the page's marked elements. */
export async function init() {
  english = await load("en");
  await use(chosen());
}

/** The words for ``key`` with ``{name}`` filled from ``vars``, and ``{name|one|other}`` by the
 *  count ``vars[name]`` in the page's language ("1 card", "2 cards"); English where a
 *  catalogue lacks the key, ``fallback`` (the key itself) where both do: a key made from data
 *  (a game's id, an observation's field) may have no words (a test keeps the catalogues
 *  complete). */
export function t(key, vars = {}, fallback = key) {
  const text = messages[key] ?? english[key] ?? fallback;
  return text.replace(/\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g, (whole, name, one, other) => {
    if (!(name in vars)) return whole;
    if (one === undefined) return String(vars[name]);
    return new Intl.PluralRules(lang).select(Number(vars[name])) === "one" ? one : other;
  });
}

/** Fill every element marked with a key: ``data-i18n`` (its text), ``-placeholder``, ``-title``. */
export function translate(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}

/** A language picker; ``changed()`` is called after a new catalogue is in use. */
export function switcher(changed) {
  const select = h("select", { id: "lang", "aria-label": "Language / Bahasa", onchange: async () => {
    localStorage.setItem(KEY, select.value);
    await use(select.value);
    changed();
  } }, Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, selected: code === lang }, name)));
  return select;
}
