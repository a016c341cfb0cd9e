extension WebPageAssets {
    static let css = #"""
:root { --bg: #ffffff; --fg: #1a1a1a; --muted: #595959; --line: #c8c8c8; --accent: #0b57d0; --accent-fg: #ffffff;
  --denied-bg: #f3f3f3; --denied-fg: #6b1010; --today: #0b57d0; --range: #d6e4ff; --focus: #b3261e; --warn: #8a1c00;
  color-scheme: light dark; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #121212; --fg: #ececec; --muted: #b5b5b5; --line: #4a4a4a; --accent: #8ab4f8; --accent-fg: #0a0a0a;
    --denied-bg: #262626; --denied-fg: #ffb4ab; --today: #8ab4f8; --range: #1f3a66; --focus: #ffb74d; --warn: #ffb4a1; }
}
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.4 system-ui, sans-serif; background: var(--bg); color: var(--fg); }
.bar { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; padding: .75rem 1rem; border-bottom: 1px solid var(--line); }
h1 { font-size: 1.2rem; margin: 0; }
h2 { font-size: 1.15rem; margin: 0; min-width: 12ch; text-align: center; }
h3 { font-size: 1rem; margin: 0; min-width: 6ch; text-align: center; }
.pickers { display: flex; flex-wrap: wrap; gap: .5rem 1rem; }
label { display: inline-flex; gap: .4rem; align-items: center; }
select, button { font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--muted); border-radius: 6px; padding: .25rem .5rem; }
button { cursor: pointer; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
main { max-width: 44rem; margin: 0 auto; padding: 1rem; display: grid; gap: 1rem; }
.nav { display: flex; gap: .5rem; align-items: center; justify-content: center; flex-wrap: wrap; }
.grid { display: grid; grid-template-columns: 2.6rem repeat(7, 1fr); gap: 3px; margin-top: .75rem; }
.grid [role=row] { display: contents; }
.grid .head { text-align: center; font-size: .85rem; color: var(--muted); font-weight: 600; padding: .2rem 0; }
.grid .wk { text-align: center; font-size: .8rem; color: var(--muted); align-self: center; }
.grid .outside { text-align: center; color: var(--muted); padding: .5rem 0; opacity: .85; }
.day { position: relative; width: 100%; min-height: 3.2rem; display: flex; flex-direction: column; align-items: center;
  justify-content: flex-start; gap: 2px; padding: .3rem .1rem; border-color: var(--line); }
.day .num { font-weight: 600; }
.day.today { border: 2px solid var(--today); }
.day.today .num { text-decoration: underline; }
.day[aria-disabled=true] { background: var(--denied-bg); color: var(--denied-fg); }
.day[aria-disabled=true] .num { text-decoration: line-through; }
.day.in-range { background: var(--range); }
.day.pending { border: 2px dashed var(--accent); }
.day.selected, .strip .day.selected { background: var(--accent); color: var(--accent-fg); border-color: var(--accent); }
.deco { display: inline-flex; align-items: center; justify-content: center; max-width: 100%; overflow: hidden; white-space: nowrap;
  text-overflow: ellipsis; font-size: .7rem; color: var(--muted); }
.selected .deco { color: var(--accent-fg); }
.deco.dot::before { content: ""; display: block; width: .5rem; height: .5rem; border-radius: 50%; background: currentColor; }
.deco.icon svg { width: .8rem; height: .8rem; fill: currentColor; }
.deco.small.dot::before { width: .35rem; height: .35rem; } .deco.large.dot::before { width: .75rem; height: .75rem; }
.deco.small.icon svg { width: .6rem; height: .6rem; } .deco.large.icon svg { width: 1.1rem; height: 1.1rem; }
.deco.custom.small { font-size: .6rem; } .deco.custom.large { font-size: .8rem; font-weight: 600; }
.live { min-height: 1.5em; margin: 0; font-weight: 600; }
.live.refused { color: var(--warn); }
.reload { margin: 0; min-height: 1.2em; color: var(--warn); }
.reload:empty { display: none; }
.reload[data-result=loaded] { color: var(--muted); }
.selection { margin: 0; color: var(--muted); }
.year-view { border: 1px solid var(--line); border-radius: 8px; padding: .5rem; margin-top: .5rem; }
.year-months { list-style: none; padding: 0; margin: .5rem 0 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); gap: .4rem; }
.year-months button { width: 100%; text-align: start; }
.year-months button[aria-current=true] { border: 2px solid var(--accent); }
.year-months .count { display: block; font-size: .8rem; color: var(--muted); }
.strip { display: grid; grid-template-columns: repeat(7, 1fr); gap: 3px; margin-top: .5rem; touch-action: pan-y; padding: 2px; }
.strip .wd { display: block; font-size: .75rem; }
output { min-width: 16ch; text-align: center; font-variant-numeric: tabular-nums; }
"""#
}
