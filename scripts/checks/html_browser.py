"""Opens calpolicy's HTML pages in Debian's chromium through Playwright and checks them.

Usage: html_browser.py PAGES_DIR SCREENSHOT_DIR. The pages are made by scripts/checks/html.sh.
Fails (never skips) when chromium or Playwright is missing.
"""
import pathlib
import shutil
import sys

try:
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import sync_playwright
except ImportError as error:
    print(f"html: {error}; scripts/setup.sh test installs playwright and axe-playwright-python into .venv",
          file=sys.stderr)
    print("0 passed, 1 failed")
    sys.exit(1)

PAGES = {
    # name: (expected dir, expected lang, texts that must be on the page)
    "year.html": ("ltr", "en-US", ["December 2026", "Friday, December 25, 2026, not selectable: Christmas Day"]),
    "print.html": ("ltr", "en-US", ["Payday", "Christmas Day"]),
    "year-he.html": ("rtl", "he-IL", ["טבת", "לא ניתן לבחירה"]),
    "hostile.html": ("ltr", "en-US", ['<img src="http://192.0.2.1/x.png" onerror="alert(1)">']),
    "diff.html": ("ltr", "en-US", ["days differ", "not selectable: Christmas Day"]),
    "no-diff.html": ("ltr", "en-US", ["no differences"]),
}

passed = 0
failed = 0


def check(condition, what):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"html: {what}", file=sys.stderr)


def main():
    pages_dir = pathlib.Path(sys.argv[1]).resolve()
    shots = pathlib.Path(sys.argv[2]).resolve()
    shots.mkdir(parents=True, exist_ok=True)
    executable = shutil.which("chromium")
    if executable is None:
        print("html: Debian's chromium is not installed (scripts/setup.sh test installs it)", file=sys.stderr)
        print("0 passed, 1 failed")
        return 1
    axe = Axe()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        for scheme in ("light", "dark"):
            context = browser.new_context(viewport={"width": 1400, "height": 1000}, color_scheme=scheme,
                                          java_script_enabled=True)
            for name, (direction, lang, texts) in PAGES.items():
                page = context.new_page()
                url = (pages_dir / name).as_uri()
                errors, requests, dialogs = [], [], []
                page.on("console", lambda message, errors=errors:
                        errors.append(message.text) if message.type == "error" else None)
                page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
                page.on("request", lambda request, requests=requests: requests.append(request.url))
                page.on("dialog", lambda dialog, dialogs=dialogs: (dialogs.append(dialog.message), dialog.dismiss()))
                page.goto(url, wait_until="load")
                where = f"{name} ({scheme})"
                check(not errors, f"{where}: console errors: {errors}")
                others = [r for r in requests if r != url]
                check(not others, f"{where}: network requests: {others}")
                check(not dialogs, f"{where}: a script ran (dialog {dialogs})")
                check(page.locator("script").count() == 0, f"{where}: the page holds a <script>")
                check(page.evaluate("document.documentElement.dir") == direction,
                      f"{where}: dir is not {direction}")
                check(page.evaluate("document.documentElement.lang") == lang, f"{where}: lang is not {lang}")
                # What a reader sees or hears: the visible text and the days' titles.
                shown = page.inner_text("body") + "\n" + page.evaluate(
                    "Array.from(document.querySelectorAll('[title]')).map(e => e.title).join('\\n')")
                for text in texts:
                    check(text in shown, f"{where}: missing text {text!r}")
                # Every rule in light mode; in dark mode only contrast changes, so only it runs again.
                options = {"resultTypes": ["violations"]}
                if scheme == "dark":
                    options["runOnly"] = {"type": "rule", "values": ["color-contrast"]}
                results = axe.run(page, options=options)
                bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
                check(not bad, f"{where}: axe: " + "; ".join(
                    f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes: {v['nodes'][0]['target']})" for v in bad))
                page.screenshot(path=str(shots / f"{pathlib.Path(name).stem}-{scheme}.png"), full_page=True)
                page.close()
            context.close()
        # Print: the year on one landscape page (its own @page size, not Playwright's).
        page = browser.new_page()
        page.goto((pages_dir / "print.html").as_uri())
        pdf = page.pdf(prefer_css_page_size=True)
        count = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
        check(count == 1, f"print.html prints on {count} pages, expected 1")
        # The picture in the README (docs/year-page.png is a copy): the top of the page.
        page.set_viewport_size({"width": 1100, "height": 640})
        page.screenshot(path=str(shots / "year-page.png"))
        page.close()
        browser.close()
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
