// <calpolicy-picker>: the picker as a custom element, no framework, no build step. ICONS, CALENDARS,
// LOCALES, COLOR_NAMES and STRINGS (strings.json, the page's own words by language) are put before
// this script by the server, from the engine's own lists, and the whole is wrapped in one function.
// Every tap is decided by the server (POST /v1/select); the element draws what it answers.
const ICON_ALIASES = { checkmark: "check", dollarsign: "banknote", creditcard: "banknote" };
const SVG = "http://www.w3.org/2000/svg";
const MODES = ["single", "multiple", "range", "week", "month"];
// Shapes for the default decoration marker, one per decorating policy in view: a mark that
// tells the policies apart without its colour.
const SHAPES = ["circle", "square", "triangle", "diamond", "ring", "bar"];
// Hatchings for a denied day, one per denying policy in view, for the same reason.
const HATCHES = ["falling", "rising", "level", "upright", "cross"];
// Where this script came from: the service the element talks to unless `server` says otherwise.
const SCRIPT_ORIGIN = document.currentScript && document.currentScript.src
  ? new URL(document.currentScript.src).origin : location.origin;
let instances = 0;

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}
function addDays(iso, n) {
  const [y, m, d] = iso.split("-").map(Number);
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d + n);
  return t.toISOString().slice(0, 10);
}
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
// The origin a `server` value names ("https://a.example"), null when it names none: a token is
// kept for one origin and only ever sent there.
function originOf(base) {
  try {
    const origin = new URL(base, document.baseURI).origin;
    return origin && origin !== "null" ? origin : null;
  } catch (e) { return null; }
}
function rtlLocale(locale) { return /^(he|ar|fa|ur)([_-]|$)/.test(locale || ""); }
function monthId(m) {
  return String(m.year).padStart(4, "0") + "-" + String(m.month).padStart(2, "0") + (m.isLeapMonth ? "L" : "");
}
// A day's label with the decoration's label left out when the reason already says it
// ("change freeze: Year-end change freeze, Year-end change freeze" reads once).
function dayLabel(day) {
  const label = day.decoration && day.decoration.label;
  if (!day.selectable && label && day.reason && day.reason !== label && day.reason.includes(label)
      && day.label.endsWith(label)) {
    return day.label.slice(0, day.label.length - label.length).replace(/[,،、，]\s*$/, "");
  }
  return day.label;
}

// The break-glass overrides of the answer (`overrides`: those covering the question's context)
// whose window meets the day: `from` and `until` are instants with offsets in the day's zone, so
// their first ten characters are dates there; an `until` at 00:00 ends on the day before.
function overridesOf(doc, day) {
  const list = doc && Array.isArray(doc.overrides) ? doc.overrides : [];
  return list.filter((o) => {
    if (!o || typeof o.from !== "string" || typeof o.until !== "string" || typeof o.id !== "string") return false;
    const first = o.from.slice(0, 10);
    let last = o.until.slice(0, 10);
    if (o.until.slice(11, 19) === "00:00:00" && last > first) {
      const d = new Date(last + "T00:00:00Z"); d.setUTCDate(d.getUTCDate() - 1); last = d.toISOString().slice(0, 10);
    }
    return first <= day.date && day.date <= last;
  });
}

// A day's closed time by hours (`intervals` of a stack with hoursFor, instants with offsets):
// whole when its pieces run without a gap from the day's 00:00 to the next day's, else the
// pieces as "15:00–24:00 reason" text; null when the day has none.
function hoursOf(day) {
  const list = Array.isArray(day.intervals) ? day.intervals.filter((p) => p && typeof p.from === "string" && typeof p.to === "string") : [];
  if (!list.length) return null;
  const ms = (text) => Date.parse(text);
  const pieces = list.slice().sort((a, b) => ms(a.from) - ms(b.from));
  const last = pieces[pieces.length - 1];
  let whole = pieces[0].from.slice(0, 16) === day.date + "T00:00" && last.to.slice(11, 16) === "00:00" && last.to.slice(0, 10) > day.date;
  for (let i = 1; whole && i < pieces.length; i++) if (ms(pieces[i].from) !== ms(pieces[i - 1].to)) whole = false;
  const wall = (p) => p.from.slice(11, 16) + "–" + (p.to.slice(0, 10) > day.date ? "24:00" : p.to.slice(11, 16));
  const text = pieces.map((p) => wall(p) + (typeof p.reason === "string" && p.reason ? " " + p.reason : "")).join("; ");
  const reason = typeof pieces[0].reason === "string" ? pieces[0].reason : "";
  return { whole, text, reason, policy: typeof pieces[0].policy === "string" ? pieces[0].policy : "" };
}

class CalpolicyPicker extends HTMLElement {
  static get observedAttributes() {
    return ["stack", "mode", "calendar", "locale", "limits", "range-rule", "month", "server", "context"];
  }

  constructor() {
    super();
    this.built = false;
    this.tickets = { month: 0, week: 0, year: 0, period: 0 };
  }

  connectedCallback() {
    if (this.built) return;
    this.built = true;
    instances += 1;
    // The first picker of a page uses plain ids (#grid, #live, ...); others a prefix.
    this.p = this.getAttribute("id-prefix") ?? (instances === 1 ? "" : "cp" + instances + "-");
    this.readAttributes();
    this.build();
    this.start();
  }

  disconnectedCallback() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.built = false;
  }

  attributeChangedCallback(name, old, value) {
    if (!this.built || old === value) return;
    this.readAttributes();
    if (name === "mode") { this.$("mode") && (this.$("mode").value = this.state.mode); this.clearSelection(); this.redraw(); return; }
    if (name === "limits" || name === "range-rule") return;
    this.state.month = this.getAttribute("month");
    this.syncControls();
    this.reset();
  }

  readAttributes() {
    const previous = this.state || {};
    let limits = {};
    try { limits = JSON.parse(this.getAttribute("limits") || "{}") || {}; } catch (e) { limits = {}; }
    // context='{"environment": "production", "labels": {"team": "ops"}}': who asks, sent as
    // context.KEY parameters with every call, so scoped policies answer for this picker's user.
    let context = {};
    try { context = JSON.parse(this.getAttribute("context") || "{}") || {}; } catch (e) { context = {}; }
    const contextEntries = [];
    for (const [key, value] of Object.entries(context)) {
      if (key === "labels" && value && typeof value === "object") {
        for (const [name, label] of Object.entries(value)) contextEntries.push(["labels." + name, String(label)]);
      } else if (typeof value === "string") {
        contextEntries.push([key, value]);
      }
    }
    const mode = this.getAttribute("mode");
    this.base = (this.getAttribute("server") || SCRIPT_ORIGIN).replace(/\/$/, "");
    // A token belongs to the origin it was typed for: when `server` names another origin, the
    // one in memory is forgotten and an open token form closes (what was typed there was for
    // the old origin). Tokens kept in sessionStorage are keyed by origin, so each stays home.
    const origin = originOf(this.base);
    if (origin !== this.origin) {
      this.token = null;
      this.tokenOrigin = null;
      this.tokenAsked = false;
      if (this.built && this.$("token-form")) { this.$("token-form").hidden = true; this.$("token").value = ""; }
    }
    this.origin = origin;
    this.state = Object.assign({
      selection: [], pending: null, focusDate: null, weekDate: null, periodDate: null, doc: null, weekDoc: null,
      yearDoc: null, yearShown: null, version: null, statusTag: null, view: "month",
    }, previous, {
      stack: this.getAttribute("stack") || "",
      calendar: this.getAttribute("calendar") || "",
      locale: this.getAttribute("locale") || "",
      mode: MODES.includes(mode) ? mode : "single",
      rangeRule: this.getAttribute("range-rule"),
      limits: { minLength: limits.minLength ?? null, maxLength: limits.maxLength ?? null, maxCount: limits.maxCount ?? null },
      month: previous.month === undefined ? this.getAttribute("month") : previous.month,
      context: contextEntries,
    });
  }

  $(name) { return this.querySelector("#" + CSS.escape(this.p + name)); }

  // ---- words ---------------------------------------------------------------------------------
  language() {
    const locale = (this.state.doc && this.state.doc.locale) || this.state.locale || navigator.language || "en";
    const language = locale.split(/[_-]/)[0];
    return STRINGS.languages.includes(language) ? language : "en";
  }
  t(key, values) {
    const entry = STRINGS.strings[key];
    let text = entry ? (entry[this.language()] || entry.en) : key;
    for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(String(v));
    return text;
  }
  bcp47() { return ((this.state.doc && this.state.doc.locale) || this.state.locale || "en_US").replace(/_/g, "-"); }
  gregorianDate(iso, style) {
    const [y, m, d] = iso.split("-").map(Number);
    try {
      return new Intl.DateTimeFormat(this.bcp47() + "-u-ca-gregory", style === "long"
        ? { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }
        : { month: "numeric", day: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
    } catch (e) { return iso; }
  }
  // The one-letter weekday of the mini-months (CLDR's narrow form, from the browser's ICU).
  narrowWeekday(iso) {
    const [y, m, d] = iso.split("-").map(Number);
    try {
      return new Intl.DateTimeFormat(this.bcp47(), { weekday: "narrow", timeZone: "UTC" }).format(new Date(Date.UTC(y, m - 1, d)));
    } catch (e) { return this.weekdayName(iso, "short").slice(0, 1); }
  }
  weekdayName(iso, style) {
    const [y, m, d] = iso.split("-").map(Number);
    const date = new Date(0); date.setUTCFullYear(y, m - 1, d);
    const names = this.state.doc && this.state.doc.weekdayNames;
    if (!names) return "";
    const list = style === "long" ? names.full : names.short;
    return (list && list[date.getUTCDay()]) || "";
  }

  // ---- the skeleton --------------------------------------------------------------------------
  build() {
    const id = (name) => this.p + name;
    const controls = this.hasAttribute("controls");
    const root = el("div", { class: "cp-root" });
    if (controls) {
      const bar = el("div", { class: "cp-bar" });
      for (const name of ["stack", "calendar", "locale", "mode"]) {
        const label = el("label", { for: id(name) });
        label.appendChild(el("span", { "data-t": name }));
        bar.append(label, el("select", { id: id(name) }));
      }
      root.appendChild(bar);
    }
    const token = el("form", { id: id("token-form"), class: "cp-token", hidden: "" });
    token.append(el("p", { "data-t": "tokenNeeded", id: id("token-text") }),
                 el("label", { for: id("token"), "data-t": "token" }),
                 el("input", { id: id("token"), type: "password", autocomplete: "off", required: "" }),
                 el("button", { type: "submit", "data-t": "useToken" }));
    root.appendChild(token);
    root.appendChild(el("p", { id: id("reload"), class: "reload", role: "status", "aria-live": "polite" }));
    const month = el("section", { class: "cp-month", "aria-labelledby": id("month-title") });
    const nav = el("div", { class: "nav" });
    const button = (name, text, label) => {
      const b = el("button", { type: "button", id: id(name) }, text);
      if (label) b.setAttribute("data-t-label", label);
      return b;
    };
    nav.append(button("prev-year", "«", "prevYear"), button("prev-month", "‹", "prevMonth"),
               el("h2", { id: id("month-title"), class: "title" }, "…"),
               button("next-month", "›", "nextMonth"), button("next-year", "»", "nextYear"));
    const jump = button("jump", "");
    jump.setAttribute("data-t", "year");
    jump.setAttribute("aria-pressed", "false");
    jump.setAttribute("aria-controls", id("year-view"));
    nav.appendChild(jump);
    month.appendChild(nav);
    month.appendChild(el("div", { id: id("grid"), role: "grid", "aria-labelledby": id("month-title"), class: "grid" }));
    const year = el("div", { id: id("year-view"), class: "year-view", hidden: "" });
    const yearNav = el("div", { class: "nav" });
    yearNav.append(button("year-prev", "‹", "prevYear"), el("h3", { id: id("year-title") }, "…"), button("year-next", "›", "nextYear"));
    year.append(yearNav, el("ol", { id: id("year-months"), class: "year-months", "aria-labelledby": id("year-title") }));
    month.appendChild(year);
    root.appendChild(month);
    // A day's reasons without hovering: the focused, touched or hovered day, said in full.
    const details = el("p", { id: id("details"), class: "details", "aria-live": "polite" });
    root.appendChild(details);
    const legend = el("section", { class: "cp-legend", "aria-labelledby": id("legend-title") });
    legend.append(el("h2", { id: id("legend-title"), class: "small", "data-t": "legend" }), el("ul", { id: id("legend"), class: "legend" }));
    root.appendChild(legend);
    root.appendChild(el("p", { id: id("live"), class: "live", role: "status", "aria-live": "polite", "aria-atomic": "true" }));
    root.appendChild(el("p", { id: id("selection"), class: "selection" }));
    const week = el("section", { class: "cp-week", "aria-labelledby": id("week-title") });
    const weekNav = el("div", { class: "nav" });
    weekNav.append(button("week-prev", "‹", "prevWeek"), el("h2", { id: id("week-title"), class: "title" }),
                   button("week-next", "›", "nextWeek"));
    week.append(weekNav, el("div", { id: id("week-strip"), class: "strip", role: "group", "aria-labelledby": id("week-title"), tabindex: "0" }));
    root.appendChild(week);
    const period = el("section", { class: "cp-period", "aria-labelledby": id("period-title") });
    const periodNav = el("div", { class: "nav" });
    const kind = el("select", { id: id("period-kind") });
    for (const k of ["week", "month", "year"]) kind.appendChild(el("option", { value: k, "data-t": k }));
    kind.value = "month";
    const kindLabel = el("label", { for: id("period-kind"), class: "visually-hidden", "data-t": "period" });
    periodNav.append(kindLabel, kind, button("period-prev", "‹", "prevPeriod"),
                     el("output", { id: id("period-range"), dir: "ltr", "aria-live": "polite" }), button("period-next", "›", "nextPeriod"));
    period.append(el("h2", { id: id("period-title"), "data-t": "period" }), periodNav);
    root.appendChild(period);
    this.replaceChildren(root);
    this.translate();
  }

  // The chrome in the locale's language, its direction with it.
  translate() {
    const cap = (s) => s.charAt(0).toLocaleUpperCase(this.bcp47()) + s.slice(1);
    for (const node of this.querySelectorAll("[data-t]")) node.textContent = cap(this.t(node.dataset.t));
    for (const node of this.querySelectorAll("[data-t-label]")) node.setAttribute("aria-label", this.t(node.dataset.tLabel));
    const mode = this.$("mode");
    if (mode) {
      const names = { single: "mode.single", multiple: "mode.multiple", range: "mode.range", week: "week", month: "month" };
      mode.replaceChildren(...MODES.map((m) => el("option", { value: m }, cap(this.t(names[m])))));
      mode.value = this.state.mode;
    }
    const locale = (this.state.doc && this.state.doc.locale) || this.state.locale;
    const dir = rtlLocale(locale) ? "rtl" : "ltr";
    this.setAttribute("dir", dir);
    this.setAttribute("lang", this.bcp47());
    if (this.hasAttribute("controls")) {
      document.documentElement.lang = this.bcp47();
      document.documentElement.dir = dir;
      const title = document.querySelector("h1[data-picker-title]");
      if (title) title.textContent = this.t("title");
    }
  }

  // ---- the API -------------------------------------------------------------------------------
  query(extra) {
    const q = new URLSearchParams();
    const s = this.state;
    if (s.stack) q.set("stack", s.stack);
    if (s.calendar) q.set("calendar", s.calendar);
    if (s.locale) q.set("locale", s.locale);
    // Week ids and numbers by the locale's rule, so a Sunday-first strip is not named by ISO weeks.
    q.set("weekRule", "locale");
    for (const [key, value] of s.context || []) q.set("context." + key, value);
    for (const [k, v] of Object.entries(extra || {})) if (v !== null && v !== undefined) q.set(k, v);
    return q.toString();
  }
  tokenKey() { return this.origin ? "calpolicy-token:" + this.origin : null; }
  // The token for the origin the request goes to, and only that one.
  headers(extra) {
    const headers = Object.assign({}, extra || {});
    const token = this.origin ? this.storedToken() || (this.tokenOrigin === this.origin ? this.token : null) : null;
    if (token) headers.Authorization = "Bearer " + token;
    return headers;
  }
  async call(path, init) {
    // redirect "error": a redirect elsewhere would carry the Authorization header along.
    const response = await fetch(this.base + path, Object.assign({ cache: "no-store", mode: "cors" }, init,
      { headers: this.headers(init && init.headers), redirect: "error" }));
    if (response.status === 401) {
      this.askToken(!!((this.tokenOrigin === this.origin && this.token) || this.storedToken()));
      const error = new Error(this.t("tokenNeeded"));
      error.unauthorized = true;
      throw error;
    }
    return response;
  }
  storedToken() {
    const key = this.tokenKey();
    if (!key) return null;
    try { return sessionStorage.getItem(key); } catch (e) { return null; }
  }
  async getJSON(path, extra) {
    const response = await this.call(path + "?" + this.query(extra));
    const body = await response.json();
    if (!response.ok) throw new Error(body && body.error ? body.error.message : "HTTP " + response.status);
    return body;
  }
  askToken(wrong) {
    const form = this.$("token-form");
    form.hidden = false;
    this.askedOrigin = this.origin;
    this.$("token-text").textContent = wrong ? this.t("tokenWrong") : this.t("tokenNeeded");
    if (!this.tokenAsked) { this.tokenAsked = true; this.$("token").focus(); }
  }

  // ---- a day button (grid and week strip) ----------------------------------------------------
  isSelected(date) { return this.state.selection.includes(date); }
  shapeFor(policy) {
    this.shapes = this.shapes || new Map();
    if (!this.shapes.has(policy)) this.shapes.set(policy, SHAPES[this.shapes.size % SHAPES.length]);
    return this.shapes.get(policy);
  }
  hatchFor(policy) {
    this.hatches = this.hatches || new Map();
    if (!this.hatches.has(policy)) this.hatches.set(policy, HATCHES[this.hatches.size % HATCHES.length]);
    return this.hatches.get(policy);
  }
  marker(day) {
    const deco = day.decoration;
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
      node = el("span", { class: "deco dot " + size + " shape-" + this.shapeFor(day.decorationPolicy || "") });
    }
    node.setAttribute("aria-hidden", "true");
    const color = safeColor(deco.color);
    if (color) node.style.color = color;
    return node;
  }
  dayButton(day, inStrip) {
    const b = el("button", { type: "button", class: "day", "data-date": day.date });
    if (inStrip) b.appendChild(el("span", { class: "wd", "aria-hidden": "true" }, this.weekdayName(day.date, "short")));
    b.appendChild(el("span", { class: "num", "aria-hidden": "true" }, day.day));
    const doc = this.state.doc;
    if (doc && doc.calendar !== "gregorian") {
      b.appendChild(el("span", { class: "greg", "aria-hidden": "true" }, this.gregorianDate(day.date, "short")));
    }
    const mark = this.marker(day);
    if (mark) b.appendChild(mark);
    let label = dayLabel(day) + (doc && doc.calendar !== "gregorian" ? " (" + this.gregorianDate(day.date, "long") + ")" : "");
    // Closed time by hours: a freeze's whole days look closed, partly closed ones say their hours.
    const hours = hoursOf(day);
    if (hours) {
      label += ", " + (hours.whole ? this.t("closedAllDay") + (hours.reason ? ": " + hours.reason : "") : this.t("closedHours", { hours: hours.text }));
      b.classList.add(hours.whole ? "closed" : "partly");
      if (hours.whole && day.selectable) b.classList.add("hatch-" + this.hatchFor(hours.policy));
    }
    // A break-glass override meeting the day: a marker, and its id and reason in the label.
    const lifted = overridesOf(doc, day);
    if (lifted.length) {
      b.classList.add("override");
      b.appendChild(el("span", { class: "override-mark", "aria-hidden": "true" }, "o"));
      for (const o of lifted) label += "; " + this.t("override", { id: o.id, reason: typeof o.reason === "string" ? o.reason : "" });
    }
    b.title = label;
    b.dataset.label = label;
    b.setAttribute("aria-label", label + (this.isSelected(day.date) ? ", " + this.t("selectedMark").toLocaleLowerCase(this.bcp47()) : ""));
    if (!day.selectable) { b.setAttribute("aria-disabled", "true"); b.classList.add("hatch-" + this.hatchFor(day.policy || "")); }
    if (this.isSelected(day.date)) b.classList.add("selected");
    if (this.state.pending === day.date) b.classList.add("pending");
    if (doc && day.date === doc.today) { b.classList.add("today"); b.setAttribute("aria-current", "date"); }
    b.addEventListener("click", () => this.tap(day.date));
    return b;
  }
  showDetails(button) {
    if (button && button.dataset.label) this.$("details").textContent = button.dataset.label;
  }

  // ---- the month grid ------------------------------------------------------------------------
  async loadMonth(month, focus) {
    const ticket = ++this.tickets.month;
    const doc = await this.getJSON("/v1/month", { month });
    if (ticket !== this.tickets.month) return;
    const s = this.state;
    s.doc = doc;
    s.month = doc.period.id;
    this.translate();
    this.syncControls();
    const days = new Map(doc.days.map((d) => [d.date, d]));
    if (focus && days.has(focus)) s.focusDate = focus;
    else if (!s.focusDate || !days.has(s.focusDate)) s.focusDate = days.has(doc.today) ? doc.today : doc.days[0].date;
    this.renderGrid();
    const shown = doc.days.find((d) => d.date === s.focusDate);
    if (shown) this.$("details").textContent = this.$("grid").querySelector('button[data-date="' + shown.date + '"]').dataset.label;
    if (!s.weekDate || s.weekDate < doc.period.first || s.weekDate > doc.period.last) { s.weekDate = s.focusDate; this.loadWeek(); }
    // The Period row follows the month shown.
    s.periodDate = doc.period.first;
    this.loadPeriod(0);
    if (s.view === "year") await this.loadYear(doc.months[0].year);
    if (focus) this.focusDay(s.focusDate);
  }
  renderGrid() {
    const doc = this.state.doc;
    const month = doc.months[0];
    const days = new Map(doc.days.map((d) => [d.date, d]));
    this.$("month-title").textContent = month.name + " " + month.year;
    const rows = [];
    const head = el("div", { role: "row" });
    const wk = el("span", { role: "columnheader", class: "head", title: this.t("week") }, this.t("wk"));
    wk.setAttribute("aria-label", this.t("week"));
    head.appendChild(wk);
    for (const cell of month.weeks[0]) {
      const h = el("span", { role: "columnheader", class: "head" }, this.weekdayName(cell.date, "short"));
      h.setAttribute("aria-label", this.weekdayName(cell.date, "long"));
      head.appendChild(h);
    }
    rows.push(head);
    month.weeks.forEach((week, i) => {
      const row = el("div", { role: "row" });
      row.appendChild(el("span", { role: "rowheader", class: "wk" }, month.weekNumbers[i]));
      for (const cell of week) {
        const day = days.get(cell.date);
        if (!cell.inMonth || !day) {
          row.appendChild(el("span", { role: "gridcell", class: "outside", "data-outside": cell.date }, cell.day));
          continue;
        }
        const gc = el("span", { role: "gridcell" });
        if (this.isSelected(day.date)) gc.setAttribute("aria-selected", "true");
        const b = this.dayButton(day, false);
        b.tabIndex = day.date === this.state.focusDate ? 0 : -1;
        if (this.state.mode === "range" && this.state.selection.length > 1 && this.isSelected(day.date)) b.classList.add("in-range");
        gc.appendChild(b);
        row.appendChild(gc);
      }
      rows.push(row);
    });
    this.$("grid").replaceChildren(...rows);
    this.renderSelection();
    this.renderLegend();
  }
  focusDay(date) {
    const grid = this.$("grid");
    const b = grid.querySelector('button[data-date="' + date + '"]');
    if (!b) return;
    for (const other of grid.querySelectorAll("button[tabindex='0']")) other.tabIndex = -1;
    b.tabIndex = 0;
    this.state.focusDate = date;
    b.focus();
  }
  async moveFocus(target) {
    const doc = this.state.doc;
    if (target >= doc.period.first && target <= doc.period.last) { this.focusDay(target); return; }
    const month = target > doc.period.last ? doc.period.next : doc.period.previous;
    if (!month) return;
    await this.show(() => this.loadMonth(month, target));
  }
  monthOffset(step) {
    const doc = this.state.doc;
    const current = doc.days.find((d) => d.date === this.state.focusDate) || doc.days[0];
    const id = step > 0 ? doc.period.next : doc.period.previous;
    if (!id) return;
    this.show(async () => {
      const next = await this.getJSON("/v1/month", { month: id });
      const same = next.days.find((d) => d.day === current.day) || next.days[next.days.length - 1];
      await this.loadMonth(id, same.date);
    });
  }
  yearOffset(step) {
    const m = this.state.doc.months[0];
    const id = monthId({ year: m.year + step, month: m.month, isLeapMonth: m.isLeapMonth });
    // A leap month has no namesake in a common year: fall back to the plain month number.
    this.show(() => this.loadMonth(id, null).catch(() => this.loadMonth(id.replace(/L$/, ""), null)));
  }
  onGridKey(event) {
    const date = event.target && event.target.dataset ? event.target.dataset.date : null;
    if (!date) return;
    const rtl = this.getAttribute("dir") === "rtl";
    const doc = this.state.doc;
    const day = doc.days.find((d) => d.date === date);
    let target = null;
    switch (event.key) {
      case "ArrowRight": target = addDays(date, rtl ? -1 : 1); break;
      case "ArrowLeft": target = addDays(date, rtl ? 1 : -1); break;
      case "ArrowDown": target = addDays(date, 7); break;
      case "ArrowUp": target = addDays(date, -7); break;
      case "Home": target = addDays(date, -((day.weekday - doc.firstWeekday + 7) % 7)); break;
      case "End": target = addDays(date, 6 - ((day.weekday - doc.firstWeekday + 7) % 7)); break;
      case "PageDown": event.preventDefault(); event.shiftKey ? this.yearOffset(1) : this.monthOffset(1); return;
      case "PageUp": event.preventDefault(); event.shiftKey ? this.yearOffset(-1) : this.monthOffset(-1); return;
      default: return;
    }
    event.preventDefault();
    this.moveFocus(target);
  }

  // ---- the legend: what the stack answered for the days in view ------------------------------
  // One entry per policy and marker in view: a hatched swatch when the policy refuses days, its
  // marker when it decorates them, and what it said (labels, else reasons), each said once.
  renderLegend() {
    const s = this.state;
    const doc = s.view === "year" && s.yearDoc ? s.yearDoc : s.doc;
    if (!doc) return;
    const entries = new Map();
    const entry = (key) => {
      if (!entries.has(key)) entries.set(key, { denied: false, sample: null, texts: [] });
      return entries.get(key);
    };
    const say = (e, text) => { if (text && !e.texts.includes(text)) e.texts.push(text); };
    for (const day of doc.days) {
      const d = day.decoration;
      const decoKey = d ? day.decorationPolicy + "|" + d.kind + "|" + (d.kind === "image" ? d.image : "") + "|" + (safeColor(d.color) || "") : null;
      if (!day.selectable) {
        const e = entry(day.policy === day.decorationPolicy && decoKey ? decoKey : day.policy + "|denied");
        e.denied = true;
        e.hatch = this.hatchFor(day.policy || "");
        if (day.policy === day.decorationPolicy && d) { e.sample = e.sample || day; say(e, d.label || day.reason); }
        else say(e, day.reason || this.t("notSelectable"));
      }
      if (d && !(day.policy === day.decorationPolicy && !day.selectable)) {
        const e = entry(decoKey);
        e.sample = e.sample || day;
        say(e, d.label);
      }
    }
    const items = [];
    for (const e of entries.values()) {
      const li = el("li");
      const marks = el("span", { class: "marks", "aria-hidden": "true" });
      if (e.denied) marks.appendChild(el("span", { class: "swatch denied hatch-" + e.hatch }));
      if (e.sample) { const m = this.marker(e.sample); m.classList.add("swatch"); marks.appendChild(m); }
      const shown = e.texts.slice(0, 4).join(" · ") + (e.texts.length > 4 ? " · …" : "");
      li.append(marks, el("span", {}, (e.denied ? this.t("notSelectable") + ": " : "") + shown));
      items.push(li);
    }
    for (const o of (Array.isArray(doc.overrides) ? doc.overrides : [])) {
      if (!o || typeof o.id !== "string") continue;
      const li = el("li");
      li.append(el("span", { class: "swatch override-mark", "aria-hidden": "true" }, "o"),
                el("span", {}, this.t("override", { id: o.id, reason: typeof o.reason === "string" ? o.reason : "" })
                  + (typeof o.from === "string" && typeof o.until === "string" ? " (" + o.from.slice(0, 16).replace("T", " ") + " – " + o.until.slice(0, 16).replace("T", " ") + ")" : "")));
      items.push(li);
    }
    const today = el("li");
    today.append(el("span", { class: "swatch today-mark", "aria-hidden": "true" }), el("span", {}, this.t("today")));
    const selected = el("li");
    selected.append(el("span", { class: "swatch selected-mark", "aria-hidden": "true" }), el("span", {}, this.t("selectedMark")));
    items.push(today, selected);
    this.$("legend").replaceChildren(...items);
  }

  // ---- selection through POST /v1/select -----------------------------------------------------
  announce(text, refused) {
    const live = this.$("live");
    live.textContent = text;
    live.classList.toggle("refused", !!refused);
  }
  labelOf(date) {
    const d = this.state.doc && this.state.doc.days.find((x) => x.date === date);
    return d ? dayLabel(d).split(/[,،、，]/).slice(0, 2).join(",") : date;
  }
  emit(name, detail) {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }
  // Taps are answered in order: a second tap waits for the first one's answer (its pending end).
  tap(date) {
    this.taps = (this.taps || Promise.resolve()).then(() => this.tapNow(date), () => this.tapNow(date));
    return this.taps;
  }
  async tapNow(date) {
    const s = this.state;
    this.announce("", false);  // the last refusal goes with the next action
    const button = this.querySelector('button.day[data-date="' + date + '"]');
    this.showDetails(button);
    const body = { mode: s.mode, selection: s.selection, pending: s.pending, taps: [date] };
    if (s.rangeRule) body.rangeRule = s.rangeRule;
    const limits = {};
    for (const [k, v] of Object.entries(s.limits)) if (v !== null) limits[k] = v;
    if (Object.keys(limits).length) body.limits = limits;
    let response, answer;
    try {
      response = await this.call("/v1/select?" + this.query(), {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
      });
      answer = await response.json();
    } catch (e) {
      this.announce(e.unauthorized ? e.message : this.t("noAnswer") + ": " + e.message, true);
      return;
    }
    if (response.status === 422) {
      s.selection = []; s.pending = null;
      this.announce(this.t("cleared") + ": " + answer.error.message, true);
      this.redraw();
      return;
    }
    if (!response.ok) { this.announce(answer.error ? answer.error.message : "HTTP " + response.status, true); return; }
    const result = answer.taps[answer.taps.length - 1];
    if (!result.accepted) {
      let text = this.t("notSelected") + ": " + this.labelOf(date);
      if (result.reason && !this.labelOf(date).includes(result.reason)) text += ": " + result.reason;
      if (result.deniedDay && !(text.includes(result.deniedDay))) text += " (" + result.deniedDay + ")";
      this.announce(text, true);
      this.emit("calpolicy-refuse", { date, reason: result.reason || null, deniedDay: result.deniedDay || null, mode: s.mode });
      return;
    }
    s.selection = answer.selection;
    s.pending = answer.pending;
    let text;
    if (answer.pending) text = this.t("rangeStarts", { day: this.labelOf(answer.pending) });
    else if (s.mode !== "single" && s.mode !== "multiple" && answer.selection.includes(date)) {
      text = this.t("selectedMany", { n: answer.selection.length, first: answer.selection[0], last: answer.selection[answer.selection.length - 1] });
    } else if (answer.selection.includes(date)) text = this.t("selectedOne", { day: this.labelOf(date) });
    else text = this.t("deselected") + ": " + this.labelOf(date);
    if (result.leftOut && result.leftOut.length) text += "; " + this.t("leftOut") + " " + result.leftOut.join(", ");
    this.announce(text, false);
    this.emit("calpolicy-select", { date, selection: answer.selection.slice(), pending: answer.pending || null, mode: s.mode });
    this.redraw();
  }
  renderSelection() {
    const s = this.state.selection;
    let text = s.length === 0 ? this.t("nothingSelected") : s.length === 1 ? this.t("selectedOne", { day: s[0] })
      : this.t("selectedMany", { n: s.length, first: s[0], last: s[s.length - 1] });
    if (this.state.pending) text += " (" + this.t("rangeStarts", { day: this.state.pending }).split(/[;；؛。]/)[0] + ")";
    // ISO dates stay left to right inside a right-to-left sentence.
    const p = this.$("selection");
    p.replaceChildren();
    const parts = text.split(/(\d{4}-\d{2}-\d{2})/);
    for (const part of parts) p.appendChild(/^\d{4}-\d{2}-\d{2}$/.test(part) ? el("bdi", { dir: "ltr" }, part) : document.createTextNode(part));
  }
  clearSelection() { this.state.selection = []; this.state.pending = null; }
  redraw() {
    if (this.state.doc) {
      const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest("[role=grid]") === this.$("grid");
      this.renderGrid();
      if (focused) this.focusDay(this.state.focusDate);
    }
    if (this.state.weekDoc) this.renderWeek();
    if (this.state.view === "year" && this.state.yearDoc) this.renderYear();
  }

  // ---- the year: twelve mini-months, each day marked as in the month view ---------------------
  async loadYear(year) {
    const ticket = ++this.tickets.year;
    const doc = await this.getJSON("/v1/year", { year: String(year).padStart(4, "0") });
    if (ticket !== this.tickets.year) return;
    this.state.yearShown = year;
    this.state.yearDoc = doc;
    this.renderYear();
    this.renderLegend();
  }
  renderYear() {
    const s = this.state;
    const doc = s.yearDoc;
    this.$("year-title").textContent = String(s.yearShown);
    const current = s.doc ? s.doc.months[0] : null;
    const days = new Map(doc.days.map((d) => [d.date, d]));
    const items = doc.months.map((m) => {
      const id = monthId(m);
      const cells = m.weeks.flat();
      const inMonth = cells.filter((c) => c.inMonth).map((c) => days.get(c.date)).filter(Boolean);
      const denied = inMonth.filter((d) => !d.selectable).length;
      const b = el("button", { type: "button", "data-month": id, class: "mini" });
      if (m.isLeapMonth) b.setAttribute("data-leap", "true");
      b.appendChild(el("span", { class: "name" }, m.name));
      const table = el("span", { class: "mini-grid", "aria-hidden": "true" });
      for (const c of m.weeks[0]) table.appendChild(el("span", { class: "mini-head" }, this.narrowWeekday(c.date)));
      for (const c of cells) {
        const day = c.inMonth ? days.get(c.date) : null;
        const cell = el("span", { class: "mini-day" + (day ? "" : " blank") }, day ? c.day : "");
        if (day) {
          cell.dataset.date = day.date;
          if (!day.selectable) cell.classList.add("no", "hatch-" + this.hatchFor(day.policy || ""));
          if (this.isSelected(day.date)) cell.classList.add("selected");
          if (day.date === doc.today) cell.classList.add("today");
          const mark = this.marker(day);
          if (mark) { cell.classList.add("marked"); cell.appendChild(mark); }
        }
        table.appendChild(cell);
      }
      b.appendChild(table);
      b.setAttribute("aria-label", m.name + " " + m.year + ", " + this.t("deniedDays", { n: denied }));
      if (current && current.year === m.year && current.month === m.month && current.isLeapMonth === m.isLeapMonth) {
        b.setAttribute("aria-current", "true");
      }
      b.addEventListener("click", () => {
        this.toggleYear(false);
        this.show(() => this.loadMonth(id, null)).then(() => this.focusDay(this.state.focusDate));
      });
      const li = el("li");
      li.appendChild(b);
      return li;
    });
    this.$("year-months").replaceChildren(...items);
  }
  toggleYear(open) {
    this.state.view = open ? "year" : "month";
    this.$("year-view").hidden = !open;
    this.$("grid").hidden = open;
    this.$("jump").setAttribute("aria-pressed", String(open));
    if (open && this.state.doc) this.show(() => this.loadYear(this.state.doc.months[0].year));
    else this.renderLegend();
  }

  // ---- week strip ----------------------------------------------------------------------------
  async loadWeek() {
    const ticket = ++this.tickets.week;
    const doc = await this.getJSON("/v1/week", { date: this.state.weekDate });
    if (ticket !== this.tickets.week) return;
    this.state.weekDoc = doc;
    this.renderWeek();
  }
  renderWeek() {
    const doc = this.state.weekDoc;
    const title = this.$("week-title");
    title.replaceChildren(document.createTextNode(this.t("week") + " " + Number(doc.period.id.replace(/^.*-W/, "")) + " · "),
      el("bdi", { dir: "ltr" }, doc.period.first + " – " + doc.period.last));
    title.dataset.week = doc.period.id;
    this.$("week-strip").replaceChildren(...doc.days.map((d) => {
      const b = this.dayButton(d, true);
      b.tabIndex = -1;
      return b;
    }));
  }
  stepWeek(n) { this.announce("", false); this.state.weekDate = addDays(this.state.weekDate, 7 * n); this.show(() => this.loadWeek()); }

  // ---- period selector -----------------------------------------------------------------------
  async loadPeriod(step) {
    const ticket = ++this.tickets.period;
    const p = await this.getJSON("/v1/period", { kind: this.$("period-kind").value, date: this.state.periodDate, step: String(step) });
    if (ticket !== this.tickets.period) return;
    this.state.periodDate = p.first;
    this.$("period-range").textContent = p.first + " – " + p.last;
  }

  // ---- pickers, live reload ------------------------------------------------------------------
  async show(work) {
    try { await work(); } catch (e) { this.announce(e.message, true); }
  }
  async loadStatus(first) {
    const s = this.state;
    const response = await this.call("/v1/status", { headers: s.statusTag ? { "If-None-Match": s.statusTag } : {} });
    if (response.status === 304 || !response.ok) return;
    s.statusTag = response.headers.get("ETag");
    const status = await response.json();
    if (first && this.$("stack")) {
      this.$("stack").replaceChildren(...status.stacks.map((x) => el("option", { value: x.name }, x.name)));
    }
    if (!s.stack) s.stack = status.defaultStack;
    if (this.$("stack")) this.$("stack").value = s.stack;
    const stack = status.stacks.find((x) => x.name === s.stack);
    if (!stack) return;
    const reload = this.$("reload");
    if (stack.lastReload && stack.lastReload.result === "refused") {
      reload.textContent = this.t("refusedEdit") + " " + (stack.lastReload.error || "");
      reload.dataset.result = "refused";
    } else if (reload.dataset.result === "refused") {
      reload.textContent = ""; reload.dataset.result = "";
    }
    if (s.version && s.version !== stack.version) {
      reload.dataset.result = "loaded";
      reload.textContent = this.t("reloaded") + " (" + stack.loadedAt + ").";
      await this.show(() => this.loadMonth(s.month, null));
      if (s.weekDate) await this.show(() => this.loadWeek());
      if (s.view === "year" && s.yearShown !== null) await this.show(() => this.loadYear(s.yearShown));
    }
    s.version = stack.version;
  }
  syncControls() {
    const s = this.state;
    const doc = s.doc;
    if (this.$("calendar")) this.$("calendar").value = s.calendar || (doc ? doc.calendar : "");
    if (this.$("locale")) this.$("locale").value = s.locale || (doc ? doc.locale : "");
  }
  reset() {
    this.announce("", false);
    const s = this.state;
    s.selection = []; s.pending = null; s.weekDate = null; s.periodDate = null; s.focusDate = null; s.weekDoc = null;
    this.show(() => this.loadMonth(s.month, null));
  }
  start() {
    const s = this.state;
    const on = (name, event, fn) => { const node = this.$(name); if (node) node.addEventListener(event, fn); };
    if (this.$("calendar")) {
      this.$("calendar").replaceChildren(...CALENDARS.map((c) => el("option", { value: c }, c)));
      this.$("locale").replaceChildren(...LOCALES.map((c) => el("option", { value: c }, c)));
      if (s.calendar && !CALENDARS.includes(s.calendar)) this.$("calendar").appendChild(el("option", { value: s.calendar }, s.calendar));
      if (s.locale && !LOCALES.includes(s.locale)) this.$("locale").appendChild(el("option", { value: s.locale }, s.locale));
      this.syncControls();
      this.$("mode").value = s.mode;
    }
    on("mode", "change", () => { s.mode = this.$("mode").value; this.clearSelection(); this.redraw(); this.announce(this.t("mode") + ": " + this.$("mode").selectedOptions[0].textContent, false); });
    on("calendar", "change", () => { s.calendar = this.$("calendar").value; s.month = null; this.reset(); });
    on("locale", "change", () => { s.locale = this.$("locale").value; s.month = null; this.reset(); });
    on("stack", "change", () => { s.stack = this.$("stack").value; s.version = null; s.statusTag = null; this.reset(); this.loadStatus(false).catch(() => {}); });
    const nav = (fn) => () => { this.announce("", false); fn(); };
    on("prev-month", "click", nav(() => s.doc && s.doc.period.previous && this.show(() => this.loadMonth(s.doc.period.previous, null))));
    on("next-month", "click", nav(() => s.doc && s.doc.period.next && this.show(() => this.loadMonth(s.doc.period.next, null))));
    on("prev-year", "click", nav(() => this.yearOffset(-1)));
    on("next-year", "click", nav(() => this.yearOffset(1)));
    on("jump", "click", nav(() => this.toggleYear(this.state.view !== "year")));
    on("year-prev", "click", () => this.show(() => this.loadYear(s.yearShown - 1)));
    on("year-next", "click", () => this.show(() => this.loadYear(s.yearShown + 1)));
    on("grid", "keydown", (e) => this.onGridKey(e));
    on("year-view", "keydown", (e) => { if (e.key === "Escape") { this.toggleYear(false); this.$("jump").focus(); } });
    // The details line: the day in focus, or touched (hovering keeps the tooltip; the line does
    // not follow the pointer, so it never fights the keyboard).
    for (const name of ["grid", "week-strip"]) {
      on(name, "focusin", (e) => this.showDetails(e.target.closest && e.target.closest("button.day")));
      on(name, "pointerdown", (e) => this.showDetails(e.target.closest && e.target.closest("button.day")));
    }
    on("week-prev", "click", () => this.stepWeek(-1));
    on("week-next", "click", () => this.stepWeek(1));
    const strip = this.$("week-strip");
    strip.addEventListener("keydown", (e) => {
      const rtl = this.getAttribute("dir") === "rtl";
      if (e.key === "ArrowRight") { e.preventDefault(); this.stepWeek(rtl ? -1 : 1); }
      if (e.key === "ArrowLeft") { e.preventDefault(); this.stepWeek(rtl ? 1 : -1); }
    });
    let touchX = null;
    strip.addEventListener("pointerdown", (e) => { if (e.pointerType !== "mouse") touchX = e.clientX; });
    strip.addEventListener("pointerup", (e) => {
      if (touchX === null) return;
      const dx = e.clientX - touchX; touchX = null;
      if (Math.abs(dx) > 40) { const rtl = this.getAttribute("dir") === "rtl"; this.stepWeek((dx < 0) !== rtl ? 1 : -1); }
    });
    on("period-kind", "change", () => this.show(() => this.loadPeriod(0)));
    on("period-prev", "click", () => this.show(() => this.loadPeriod(-1)));
    on("period-next", "click", () => this.show(() => this.loadPeriod(1)));
    this.$("token-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const value = this.$("token").value.trim();
      if (!value) return;
      // Typed for the origin that asked; if `server` has moved since, it is not sent anywhere.
      if (!this.origin || this.askedOrigin !== this.origin) { this.$("token").value = ""; this.$("token-form").hidden = true; return; }
      this.token = value;
      this.tokenOrigin = this.origin;
      try { sessionStorage.setItem(this.tokenKey(), value); } catch (err) { /* kept in memory */ }
      this.$("token-form").hidden = true;
      this.$("token").value = "";
      this.begin();
    });
    this.begin();
  }
  begin() {
    this.show(async () => {
      await this.loadStatus(true);
      await this.loadMonth(this.state.month, null);
      this.dataset.ready = "true";
      if (this.hasAttribute("controls")) document.body.dataset.ready = "true";
      this.emit("calpolicy-ready", {});
    });
    if (!this.timer) {
      this.timer = setInterval(() => { if (this.$("token-form").hidden) this.loadStatus(false).catch(() => {}); }, 1000);
    }
  }
}

if (!customElements.get("calpolicy-picker")) {
  // The element's style, once per document, from the same service as the script.
  if (!document.querySelector('link[data-calpolicy-picker]')) {
    const link = el("link", { rel: "stylesheet", href: SCRIPT_ORIGIN + "/app.css", "data-calpolicy-picker": "" });
    document.head.appendChild(link);
  }
  customElements.define("calpolicy-picker", CalpolicyPicker);
}
