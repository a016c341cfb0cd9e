"""The picker of `calpolicy serve` (GET /, the <calpolicy-picker> element) in Debian's chromium, driven by Playwright.

Usage: webpage_browser.py [--bin .build/debug] [--shots .build/screenshots]. scripts/checks/webpage.sh
runs it. Starts the real calpolicy-serve on port 0 with a temporary copy of
policies/us-federal-holidays.lua (so the check can edit it under --watch), --include weekdays,
--today 2026-12-01 and --cors-origin for a page of another origin (http://localhost:PORT, served by
a thread of this script: a loopback origin, as Chromium's local-network rules want), plus a second
server with --token-file for token mode. One browser process runs
every case. Every wait is on a condition (Playwright's expect / wait_for_*), never a fixed sleep.
The screenshots copied into docs/ (picker-*.png) are taken here, each right after a named check of
what it must show. Prints "N passed, N failed"; fails (never skips) when chromium or Playwright is
missing.
"""
import argparse
import http.server
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import traceback

try:
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import expect, sync_playwright
except ImportError as error:
    print(f"webpage: {error}; scripts/setup.sh test installs playwright and axe-playwright-python into .venv",
          file=sys.stderr)
    print("0 passed, 1 failed")
    sys.exit(1)

ROOT = pathlib.Path(__file__).resolve().parents[2]
POLICY = ROOT / "policies" / "us-federal-holidays.lua"
TIMEOUT = 15_000  # ms, for every condition waited on
expect.set_options(timeout=TIMEOUT)

passed = 0
failed = 0


def step(name):
    """Runs one named group of assertions; a failure is reported and the next group still runs."""
    def wrap(fn):
        global passed, failed
        try:
            fn()
            passed += 1
            print(f"ok {name}")
        except Exception as error:  # noqa: BLE001 - any failure is a failed check
            failed += 1
            print(f"FAIL {name}: {error}", file=sys.stderr)
            traceback.print_exc(limit=2)
        return fn
    return wrap


class Server:
    def __init__(self, binary, args):
        self.proc = subprocess.Popen([binary] + args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.stderr_lines = []
        line = self.proc.stdout.readline().decode()
        if not line.startswith("listening on http://127.0.0.1:"):
            raise RuntimeError(f"unexpected first line {line!r}: {self.proc.stderr.read().decode()[:2000]}")
        self.port = int(line.strip().rsplit(":", 1)[1])
        self.base = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for raw in self.proc.stderr:
            self.stderr_lines.append(raw.decode(errors="replace").rstrip("\n"))

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class HostPage:
    """A page of another origin holding the element: one HTML body on http://localhost:PORT."""
    def __init__(self):
        self.html = b""
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                found = self.path == "/"
                self.send_response(200 if found else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.end_headers()
                if found:
                    self.wfile.write(owner.html)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://localhost:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop(self):
        self.httpd.shutdown()


def axe_clean(axe, page, what):
    """Zero serious or critical axe-core findings."""
    results = axe.run(page, options={"resultTypes": ["violations"]})
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    assert not bad, f"{what}: " + "; ".join(
        f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes: {v['nodes'][0]['target']})" for v in bad)


def shoot(target, path, must_show):
    """A screenshot for docs/, after checking that each locator in `must_show` is visible in it."""
    for locator in must_show:
        expect(locator.first).to_be_visible()
        locator.first.scroll_into_view_if_needed()
    target.screenshot(path=str(path))


def day(page, date):
    return page.locator(f'#grid button[data-date="{date}"]')


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=".build/debug")
    parser.add_argument("--shots", default=".build/screenshots")
    args = parser.parse_args()
    serve_bin = str((ROOT / args.bin / "calpolicy-serve").resolve())
    shots = (ROOT / args.shots).resolve()
    shots.mkdir(parents=True, exist_ok=True)
    executable = shutil.which("chromium")
    if executable is None:
        print("webpage: Debian's chromium is not installed (scripts/setup.sh test installs it)", file=sys.stderr)
        print("0 passed, 1 failed")
        return 1

    work = pathlib.Path(tempfile.mkdtemp(prefix="calpolicy-webpage-check-"))
    policy = work / "us-federal-holidays.lua"
    good_text = POLICY.read_text()
    policy.write_text(good_text)
    token_file = work / "token"
    token_file.write_text("s3cret-token\n")
    host = HostPage()
    EMBED_ORIGIN = host.origin
    freeze = "freeze=policies/weekends.lua,policies/us-federal-holidays.lua,policies/change-freeze.lua,policies/payday.lua"
    server = Server(serve_bin, [str(policy), "--include", "weekdays", "--listen", "127.0.0.1:0", "--watch",
                                "--today", "2026-12-01", "--locale", "en_US",
                                "--stack", "hostile=Tests/fixtures/html/hostile-text.lua", "--stack", freeze,
                                "--stack", "hours=Tests/fixtures/hours/year_end_freeze.lua,policies/weekends.lua",
                                "--time-zone", "Europe/Berlin", "--cors-origin", EMBED_ORIGIN])
    guarded = Server(serve_bin, ["policies/weekends.lua", "--listen", "127.0.0.1:0", "--today", "2026-12-01",
                                 "--locale", "en_US", "--token-file", str(token_file), "--cors-origin", EMBED_ORIGIN])
    axe = Axe()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
            context = browser.new_context(viewport={"width": 900, "height": 1100}, locale="en-US")
            page = context.new_page()
            errors, foreign = [], []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("request", lambda r: None if r.url.startswith(server.base + "/") else foreign.append(r.url))
            response = page.goto(server.base + "/", wait_until="load")
            live = page.locator("#live")
            title = page.locator("#month-title")

            def fresh(query, ctx=None):
                other = (ctx or context).new_page()
                other.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                other.on("pageerror", lambda e: errors.append(str(e)))
                other.goto(server.base + "/" + query)
                expect(other.locator("body")).to_have_attribute("data-ready", "true")
                return other

            @step("the page is the <calpolicy-picker> element, loaded from the API with its security headers")
            def _():
                headers = response.headers
                assert response.status == 200, response.status
                assert "default-src 'none'" in headers.get("content-security-policy", ""), headers
                assert "frame-ancestors 'none'" in headers.get("content-security-policy", ""), headers
                assert headers.get("x-content-type-options") == "nosniff", headers
                expect(page.locator("body")).to_have_attribute("data-ready", "true")
                expect(page.locator("calpolicy-picker[controls]")).to_have_count(1)
                expect(title).to_have_text("December 2026")
                expect(page.locator("#grid[role=grid] [role=row]")).to_have_count(6)  # header + 5 weeks
                expect(day(page, "2026-12-01")).to_have_attribute("aria-current", "date")
                expect(page.locator('#grid [data-outside="2026-11-30"]')).to_have_count(1)
                expect(day(page, "2026-12-24")).to_have_attribute(
                    "aria-label", "Thursday, December 24, 2026, selectable")
                expect(day(page, "2026-12-05")).to_have_attribute("aria-disabled", "true")  # a Saturday
                # The element's stylesheet applies: a grid, a bare legend list, hatched denied days.
                assert page.locator("#grid").evaluate("e => getComputedStyle(e).display") == "grid"
                assert page.locator("#legend").evaluate("e => getComputedStyle(e).listStyleType") == "none"
                assert "repeating-linear-gradient" in day(page, "2026-12-05").evaluate(
                    "e => getComputedStyle(e).backgroundImage")
                # Sunday-first en_US: the strip and its id follow the locale's weeks, not ISO's.
                expect(page.locator("#week-strip button").first).to_have_attribute("data-date", "2026-11-29")
                expect(page.locator("#week-title")).to_have_attribute("data-week", "2026-W49")
                expect(page.locator("#period-range")).to_have_text("2026-12-01 – 2026-12-31")

            @step("a click on Christmas is refused, the reason line says why, the next action clears it")
            def _():
                christmas = day(page, "2026-12-25")
                expect(christmas).to_have_attribute("aria-disabled", "true")
                christmas.click(force=True)  # aria-disabled: still clickable, so the click can say why
                expect(live).to_contain_text("Christmas Day")
                expect(live).to_have_attribute("aria-live", "polite")
                expect(page.locator("#details")).to_contain_text("Christmas Day")
                expect(christmas).not_to_have_class(re.compile(r"\bselected\b"))
                day(page, "2026-12-02").click()
                expect(day(page, "2026-12-02")).to_have_attribute("aria-label", re.compile(", selected$"))
                expect(live).not_to_contain_text("Christmas")
                expect(live).not_to_have_class(re.compile(r"\brefused\b"))
                page.locator("#next-month").click()
                expect(title).to_have_text("January 2027")
                expect(page.locator("#period-range")).to_have_text("2027-01-01 – 2027-01-31")  # follows the month
                page.locator("#prev-month").click()
                expect(title).to_have_text("December 2026")
                page.screenshot(path=str(shots / "webpage-month.png"), full_page=True)

            @step("range mode: 21→28 is refused naming 2026-12-25, 21→23 is accepted")
            def _():
                page.select_option("#mode", "range")
                expect(live).to_have_text("Mode: Range")
                day(page, "2026-12-21").click()
                expect(live).to_contain_text("Range starts")
                day(page, "2026-12-28").click()
                expect(live).to_contain_text("2026-12-25")
                expect(live).to_contain_text("Not selected")
                for date in ("2026-12-21", "2026-12-28"):
                    expect(day(page, date)).not_to_have_attribute("aria-label", re.compile(", selected$"))
                page.screenshot(path=str(shots / "webpage-range-refused.png"), full_page=True)
                day(page, "2026-12-23").click()
                for date in ("2026-12-21", "2026-12-22", "2026-12-23"):
                    expect(day(page, date)).to_have_attribute("aria-label", re.compile(", selected$"))
                expect(day(page, "2026-12-24")).not_to_have_attribute("aria-label", re.compile(", selected$"))

            @step("keyboard: ArrowRight from 2026-12-31 moves focus into January 2027")
            def _():
                day(page, "2026-12-31").focus()
                expect(day(page, "2026-12-31")).to_be_focused()
                expect(page.locator("#details")).to_contain_text("December 31, 2026")  # the focused day, said
                page.keyboard.press("ArrowRight")
                expect(title).to_have_text("January 2027")
                expect(day(page, "2027-01-01")).to_be_focused()
                page.keyboard.press("ArrowDown")
                expect(day(page, "2027-01-08")).to_be_focused()
                expect(page.locator("#details")).to_contain_text("January 8, 2027")
                page.keyboard.press("PageUp")
                expect(title).to_have_text("December 2026")
                expect(day(page, "2026-12-08")).to_be_focused()
                page.keyboard.press("PageDown")
                expect(title).to_have_text("January 2027")
                expect(day(page, "2027-01-08")).to_be_focused()

            @step("axe-core: no serious or critical violations (light and dark)")
            def _():
                for scheme in ("light", "dark"):
                    page.emulate_media(color_scheme=scheme)
                    axe_clean(axe, page, scheme)
                page.emulate_media(color_scheme="light")

            @step("editing the policy on disk redraws the open page; a broken edit is refused")
            def _():
                page.evaluate("window.__notReloaded = true")
                monday = day(page, "2027-01-04")
                expect(monday).not_to_have_attribute("aria-disabled", "true")
                # A new row in the policy's CLOSINGS table, the edit its header asks for: canSelect,
                # decorationFor and answersForYear all read it (an edit to canSelect alone would not
                # reach the month, which is answered a year at once).
                anchor = "local CLOSINGS = {\n"
                edited = good_text.replace(
                    anchor, anchor + '    { date = "2027-01-04", name = "Office closed", source = "check" },\n', 1)
                assert edited != good_text, "the policy's CLOSINGS table moved; update this check"
                policy.write_text(edited)
                expect(monday).to_have_attribute("aria-disabled", "true")
                expect(monday).to_have_attribute("aria-label", re.compile("Office closed"))
                expect(page.locator("#reload")).to_contain_text("reloaded")
                policy.write_text("return { canSelect = function(day) return tru")  # does not compile
                expect(page.locator("#reload")).to_contain_text("refused")
                expect(monday).to_have_attribute("aria-disabled", "true")  # the last good version answers
                assert page.evaluate("window.__notReloaded === true"), "the page was reloaded"
                policy.write_text(good_text)  # back to the seed: the denial goes, the refusal notice too
                expect(monday).not_to_have_attribute("aria-disabled", "true")
                expect(page.locator("#reload")).not_to_contain_text("refused")
                assert page.evaluate("window.__notReloaded === true"), "the page was reloaded"

            @step("year view: twelve mini-months, each day marked as in the month view; pick one")
            def _():
                page.click("#jump")
                expect(page.locator("#jump")).to_have_attribute("aria-pressed", "true")
                expect(page.locator("#year-view")).to_be_visible()
                expect(page.locator("#grid")).to_be_hidden()
                expect(page.locator("#year-title")).to_have_text("2027")
                expect(page.locator("#year-months button.mini")).to_have_count(12)
                new_year = page.locator('#year-months .mini-day[data-date="2027-01-01"]')
                expect(new_year).to_have_class(re.compile(r"\bno\b"))  # struck, as in the month view
                expect(new_year.locator(".deco")).to_have_count(1)       # and marked
                expect(page.locator('#year-months .mini-day[data-date="2027-01-05"]')).not_to_have_class(re.compile(r"\bno\b"))
                expect(page.locator('#year-months button[data-month="2027-01"]')).to_have_attribute(
                    "aria-label", re.compile(r"^January 2027, \d+ days not selectable$"))
                shoot(page.locator("#year-view"), shots / "picker-year.png",
                      [page.locator('#year-months button[data-month="2027-01"]'),
                       page.locator('#year-months button[data-month="2027-12"]'), new_year])
                page.click('#year-months button[data-month="2027-07"]')
                expect(title).to_have_text("July 2027")
                expect(page.locator("#year-view")).to_be_hidden()
                expect(page.locator("#grid")).to_be_visible()

            @step("week strip and period selector step through the API, following the month shown")
            def _():
                expect(page.locator("#period-range")).to_have_text("2027-07-01 – 2027-07-31")
                strip = page.locator("#week-strip button")
                expect(strip).to_have_count(7)
                first = strip.first.get_attribute("data-date")
                page.click("#week-next")
                expect(strip.first).not_to_have_attribute("data-date", first)
                page.locator("#week-strip").focus()
                page.keyboard.press("ArrowLeft")
                expect(strip.first).to_have_attribute("data-date", first)
                box = page.locator("#week-strip").bounding_box()
                y = box["y"] + box["height"] / 2
                page.locator("#week-strip").dispatch_event(
                    "pointerdown", {"pointerType": "touch", "isPrimary": True, "clientX": box["x"] + 300, "clientY": y})
                page.locator("#week-strip").dispatch_event(
                    "pointerup", {"pointerType": "touch", "isPrimary": True, "clientX": box["x"] + 100, "clientY": y})
                expect(strip.first).not_to_have_attribute("data-date", first)
                page.click("#week-prev")
                expect(strip.first).to_have_attribute("data-date", first)
                page.click("#period-next")
                expect(page.locator("#period-range")).to_have_text("2027-08-01 – 2027-08-31")
                page.select_option("#period-kind", "year")
                expect(page.locator("#period-range")).to_have_text("2027-01-01 – 2027-12-31")

            @step("zh_CN from the page's own menu loads")
            def _():
                page.select_option("#locale", "zh_CN")
                expect(page.locator("html")).to_have_attribute("lang", "zh-CN")
                expect(title).to_contain_text("2026")
                expect(live).to_have_text("")
                expect(page.locator("#selection")).to_have_text("未选择")
                page.select_option("#locale", "en_US")
                expect(page.locator("#selection")).to_have_text("Nothing selected")

            @step("Hebrew calendar in he_IL: right-to-left chrome in Hebrew, Gregorian dates in the cells, Adar I")
            def _():
                page.select_option("#calendar", "hebrew")
                page.select_option("#locale", "he_IL")
                picker = page.locator("calpolicy-picker")
                expect(page.locator("html")).to_have_attribute("dir", "rtl")
                expect(page.locator("html")).to_have_attribute("lang", "he-IL")
                expect(picker).to_have_attribute("dir", "rtl")
                expect(title).to_have_text("כסלו 5787")
                expect(page.locator("#selection")).to_have_text("לא נבחר דבר")
                expect(page.locator("#legend-title")).to_have_text("מקרא")
                expect(page.locator("#jump")).to_have_text("שנה")
                expect(page.locator("#grid .day .greg").first).to_be_visible()
                expect(day(page, "2026-11-20")).to_contain_text("20.11")
                expect(day(page, "2026-11-20")).to_have_attribute("aria-label", re.compile("20 בנובמבר 2026"))
                assert page.locator("#selection").evaluate("e => getComputedStyle(e).direction") == "rtl"
                shoot(page.locator("calpolicy-picker"), shots / "picker-rtl.png",
                      [page.locator("#selection"), page.locator("#legend-title"), title])
                page.click("#jump")
                expect(page.locator("#year-months button.mini")).to_have_count(13)
                leap = page.locator('#year-months button[data-leap="true"]')
                expect(leap).to_have_count(1)
                expect(leap).to_contain_text("אדר א׳")
                page.screenshot(path=str(shots / "webpage-hebrew-year.png"), full_page=True)
                leap.click()
                expect(title).to_have_text("אדר א׳ 5787")
                axe_clean(axe, page, "he_IL")

            @step("ar_SA: right to left, Arabic chrome")
            def _():
                page.select_option("#calendar", "gregorian")
                page.select_option("#locale", "ar_SA")
                expect(page.locator("html")).to_have_attribute("dir", "rtl")
                expect(page.locator("#selection")).to_have_text("لم يتم تحديد شيء")
                expect(page.locator("#legend-title")).to_have_text("مفتاح الرموز")
                axe_clean(axe, page, "ar_SA")
                page.select_option("#locale", "en_US")
                expect(page.locator("html")).to_have_attribute("dir", "ltr")

            @step("every mode selects through the server; labels say a reason once; the legend names what is in view")
            def _():
                expected = {
                    "single": (["2026-12-02"], ["2026-12-02"]),
                    "multiple": (["2026-12-02", "2026-12-03"], ["2026-12-02", "2026-12-03"]),
                    "range": (["2026-12-14", "2026-12-16"], ["2026-12-14", "2026-12-15", "2026-12-16"]),
                    "week": (["2026-12-09"], ["2026-12-07", "2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11"]),
                    "month": (["2026-12-09"], ["2026-12-01", "2026-12-17"]),
                }
                for mode, (taps, selected) in expected.items():
                    other = fresh(f"?stack=freeze&month=2026-12&mode={mode}")
                    events = []
                    other.expose_function("__record", lambda kind, detail: events.append((kind, detail)))
                    other.evaluate("""() => { for (const k of ["calpolicy-select", "calpolicy-refuse"])
                        document.querySelector("calpolicy-picker").addEventListener(k, (e) => window.__record(k, e.detail)); }""")
                    for date in taps:
                        day(other, date).click()
                        expect(other.locator("#live")).not_to_have_text("")
                    for date in selected:
                        expect(day(other, date)).to_have_attribute("aria-label", re.compile(", selected$"))
                    other.wait_for_function("n => document.querySelectorAll('#grid button.selected').length >= n", arg=len(selected))
                    assert any(k == "calpolicy-select" for k, _ in events), (mode, events)
                    if mode == "single":
                        freeze_day = day(other, "2026-12-21")
                        label = freeze_day.get_attribute("aria-label")
                        assert label.count("Year-end change freeze") == 1, label
                        freeze_day.focus()
                        expect(other.locator("#details")).to_have_text(label)
                        legend = other.locator("#legend li")
                        for text in ("weekend", "Christmas Day", "Year-end change freeze", "Today", "Selected"):
                            expect(legend.filter(has_text=text).first).to_be_visible()
                        shapes = other.locator("#legend .deco.dot").evaluate_all(
                            "ns => ns.map(n => [...n.classList].find(c => c.startsWith('shape-')))")
                        assert len(shapes) == len(set(shapes)), f"two decorating policies share a shape: {shapes}"
                        hatches = other.locator("#legend .swatch.denied").evaluate_all(
                            "ns => ns.map(n => [...n.classList].find(c => c.startsWith('hatch-')))")
                        assert len(hatches) >= 3 and len(hatches) == len(set(hatches)), \
                            f"two denying policies share a hatching: {hatches}"
                        weekend_hatch = day(other, "2026-12-05").get_attribute("class")
                        assert hatches[0] in weekend_hatch.split(), (hatches, weekend_hatch)
                        shoot(other.locator("calpolicy-picker"), shots / "picker-month.png",
                              [other.locator("#legend"), other.locator("#details"), other.locator("#grid")])
                    other.close()

            @step("phone, 360 px: no horizontal scroll, no wrapped buttons; a touch shows the day's reasons")
            def _():
                phone = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True,
                                            locale="en-US")
                other = fresh("?stack=freeze&month=2026-12", phone)
                assert other.evaluate("document.documentElement.scrollWidth") <= 360, "the page scrolls sideways"
                tops = other.locator("calpolicy-picker .nav").evaluate_all(
                    "navs => navs.filter(n => n.offsetParent).map(n => new Set([...n.querySelectorAll('button')].map(b => b.offsetTop)).size)")
                assert all(t == 1 for t in tops), f"buttons wrap: {tops}"
                day(other, "2026-12-25").tap(force=True)
                expect(other.locator("#details")).to_contain_text("Christmas Day")
                expect(other.locator("#live")).to_contain_text("Not selected")
                axe_clean(axe, other, "phone")
                shoot(other, shots / "picker-phone.png", [other.locator("#details"), other.locator("#grid")])
                other.close()
                phone.close()

            @step("token mode: the page asks once, sends a bearer header, and works")
            def _():
                tokens = browser.new_context(viewport={"width": 900, "height": 1100}, locale="en-US")
                other = tokens.new_page()
                other.on("pageerror", lambda e: errors.append(str(e)))
                sent = []
                other.on("request", lambda r: sent.append(r.headers.get("authorization")) if "/v1/" in r.url else None)
                other.goto(guarded.base + "/")
                form = other.locator("#token-form")
                expect(form).to_be_visible()
                expect(other.locator("#token-text")).to_have_text("This service needs an access token.")
                axe_clean(axe, other, "token form")
                other.fill("#token", "wrong")
                other.locator("#token-form button[type=submit]").click()
                expect(other.locator("#token-text")).to_have_text("The token was not accepted.")
                other.fill("#token", "s3cret-token")
                other.locator("#token-form button[type=submit]").click()
                expect(other.locator("body")).to_have_attribute("data-ready", "true")
                expect(form).to_be_hidden()
                expect(other.locator("#month-title")).to_have_text("December 2026")
                day(other, "2026-12-02").click()
                expect(day(other, "2026-12-02")).to_have_attribute("aria-label", re.compile(", selected$"))
                assert "Bearer s3cret-token" in sent, sent
                other.reload()
                expect(other.locator("body")).to_have_attribute("data-ready", "true")
                expect(other.locator("#token-form")).to_be_hidden()  # asked once
                other.close()
                tokens.close()

            @step("a token stays with its origin: after `server` moves to another origin, no request there carries it")
            def _():
                moved = browser.new_context(viewport={"width": 900, "height": 1100}, locale="en-US")
                host.html = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tokens</title>
<script src="{guarded.base}/picker.js" defer></script></head><body><main><h1>Tokens</h1>
<calpolicy-picker server="{guarded.base}" month="2026-12" locale="en_US"></calpolicy-picker></main></body></html>""".encode()
                other = moved.new_page()
                other.on("pageerror", lambda e: errors.append(str(e)))
                sent = []  # (url, authorization) of every API request, whichever origin
                other.on("request", lambda r: sent.append((r.url, r.headers.get("authorization")))
                         if "/v1/" in r.url and r.method != "OPTIONS" else None)
                other.goto(EMBED_ORIGIN + "/")
                expect(other.locator("#token-form")).to_be_visible()
                other.fill("#token", "s3cret-token")
                other.locator("#token-form button[type=submit]").click()
                picker = other.locator("calpolicy-picker")
                expect(picker).to_have_attribute("data-ready", "true")
                expect(other.locator("#month-title")).to_have_text("December 2026")
                home = [a for u, a in sent if u.startswith(guarded.base + "/")]
                assert "Bearer s3cret-token" in home, sent
                # Another origin: the other server, and the same server by another host name.
                others = [server.base, server.base.replace("127.0.0.1", "localhost")]
                for target in others:
                    start = len(sent)
                    other.evaluate("t => document.querySelector('calpolicy-picker').setAttribute('server', t)", target)
                    other.wait_for_timeout(400)
                    elsewhere = [(u, a) for u, a in sent[start:] if not u.startswith(guarded.base + "/")]
                    assert all(a is None for _, a in elsewhere), f"token sent to another origin: {elsewhere}"
                    if target == server.base:
                        assert elsewhere, f"the element made no request to {target}: {sent[start:]}"
                # Back home: the token typed for it is still its own (kept per origin).
                start = len(sent)
                other.evaluate("t => document.querySelector('calpolicy-picker').setAttribute('server', t)", guarded.base)
                expect(other.locator("#month-title")).to_have_text("December 2026")
                other.wait_for_timeout(300)
                assert ("Bearer s3cret-token" in [a for _, a in sent[start:]]), sent[start:]
                assert all(a is None for u, a in sent if not u.startswith(guarded.base + "/")), sent
                # A token typed into a form the old origin opened is not sent to the new one.
                fresh_ctx = browser.new_context(viewport={"width": 900, "height": 1100}, locale="en-US")
                late = fresh_ctx.new_page()
                late.on("request", lambda r: sent.append((r.url, r.headers.get("authorization")))
                        if "/v1/" in r.url and r.method != "OPTIONS" else None)
                late.goto(EMBED_ORIGIN + "/")
                expect(late.locator("#token-form")).to_be_visible()
                late.fill("#token", "typed-for-guarded")
                late.evaluate("t => document.querySelector('calpolicy-picker').setAttribute('server', t)", server.base)
                if late.locator("#token-form").is_visible():
                    late.locator("#token-form button[type=submit]").click()
                late.wait_for_timeout(400)
                leaked = [(u, a) for u, a in sent if not u.startswith(guarded.base + "/") and a]
                assert not leaked, f"token sent to another origin: {leaked}"
                fresh_ctx.close()
                other.close()
                moved.close()

            @step("the element on a page of another origin: menus-free, German, its events, CORS with Authorization")
            def _():
                embed = browser.new_context(viewport={"width": 800, "height": 1000}, locale="de-DE")
                html = f"""<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Buchung</title>
<script src="{server.base}/picker.js" defer></script></head><body><main><h1>Buchung</h1>
<calpolicy-picker server="{server.base}" stack="freeze" mode="range" locale="de_DE" month="2026-12"
  limits='{{"maxLength": 10}}'></calpolicy-picker><pre id="log"></pre></main>
<script>
for (const kind of ["calpolicy-select", "calpolicy-refuse"]) {{
  document.addEventListener(kind, (e) => {{ document.getElementById("log").textContent += kind + " " + JSON.stringify(e.detail) + "\\n"; }});
}}
</script></body></html>"""
                host.html = html.encode()
                other = embed.new_page()
                other.on("pageerror", lambda e: errors.append(str(e)))
                other.goto(EMBED_ORIGIN + "/")
                picker = other.locator("calpolicy-picker")
                expect(picker).to_have_attribute("data-ready", "true")
                expect(other.locator("#month-title")).to_have_text("Dezember 2026")
                expect(other.locator("#selection")).to_have_text("Nichts ausgewählt")
                assert other.locator("#stack").count() == 0, "menus shown without the controls attribute"
                assert other.locator("#grid").evaluate("e => getComputedStyle(e).display") == "grid", "no stylesheet"
                day(other, "2026-12-14").click()
                expect(other.locator("#live")).to_contain_text("Zeitraum beginnt")
                day(other, "2026-12-16").click()
                expect(other.locator("#live")).to_contain_text("3 Tage ausgewählt")
                expect(day(other, "2026-12-15")).to_have_attribute("aria-label", re.compile(", ausgewählt$"))
                expect(other.locator("#log")).to_contain_text('calpolicy-select {"date":"2026-12-16","selection":["2026-12-14","2026-12-15","2026-12-16"]')
                day(other, "2026-12-19").click(force=True)
                expect(other.locator("#log")).to_contain_text('calpolicy-refuse {"date":"2026-12-19"')
                axe_clean(axe, other, "embedded")
                status = other.evaluate(f"""() => fetch("{server.base}/v1/status", {{ headers: {{ Authorization: "Bearer x" }} }})
                    .then(r => r.status)""")
                assert status == 200, f"a cross-origin call with Authorization: {status}"
                shoot(other, shots / "picker-embed.png", [picker, other.locator("#details")])
                other.close()
                embed.close()

            @step("a freeze written in hours: whole days closed, a partly closed day says its hours, open days neither")
            def _():
                other = context.new_page()
                other.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                other.on("pageerror", lambda e: errors.append(str(e)))
                other.goto(server.base + "/?stack=hours&month=2026-12&locale=en_US")
                expect(other.locator("body")).to_have_attribute("data-ready", "true")
                closed = other.locator('#grid button[data-date="2026-12-22"]')
                expect(closed).to_have_class(re.compile(r"\bclosed\b"))
                expect(closed).to_have_attribute("aria-label", re.compile("closed all day: Year-end change freeze"))
                partly = other.locator('#grid button[data-date="2026-12-18"]')
                expect(partly).to_have_class(re.compile(r"\bpartly\b"))
                expect(partly).to_have_attribute("title", re.compile("closed 15:00–24:00 Year-end change freeze"))
                open_day = other.locator('#grid button[data-date="2026-12-17"]')
                expect(open_day).not_to_have_class(re.compile(r"\b(closed|partly)\b"))
                assert "closed" not in (open_day.get_attribute("aria-label") or ""), open_day.get_attribute("aria-label")
                # A weekend the other policy denies inside the freeze stays denied, and says the hours too.
                weekend = other.locator('#grid button[data-date="2026-12-19"]')
                expect(weekend).to_have_attribute("aria-disabled", "true")
                axe_clean(axe, other, "the hours stack")
                other.close()

            @step("policy text is data: markup shown as text, a bad colour ignored, an unknown icon a dot")
            def _():
                other = context.new_page()
                dialogs, requests = [], []
                other.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
                other.on("request", lambda r: requests.append(r.url))
                other.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                other.on("pageerror", lambda e: errors.append(str(e)))
                other.goto(server.base + "/?stack=hostile&month=2026-03&locale=en_US")
                expect(other.locator("body")).to_have_attribute("data-ready", "true")
                expect(other.locator("#stack")).to_have_value("hostile")
                evil = other.locator('#grid button[data-date="2026-03-17"]')
                expect(evil).to_have_attribute("title", re.compile(re.escape('<img src="http://192.0.2.1/x.png"')))
                expect(evil.locator(".deco.custom")).to_have_text(
                    '<img src="http://192.0.2.1/x.png" onerror="alert(1)"><script>alert(2)</script>')
                assert other.locator("#grid img, #grid script, #legend img, #legend script").count() == 0, \
                    "policy markup became elements"
                assert evil.locator(".deco").get_attribute("style") is None, "a CSS break-out colour was used"
                other.locator("#next-month").click()
                expect(other.locator("#month-title")).to_have_text("April 2026")
                fools = other.locator('#grid button[data-date="2026-04-01"] .deco')
                expect(fools).to_have_class(re.compile(r"\bdot\b"))
                assert fools.get_attribute("style") is None, "javascript: colour was used"
                other.locator("#next-month").click()
                star = other.locator('#grid button[data-date="2026-05-04"] .deco')
                expect(star).to_have_class(re.compile(r"\bicon\b"))
                expect(star.locator("svg path")).to_have_count(1)
                assert star.evaluate("e => getComputedStyle(e).color") == "rgb(249, 168, 37)"
                assert not dialogs, f"a script ran: {dialogs}"
                assert all(r.startswith(server.base + "/") for r in requests), requests
                other.close()

            @step("limits from the query string: maxCount=2 refuses a third day")
            def _():
                other = fresh("?mode=multiple&maxCount=2&month=2026-12")
                expect(other.locator("#mode")).to_have_value("multiple")
                for date in ("2026-12-02", "2026-12-03"):
                    day(other, date).click()
                    expect(day(other, date)).to_have_attribute("aria-label", re.compile(", selected$"))
                third = day(other, "2026-12-04")
                third.click()
                expect(other.locator("#live")).to_contain_text("Not selected")
                expect(third).not_to_have_attribute("aria-label", re.compile(", selected$"))
                expect(other.locator("#selection")).to_have_text("Selected 2 days: 2026-12-02 – 2026-12-03")
                other.close()

            @step("no console errors, no request to another origin")
            def _():
                assert not errors, errors
                assert not foreign, foreign

            # The picture in the README (docs/picker.png is a copy): December, light mode.
            shot = browser.new_page(viewport={"width": 640, "height": 900}, locale="en-US")
            shot.goto(server.base + "/?month=2026-12&mode=range")
            expect(shot.locator("body")).to_have_attribute("data-ready", "true")
            day(shot, "2026-12-14").click()
            expect(shot.locator("#live")).to_contain_text("Range starts")
            day(shot, "2026-12-18").click()
            expect(day(shot, "2026-12-18")).to_have_attribute("aria-label", re.compile(", selected$"))
            shot.screenshot(path=str(shots / "picker.png"))
            shot.close()
            browser.close()
    finally:
        server.stop()
        guarded.stop()
        host.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
