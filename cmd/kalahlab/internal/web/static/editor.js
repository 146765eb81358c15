// kalahlab serve: the board editor (/edit). The page is a set of ordinary forms that
// work without this script (the position string is typed and checked by the server);
// with it, a mancala board is drawn from the model the page carries, its pits take
// clicks (a seed more; shift-click, right-click or − a seed less), the side to move is
// chosen, the position string follows as one clicks, and /edit/check reads it with the
// game's own parser a moment after each change (the status, the game's drawing and its
// legal moves come back). The example is made the same way, without leaving the page.
// No libraries, nothing from the network.

const root = document.querySelector("#board-editor");
const model = JSON.parse(document.querySelector("#edit-model")?.textContent || "null");
const posInput = document.querySelector("#pos");
const status = document.querySelector("#pos-status");
const preview = document.querySelector("#edit-preview");
const exPlay = document.querySelector("#ex-play");
const exName = document.querySelector("#ex-name");
const exOut = document.querySelector("#example");
const exLegal = document.querySelector("#ex-legal");

// The position being edited: each pit's count, the side to move and the fields after.
const start = model ? { seeds: model.pits.map((p) => p.seeds), side: model.side, extra: model.extra } : null;
let cur = start ? { seeds: [...start.seeds], side: start.side, extra: start.extra } : null;

// compose writes the position string of cur: the pits (stores in brackets), the side,
// the fields after it.
function compose() {
  const pits = model.pits.map((p, i) => (p.store ? `[${cur.seeds[i]}]` : String(cur.seeds[i]))).join(",");
  return [pits, cur.side, cur.extra].filter((s) => s !== "").join(" ");
}

// parse reads a typed position string into cur when its pits fit the board (the
// game's parser still has the last word); false when they do not.
function parse(text) {
  const f = text.trim().split(/\s+/);
  const cells = (f[0] || "").split(",");
  if (cells.length !== model.pits.length) return false;
  const seeds = [];
  for (const c of cells) {
    const n = Number(c.replace(/^\[|\]$/g, ""));
    if (!Number.isInteger(n) || n < 0) return false;
    seeds.push(n);
  }
  cur = { seeds, side: f[1] || "s", extra: f.slice(2).join(" ") };
  return true;
}

// The query of an editor request: the variant, its knobs, the position.
function query(extra) {
  const q = new URLSearchParams(root.dataset.knobs || "");
  q.set("variant", root.dataset.variant);
  q.set("pos", posInput.value.trim());
  for (const [k, v] of Object.entries(extra || {})) q.set(k, v);
  return q;
}

let checkTimer = null;
let checking = null;

// changed shows the new position string everywhere it is sent from, and asks the
// server to read it a moment later.
function changed(fromTyping) {
  if (!fromTyping && cur) posInput.value = compose();
  for (const el of document.querySelectorAll(".pos-copy")) el.value = posInput.value.trim();
  history.replaceState(null, "", "/edit?" + query().toString());
  if (cur) drawBoard();
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, 150);
}

// check asks /edit/check for the game's reading of the position.
async function check() {
  if (checking) checking.abort();
  const ctl = new AbortController();
  checking = ctl;
  try {
    const res = await fetch("/edit/check?" + query().toString(), { signal: ctl.signal, credentials: "same-origin" });
    const r = await res.json();
    showResult(r);
  } catch (err) {
    if (err.name !== "AbortError") setStatus(false, "The server did not answer: " + err.message);
  }
}

function setStatus(ok, text) {
  status.className = ok ? "ok" : "error";
  status.textContent = text;
}

// showResult shows the game's reading: valid or the parser's error, its drawing, its
// legal moves (as buttons that add a move to the example).
function showResult(r) {
  if (!r.ok) {
    setStatus(false, r.error);
    preview.classList.add("stale");
    exLegal.textContent = "";
    return;
  }
  setStatus(true, `The game reads it: ${r.to_move}${r.legal ? "; legal moves " + r.legal.join(" ") : ""}.`);
  preview.classList.remove("stale");
  preview.innerHTML = r.svg || "";
  exPlay.value = "";
  exOut.value = "";
  showMoves("Legal moves: ", r.legal);
}

// showMoves offers moves to add to the example, as buttons.
function showMoves(title, moves) {
  exLegal.textContent = "";
  if (moves && moves.length) {
    const label = document.createElement("span");
    label.textContent = title;
    exLegal.append(label);
    for (const m of moves) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "move";
      b.dataset.add = m;
      b.textContent = m;
      exLegal.append(b, " ");
    }
  }
}

// drawBoard draws the clickable board: the pits on a grid of the board's rows and
// columns (a store at each end), each with its count, house number and − button.
function drawBoard() {
  const board = document.querySelector("#edit-board");
  board.hidden = false;
  document.querySelector("#edit-tools").hidden = false;
  board.style.gridTemplateColumns = `repeat(${model.houses + 2}, 3.6rem)`;
  board.style.gridTemplateRows = `repeat(${model.rows}, 4.4rem)`;
  const alone = {};
  for (const p of model.pits) if (p.store) alone[p.col] = (alone[p.col] || 0) + 1;
  board.textContent = "";
  model.pits.forEach((p, i) => {
    const cell = document.createElement("div");
    cell.className = `edit-pit ${p.store ? "store" : "house"} side-${p.owner === 0 ? "s" : "n"}`;
    cell.style.gridColumn = String(p.col + 2);
    cell.style.gridRow = p.store && alone[p.col] === 1 ? `1 / span ${model.rows}` : String(p.row + 1);
    const name = p.store ? `${p.owner === 0 ? "South" : "North"}'s store` : `${p.owner === 0 ? "South" : "North"}'s house ${p.number}`;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "pit-count";
    b.dataset.pit = String(i);
    b.title = `${name}: click adds a seed, shift-click takes one away`;
    b.setAttribute("aria-label", `${name}, ${cur.seeds[i]} seeds`);
    b.textContent = String(cur.seeds[i]);
    const minus = document.createElement("button");
    minus.type = "button";
    minus.className = "pit-minus";
    minus.dataset.pit = String(i);
    minus.dataset.step = "-1";
    minus.title = `${name}: take a seed away`;
    minus.textContent = "−";
    const label = document.createElement("span");
    label.className = "pit-label";
    label.textContent = p.store ? "store" : `${p.owner === 0 ? "S" : "N"}${p.number}`;
    cell.append(b, label, minus);
    board.append(cell);
  });
  for (const r of document.querySelectorAll('input[name="edit-side"]')) r.checked = r.value === cur.side;
  document.querySelector("#edit-extra").value = cur.extra;
  const total = cur.seeds.reduce((a, b) => a + b, 0);
  const want = start.seeds.reduce((a, b) => a + b, 0);
  document.querySelector("#edit-total").textContent = `${total} seeds on the board${total !== want ? ` (the start has ${want})` : ""}`;
}

// step adds d seeds to pit i (never below 0).
function step(i, d) {
  cur.seeds[i] = Math.max(0, cur.seeds[i] + d);
  changed(false);
}

if (root && model) {
  const board = document.querySelector("#edit-board");
  board.addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-pit]");
    if (!b) return;
    const d = b.dataset.step ? Number(b.dataset.step) : (ev.shiftKey ? -1 : 1);
    step(Number(b.dataset.pit), d);
    const again = board.querySelector(`button.${b.className.split(" ")[0]}[data-pit="${b.dataset.pit}"]`);
    if (again) again.focus();
  });
  board.addEventListener("contextmenu", (ev) => {
    const b = ev.target.closest("button.pit-count");
    if (!b) return;
    ev.preventDefault();
    step(Number(b.dataset.pit), -1);
  });
  for (const r of document.querySelectorAll('input[name="edit-side"]')) {
    r.addEventListener("change", () => { cur.side = r.value; changed(false); });
  }
  document.querySelector("#edit-extra").addEventListener("input", (ev) => {
    cur.extra = ev.target.value.trim();
    changed(false);
  });
  document.querySelector("#edit-reset").addEventListener("click", () => {
    cur = { seeds: [...start.seeds], side: start.side, extra: start.extra };
    changed(false);
  });
  document.querySelector("#edit-empty").addEventListener("click", () => {
    cur.seeds = cur.seeds.map(() => 0);
    changed(false);
  });
  if (!parse(posInput.value)) cur = { seeds: [...start.seeds], side: start.side, extra: start.extra };
  drawBoard();
}

if (root) {
  // Typing the string: the board follows when the pits fit it, and the game reads it.
  posInput.addEventListener("input", () => {
    if (model && parse(posInput.value)) drawBoard();
    changed(true);
  });
  document.querySelector("#pos-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    changed(true);
  });
  // The example: made by /edit/check without leaving the page.
  const makeExample = async () => {
    const q = query({ example: "1", play: exPlay.value.trim(), name: exName.value.trim() });
    const res = await fetch("/edit/check?" + q.toString(), { credentials: "same-origin" });
    const r = await res.json();
    document.querySelector("#ex-error")?.remove();
    if (!r.ok || r.example_error) {
      exOut.value = "";
      exOut.insertAdjacentHTML("beforebegin", '<p class="error" id="ex-error"></p>');
      document.querySelector("#ex-error").textContent = r.ok ? r.example_error : r.error;
      return;
    }
    exOut.value = r.example;
    showMoves(exPlay.value.trim() ? "Then: " : "Legal moves: ", r.next);
  };
  document.querySelector("#example-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    makeExample();
  });
  const addMove = (m) => {
    exPlay.value = exPlay.value.trim() ? exPlay.value.trim() + ", " + m : m;
    makeExample();
  };
  exLegal.addEventListener("click", (ev) => {
    const b = ev.target.closest("button[data-add]");
    if (b) addMove(b.dataset.add);
  });
  // A legal move clicked on the game's own drawing is added too (only the first
  // moves: after them the drawing still shows the position set up).
  preview.addEventListener("click", (ev) => {
    const region = ev.target.closest("[data-move]");
    if (!region) return;
    ev.preventDefault();
    if (!exPlay.value.trim()) addMove(region.getAttribute("data-move"));
  });
  document.querySelector("#copy-example").addEventListener("click", async () => {
    const note = document.querySelector("#copy-note");
    try {
      await navigator.clipboard.writeText(exOut.value);
      note.textContent = "copied";
    } catch {
      exOut.select();
      note.textContent = document.execCommand("copy") ? "copied" : "select the text and copy it";
    }
  });
}
