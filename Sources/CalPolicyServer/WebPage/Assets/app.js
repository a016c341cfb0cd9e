// CALENDARS, LOCALES and COLOR_NAMES are put before this script by the server, from the engine's own lists.
const ICON_ALIASES = { checkmark: "check", dollarsign: "banknote", creditcard: "banknote" };
const SVG = "http://www.w3.org/2000/svg";

const params = new URLSearchParams(location.search);
function intParam(name) {
  const v = params.get(name);
  return v !== null && /^-?\d+$/.test(v) ? Number(v) : null;
}
const state = {
  stack: params.get("stack") || "",
  calendar: params.get("calendar") || "",
  locale: params.get("locale") || "",
  mode: ["single", "multiple", "range", "week", "month"].includes(params.get("mode")) ? params.get("mode") : "single",
  rangeRule: params.get("rangeRule"),
  limits: { minLength: intParam("minLength"), maxLength: intParam("maxLength"), maxCount: intParam("maxCount") },
  month: params.get("month"),      // the month shown, as /v1/month takes it (null: today's)
  doc: null,                       // the /v1/month document shown
  focusDate: null,                 // the day holding the grid's tab stop
  selection: [],
  pending: null,
  weekDate: null,
  periodDate: null,
  yearShown: null,
  version: null,
  reloadAt: null,
};

const $ = (id) => document.getElementById(id);
function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// ---- the API -------------------------------------------------------------------------------
function display(extra) {
  const q = new URLSearchParams();
  if (state.stack) q.set("stack", state.stack);
  if (state.calendar) q.set("calendar", state.calendar);
  if (state.locale) q.set("locale", state.locale);
  for (const [k, v] of Object.entries(extra || {})) if (v !== null && v !== undefined) q.set(k, v);
  return q.toString();
}
async function getJSON(path, extra) {
  const response = await fetch(path + "?" + display(extra), { cache: "no-store" });
  const body = await response.json();
  if (!response.ok) throw new Error(body && body.error ? body.error.message : "HTTP " + response.status);
  return body;
}

// ---- dates (ISO Gregorian, as the API gives them) ------------------------------------------
function addDays(iso, n) {
  const [y, m, d] = iso.split("-").map(Number);
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d + n);
  return t.toISOString().slice(0, 10);
}
// Weekday names come from the API (the document's weekdayNames, Sunday first), in its locale.
function weekdayName(iso, style) {
  const [y, m, d] = iso.split("-").map(Number);
  const date = new Date(0); date.setUTCFullYear(y, m - 1, d);
  const names = state.doc && state.doc.weekdayNames;
  if (!names) return "";
  const list = style === "long" ? names.full : names.short;
  return (list && list[date.getUTCDay()]) || "";
}
function bcp47() { return (state.doc ? state.doc.locale : state.locale || "en_US").replace(/_/g, "-"); }

function safeColor(color) {
  if (typeof color !== "string") return null;
  if (/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(color)) return color.toLowerCase();
  return COLOR_NAMES.has(color.toLowerCase()) ? color.toLowerCase() : null;
}
function iconPath(image) {
  if (typeof image !== "string") return null;
  let stem = image.toLowerCase().split(".")[0];
  stem = ICON_ALIASES[stem] || stem;
  return Object.prototype.hasOwnProperty.call(ICONS, stem) ? ICONS[stem] : null;
}
function decoration(deco) {
  if (!deco) return null;
  const size = ["small", "medium", "large"].includes(deco.size) ? deco.size : "medium";
  let node;
  const path = deco.kind === "image" ? iconPath(deco.image) : null;
  if (deco.kind === "custom" && deco.label) {
    node = el("span", { class: "deco custom " + size }, deco.label);
  } else if (path) {
    node = el("span", { class: "deco icon " + size });
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 16 16");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    const p = document.createElementNS(SVG, "path");
    p.setAttribute("fill-rule", "evenodd");
    p.setAttribute("d", path);
    svg.appendChild(p);
    node.appendChild(svg);
  } else {
    node = el("span", { class: "deco dot " + size });
  }
  node.setAttribute("aria-hidden", "true");
  const color = safeColor(deco.color);
  if (color) node.style.color = color;
  return node;
}

// ---- a day button (grid and week strip) -----------------------------------------------------
function isSelected(date) { return state.selection.includes(date); }
function dayButton(day, inStrip) {
  const b = el("button", { type: "button", class: "day", "data-date": day.date });
  if (inStrip) b.appendChild(el("span", { class: "wd", "aria-hidden": "true" }, weekdayName(day.date, "short")));
  b.appendChild(el("span", { class: "num", "aria-hidden": "true" }, day.day));
  const deco = decoration(day.decoration);
  if (deco) b.appendChild(deco);
  b.title = day.label;
  b.setAttribute("aria-label", day.label + (isSelected(day.date) ? ", selected" : ""));
  if (!day.selectable) b.setAttribute("aria-disabled", "true");
  // Selection is said once: ", selected" in the name (and aria-selected on the grid cell).
  if (isSelected(day.date)) b.classList.add("selected");
  if (state.pending === day.date) b.classList.add("pending");
  if (state.doc && day.date === state.doc.today) { b.classList.add("today"); b.setAttribute("aria-current", "date"); }
  b.addEventListener("click", () => tap(day.date));
  return b;
}

// ---- the month grid ------------------------------------------------------------------------
// Answers can arrive out of order (quick clicks): only the latest request of a kind is drawn.
const tickets = { month: 0, week: 0, year: 0, period: 0 };
async function loadMonth(month, focus) {
  const ticket = ++tickets.month;
  const doc = await getJSON("/v1/month", { month });
  if (ticket !== tickets.month) return;
  state.doc = doc;
  state.month = doc.period.id;
  document.documentElement.lang = bcp47();
  document.documentElement.dir = /^(he|ar|fa)([_-]|$)/.test(doc.locale) ? "rtl" : "ltr";
  if (!state.locale) $("locale").value = doc.locale;
  if (!state.calendar) $("calendar").value = doc.calendar;
  const days = new Map(doc.days.map((d) => [d.date, d]));
  if (focus && days.has(focus)) state.focusDate = focus;
  else if (!state.focusDate || !days.has(state.focusDate)) {
    state.focusDate = days.has(doc.today) ? doc.today : doc.days[0].date;
  }
  renderGrid();
  if (!state.weekDate) { state.weekDate = state.focusDate; loadWeek(); }
  if (!state.periodDate) { state.periodDate = doc.today; loadPeriod(0); }
  if (!$("year-view").hidden) loadYear(doc.months[0].year);
  if (focus) focusDay(state.focusDate);
}
function renderGrid() {
  const doc = state.doc;
  const month = doc.months[0];
  const days = new Map(doc.days.map((d) => [d.date, d]));
  $("month-title").textContent = month.name + " " + month.year;
  const grid = $("grid");
  const rows = [];
  const head = el("div", { role: "row" });
  head.appendChild(el("span", { role: "columnheader", class: "head", title: "Week" }, "Wk"));
  for (const cell of month.weeks[0]) {
    const h = el("span", { role: "columnheader", class: "head" }, weekdayName(cell.date, "short"));
    h.setAttribute("aria-label", weekdayName(cell.date, "long"));
    head.appendChild(h);
  }
  rows.push(head);
  month.weeks.forEach((week, i) => {
    const row = el("div", { role: "row" });
    row.appendChild(el("span", { role: "rowheader", class: "wk" }, month.weekNumbers[i]));
    for (const cell of week) {
      const day = days.get(cell.date);
      if (!cell.inMonth || !day) {
        const outside = el("span", { role: "gridcell", class: "outside", "data-outside": cell.date }, cell.day);
        row.appendChild(outside);
        continue;
      }
      const gc = el("span", { role: "gridcell" });
      if (isSelected(day.date)) gc.setAttribute("aria-selected", "true");
      const b = dayButton(day, false);
      b.tabIndex = day.date === state.focusDate ? 0 : -1;
      if (state.mode === "range" && state.selection.length > 1 && state.selection.includes(day.date)) b.classList.add("in-range");
      gc.appendChild(b);
      row.appendChild(gc);
    }
    rows.push(row);
  });
  grid.replaceChildren(...rows);
  renderSelection();
}
function focusDay(date) {
  const b = $("grid").querySelector('button[data-date="' + date + '"]');
  if (!b) return;
  for (const other of $("grid").querySelectorAll("button[tabindex='0']")) other.tabIndex = -1;
  b.tabIndex = 0;
  state.focusDate = date;
  b.focus();
}
async function moveFocus(target) {
  const doc = state.doc;
  if (target >= doc.period.first && target <= doc.period.last) { focusDay(target); return; }
  const month = target > doc.period.last ? doc.period.next : doc.period.previous;
  if (!month) return;
  await show(() => loadMonth(month, target));
}
function monthOffset(step) {
  // The same day number in the month before or after (or that month's last day).
  const doc = state.doc;
  const current = doc.days.find((d) => d.date === state.focusDate) || doc.days[0];
  const id = step > 0 ? doc.period.next : doc.period.previous;
  if (!id) return;
  show(async () => {
    const next = await getJSON("/v1/month", { month: id });
    const same = next.days.find((d) => d.day === current.day) || next.days[next.days.length - 1];
    await loadMonth(id, same.date);
  });
}
function yearOffset(step) {
  const m = state.doc.months[0];
  const id = (m.year + step).toString().padStart(4, "0") + "-" + String(m.month).padStart(2, "0") + (m.isLeapMonth ? "L" : "");
  // A leap month has no namesake in a common year: fall back to the plain month number.
  show(() => loadMonth(id, null).catch(() => loadMonth(id.replace(/L$/, ""), null)));
}
function onGridKey(event) {
  const date = event.target && event.target.dataset ? event.target.dataset.date : null;
  if (!date) return;
  const rtl = document.documentElement.dir === "rtl";
  const day = state.doc.days.find((d) => d.date === date);
  let target = null;
  switch (event.key) {
    case "ArrowRight": target = addDays(date, rtl ? -1 : 1); break;
    case "ArrowLeft": target = addDays(date, rtl ? 1 : -1); break;
    case "ArrowDown": target = addDays(date, 7); break;
    case "ArrowUp": target = addDays(date, -7); break;
    case "Home": target = addDays(date, -((day.weekday - state.doc.firstWeekday + 7) % 7)); break;
    case "End": target = addDays(date, 6 - ((day.weekday - state.doc.firstWeekday + 7) % 7)); break;
    case "PageDown": event.preventDefault(); event.shiftKey ? yearOffset(1) : monthOffset(1); return;
    case "PageUp": event.preventDefault(); event.shiftKey ? yearOffset(-1) : monthOffset(-1); return;
    default: return;
  }
  event.preventDefault();
  moveFocus(target);
}

// ---- selection through POST /v1/select -------------------------------------------------------
function announce(text, refused) {
  const live = $("live");
  live.textContent = text;
  live.classList.toggle("refused", !!refused);
}
function labelOf(date) {
  const d = state.doc && state.doc.days.find((x) => x.date === date);
  return d ? d.label.split(/[,،]/).slice(0, 2).join(",") : date;
}
async function tap(date) {
  const body = { mode: state.mode, selection: state.selection, pending: state.pending, taps: [date] };
  if (state.rangeRule) body.rangeRule = state.rangeRule;
  const limits = {};
  for (const [k, v] of Object.entries(state.limits)) if (v !== null) limits[k] = v;
  if (Object.keys(limits).length) body.limits = limits;
  let response, answer;
  try {
    response = await fetch("/v1/select?" + display(), {
      method: "POST", cache: "no-store", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    answer = await response.json();
  } catch (e) {
    announce("The server did not answer: " + e.message, true);
    return;
  }
  if (response.status === 422) {
    // The selection held a day the policies now deny (a policy reloaded): start over.
    state.selection = []; state.pending = null;
    announce("Selection cleared: " + answer.error.message, true);
    redraw();
    return;
  }
  if (!response.ok) { announce(answer.error ? answer.error.message : "HTTP " + response.status, true); return; }
  const result = answer.taps[answer.taps.length - 1];
  if (!result.accepted) {
    let text = "Not selected: " + labelOf(date);
    if (result.reason) text += ": " + result.reason;
    if (result.deniedDay && !(result.reason || "").includes(result.deniedDay)) text += " (" + result.deniedDay + ")";
    announce(text, true);
    return;
  }
  state.selection = answer.selection;
  state.pending = answer.pending;
  let text;
  if (answer.pending) text = "Range starts " + labelOf(answer.pending) + "; pick its last day";
  else if (state.mode !== "single" && state.mode !== "multiple" && answer.selection.includes(date)) {
    text = "Selected " + answer.selection[0] + " – " + answer.selection[answer.selection.length - 1];
  } else if (answer.selection.includes(date)) text = "Selected " + labelOf(date);
  else text = "Deselected " + labelOf(date);
  if (result.leftOut && result.leftOut.length) text += "; left out " + result.leftOut.join(", ");
  announce(text, false);
  redraw();
}
function renderSelection() {
  const s = state.selection;
  let text = s.length === 0 ? "Nothing selected" : s.length === 1 ? "Selected: " + s[0] : "Selected " + s.length + " days: " + s[0] + " – " + s[s.length - 1];
  if (state.pending) text += " (range from " + state.pending + ")";
  $("selection").textContent = text;
}
function redraw() {
  if (state.doc) {
    const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("#grid");
    renderGrid();
    if (focused) focusDay(state.focusDate);
  }
  if (state.weekDoc) renderWeek();
}

// ---- year / month jump ---------------------------------------------------------------------
async function loadYear(year) {
  const ticket = ++tickets.year;
  const doc = await getJSON("/v1/year", { year: String(year).padStart(4, "0") });
  if (ticket !== tickets.year) return;
  state.yearShown = year;
  $("year-title").textContent = String(year);
  const current = state.doc ? state.doc.months[0] : null;
  const items = doc.months.map((m) => {
    const id = String(m.year).padStart(4, "0") + "-" + String(m.month).padStart(2, "0") + (m.isLeapMonth ? "L" : "");
    const inMonth = new Set(m.weeks.flat().filter((c) => c.inMonth).map((c) => c.date));
    const denied = doc.days.filter((d) => inMonth.has(d.date) && !d.selectable).length;
    const b = el("button", { type: "button", "data-month": id });
    if (m.isLeapMonth) b.setAttribute("data-leap", "true");
    b.appendChild(el("span", { class: "name" }, m.name));
    b.appendChild(el("span", { class: "count" }, denied + " ✕"));
    b.setAttribute("aria-label", m.name + " " + m.year + ", " + denied + " days not selectable");
    if (current && current.year === m.year && current.month === m.month && current.isLeapMonth === m.isLeapMonth) {
      b.setAttribute("aria-current", "true");
    }
    b.addEventListener("click", () => {
      toggleYear(false);
      show(() => loadMonth(id, null)).then(() => focusDay(state.focusDate));
    });
    const li = el("li");
    li.appendChild(b);
    return li;
  });
  $("year-months").replaceChildren(...items);
}
function toggleYear(open) {
  $("year-view").hidden = !open;
  $("jump").setAttribute("aria-expanded", String(open));
  if (open && state.doc) show(() => loadYear(state.doc.months[0].year));
}

// ---- week strip ----------------------------------------------------------------------------
async function loadWeek() {
  const ticket = ++tickets.week;
  const doc = await getJSON("/v1/week", { date: state.weekDate });
  if (ticket !== tickets.week) return;
  state.weekDoc = doc;
  renderWeek();
}
function renderWeek() {
  const doc = state.weekDoc;
  // ISO dates read left to right in a right-to-left page too.
  $("week-title").replaceChildren(el("bdi", { dir: "ltr" }, doc.period.id + " · " + doc.period.first + " – " + doc.period.last));
  $("week-strip").replaceChildren(...doc.days.map((d) => {
    const b = dayButton(d, true);
    b.tabIndex = -1;
    return b;
  }));
}
function stepWeek(n) { state.weekDate = addDays(state.weekDate, 7 * n); show(loadWeek); }

// ---- period selector -----------------------------------------------------------------------
async function loadPeriod(step) {
  const ticket = ++tickets.period;
  const p = await getJSON("/v1/period", { kind: $("period-kind").value, date: state.periodDate, step: String(step) });
  if (ticket !== tickets.period) return;
  state.periodDate = p.first;
  $("period-range").textContent = p.first + " – " + p.last;
}

// ---- pickers, live reload ------------------------------------------------------------------
async function show(work) {
  try { await work(); } catch (e) { announce(e.message, true); }
}
async function loadStatus(first) {
  const headers = state.statusTag ? { "If-None-Match": state.statusTag } : {};
  const response = await fetch("/v1/status", { cache: "no-store", headers });
  if (response.status === 304) return;
  if (!response.ok) return;
  state.statusTag = response.headers.get("ETag");
  const status = await response.json();
  if (first) {
    $("stack").replaceChildren(...status.stacks.map((s) => el("option", { value: s.name }, s.name)));
    if (!state.stack) state.stack = status.defaultStack;
    $("stack").value = state.stack;
  }
  const stack = status.stacks.find((s) => s.name === state.stack);
  if (!stack) return;
  const reload = $("reload");
  if (stack.lastReload && stack.lastReload.result === "refused") {
    reload.textContent = "A policy edit was refused; the last good version still answers. " + (stack.lastReload.error || "");
    reload.dataset.result = "refused";
  } else if (reload.dataset.result === "refused") {
    reload.textContent = ""; reload.dataset.result = "";
  }
  if (state.version && state.version !== stack.version) {
    reload.dataset.result = "loaded";
    reload.textContent = "Policies reloaded at " + stack.loadedAt + ".";
    await show(() => loadMonth(state.month, null));
    if (state.weekDate) await show(loadWeek);
    if (!$("year-view").hidden && state.yearShown !== null) await show(() => loadYear(state.yearShown));
  }
  state.version = stack.version;
}
function reset() {
  announce("", false);
  state.selection = []; state.pending = null; state.weekDate = null; state.periodDate = null; state.focusDate = null;
  show(() => loadMonth(null, null));
}
function start() {
  $("calendar").replaceChildren(...CALENDARS.map((c) => el("option", { value: c }, c)));
  $("locale").replaceChildren(...LOCALES.map((c) => el("option", { value: c }, c)));
  if (state.calendar) { if (!CALENDARS.includes(state.calendar)) $("calendar").appendChild(el("option", { value: state.calendar }, state.calendar)); $("calendar").value = state.calendar; }
  if (state.locale) { if (!LOCALES.includes(state.locale)) $("locale").appendChild(el("option", { value: state.locale }, state.locale)); $("locale").value = state.locale; }
  $("mode").value = state.mode;
  $("mode").addEventListener("change", () => { state.mode = $("mode").value; state.selection = []; state.pending = null; redraw(); announce("Mode " + state.mode, false); });
  $("calendar").addEventListener("change", () => { state.calendar = $("calendar").value; state.month = null; reset(); });
  $("locale").addEventListener("change", () => { state.locale = $("locale").value; state.month = null; reset(); });
  $("stack").addEventListener("change", () => { state.stack = $("stack").value; state.version = null; state.statusTag = null; reset(); loadStatus(false); });
  $("prev-month").addEventListener("click", () => state.doc && state.doc.period.previous && show(() => loadMonth(state.doc.period.previous, null)));
  $("next-month").addEventListener("click", () => state.doc && state.doc.period.next && show(() => loadMonth(state.doc.period.next, null)));
  $("prev-year").addEventListener("click", () => yearOffset(-1));
  $("next-year").addEventListener("click", () => yearOffset(1));
  $("jump").addEventListener("click", () => toggleYear($("year-view").hidden));
  $("year-prev").addEventListener("click", () => show(() => loadYear(state.yearShown - 1)));
  $("year-next").addEventListener("click", () => show(() => loadYear(state.yearShown + 1)));
  $("grid").addEventListener("keydown", onGridKey);
  $("year-view").addEventListener("keydown", (e) => { if (e.key === "Escape") { toggleYear(false); $("jump").focus(); } });
  $("week-prev").addEventListener("click", () => stepWeek(-1));
  $("week-next").addEventListener("click", () => stepWeek(1));
  const strip = $("week-strip");
  strip.addEventListener("keydown", (e) => {
    const rtl = document.documentElement.dir === "rtl";
    if (e.key === "ArrowRight") { e.preventDefault(); stepWeek(rtl ? -1 : 1); }
    if (e.key === "ArrowLeft") { e.preventDefault(); stepWeek(rtl ? 1 : -1); }
  });
  let touchX = null;
  strip.addEventListener("pointerdown", (e) => { if (e.pointerType !== "mouse") touchX = e.clientX; });
  strip.addEventListener("pointerup", (e) => {
    if (touchX === null) return;
    const dx = e.clientX - touchX; touchX = null;
    if (Math.abs(dx) > 40) { const rtl = document.documentElement.dir === "rtl"; stepWeek((dx < 0) !== rtl ? 1 : -1); }
  });
  $("period-kind").addEventListener("change", () => show(() => loadPeriod(0)));
  $("period-prev").addEventListener("click", () => show(() => loadPeriod(-1)));
  $("period-next").addEventListener("click", () => show(() => loadPeriod(1)));
  show(async () => {
    await loadStatus(true);
    await loadMonth(state.month, null);
    document.body.dataset.ready = "true";
  });
  setInterval(() => { loadStatus(false).catch(() => {}); }, 1000);
}
start();