// kalahlab serve: the little the pages need beyond HTML. Every action is an ordinary
// form that works without this script; with it, a form marked data-target is sent with
// fetch and only that part of the page is replaced, the board's moves are clicked on
// the board itself, agents move by themselves at the chosen pace, and a replay is
// scrubbed with a slider or the arrow keys. No libraries, nothing from the network.

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

// post sends one field to a Play action and swaps the game in.
function post(action, fields) {
  return load(action, {
    method: "POST", body: new URLSearchParams(fields),
    headers: { "X-Requested-With": "fetch" },
  }, "#game", false);
}

// setup wires up what the page shows now (after every swap).
function setup() {
  clearTimeout(timer);
  const game = document.querySelector("#game");
  if (game && game.dataset.auto === "true") {
    const pace = Number(game.dataset.pace) || 0;
    timer = setTimeout(() => { if (!busy) post("/play/step", {}); }, pace);
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
  // A link marked data-target (the Play page's move list) swaps only its target.
  const link = ev.target.closest("a[data-target]");
  if (link && !link.closest("#replay")) {
    ev.preventDefault();
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
