"""The picker page of `calpolicy serve` (GET /) in Debian's chromium, driven by Playwright.

Usage: webpage_browser.py [--bin .build/debug] [--shots .build/screenshots]. scripts/checks/webpage.sh
runs it. Starts the real calpolicy-serve on port 0 with a temporary copy of
policies/us-federal-holidays.lua (so the check can edit it under --watch), --include weekdays and
--today 2026-12-01. Every wait is on a condition (Playwright's expect / wait_for_*), never a fixed
sleep. Prints "N passed, N failed"; fails (never skips) when chromium or Playwright is missing.
"""
import argparse
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
    server = Server(serve_bin, [str(policy), "--include", "weekdays", "--listen", "127.0.0.1:0", "--watch",
                                "--today", "2026-12-01", "--locale", "en_US",
                                "--stack", "hostile=Tests/fixtures/html/hostile-text.lua"])
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

            @step("the page loads from the API, with its security headers")
            def _():
                headers = response.headers
                assert response.status == 200, response.status
                assert "default-src 'none'" in headers.get("content-security-policy", ""), headers
                assert "frame-ancestors 'none'" in headers.get("content-security-policy", ""), headers
                assert headers.get("x-content-type-options") == "nosniff", headers
                expect(page.locator("body")).to_have_attribute("data-ready", "true")
                expect(title).to_have_text("December 2026")
                expect(page.locator("#grid[role=grid] [role=row]")).to_have_count(6)  # header + 5 weeks
                expect(day(page, "2026-12-01")).to_have_attribute("aria-current", "date")
                expect(page.locator('#grid [data-outside="2026-11-30"]')).to_have_count(1)
                expect(day(page, "2026-12-24")).to_have_attribute(
                    "aria-label", "Thursday, December 24, 2026, selectable")
                expect(day(page, "2026-12-05")).to_have_attribute("aria-disabled", "true")  # a Saturday

            @step("a click on Christmas is refused and the live region says why")
            def _():
                christmas = day(page, "2026-12-25")
                expect(christmas).to_have_attribute("aria-disabled", "true")
                christmas.click(force=True)  # aria-disabled: still clickable, so the click can say why
                expect(live).to_contain_text("Christmas Day")
                expect(live).to_have_attribute("aria-live", "polite")
                expect(christmas).not_to_have_class(re.compile(r"\bselected\b"))
                expect(christmas).not_to_have_attribute("aria-label", re.compile(", selected$"))
                day(page, "2026-12-02").click()
                expect(day(page, "2026-12-02")).to_have_attribute("aria-label", re.compile(", selected$"))
                page.screenshot(path=str(shots / "webpage-month.png"), full_page=True)

            @step("range mode: 21→28 is refused naming 2026-12-25, 21→23 is accepted")
            def _():
                page.select_option("#mode", "range")
                expect(live).to_have_text("Mode range")
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
                page.keyboard.press("ArrowRight")
                expect(title).to_have_text("January 2027")
                expect(day(page, "2027-01-01")).to_be_focused()
                page.keyboard.press("ArrowDown")
                expect(day(page, "2027-01-08")).to_be_focused()
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
                    results = axe.run(page, options={"resultTypes": ["violations"]})
                    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
                    assert not bad, f"{scheme}: " + "; ".join(
                        f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes: {v['nodes'][0]['target']})" for v in bad)
                page.emulate_media(color_scheme="light")

            @step("editing the policy on disk redraws the open page; a broken edit is refused")
            def _():
                page.evaluate("window.__notReloaded = true")
                monday = day(page, "2027-01-04")
                expect(monday).not_to_have_attribute("aria-disabled", "true")
                edited = good_text.replace(
                    "canSelect = function(day)\n",
                    'canSelect = function(day)\n        if day.iso == "2027-01-04" then return false, "Office closed" end\n', 1)
                assert edited != good_text, "the policy's canSelect line moved; update this check"
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

            @step("year view: the months at a glance, pick one")
            def _():
                page.click("#jump")
                expect(page.locator("#year-view")).to_be_visible()
                expect(page.locator("#year-title")).to_have_text("2027")
                expect(page.locator("#year-months button")).to_have_count(12)
                page.screenshot(path=str(shots / "webpage-year.png"), full_page=True)
                page.click('#year-months button[data-month="2027-07"]')
                expect(title).to_have_text("July 2027")
                expect(page.locator("#year-view")).to_be_hidden()

            @step("week strip and period selector step through the API")
            def _():
                strip = page.locator("#week-strip button")
                expect(strip).to_have_count(7)
                first = strip.first.get_attribute("data-date")
                page.click("#week-next")
                expect(strip.first).not_to_have_attribute("data-date", first)
                page.locator("#week-strip").focus()
                page.keyboard.press("ArrowLeft")
                expect(strip.first).to_have_attribute("data-date", first)
                # A touch swipe to the left: the next week.
                box = page.locator("#week-strip").bounding_box()
                y = box["y"] + box["height"] / 2
                page.locator("#week-strip").dispatch_event(
                    "pointerdown", {"pointerType": "touch", "isPrimary": True, "clientX": box["x"] + 300, "clientY": y})
                page.locator("#week-strip").dispatch_event(
                    "pointerup", {"pointerType": "touch", "isPrimary": True, "clientX": box["x"] + 100, "clientY": y})
                expect(strip.first).not_to_have_attribute("data-date", first)
                page.click("#week-prev")
                expect(strip.first).to_have_attribute("data-date", first)
                expect(page.locator("#period-range")).to_have_text("2026-12-01 – 2026-12-31")
                page.click("#period-next")
                expect(page.locator("#period-range")).to_have_text("2027-01-01 – 2027-01-31")
                page.select_option("#period-kind", "year")
                expect(page.locator("#period-range")).to_have_text("2027-01-01 – 2027-12-31")

            @step("Hebrew calendar in he_IL: right to left, the leap month Adar I")
            def _():
                page.select_option("#calendar", "hebrew")
                page.select_option("#locale", "he_IL")
                expect(page.locator("html")).to_have_attribute("dir", "rtl")
                expect(page.locator("html")).to_have_attribute("lang", "he-IL")
                expect(title).to_have_text("כסלו 5787")
                page.click("#jump")
                expect(page.locator("#year-months button")).to_have_count(13)
                leap = page.locator('#year-months button[data-leap="true"]')
                expect(leap).to_have_count(1)
                expect(leap).to_contain_text("אדר א׳")
                page.screenshot(path=str(shots / "webpage-hebrew-year.png"), full_page=True)
                leap.click()
                expect(title).to_have_text("אדר א׳ 5787")
                page.screenshot(path=str(shots / "webpage-hebrew-rtl.png"), full_page=True)
                results = axe.run(page, options={"resultTypes": ["violations"]})
                bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
                assert not bad, "; ".join(f"{v['id']} ({v['impact']})" for v in bad)

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
                assert other.locator("#grid img, #grid script").count() == 0, "policy markup became elements"
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
                other = context.new_page()
                other.goto(server.base + "/?mode=multiple&maxCount=2&month=2026-12")
                expect(other.locator("body")).to_have_attribute("data-ready", "true")
                expect(other.locator("#mode")).to_have_value("multiple")
                for date in ("2026-12-02", "2026-12-03"):
                    other.locator(f'#grid button[data-date="{date}"]').click()
                    expect(other.locator(f'#grid button[data-date="{date}"]')).to_have_attribute("aria-label", re.compile(", selected$"))
                third = other.locator('#grid button[data-date="2026-12-04"]')
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
            shot = browser.new_page(viewport={"width": 640, "height": 760}, locale="en-US")
            shot.goto(server.base + "/?month=2026-12&mode=range")
            expect(shot.locator("body")).to_have_attribute("data-ready", "true")
            shot.locator('#grid button[data-date="2026-12-14"]').click()
            expect(shot.locator("#live")).to_contain_text("Range starts")
            shot.locator('#grid button[data-date="2026-12-18"]').click()
            expect(shot.locator('#grid button[data-date="2026-12-18"]')).to_have_attribute("aria-label", re.compile(", selected$"))
            shot.screenshot(path=str(shots / "picker.png"))
            shot.close()
            browser.close()
    finally:
        server.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
