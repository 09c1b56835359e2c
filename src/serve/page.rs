//! The page a side's link shows: one self-contained HTML document (its style and its script
//! inline, nothing loaded from anywhere) made from the players' view ([`WatchView`]) of that side,
//! so that it shows what `umpire watch --side ID` shows and no more: where the battle stands, the
//! latest result in full with its explanation, the roster as that side may see it (strength as
//! pips, markers with their meaning) and the log, newest first.
//!
//! Every word that came from the scenario, the journal or the umpire is escaped with the report's
//! escaping ([`crate::report::html::escape`]). The page's script (its own, a few dozen lines) reads
//! the server's events and changes the page in place: the parts of the page a change touches are
//! sent whole, the log's lines as they come or go.

use super::links::PUBLIC;
use crate::battle::Battle;
use crate::model::Viewer;
use crate::report::html::escape;
use crate::tui::WatchView;
use crate::tui::app::Row;
use crate::tui::watch::{Following, LogLine, SightOf};

/// How many of the log's newest lines the page holds.
pub const LOG_SHOWN: usize = 200;

/// The parts of the page, each sent whole when it changes: words (`place`, `whose`, `state`,
/// `message`), set as text by the page, and HTML (`latest`, `roster`, `markers`), made of escaped
/// words only.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Parts {
    pub place: String,
    pub whose: String,
    pub state: String,
    pub message: String,
    pub latest: String,
    pub roster: String,
    pub markers: String,
}

impl Parts {
    /// Every part, as an event's `parts`.
    pub fn all(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }

    /// The parts that differ from `before`, as an event's `parts` (a page keeps the others).
    pub fn changed_since(&self, before: &Parts) -> serde_json::Value {
        let (now, then) = (self.all(), before.all());
        let mut changed = serde_json::Map::new();
        if let (Some(now), Some(then)) = (now.as_object(), then.as_object()) {
            for (key, value) in now {
                if then.get(key) != Some(value) {
                    changed.insert(key.clone(), value.clone());
                }
            }
        }
        serde_json::Value::Object(changed)
    }
}

/// Who a link is for, in words: `Austrians (au)`, or `everyone`.
pub fn audience_words(b: &Battle, viewer: Viewer) -> String {
    match viewer {
        Viewer::Side(s) => format!("{} ({})", b.roster.sides[s].name, b.roster.sides[s].id),
        Viewer::Public | Viewer::Umpire => "everyone".into(),
    }
}

/// The audience's key in the links: the side's id, or `public`.
pub fn audience_key(b: &Battle, viewer: Viewer) -> String {
    match viewer {
        Viewer::Side(s) => b.roster.sides[s].id.clone(),
        Viewer::Public | Viewer::Umpire => PUBLIC.into(),
    }
}

/// The parts of the page of the view's viewer `i` as it stands.
pub fn parts(view: &WatchView, i: usize) -> Parts {
    let b = view.battle();
    let sight = view.sight(i);
    let whose = match sight.viewer() {
        Viewer::Side(s) => format!(
            "What {} ({}) may see · {} · {}",
            b.roster.sides[s].name,
            b.roster.sides[s].id,
            b.scenario.title(),
            b.ruleset.title()
        ),
        Viewer::Public | Viewer::Umpire => format!(
            "What everyone may see · {} · {}",
            b.scenario.title(),
            b.ruleset.title()
        ),
    };
    let state = match view.following() {
        Following::Live => "live".to_string(),
        Following::Gone => "the journal is gone (deleted or moved): the battle as last read".into(),
        Following::Stopped(why) => format!("stopped: {why} (the battle as last read)"),
    };
    let (roster, markers) = roster(b, sight);
    Parts {
        place: crate::tui::watch::place(b),
        whose,
        state,
        message: sight.message().unwrap_or_default().to_string(),
        latest: latest(sight),
        roster,
        markers,
    }
}

/// The latest result in full: what it was, each resolution's table, modifiers, dice and result
/// as the terminal view explains it, and its notes.
fn latest(sight: SightOf<'_>) -> String {
    let Some((n, ev)) = sight.latest() else {
        return "<p class=\"none\">nothing resolved yet</p>".into();
    };
    let mut out = format!(
        "<p class=\"summary\"><span class=\"n\">#{n}</span> {}</p>",
        escape(&ev.summary)
    );
    for res in &ev.resolutions {
        out.push_str("<div class=\"res\">");
        for line in res.render_text().lines() {
            let class = if line.starts_with("Result:") {
                "result"
            } else if line.starts_with("  ") {
                "step"
            } else {
                "head"
            };
            out.push_str(&format!("<div class=\"{class}\">{}</div>", escape(line)));
        }
        out.push_str("</div>");
    }
    if !ev.notes.is_empty() {
        out.push_str("<ul class=\"notes\">");
        for note in &ev.notes {
            out.push_str(&format!("<li>{}</li>", escape(note)));
        }
        out.push_str("</ul>");
    }
    out
}

/// The roster's lines as the terminal view draws them (without colour), and the meaning of
/// each marker they show, once for all the markers that mean the same.
fn roster(b: &Battle, sight: SightOf<'_>) -> (String, String) {
    let pane = sight.roster_pane();
    let battle_view = b.view();
    let mut lines = String::new();
    let mut seen: Vec<(Vec<String>, String)> = Vec::new();
    for &row in pane.rows() {
        let (class, badges) = match row {
            Row::Side(s) => ("side", b.ruleset.side_badges(&battle_view, s)),
            Row::Formation(f) => ("formation", b.ruleset.formation_badges(&battle_view, f)),
            Row::Unit(u) | Row::Concealed(u) => {
                let mut badges: Vec<_> = battle_view.concealment_badge(u).into_iter().collect();
                badges.extend(b.ruleset.badges(&battle_view, u));
                ("unit", badges)
            }
            Row::Stand(_) => ("stand", Vec::new()),
        };
        let gone = match row {
            Row::Unit(u) | Row::Concealed(u) if !b.state().units[u].on_table() => " gone",
            _ => "",
        };
        lines.push_str(&format!(
            "<li class=\"{class}{gone}\">{}</li>",
            escape(&crate::tui::view::plain_roster_row(&pane, row))
        ));
        for badge in badges {
            if badge.help.is_empty() {
                continue;
            }
            // Markers that mean the same (`XC 1`, `XC 2`) are explained once.
            match seen.iter_mut().find(|(_, help)| *help == badge.help) {
                Some((texts, _)) if !texts.contains(&badge.text) => texts.push(badge.text),
                Some(_) => {}
                None => seen.push((vec![badge.text], badge.help)),
            }
        }
    }
    let markers = seen
        .iter()
        .map(|(texts, help)| {
            let texts: Vec<String> = texts.iter().map(|t| escape(t)).collect();
            format!("<dt>{}</dt><dd>{}</dd>", texts.join(", "), escape(help))
        })
        .collect();
    (lines, markers)
}

/// One line of the log, `pos` its place in the log (0 the oldest).
pub fn log_line(pos: usize, line: &LogLine) -> String {
    let number = line.number.map_or_else(|| "·".into(), |n| n.to_string());
    let tag = line
        .tag
        .as_ref()
        .map(|t| format!(" <span class=\"tag\">({})</span>", escape(t)))
        .unwrap_or_default();
    format!(
        "<li data-pos=\"{pos}\"><span class=\"n\">{number}</span> {}{tag}</li>",
        escape(&line.text)
    )
}

/// The page's stylesheet: large type on a narrow column, readable on a phone at arm's length.
pub const STYLE: &str = r#"
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 1.15rem;
  line-height: 1.4; color: #1b1b1b; background: #fdfcf8; margin: 0 auto; max-width: 48rem;
  padding: .5rem .75rem 3rem; }
header { position: sticky; top: 0; background: #fdfcf8; border-bottom: 2px solid #1b1b1b;
  padding: .25rem 0 .4rem; }
h1 { font-size: 1.45rem; margin: 0; }
h2 { font-size: 1.2rem; margin: 1.25rem 0 .4rem; border-bottom: 1px solid #999; }
p { margin: .2rem 0; }
#whose { font-style: italic; color: #444; font-size: 1rem; }
#status { font-size: .95rem; color: #555; }
#conn.lost { color: #b22222; font-weight: bold; }
#message:empty { display: none; }
#message { background: #fff3cd; padding: .2rem .4rem; }
.summary { font-weight: bold; }
.res { margin: .4rem 0; padding: .3rem .5rem; border-left: 4px solid #1f4e9c; background: #f2f4f8;
  white-space: pre-wrap; overflow-wrap: anywhere; }
.res .head { font-weight: bold; }
.res .result { font-weight: bold; color: #1f4e9c; }
.n { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .85em; color: #555; }
.none { color: #777; }
ul.roster { list-style: none; padding: 0; margin: 0;
  font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .95rem; }
ul.roster li { white-space: pre-wrap; overflow-wrap: anywhere; padding: .1rem 0; }
ul.roster li.side, ul.roster li.formation { font-weight: bold; }
ul.roster li.gone { color: #777; }
ul.roster li.stand { font-style: italic; }
dl.markers { display: grid; grid-template-columns: max-content 1fr; gap: .1rem .75rem;
  font-size: 1rem; }
dl.markers dt { font-family: ui-monospace, Menlo, Consolas, monospace; font-weight: bold; }
dl.markers dd { margin: 0; }
ol.log { list-style: none; padding: 0; margin: 0; }
ol.log li { padding: .3rem 0; border-bottom: 1px solid #ddd; overflow-wrap: anywhere; }
.tag { font-size: .85em; color: #555; }
"#;

/// The page's script: it follows the server's events (`events`, beside the page), applying each
/// to the page (the log's lines from `keep` on taken out, `add`'s put in, the parts it holds
/// replaced), and
/// opens the stream again from the last event it saw when the phone wakes.
pub const SCRIPT: &str = r#"
(function () {
  "use strict";
  var body = document.body, log = document.getElementById("log");
  var conn = document.getElementById("conn");
  var limit = +body.getAttribute("data-lines"), seq = body.getAttribute("data-seq");
  var shown = {}, source = null;
  function text(id, t) { var e = document.getElementById(id); if (e.textContent !== t) e.textContent = t; }
  function html(id, h) { if (shown[id] !== h) { document.getElementById(id).innerHTML = h; shown[id] = h; } }
  function apply(m) {
    if (m.reset) log.textContent = "";
    while (log.firstElementChild && +log.firstElementChild.getAttribute("data-pos") >= m.keep)
      log.removeChild(log.firstElementChild);
    for (var i = 0; i < m.add.length; i++) log.insertAdjacentHTML("afterbegin", m.add[i]);
    while (log.children.length > limit) log.removeChild(log.lastElementChild);
    var p = m.parts, t = ["place", "whose", "state", "message"], h = ["latest", "roster", "markers"];
    for (var k = 0; k < t.length; k++) if (t[k] in p) text(t[k], p[t[k]]);
    for (k = 0; k < h.length; k++) if (h[k] in p) html(h[k], p[h[k]]);
    seq = String(m.seq); body.setAttribute("data-seq", seq);
  }
  function open() {
    if (source) source.close();
    source = new EventSource(location.pathname + "/events?last=" + encodeURIComponent(seq));
    source.onopen = function () { conn.textContent = "connected"; conn.className = "ok"; };
    source.onmessage = function (e) { apply(JSON.parse(e.data)); };
    source.onerror = function () {
      conn.textContent = "reconnecting…"; conn.className = "lost";
      if (source.readyState === 2) setTimeout(open, 2000);
    };
  }
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && (!source || source.readyState === 2)) open();
  });
  window.addEventListener("online", function () { if (!source || source.readyState !== 1) open(); });
  open();
})();
"#;

/// The whole page: `title` its title, `seq` the last record read, `lines` the log's newest lines
/// (`(position, HTML)`, oldest first), `nonce` the token that lets its own style and script run.
pub fn document(title: &str, parts: &Parts, seq: u64, lines: &[String], nonce: &str) -> String {
    let mut log = String::new();
    for line in lines.iter().rev() {
        log.push_str(line);
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"referrer\" content=\"no-referrer\">\
         <title>{title}</title><style nonce=\"{nonce}\">{STYLE}</style></head>\n\
         <body data-seq=\"{seq}\" data-lines=\"{LOG_SHOWN}\">\n\
         <header><h1 id=\"place\">{place}</h1><p id=\"whose\">{whose}</p>\
         <p id=\"status\"><span id=\"state\">{state}</span> · <span id=\"conn\">connecting…</span></p>\
         <p id=\"message\">{message}</p></header>\n\
         <main><section><h2>Latest result</h2><div id=\"latest\">{latest}</div></section>\n\
         <section><h2>Roster</h2><ul class=\"roster\" id=\"roster\">{roster}</ul>\
         <h2>Markers</h2><dl class=\"markers\" id=\"markers\">{markers}</dl></section>\n\
         <section><h2>Log, newest first</h2><ol class=\"log\" id=\"log\">{log}</ol></section></main>\n\
         <script nonce=\"{nonce}\">{SCRIPT}</script></body></html>\n",
        title = escape(title),
        place = escape(&parts.place),
        whose = escape(&parts.whose),
        state = escape(&parts.state),
        message = escape(&parts.message),
        latest = parts.latest,
        roster = parts.roster,
        markers = parts.markers,
    )
}
