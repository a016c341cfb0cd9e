/// The page, its style and its script: plain text, no build step. Everything the page shows
/// comes from the JSON API; policy text is only ever set with `textContent`.
enum WebPageAssets {
    static let html = #"""
<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>calpolicy picker</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<header class="bar">
  <h1>calpolicy picker</h1>
  <div class="pickers">
    <label>Stack <select id="stack"></select></label>
    <label>Calendar <select id="calendar"></select></label>
    <label>Locale <select id="locale"></select></label>
    <label>Mode <select id="mode">
      <option value="single">single</option><option value="multiple">multiple</option>
      <option value="range">range</option><option value="week">week</option><option value="month">month</option>
    </select></label>
  </div>
</header>
<main>
  <p id="reload" class="reload" role="status" aria-live="polite"></p>
  <section class="month" aria-labelledby="month-title">
    <div class="nav">
      <button type="button" id="prev-year" aria-label="Previous year">«</button>
      <button type="button" id="prev-month" aria-label="Previous month">‹</button>
      <h2 id="month-title">…</h2>
      <button type="button" id="next-month" aria-label="Next month">›</button>
      <button type="button" id="next-year" aria-label="Next year">»</button>
      <button type="button" id="jump" aria-expanded="false" aria-controls="year-view">Months</button>
    </div>
    <div id="year-view" class="year-view" hidden>
      <div class="nav">
        <button type="button" id="year-prev" aria-label="Previous year">‹</button>
        <h3 id="year-title">…</h3>
        <button type="button" id="year-next" aria-label="Next year">›</button>
      </div>
      <ul id="year-months" class="year-months" aria-labelledby="year-title"></ul>
    </div>
    <div id="grid" role="grid" aria-labelledby="month-title" class="grid"></div>
  </section>
  <p id="live" class="live" role="status" aria-live="polite" aria-atomic="true"></p>
  <p id="selection" class="selection" dir="auto"></p>
  <section class="week" aria-labelledby="week-title">
    <div class="nav">
      <button type="button" id="week-prev" aria-label="Previous week">‹</button>
      <h2 id="week-title">Week</h2>
      <button type="button" id="week-next" aria-label="Next week">›</button>
    </div>
    <div id="week-strip" class="strip" role="group" aria-labelledby="week-title" tabindex="0"></div>
  </section>
  <section class="period" aria-labelledby="period-title">
    <h2 id="period-title">Period</h2>
    <div class="nav">
      <label>Kind <select id="period-kind">
        <option value="week">week</option><option value="month" selected>month</option><option value="year">year</option>
      </select></label>
      <button type="button" id="period-prev" aria-label="Previous period">‹</button>
      <output id="period-range" dir="ltr" aria-live="polite"></output>
      <button type="button" id="period-next" aria-label="Next period">›</button>
    </div>
  </section>
</main>
</body>
</html>
"""#
}
