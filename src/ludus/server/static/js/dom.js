// A few helpers to build the page's elements without a framework.

/** An element: h("button#id.card.playable", {onclick, "aria-label": "..."}, child, ...).
 *  Children are nodes, strings (as text, never as HTML), arrays of those, or null (skipped). */
export function h(spec, attrs, ...children) {
  const [head, ...classes] = spec.split(".");
  const [tag, id] = head.split("#");
  const el = document.createElement(tag || "div");
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "class") el.className = [el.className, value].filter(Boolean).join(" ");
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** Replace what ``el`` holds, keeping the keyboard focus on the element of the same
 *  ``data-key`` (a re-drawn board must not throw a keyboard user back to the top). */
export function replace(el, ...children) {
  const focused = el.contains(document.activeElement) ? document.activeElement.dataset.key : undefined;
  el.replaceChildren();
  append(el, children);
  if (focused !== undefined) {
    const again = el.querySelector(`[data-key="${CSS.escape(focused)}"]`);
    if (again && !again.disabled) again.focus();
  }
}

/** Copy ``text`` to the clipboard; true if it worked (not every browser allows it). */
export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
