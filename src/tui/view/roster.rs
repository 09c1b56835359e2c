//! The roster pane (sides, formations and units with their hit pips and badges, folded and
//! filtered as the umpire chose) and the panel of the selected line beside it.
//!
//! A roster line never cuts a badge off: the name gives way first (shortened with "…", then
//! left out), then the brackets that mark badges when there is no colour; only a line too narrow
//! for the badges alone shows those that fit and counts the others ("+2"), and the panel beside it
//! lists them all.

use super::*;
use crate::battle::Battle;
use crate::declare::Losses;
use crate::tui::app::RosterPane;

/// Hit pips against the limit: ● for each hit taken, ○ for each left.
/// A unit's pips as its rule set reads strength, padded to the roster's widest (at least 3).
pub(super) fn pips(losses: Losses, lost: u32, limit: u32, width: u32) -> String {
    let shown = losses.pips(lost, limit);
    format!("{shown:<w$}", w = width.max(3) as usize)
}

/// Badges as spans, each after a space; without colour in brackets.
pub(super) fn badge_spans(t: &Theme, badges: &[Badge]) -> Vec<Span<'static>> {
    spans_of_badges(t, badges, !t.color)
}

/// Badges as spans, each after a space; in brackets when `brackets`.
fn spans_of_badges(t: &Theme, badges: &[Badge], brackets: bool) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for b in badges {
        out.push(Span::raw(" "));
        let text = crate::text::escape_terminal(&b.text);
        let text = if brackets { format!("[{text}]") } else { text };
        out.push(Span::styled(text, t.tone(b.tone)));
    }
    out
}

/// Columns a text takes on the screen.
fn width(s: &str) -> usize {
    Span::raw(s).width()
}

/// `s` cut to at most `max` columns, ending in "…" when cut.
pub(super) fn clip(s: &str, max: usize) -> String {
    crate::text::clip(s, max)
}

/// A line cut to `max` columns, ending in "…" when cut.
fn clip_line(line: Line<'static>, max: usize) -> Line<'static> {
    if line.width() <= max {
        return line;
    }
    let mut spans = Vec::new();
    let mut left = max;
    for s in line.spans {
        let w = s.width();
        if w < left {
            left -= w;
            spans.push(s);
        } else {
            spans.push(Span::styled(clip(&s.content, left), s.style));
            break;
        }
    }
    Line::from(spans)
}

/// A roster line laid out in `cols` columns: `lead` as it is, then `name` (which gives way),
/// then every badge.
fn fit(
    t: &Theme,
    mut spans: Vec<Span<'static>>,
    name: String,
    name_style: Style,
    badges: &[Badge],
    cols: usize,
) -> Line<'static> {
    let lead: usize = spans.iter().map(Span::width).sum();
    let room = cols.saturating_sub(lead);
    let name = format!(" {name}");
    // Bracketed badges (without colour) and then bare ones, after as much of the name as fits.
    let mut variants = vec![badge_spans(t, badges)];
    if !t.color {
        variants.push(spans_of_badges(t, badges, false));
    }
    for v in &variants {
        let w: usize = v.iter().map(Span::width).sum();
        if w + 3 <= room || (w < room && width(&name) <= room - w) {
            spans.push(Span::styled(clip(&name, room - w), name_style));
            spans.extend(v.iter().cloned());
            return Line::from(spans);
        }
    }
    let chosen = variants.pop().unwrap_or_default();
    let chosen_w: usize = chosen.iter().map(Span::width).sum();
    if chosen_w <= room {
        spans.push(Span::raw(" ".repeat(room - chosen_w)));
        spans.extend(chosen);
        return Line::from(spans);
    }
    // Too narrow for every badge: those that fit, and how many do not.
    let mut used = 0;
    for (i, pair) in chosen.chunks(2).enumerate() {
        let w: usize = pair.iter().map(Span::width).sum();
        let after = badges.len() - i - 1;
        let count = if after > 0 {
            width(&format!(" +{after}"))
        } else {
            0
        };
        if used + w + count > room {
            spans.push(Span::styled(
                format!(" +{}", badges.len() - i),
                t.tone(Tone::Warn),
            ));
            break;
        }
        used += w;
        spans.extend(pair.iter().cloned());
    }
    Line::from(spans)
}

/// The width of the id column: the longest id, within reason.
pub(super) fn id_width(r: &crate::model::Roster) -> usize {
    r.longest_id().clamp(4, 10)
}

/// The first of `names` (longest first) that the line shows whole, laid out as [`fit`] lays it
/// out; else the last, shortened.
fn fit_first(
    t: &Theme,
    lead: Vec<Span<'static>>,
    names: &[String],
    name_style: Style,
    badges: &[Badge],
    cols: usize,
) -> Line<'static> {
    for name in &names[..names.len().saturating_sub(1)] {
        let line = fit(t, lead.clone(), name.clone(), name_style, badges, cols);
        let whole = format!(" {name}");
        if line.spans.iter().any(|s| s.content == whole) {
            return line;
        }
    }
    let last = names.last().cloned().unwrap_or_default();
    fit(t, lead, last, name_style, badges, cols)
}

/// `n` units, in words.
fn units(n: usize) -> String {
    if n == 1 {
        "1 unit".to_string()
    } else {
        format!("{n} units")
    }
}

/// The fold arrow of a side or formation: ▾ open, ▸ folded.
fn arrow(p: &RosterPane, row: Row) -> &'static str {
    if p.is_folded(row) { "▸" } else { "▾" }
}

/// One roster line in `cols` columns.
pub(super) fn row_line(p: &RosterPane, t: &Theme, row: Row, cols: usize) -> Line<'static> {
    let b = p.battle;
    let r = &b.roster;
    let view = b.view();
    let esc = crate::text::escape_terminal;
    match row {
        Row::Side(s) => {
            let side = &r.sides[s];
            let name = format!(
                "{}{}",
                esc(&side.name),
                crate::text::parenthesised([esc(&side.quality).as_str()])
            );
            let lead = vec![Span::styled(arrow(p, row), t.side())];
            let badges = b.ruleset.side_badges(&view, s);
            fit(t, lead, name, t.side(), &badges, cols)
        }
        Row::Formation(f) => {
            let fi = &r.formations[f];
            let mut name = esc(&fi.name);
            if let Some(l) = &fi.level {
                name.push_str(&format!(" ({})", esc(l)));
            }
            if p.is_folded(row) {
                name.push_str(&format!(" · {} units", p.shown_units(f)));
            }
            let lead = vec![Span::styled(
                format!("{}{}", "  ".repeat(fi.depth), arrow(p, row)),
                t.title(),
            )];
            let badges = b.ruleset.formation_badges(&view, f);
            fit(t, lead, name, t.title(), &badges, cols)
        }
        Row::Unit(u) => {
            let depth = r.units[u]
                .formation
                .map_or(0, |f| r.formations[f].depth + 1);
            unit_line(p, t, u, depth, cols)
        }
        Row::Concealed(u) => unit_line(p, t, u, 1, cols),
        Row::Stand(c) => stand_line(p, t, c, cols),
    }
}

/// A concealment stand's line. Still concealed: how many units it hides and what the enemy sees
/// (its number), marked CONCEALED; once every unit is exposed, marked EXPOSED with the cause.
/// The words give way before the mark.
fn stand_line(p: &RosterPane, t: &Theme, c: usize, cols: usize) -> Line<'static> {
    let b = p.battle;
    let col = &b.roster.columns[c];
    let n = col.number;
    let total = col.units.len();
    let hidden = p.hidden_units(c).count();
    if hidden > 0 && !p.sees_behind(c) {
        // The enemy's stand: its number, and nothing of what it hides.
        let badge = Badge {
            text: "CONCEALED".into(),
            tone: Tone::Info,
            help: String::new(),
        };
        let names = [format!("Stand {n} · contents unseen"), format!("Stand {n}")];
        fit_first(
            t,
            vec![Span::styled("·", t.dim())],
            &names,
            t.title(),
            &[badge],
            cols,
        )
    } else if hidden > 0 {
        let count = if hidden == total {
            units(total)
        } else {
            format!("{hidden} of {}", units(total))
        };
        let badge = Badge {
            text: "CONCEALED".into(),
            tone: Tone::Info,
            help: String::new(),
        };
        let lead = vec![Span::styled(arrow(p, Row::Stand(c)), t.title())];
        let names = [
            format!("Stand {n} · {count} · the enemy sees: stand {n}"),
            format!("Stand {n} · {count} · enemy sees: stand {n}"),
            format!("Stand {n} · enemy sees: stand {n}"),
            format!("Stand {n} · enemy sees stand {n}"),
            format!("Stand {n} · {count}"),
            format!("Stand {n}"),
        ];
        fit_first(t, lead, &names, t.title(), &[badge], cols)
    } else {
        let badge = Badge {
            text: "EXPOSED".into(),
            tone: Tone::Muted,
            help: String::new(),
        };
        let lead = vec![Span::styled("·", t.dim())];
        let names = match p.stand_exposure(c) {
            Some(cause) => {
                let cause = crate::text::escape_terminal(cause);
                vec![
                    format!("Stand {n} · {} · {cause}", units(total)),
                    format!("Stand {n} · {cause}"),
                ]
            }
            None => vec![format!("Stand {n} · {}", units(total))],
        };
        fit_first(t, lead, &names, t.dim(), &[badge], cols)
    }
}

/// A unit's line, `depth` levels in: its pips, id, name and badges (HID n first while it is
/// concealed).
fn unit_line(p: &RosterPane, t: &Theme, u: usize, depth: usize, cols: usize) -> Line<'static> {
    let b = p.battle;
    let r = &b.roster;
    let view = b.view();
    let esc = crate::text::escape_terminal;
    let info = &r.units[u];
    let st = &b.state().units[u];
    let style = if st.on_table() { Style::new() } else { t.dim() };
    let lead = vec![
        Span::raw("  ".repeat(depth) + "  "),
        Span::styled(
            pips(
                b.ruleset.losses(),
                st.hits,
                info.hit_limit,
                r.largest_limit(),
            ),
            t.hit(),
        ),
        Span::raw(" "),
        Span::styled(
            format!("{:<w$}", esc(&info.id), w = id_width(r)),
            style.add_modifier(Modifier::BOLD),
        ),
    ];
    let mut badges: Vec<Badge> = view.arrival_badge(u).into_iter().collect();
    badges.extend(view.concealment_badge(u));
    badges.extend(b.ruleset.badges(&view, u));
    fit(t, lead, esc(&info.name), style, &badges, cols)
}

/// The roster pane's title: the filters in force.
pub(super) fn roster_title(p: &RosterPane) -> String {
    let f = p.filter();
    let mut parts = Vec::new();
    if let Some(s) = f.side {
        parts.push(format!(
            "{} only",
            crate::text::escape_terminal(&p.battle.roster.sides[s].id)
        ));
    }
    if f.to_act {
        parts.push("still to act".to_string());
    }
    if f.hide_removed {
        parts.push("removed hidden".to_string());
    }
    if parts.is_empty() {
        " Roster ".to_string()
    } else {
        format!(" Roster: {} ", parts.join(" · "))
    }
}

/// The columns the roster pane needs to show every line whole (its widest line, its title and
/// its borders), as the rows stand now: worked out once for the lines the tree holds
/// ([`RosterTree::width`](crate::tui::roster::RosterTree)).
pub(super) fn roster_width(app: &App, t: &Theme) -> usize {
    let key = (
        app.battle().history().entries().len(),
        app.secrets_hidden(),
        t.color,
    );
    app.roster_tree().width(key, || {
        let p = app.roster_pane();
        let widest = app
            .rows()
            .iter()
            .map(|&r| row_line(&p, t, r, usize::MAX / 4).width())
            .max()
            .unwrap_or(0);
        widest.max(width(&roster_title(&p)) + 2) + 2
    })
}

pub(super) fn render_roster(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let rows = app.rows();
    let height = usize::from(area.height.saturating_sub(2));
    let cursor = app.cursor.min(rows.len().saturating_sub(1));
    let first = cursor.saturating_sub(height.saturating_sub(1));
    let mut areas = app.areas.get();
    areas.roster = area;
    areas.roster_first_row = first;
    app.areas.set(areas);
    let selected =
        matches!(app.mode, Mode::Main | Mode::Prompt { .. } | Mode::Markers).then_some(cursor);
    render_roster_pane(
        &app.roster_pane(),
        t,
        roster_title(&app.roster_pane()),
        first,
        selected,
        area,
        buf,
    );
}

/// A roster in a bordered pane titled `title`, from its line `first`, the line `selected` (if
/// any) shown selected.
pub(super) fn render_roster_pane(
    p: &RosterPane,
    t: &Theme,
    title: String,
    first: usize,
    selected: Option<usize>,
    area: Rect,
    buf: &mut Buffer,
) {
    let block = Block::bordered().title(title);
    let inner = block.inner(area);
    block.render(area, buf);
    let cols = usize::from(inner.width);
    let lines: Vec<Line> = p
        .rows()
        .iter()
        .enumerate()
        .skip(first)
        .take(usize::from(inner.height))
        .map(|(i, r)| {
            let line = row_line(p, t, *r, cols);
            if selected == Some(i) {
                line.patch_style(t.selected())
            } else {
                line
            }
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}

/// A badge with its meaning, for the panel.
fn badge_line(t: &Theme, badge: &Badge) -> Line<'static> {
    Line::from(vec![
        Span::styled(
            crate::text::escape_terminal(&badge.text),
            t.tone(badge.tone),
        ),
        Span::raw(format!(" {}", crate::text::escape_terminal(&badge.help))),
    ])
}

/// The procedures that take a concealment stand (an input named `stand`), with their keys, as
/// one line; none when no key starts one.
fn stand_keys(app: &App, t: &Theme) -> Option<Line<'static>> {
    let mut spans = Vec::new();
    for a in app.battle().ruleset.actions() {
        let takes_a_stand = a
            .params
            .iter()
            .any(|p| p.name == "stand" && matches!(p.kind, ParamKind::Int { .. }));
        if !a.in_battle || !takes_a_stand {
            continue;
        }
        let action = crate::tui::Action::Procedure(a.id.to_string());
        let key = app.keymap.hint(&action);
        if key.is_empty() {
            continue;
        }
        if !spans.is_empty() {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(key, t.key()));
        spans.push(Span::raw(format!(" {}", action.desc())));
    }
    (!spans.is_empty()).then(|| Line::from(spans))
}

/// The panel of a concealment stand: its number and side, whether it is still concealed, what
/// the enemy sees, the keys that expose or deploy it, and the units hidden behind it with their
/// strength; then those exposed from it, by cause. With the secrets hidden, a stand still
/// concealing units says nothing of them, not even how many.
fn stand_details(app: &App, t: &Theme, c: usize, lines: &mut Vec<Line<'static>>) {
    let b = app.battle();
    let r = &b.roster;
    let esc = crate::text::escape_terminal;
    let col = &r.columns[c];
    let n = col.number;
    let side = &r.sides[col.side];
    let hidden: Vec<usize> = app.hidden_units(c).collect();
    lines.push(Line::from(vec![
        Span::styled(format!("Stand {n}"), t.key()),
        Span::raw(format!(
            " — concealment stand of {} ({})",
            esc(&side.name),
            esc(&side.id)
        )),
    ]));
    if hidden.is_empty() {
        lines.push(Line::from(vec![
            Span::styled("EXPOSED", t.tone(Tone::Muted)),
            Span::raw(match app.stand_exposure(c) {
                Some(cause) => format!(" {}", esc(cause)),
                None => String::new(),
            }),
        ]));
        lines.push(Line::from(format!(
            "the enemy now sees its {}",
            units(col.units.len())
        )));
    } else if !app.roster_pane().sees_behind(c) {
        lines.push(Line::from(vec![
            Span::styled("CONCEALED", t.tone(Tone::Info)),
            Span::raw(" contents unseen"),
        ]));
        lines.push(Line::from(
            "what it hides is not shown while secrets are hidden",
        ));
        lines.extend(stand_keys(app, t));
    } else {
        let count = if hidden.len() == col.units.len() {
            units(hidden.len())
        } else {
            format!("{} of {}", hidden.len(), units(col.units.len()))
        };
        lines.push(Line::from(vec![
            Span::styled("CONCEALED", t.tone(Tone::Info)),
            Span::raw(format!(" {count} hidden behind it")),
        ]));
        lines.push(Line::from(format!(
            "the enemy sees: concealment stand {n} — contents unknown"
        )));
        lines.extend(stand_keys(app, t));
    }
}

/// The units of concealment stand `c` for its panel, after its first lines (`lines`), in a panel
/// of at most `rows` rows of `cols` columns: each unit still hidden behind it on a line of its
/// own (id, kind, strength, name) when every one can have a row; else all on one line, by id
/// with their strength as pips, as many as fit, and how many more; then those exposed from it,
/// by cause, in the list's order. The units hidden behind it are listed only for a viewer who
/// sees behind it (not with the secrets hidden).
fn stand_units(
    app: &App,
    t: &Theme,
    c: usize,
    cols: usize,
    rows: u16,
    lines: &mut Vec<Line<'static>>,
) {
    let b = app.battle();
    let r = &b.roster;
    let esc = crate::text::escape_terminal;
    let col = &r.columns[c];
    let hidden: Vec<usize> = app.hidden_units(c).collect();
    let listed: &[usize] = if app.roster_pane().sees_behind(c) {
        &hidden
    } else {
        &[]
    };
    // Those exposed from it, by cause, in the list's order.
    let mut exposed: Vec<(&str, Vec<&str>)> = Vec::new();
    for &u in col.units.iter().filter(|u| !hidden.contains(u)) {
        let cause = app.exposure(u).unwrap_or("exposed");
        match exposed.iter_mut().find(|(c, _)| *c == cause) {
            Some((_, ids)) => ids.push(&r.units[u].id),
            None => exposed.push((cause, vec![&r.units[u].id])),
        }
    }
    // A whole stand exposed at once has its cause above already.
    let one_cause = hidden.is_empty() && exposed.len() == 1;
    let exposed: Vec<Line<'static>> = exposed
        .into_iter()
        .map(|(cause, ids)| {
            let text = if one_cause {
                format!("exposed: {}", ids.join(", "))
            } else {
                format!("exposed ({cause}): {}", ids.join(", "))
            };
            Line::from(esc(&text))
        })
        .collect();
    let used = panel_rows(lines, cols);
    let left = usize::from(rows.saturating_sub(used)).saturating_sub(exposed.len());
    if listed.len() <= left {
        for &u in listed {
            let info = &r.units[u];
            let st = &b.state().units[u];
            let mut text = format!(" {}", esc(&info.kind));
            if info.hit_limit > 0 {
                text.push_str(&format!(
                    ", {}",
                    b.ruleset.losses().strength(st.hits, info.hit_limit)
                ));
            }
            if let Some(c) = &st.removed {
                text.push_str(&format!(", removed: {}", esc(c)));
            }
            text.push_str(&format!(" · {}", esc(&info.name)));
            lines.push(Line::from(vec![
                Span::styled(esc(&info.id), t.key()),
                Span::raw(text),
            ]));
        }
    } else if !listed.is_empty() {
        // As many as the rows left hold, and how many more.
        let rows_left = u16::try_from(left.max(1)).unwrap_or(u16::MAX);
        let fits = |text: &str| wrapped_rows(&Line::from(text.to_string()), cols) <= rows_left;
        let entry = |u: usize| {
            let info = &r.units[u];
            let st = &b.state().units[u];
            let pips = b.ruleset.losses().pips(st.hits, info.hit_limit);
            if pips.is_empty() {
                esc(&info.id)
            } else {
                format!("{} {pips}", esc(&info.id))
            }
        };
        let mut text = String::from("hidden:");
        for (i, &u) in listed.iter().enumerate() {
            let next = format!(
                " {}{}",
                entry(u),
                if i + 1 < listed.len() { "," } else { "" }
            );
            let more = listed.len() - i - 1;
            let tail = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            if i > 0 && !fits(&format!("{text}{next}{tail}")) {
                text.push_str(&format!(" and {} more", listed.len() - i));
                break;
            }
            text.push_str(&next);
        }
        lines.push(Line::from(text));
    }
    lines.extend(exposed);
}

/// The columns and rows inside the panel at its tallest in `right` ([`details_height`]).
fn details_room(right: Rect) -> (usize, u16) {
    let usual = (right.height / 3).clamp(5, 10);
    let most = right.height.saturating_sub(6).max(usual);
    (
        usize::from(right.width.saturating_sub(2)),
        most.saturating_sub(2),
    )
}

/// How many of `units` are on the table, how many are lost, and how many may still act.
fn unit_counts(b: &Battle, units: impl Iterator<Item = usize>) -> String {
    let view = b.view();
    let (mut in_play, mut lost, mut to_act) = (0, 0, 0);
    for u in units {
        if b.state().units[u].on_table() {
            in_play += 1;
        } else {
            lost += 1;
        }
        if b.ruleset.may_still_act(&view, u) {
            to_act += 1;
        }
    }
    let mut text = format!(
        "units: {in_play} in play, {lost} lost (of {})",
        in_play + lost
    );
    if to_act > 0 {
        text.push_str(&format!(", {to_act} still to act"));
    }
    text
}

/// What the panel shows for the selected line, then the offers standing and the area markers;
/// `right` is the column the panel shares with the log. With the secrets hidden, a formation or
/// side counts only its units in the open, and the offers are those the screen may show
/// ([`App::offers`]).
pub(super) fn details_lines(app: &App, t: &Theme, right: Rect) -> Vec<Line<'static>> {
    let b = app.battle();
    let r = &b.roster;
    let view = b.view();
    let esc = crate::text::escape_terminal;
    let mut lines: Vec<Line> = Vec::new();
    match app.selected_row() {
        Some(Row::Stand(c)) => {
            let (cols, rows) = details_room(right);
            stand_details(app, t, c, &mut lines);
            stand_units(app, t, c, cols, rows, &mut lines);
        }
        Some(Row::Unit(u) | Row::Concealed(u)) => {
            let info = &r.units[u];
            let st = &b.state().units[u];
            lines.push(Line::from(vec![
                Span::styled(esc(&info.id), t.key()),
                Span::raw(format!(
                    " {} — {}",
                    esc(&info.name),
                    [esc(&info.kind), esc(&info.quality)]
                        .into_iter()
                        .filter(|p| !p.is_empty())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
            ]));
            if info.hit_limit > 0 {
                lines.push(Line::from(format!(
                    "{}{}",
                    b.ruleset.losses().strength(st.hits, info.hit_limit),
                    st.removed
                        .as_ref()
                        .map(|c| format!(" — removed: {}", esc(c)))
                        .unwrap_or_default()
                )));
            }
            if let Some(badge) = view.arrival_badge(u) {
                lines.push(badge_line(t, &badge));
            }
            // Behind a stand: which, and what the enemy sees, with the keys that expose or deploy
            // it; once exposed, from which stand and why.
            match (view.concealment_badge(u), r.column_of(u)) {
                (Some(mut badge), Some(c)) => {
                    let n = r.columns[c].number;
                    badge.help = format!(
                        "concealed behind stand {n}: the enemy sees concealment stand {n} — contents unknown"
                    );
                    lines.push(badge_line(t, &badge));
                    lines.extend(stand_keys(app, t));
                }
                (Some(badge), None) => lines.push(badge_line(t, &badge)),
                (None, Some(c)) => {
                    if let Some(cause) = app.exposure(u) {
                        lines.push(Line::from(format!(
                            "exposed from stand {}: {}",
                            r.columns[c].number,
                            esc(cause)
                        )));
                    }
                }
                (None, None) => {}
            }
            for badge in b.ruleset.badges(&view, u) {
                lines.push(badge_line(t, &badge));
            }
        }
        Some(Row::Formation(f)) => {
            let fi = &r.formations[f];
            let what: Vec<String> = fi
                .level
                .iter()
                .chain([&fi.quality])
                .filter(|p| !p.is_empty())
                .map(|p| esc(p))
                .collect();
            let what = if what.is_empty() {
                String::new()
            } else {
                format!(" — {}", what.join(", "))
            };
            lines.push(Line::from(vec![
                Span::styled(esc(&fi.id), t.key()),
                Span::raw(format!(" {}{what}", esc(&fi.name))),
            ]));
            lines.push(Line::from(unit_counts(
                b,
                r.units_of(f).filter(|&u| app.shows_unit(u)),
            )));
            for badge in b.ruleset.formation_details(&view, f) {
                if app.shows_text(&badge.text) && app.shows_text(&badge.help) {
                    lines.push(badge_line(t, &badge));
                }
            }
        }
        Some(Row::Side(s)) => {
            let side = &r.sides[s];
            let turn = if b.state().active == s {
                " — its turn"
            } else {
                ""
            };
            lines.push(Line::from(vec![
                Span::styled(esc(&side.id), t.key()),
                Span::raw(format!(
                    " {}{}{turn}",
                    esc(&side.name),
                    crate::text::parenthesised([esc(&side.quality).as_str()])
                )),
            ]));
            lines.push(Line::from(unit_counts(
                b,
                (0..r.units.len()).filter(|&u| r.units[u].side == s && app.shows_unit(u)),
            )));
            for badge in b.ruleset.side_badges(&b.view(), s) {
                if app.shows_text(&badge.text) && app.shows_text(&badge.help) {
                    lines.push(badge_line(t, &badge));
                }
            }
        }
        None => lines.push(Line::from(Span::styled(
            "select a unit (↑↓, / search, : id)",
            t.dim(),
        ))),
    }
    for standing in app.offers() {
        lines.push(Line::from(vec![
            Span::styled(
                format!("{} ", app.keymap.hint(&crate::tui::Action::TakeOffer)),
                t.key(),
            ),
            Span::raw(offer_line(b, &standing)),
        ]));
    }
    for (id, m) in &b.state().areas {
        lines.push(Line::from(Span::styled(
            esc(&format!(
                "{id}: {} on {} (turn {}, {})",
                m.kind, m.label, m.turn, m.side
            )),
            t.tone(Tone::Info),
        )));
    }
    lines
}

/// Rows a line takes when word-wrapped at `cols` columns (spaces at the ends of rows trimmed, a
/// word longer than a row broken), as the panel's paragraph wraps it.
fn wrapped_rows(line: &Line, cols: usize) -> u16 {
    let cols = cols.max(1);
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let mut rows = 1u16;
    let mut used = 0usize;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut w = width(word);
        let gap = usize::from(used > 0);
        if used + gap + w <= cols {
            used += gap + w;
            continue;
        }
        if used > 0 {
            rows += 1;
        }
        while w > cols {
            rows += 1;
            w -= cols;
        }
        used = w;
    }
    rows
}

/// Rows the panel's lines take when wrapped at `cols` columns.
fn panel_rows(lines: &[Line], cols: usize) -> u16 {
    lines.iter().map(|l| wrapped_rows(l, cols)).sum()
}

/// The panel's height in `right` (the column it shares with the log): its usual third of the
/// column, or more when what it shows needs more, leaving the log at least four lines.
pub(super) fn details_height(lines: &[Line], right: Rect) -> u16 {
    let usual = (right.height / 3).clamp(5, 10);
    let most = right.height.saturating_sub(6).max(usual);
    let needed = panel_rows(lines, usize::from(right.width.saturating_sub(2)));
    (needed + 2).clamp(usual, most)
}

/// The panel's lines fitted to `rows` rows of `cols` columns: each line wraps while the lines
/// after it can still have a row each; the others are cut to one row with "…".
fn fit_panel(lines: Vec<Line<'static>>, cols: usize, rows: u16) -> Vec<Line<'static>> {
    let mut left = rows;
    let n = lines.len();
    let mut out = Vec::with_capacity(n);
    for (i, line) in lines.into_iter().enumerate() {
        let after = u16::try_from(n - i - 1).unwrap_or(u16::MAX);
        let whole = wrapped_rows(&line, cols);
        if whole + after <= left {
            left -= whole;
            out.push(line);
        } else {
            left = left.saturating_sub(1);
            out.push(clip_line(line, cols));
        }
    }
    out
}

/// The panel ([`details_lines`]): every line wrapped when they all fit, else as [`fit_panel`]
/// fits them.
pub(super) fn render_details(lines: Vec<Line<'static>>, area: Rect, buf: &mut Buffer) {
    let block = Block::bordered().title(" Selected ");
    let inner = block.inner(area);
    let lines = fit_panel(lines, usize::from(inner.width), inner.height);
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(block)
        .render(area, buf);
}

/// An offer in words with the units that may take it up (the first few of a long list).
pub(super) fn offer_line(
    b: &crate::battle::Battle,
    standing: &crate::battle::StandingOffer,
) -> String {
    const SHOWN: usize = 12;
    let ids: Vec<&str> = standing
        .actors
        .iter()
        .take(SHOWN)
        .map(|&u| b.roster.units[u].id.as_str())
        .collect();
    let more = standing.actors.len().saturating_sub(SHOWN);
    format!(
        "{}: {}{} may take it up",
        crate::text::escape_terminal(&standing.offer.text),
        crate::text::escape_terminal(&ids.join(", ")),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn badge(text: &str) -> Badge {
        Badge {
            text: text.into(),
            tone: Tone::Warn,
            help: String::new(),
        }
    }

    fn text(line: &Line) -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    }

    fn laid_out(color: bool, name: &str, badges: &[&str], cols: usize) -> String {
        let t = Theme { color };
        let badges: Vec<Badge> = badges.iter().map(|b| badge(b)).collect();
        let line = fit(
            &t,
            vec![Span::raw("  ○ id ")],
            name.into(),
            Style::new(),
            &badges,
            cols,
        );
        let s = text(&line);
        assert!(width(&s) <= cols, "{s:?} is wider than {cols}");
        s
    }

    #[test]
    fn the_name_gives_way_to_the_badges() {
        assert_eq!(
            laid_out(true, "A long name", &["SUP", "FIN"], 40),
            "  ○ id  A long name SUP FIN"
        );
        assert_eq!(
            laid_out(true, "A long name", &["SUP", "FIN"], 20),
            "  ○ id  A l… SUP FIN"
        );
        // Without colour, brackets first; then bare badges when the brackets leave no room.
        assert_eq!(
            laid_out(false, "A long name", &["SUP", "FIN"], 24),
            "  ○ id  A l… [SUP] [FIN]"
        );
        assert_eq!(
            laid_out(false, "A long name", &["SUP", "FIN"], 18),
            "  ○ id  A… SUP FIN"
        );
        assert_eq!(
            laid_out(false, "A long name", &["SUP", "FIN"], 15),
            "  ○ id  SUP FIN"
        );
    }

    #[test]
    fn badges_that_cannot_all_fit_are_counted() {
        assert_eq!(
            laid_out(true, "Name", &["PAR", "FIN", "CMD", "OPP"], 20),
            "  ○ id  PAR FIN +2"
        );
        assert_eq!(laid_out(true, "Name", &["PAR", "FIN"], 10), "  ○ id  +2");
    }

    #[test]
    fn clip_ends_in_an_ellipsis_only_when_it_cuts() {
        assert_eq!(clip("Sherman", 7), "Sherman");
        assert_eq!(clip("Sherman", 4), "She…");
        assert_eq!(clip("Sherman", 1), "…");
        assert_eq!(clip("Sherman", 0), "");
    }

    /// Rows a paragraph really takes, wrapped as the panel wraps it.
    fn drawn_rows(line: &Line<'static>, cols: u16) -> u16 {
        let area = Rect::new(0, 0, cols, 40);
        let mut buf = Buffer::empty(area);
        Paragraph::new(line.clone())
            .wrap(Wrap { trim: true })
            .render(area, &mut buf);
        (0..40)
            .filter(|&y| (0..cols).any(|x| buf[(x, y)].symbol() != " "))
            .max()
            .map_or(1, |y| y + 1)
    }

    #[test]
    fn wrapped_rows_counts_as_the_panel_wraps() {
        for text in [
            "PAR Paralyzed: may not move (except a panic move); fires only once, defending in close combat",
            "BACK T3 a replacement leader returns at the start of its side's turn on turn 3",
            "i-902 I. Bataillon, Panzergrenadier-Lehr-Regiment 902 — battalion, elite",
            "o opportunity fire at 1-1 after it fired: gkf, stug, g1l, g12, g13, g2l, g21",
            "abcdefghijklmnopqrstuvwxyz",
        ] {
            let line = Line::from(text);
            for cols in 10..=60 {
                assert_eq!(
                    wrapped_rows(&line, usize::from(cols)),
                    drawn_rows(&line, cols),
                    "{text:?} at {cols} columns"
                );
            }
        }
    }
}
