// kalahlab serve: the little the pages need beyond HTML. Every action is an ordinary
// form that works without this script; with it, a form marked data-target is sent with
// fetch and only that part of the page is replaced, the board's moves are clicked on
// the board itself, agents move by themselves at the chosen pace, and a replay is
// scrubbed with a slider or the arrow keys; a move of a game that traces its moves is
// shown sowing seed by seed. No libraries, nothing from the network.

let timer = null;   // the next agent move, when one is due
let busy = false;   // a request of ours is on its way
let inflight = null; // its AbortController (a newer request replaces it)

// swap replaces the element matching selector with the one in the page html.
function swap(html, selector) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const fresh = doc.querySelector(selector);
  const old = document.querySelector(selector);
  if (!fresh || !old) { // another page came back (an error page): show it all
    document.querySelector("main").replaceWith(doc.querySelector("main"));
  } else {
    old.replaceWith(fresh);
  }
  if (doc.title) document.title = doc.title;
  setup();
}

// send submits a form (with the button that sent it) and swaps its target in.
async function send(form, submitter, extra) {
  const target = form.dataset.target || "#main";
  const method = (submitter?.getAttribute("formmethod") || form.method || "get").toLowerCase();
  const action = submitter?.getAttribute("formaction") || form.getAttribute("action") || location.pathname;
  const data = new FormData(form, submitter || undefined);
  for (const [k, v] of Object.entries(extra || {})) data.set(k, v);
  let url = action, init = { method: method.toUpperCase(), headers: { "X-Requested-With": "fetch" } };
  if (method === "get") {
    url = action + "?" + new URLSearchParams(data).toString();
  } else {
    init.body = form.enctype === "multipart/form-data" ? data : new URLSearchParams(data);
  }
  await load(url, init, target, method === "get", form);
}

// load fetches url and swaps target in; push records the URL in the history.
async function load(url, init, target, push, form) {
  if (inflight) inflight.abort();
  const ctl = new AbortController();
  inflight = ctl;
  busy = true;
  const note = form?.dataset.busy ? form.closest("main")?.querySelector(".busy") : null;
  if (note) note.textContent = form.dataset.busy;
  document.body.classList.add("waiting");
  try {
    const res = await fetch(url, { ...init, signal: ctl.signal, credentials: "same-origin" });
    const html = await res.text();
    if (push) history.pushState(null, "", res.url || url);
    swap(html, target);
  } catch (err) {
    if (err.name !== "AbortError") {
      const st = document.querySelector("#status") || document.querySelector("h1");
      if (st) st.insertAdjacentHTML("afterend", `<p class="error" role="alert">The server did not answer: ${String(err.message).replace(/[<&]/g, "")}</p>`);
    }
  } finally {
    if (inflight === ctl) { inflight = null; busy = false; }
    document.body.classList.remove("waiting");
    if (note) note.textContent = "";
  }
}

// post sends one field to a Play action and swaps the game in; a move (a person's,
// an agent's, a redo) is then shown sowing.
function post(action, fields) {
  if (/^\/play\/(move|step|redo)/.test(action)) animateNext = true;
  return load(action, {
    method: "POST", body: new URLSearchParams(fields),
    headers: { "X-Requested-With": "fetch" },
  }, "#game", false);
}

// setup wires up what the page shows now (after every swap).
function setup() {
  clearTimeout(timer);
  if (anim) anim.cancel(); // its board was swapped out
  const game = document.querySelector("#game");
  const next = () => {
    if (game && game.dataset.auto === "true") {
      const pace = Number(game.dataset.pace) || 0;
      timer = setTimeout(() => { if (!busy) post("/play/step", {}); }, pace);
    }
  };
  const speed = document.querySelector("#anim-speed");
  if (speed) {
    speed.value = sowingSpeed();
    document.querySelector("#sowing").hidden = false;
  }
  if (animateNext && game) {
    animateNext = false;
    animateMove(next); // the agents' next move waits for the sowing to be shown
  } else {
    next();
  }
  // A seat's strength list fills its spec field (without this script the field alone
  // is sent, and takes the same names).
  for (const sel of document.querySelectorAll("select.preset[hidden]")) sel.hidden = false;
  wireEditor();
  const scrub = document.querySelector("#scrubber");
  if (scrub && !scrub.dataset.wired) {
    scrub.dataset.wired = "1";
    let t = null;
    scrub.addEventListener("input", () => {
      document.querySelector("#ply-label").textContent = `ply ${scrub.value} of ${scrub.max}`;
      clearTimeout(t);
      t = setTimeout(() => send(scrub.form, null), 60);
    });
  }
}

// The sowing of the move the Play page shows, seed by seed: the page carries the
// move's trace (#trace-data: the engine's steps, the counts before and after, where
// each pit is drawn) and the board before it (#board-before). Lifts ring the pit in
// orange and put the seeds in a hand that follows the drops (ringed in blue);
// captures, takes and the end's sweep ring the pits taken in vermilion. The speed is
// kept in the browser (localStorage); "at once", or a system asking for reduced
// motion, shows the board after the move at once, and Skip ends a sowing.
const speeds = { slow: 650, normal: 280, fast: 90 };
let anim = null;          // the sowing being shown: { skip, cancel }
let animateNext = false;  // the next swap shows its move sowing (a move, a look back)

function sowingSpeed() {
  const v = localStorage.getItem("kalahlab.sowing");
  return v && (v in speeds || v === "off") ? v : "normal";
}

const captions = { "extra turn": "extra turn", swap: "swap", pass: "pass", "no capture": "a grand slam captures nothing" };

function animateMove(done) {
  const data = document.querySelector("#trace-data");
  const tpl = document.querySelector("#board-before");
  const board = document.querySelector("#board");
  const game = document.querySelector("#game");
  const speed = sowingSpeed();
  if (!data || !tpl || !board || speed === "off" || matchMedia("(prefers-reduced-motion: reduce)").matches) { done(); return; }
  let t;
  try { t = JSON.parse(data.textContent); } catch { done(); return; }
  if (!t || !t.steps || !t.steps.length) { done(); return; }
  const after = [...board.childNodes];
  board.replaceChildren(tpl.content.cloneNode(true));
  const svg = board.querySelector("svg");
  if (!svg) { board.replaceChildren(...after); done(); return; }
  for (const r of svg.querySelectorAll("[data-move]")) r.remove(); // the moves of the position before: not to be clicked
  const NS = "http://www.w3.org/2000/svg";
  const el = (name, attrs, parent) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    parent.appendChild(e);
    return e;
  };
  const layer = el("g", { class: "anim", "aria-hidden": "true" }, svg);
  const counts = t.before.slice();
  const label = [];
  t.pits.forEach((p, i) => {
    if (!p.ok) return;
    if (p.r) el("circle", { cx: p.x, cy: p.y, r: p.r - 2, class: "anim-cover" }, layer);
    else el("rect", { x: p.x - p.w / 2 + 3, y: p.y - p.h / 2 + 3, width: p.w - 6, height: p.h - 6, rx: (p.w - 6) / 2, class: "anim-cover" }, layer);
    label[i] = el("text", { x: p.x, y: p.y + 6, class: "anim-count" }, layer);
    label[i].textContent = counts[i];
  });
  const ring = el("circle", { class: "anim-ring", r: 0, cx: -100, cy: -100 }, layer);
  const hand = el("g", { class: "anim-hand", transform: "translate(-100,-100)" }, layer);
  el("circle", { r: 12 }, hand);
  const handText = el("text", { y: 4.5 }, hand);
  const vb = svg.viewBox.baseVal;
  const caption = el("text", { x: vb.width / 2, y: 26, class: "anim-caption" }, layer);
  let inHand = 0;
  const show = (i) => { if (label[i]) label[i].textContent = counts[i]; };
  const place = (i) => { const p = t.pits[i]; return p && p.ok ? p : null; };
  const ringAt = (i, kind) => {
    const p = place(i);
    if (!p) return;
    ring.setAttribute("cx", p.x); ring.setAttribute("cy", p.y);
    ring.setAttribute("r", (p.r || Math.min(p.w, p.h) / 2) + 3);
    ring.setAttribute("class", "anim-ring " + kind);
  };
  const handAt = (i) => {
    const p = place(i);
    if (p) hand.setAttribute("transform", `translate(${p.x + 20},${p.y - 20})`);
    handText.textContent = inHand;
    hand.style.display = inHand > 0 ? "" : "none";
  };
  const ms = speeds[speed];
  const skip = document.querySelector("#anim-skip");
  let i = 0, tm = null, finished = false;
  const stop = () => { finished = true; clearTimeout(tm); anim = null; if (game) game.classList.remove("animating"); if (skip) skip.disabled = true; };
  const finish = () => {
    if (finished) return;
    stop();
    board.replaceChildren(...after);
    document.body.dataset.sowings = String(Number(document.body.dataset.sowings || 0) + 1);
    done();
  };
  anim = { skip: finish, cancel: stop };
  if (game) game.classList.add("animating");
  if (skip) skip.disabled = false;
  const tick = () => {
    if (finished) return;
    if (i >= t.steps.length) { tm = setTimeout(finish, ms * 3); return; }
    const s = t.steps[i++];
    let wait = 0;
    switch (s.kind) {
      case "lift": case "relay":
        counts[s.pit] -= s.seeds; inHand += s.seeds; show(s.pit); ringAt(s.pit, "lift"); handAt(s.pit); wait = ms * 2; break;
      case "resow":
        handAt(s.pit); wait = ms * 2; break;
      case "drop":
        inHand--; counts[s.to]++; show(s.to); ringAt(s.pit, "drop"); handAt(s.pit); wait = ms; break;
      case "setup":
        counts[s.pit]--; counts[s.to]++; show(s.pit); show(s.to); ringAt(s.to, "drop"); wait = ms * 2; break;
    }
    if (captions[s.kind]) { caption.textContent = captions[s.kind]; wait = ms * 4; }
    if (s.moves && s.moves.length) {
      const from = s.moves.find((m) => m.from >= 0);
      if (from) ringAt(from.from, "take");
      for (const m of s.moves) {
        if (m.from >= 0) { counts[m.from] -= m.seeds; show(m.from); } else inHand -= m.seeds;
        if (m.to >= 0) { counts[m.to] += m.seeds; show(m.to); } else inHand += m.seeds;
      }
      handAt(s.pit >= 0 ? s.pit : -1);
      caption.textContent = { capture: "capture", take: "taken", mark: "marked for good", sweep: "game over: the seeds left", round: "round over" }[s.kind] || "";
      wait = ms * 4;
    }
    tm = setTimeout(tick, wait);
  };
  tick();
}

// wireEditor keeps the Try page's line numbers in step with its text: one a line,
// scrolled with it, the lines an error names marked (the server sends them) until the
// text changes.
function wireEditor() {
  const ed = document.querySelector("#editor");
  const ta = ed?.querySelector("textarea");
  const gutter = ed?.querySelector(".gutter");
  if (!ta || !gutter || ed.dataset.wired) return;
  ed.dataset.wired = "1";
  let bad = (ed.dataset.errorLines || "").split(" ").filter(Boolean).map(Number);
  const draw = () => {
    const n = Math.max(ta.value.split("\n").length, ta.rows);
    const out = [];
    for (let i = 1; i <= n; i++) out.push(bad.includes(i) ? `<span class="bad" title="the error is on this line">${i}</span>` : `<span>${i}</span>`);
    gutter.innerHTML = out.join("\n") + "\n";
    gutter.scrollTop = ta.scrollTop;
  };
  ta.addEventListener("scroll", () => { gutter.scrollTop = ta.scrollTop; });
  let lines = ta.value.split("\n").length;
  ta.addEventListener("input", () => {
    const now = ta.value.split("\n").length;
    if (bad.length) { bad = []; ed.removeAttribute("data-error-lines"); draw(); }
    else if (now !== lines) draw();
    lines = now;
  });
  draw();
}

// A link to a line of the script selects that line in the editor.
document.addEventListener("click", (ev) => {
  const a = ev.target.closest("a[data-line]");
  const ta = document.querySelector("#source");
  if (!a || !ta) return;
  ev.preventDefault();
  const n = Number(a.dataset.line);
  const text = ta.value.split("\n");
  const from = text.slice(0, n - 1).reduce((k, l) => k + l.length + 1, 0);
  ta.focus();
  ta.setSelectionRange(from, from + (text[n - 1] || "").length);
  const lh = ta.scrollHeight / Math.max(text.length, ta.rows);
  ta.scrollTop = Math.max(0, (n - 3) * lh);
});

document.addEventListener("submit", (ev) => {
  const form = ev.target;
  if (!form.dataset.target) return;
  ev.preventDefault();
  send(form, ev.submitter);
});

document.addEventListener("click", (ev) => {
  // A legal move on the board: its region carries data-move.
  const region = ev.target.closest("#board [data-move]");
  const game = document.querySelector("#game");
  if (region && game && game.dataset.human === "true") {
    ev.preventDefault();
    post("/play/move", { move: region.getAttribute("data-move") });
    return;
  }
  if (ev.target.closest("#anim-skip")) {
    if (anim) anim.skip();
    return;
  }
  // A link marked data-target (the Play page's move list) swaps only its target; a
  // move's link shows it sowing.
  const link = ev.target.closest("a[data-target]");
  if (link && !link.closest("#replay")) {
    ev.preventDefault();
    if (link.matches(".history a.mv")) animateNext = true;
    load(link.getAttribute("href"), { method: "GET" }, link.dataset.target, true);
    return;
  }
  // Replay links step without reloading the page.
  const a = ev.target.closest("#replay a[href^='/replay']");
  if (a) {
    ev.preventDefault();
    load(a.getAttribute("href"), { method: "GET" }, "#replay", true);
  }
});

document.addEventListener("change", (ev) => {
  const el = ev.target;
  if (el.id === "anim-speed") {
    localStorage.setItem("kalahlab.sowing", el.value);
    if (el.value === "off" && anim) anim.skip();
    return;
  }
  if (el.matches("select.preset")) {
    const input = document.getElementById(el.dataset.seat);
    if (!input) return;
    if (el.value) input.value = el.value;
    else { input.focus(); input.select(); }
    return;
  }
  if (el.matches("[data-autosubmit]")) {
    el.form.requestSubmit();
  } else if (el.matches("[data-reload]")) {
    // A new variant (or a knob that changes the seats): show its form.
    const reload = el.form.querySelector("#reload");
    if (reload) el.form.requestSubmit(reload);
  }
});

// A search field marked data-live filters as one types (the form's own GET, a moment
// after the last key).
let liveTimer = null;
document.addEventListener("input", (ev) => {
  const el = ev.target;
  const preset = el.id && document.querySelector(`select.preset[data-seat="${el.id}"]`);
  if (preset) { // a spec typed by hand: the list says which strength it is, if any
    const opt = [...preset.options].find((o) => o.value && o.value === el.value.trim());
    preset.value = opt ? opt.value : "";
    return;
  }
  if (!el.matches("[data-live]")) return;
  clearTimeout(liveTimer);
  liveTimer = setTimeout(() => el.form.requestSubmit(), 250);
});

document.addEventListener("keydown", (ev) => {
  if (!document.querySelector("#replay") || ev.target.closest("input, textarea, select")) return;
  const id = { ArrowLeft: "#prev", ArrowRight: "#next", Home: "#first", End: "#last" }[ev.key];
  const a = id && document.querySelector(id);
  if (a) { ev.preventDefault(); a.click(); }
});

// The back button after a scrub, a filter or a look back: show what the address names.
window.addEventListener("popstate", () => {
  if (document.querySelector("#replay")) load(location.href, { method: "GET" }, "#replay", false);
  else if (document.querySelector("#variant-list")) load(location.href, { method: "GET" }, "#main", false);
  else if (document.querySelector("#game")) load(location.href, { method: "GET" }, "#game", false);
});

setup();
