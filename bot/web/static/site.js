/* brbot's game pages: times in the reader's own time zone, live updates, and the fairness checks.
   Nothing to install: plain JavaScript, the browser's EventSource and Web Crypto. */
"use strict";

/* --- times ------------------------------------------------------------------------------------ */
function showTimes(root) {
  const lang = document.documentElement.lang || undefined; // the page's language, not the browser's
  const full = new Intl.DateTimeFormat(lang, {
    year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short",
  });
  const relative = typeof Intl.RelativeTimeFormat === "function" ? new Intl.RelativeTimeFormat(lang, { numeric: "auto" }) : null;
  for (const el of root.querySelectorAll("time[datetime]")) {
    const when = new Date(el.getAttribute("datetime"));
    if (isNaN(when)) continue;
    if (el.dataset.style === "R" && relative) {
      const minutes = Math.round((when - Date.now()) / 60000);
      el.textContent = Math.abs(minutes) < 90 ? relative.format(minutes, "minute")
        : Math.abs(minutes) < 48 * 60 ? relative.format(Math.round(minutes / 60), "hour")
        : relative.format(Math.round(minutes / 1440), "day");
    } else {
      el.textContent = full.format(when);
    }
    el.title = when.toISOString();
  }
}

/* --- the fairness checks -------------------------------------------------------------------------
   The formulas are bot/services/fairness.py's, recomputed here from the published values:
     canonical(value) = Python's json.dumps(value, sort_keys=True, separators=(",", ":")) (ASCII, \uXXXX escapes)
     receipt          = the first 12 hex digits of SHA-256(canonical({day, game, order, seat}) + salt)
                        (version 2; version 1, orders stored before migration 0009: canonical(order) + salt)
                                                                                        (brbotReceipt)
     commitment       = SHA-256(seed as ASCII), 64 hex digits                             (seedCommitment)
   docs/web.md says the same. */
function canonicalString(text) {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const ch = text[i];
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (c < 0x20 || c > 0x7e) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += ch;
  }
  return out + '"';
}

function canonical(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
  if (typeof value === "object") {
    return "{" + Object.keys(value).sort().map((k) => canonicalString(k) + ":" + canonical(value[k])).join(",") + "}";
  }
  if (typeof value === "string") return canonicalString(value);
  return JSON.stringify(value);
}

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/* The one receipt formula (bot/services/fairness.receipt): it binds the game, the step (day) and the seat as
   well as the order and the salt, so no receipt stands for another step's order; version 1 hashed the order
   alone with the salt (orders stored before migration 0009). */
async function brbotReceipt(order, salt, game, day, seat, version) {
  const bound = version === 1 ? canonical(order) : canonical({ day: day, game: game, order: order, seat: seat });
  return (await sha256Hex(bound + salt)).slice(0, 12);
}

async function seedCommitment(seed) {
  return sha256Hex(seed);
}

/* The words the checks write are the page's, in its language (the section's data-* attributes, from the
   catalogue: bot/texts/web.py). */
function mark(row, ok, words) {
  const cell = row.querySelector(".result");
  row.classList.toggle("mismatch", !ok);
  row.classList.toggle("match", ok);
  cell.textContent = ok ? words.matches : words.mismatch;
}

async function checkFairness(root) {
  const section = root.querySelector("#fairness");
  if (!section) return;
  const summary = section.querySelector("#check-summary");
  const words = section.dataset;
  if (!(window.crypto && crypto.subtle)) {
    summary.textContent = words.noCrypto;
    return;
  }
  let bad = 0, all = 0;
  for (const row of section.querySelectorAll("tr.order-row")) {
    let ok = false;
    try {
      const d = row.dataset;
      const receipt = await brbotReceipt(
        JSON.parse(d.payload), d.salt, Number(d.game), Number(d.day), d.seat, Number(d.version));
      ok = receipt === d.receipt;
    } catch (e) {
      ok = false;
    }
    mark(row, ok, words);
    all++; bad += ok ? 0 : 1;
  }
  for (const row of section.querySelectorAll("tr.seed-row")) {
    const ok = (await seedCommitment(row.dataset.seed)) === row.dataset.commitment;
    mark(row, ok, words);
    all++; bad += ok ? 0 : 1;
  }
  section.classList.toggle("mismatch", bad > 0);
  summary.className = bad ? "bad" : "ok";
  summary.textContent = bad ? words.someBad.replace("{bad}", String(bad)) : words.allMatch;
}

/* --- live updates ------------------------------------------------------------------------------- */
function follow() {
  const game = document.getElementById("game");
  if (!game || game.dataset.live !== "yes" || typeof EventSource !== "function") return;
  const source = new EventSource(`/g/${game.dataset.key}/events?seen=${encodeURIComponent(game.dataset.version)}`);
  source.addEventListener("changed", async () => {
    const response = await fetch(location.pathname, { cache: "no-store" });
    if (!response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("game");
    const current = document.getElementById("game");
    if (!fresh || !current) return;
    current.replaceWith(fresh);
    setUp(fresh);
    const live = fresh.querySelector("#live");
    if (live) live.textContent = live.dataset.updated;
    if (fresh.dataset.live !== "yes") source.close();
  });
}

function setUp(root) {
  showTimes(root);
  checkFairness(root);
  const again = root.querySelector("#check-again");
  if (again) again.addEventListener("click", () => checkFairness(root));
}

document.addEventListener("DOMContentLoaded", () => {
  setUp(document);
  follow();
});
