//! The roster pane (sides, formations and units with their hit pips and badges) and the
//! selected-unit panel beside it.

use super::*;

/// Hit pips against the limit: ● for each hit taken, ○ for each left.
pub(super) fn pips(hits: u32, limit: u32) -> String {
    let taken = hits.min(limit) as usize;
    let shown = "●".repeat(taken) + &"○".repeat(limit as usize - taken);
    format!("{shown:<3}")
}

pub(super) fn badge_spans(t: &Theme, badges: &[Badge]) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    for b in badges {
        out.push(Span::raw(" "));
        let text = if t.color {
            b.text.clone()
        } else {
            format!("[{}]", b.text)
        };
        out.push(Span::styled(text, t.tone(b.tone)));
    }
    out
}

/// The width of the id column: the longest id, within reason.
pub(super) fn id_width(r: &crate::battle::Roster) -> usize {
    r.longest_id().clamp(4, 10)
}

pub(super) fn row_line(app: &App, t: &Theme, row: Row) -> Line<'static> {
    let b = app.battle();
    let r = &b.roster;
    let view = b.view();
    match row {
        Row::Side(s) => {
            let side = &r.sides[s];
            Line::from(Span::styled(
                format!("{} ({})", side.name, side.quality),
                t.side(),
            ))
        }
        Row::Formation(f) => {
            let fi = &r.formations[f];
            let mut spans = vec![Span::styled(
                format!(
                    "{}▸ {}{}",
                    "  ".repeat(fi.depth),
                    fi.name,
                    fi.level
                        .as_ref()
                        .map(|l| format!(" ({l})"))
                        .unwrap_or_default()
                ),
                t.title(),
            )];
            spans.extend(badge_spans(t, &b.ruleset.formation_badges(&view, f)));
            Line::from(spans)
        }
        Row::Unit(u) => {
            let info = &r.units[u];
            let st = &b.state().units[u];
            let depth = info.formation.map_or(0, |f| r.formations[f].depth + 1);
            let style = if st.on_table() { Style::new() } else { t.dim() };
            let mut spans = vec![
                Span::raw("  ".repeat(depth) + "  "),
                Span::styled(pips(st.hits, info.hit_limit), t.hit()),
                Span::raw(" "),
                Span::styled(
                    format!("{:<w$}", info.id, w = id_width(r)),
                    style.add_modifier(Modifier::BOLD),
                ),
                Span::styled(format!(" {}", info.name), style),
            ];
            spans.extend(badge_spans(t, &b.ruleset.badges(&view, u)));
            Line::from(spans)
        }
    }
}

pub(super) fn render_roster(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let block = Block::bordered().title(" Roster ");
    let inner = block.inner(area);
    block.render(area, buf);
    let rows = app.rows();
    let height = usize::from(inner.height);
    let cursor = app.cursor.min(rows.len().saturating_sub(1));
    let first = cursor.saturating_sub(height.saturating_sub(1));
    let mut areas = app.areas.get();
    areas.roster = area;
    areas.roster_first_row = first;
    app.areas.set(areas);
    let lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .skip(first)
        .take(height)
        .map(|(i, r)| {
            let line = row_line(app, t, *r);
            if i == cursor && matches!(app.mode, Mode::Main | Mode::Prompt { .. } | Mode::Markers) {
                line.patch_style(t.selected())
            } else {
                line
            }
        })
        .collect();
    Paragraph::new(lines).render(inner, buf);
}

pub(super) fn render_details(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let b = app.battle();
    let mut lines: Vec<Line> = Vec::new();
    if let Some(u) = app.selected_unit() {
        let info = &b.roster.units[u];
        let st = &b.state().units[u];
        lines.push(Line::from(vec![
            Span::styled(info.id.clone(), t.key()),
            Span::raw(format!(" {} — {}, {}", info.name, info.kind, info.quality)),
        ]));
        if info.hit_limit > 0 {
            lines.push(Line::from(format!(
                "hits {}/{}{}",
                st.hits,
                info.hit_limit,
                st.removed
                    .as_ref()
                    .map(|c| format!(" — removed: {c}"))
                    .unwrap_or_default()
            )));
        }
        for badge in b.ruleset.badges(&b.view(), u) {
            lines.push(Line::from(vec![
                Span::styled(badge.text.clone(), t.tone(badge.tone)),
                Span::raw(format!(" {}", badge.help)),
            ]));
        }
    } else {
        lines.push(Line::from(Span::styled(
            "select a unit (↑↓, / search, : id)",
            t.dim(),
        )));
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
    for m in b.state().areas.values() {
        lines.push(Line::from(Span::styled(
            format!("{}: {} (turn {}, {})", m.kind, m.label, m.turn, m.side),
            t.tone(Tone::Info),
        )));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .block(Block::bordered().title(" Selected "))
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
        ids.join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    )
}
