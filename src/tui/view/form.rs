//! A procedure's form over the screen: its inputs, the dice field and the live exact odds. With
//! the secrets hidden, a form whose inputs name a concealed unit shows what the umpire types and
//! nothing the battle works out from it: no odds, no value filled in from the battle, no refusal.

use super::*;

pub(super) fn field_value(form: &Form, i: usize) -> String {
    let f = &form.fields[i];
    match f.def.kind {
        ParamKind::Flag => {
            let on = f.text == "yes" || f.text == "true";
            if on { "[x]" } else { "[ ]" }.to_string()
        }
        ParamKind::Choice(c) if i == form.focus => c
            .iter()
            .map(|x| {
                if *x == f.text {
                    format!("‹{x}›")
                } else {
                    x.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join(" "),
        ParamKind::Choice(_) => f.text.clone(),
        _ => f.text.clone(),
    }
}

pub(super) fn render_form(app: &App, form: &Form, t: &Theme, area: Rect, buf: &mut Buffer) {
    let r = popup(
        area,
        area.width.saturating_sub(4).min(110),
        area.height.saturating_sub(2),
    );
    Clear.render(r, buf);
    let block = Block::bordered()
        .title(format!(" {} ", form.action.id.replace('-', " ")))
        .title_bottom(Line::from(vec![
            Span::styled(" enter", t.key()),
            Span::raw(" resolve  "),
            Span::styled("tab", t.key()),
            Span::raw(" next  "),
            Span::styled(crate::tui::form::DICE_KEY, t.key()),
            Span::raw(" dice  "),
            Span::styled("space ←→", t.key()),
            Span::raw(" change  "),
            Span::styled("esc", t.key()),
            Span::raw(" cancel "),
        ]));
    let inner = block.inner(r);
    block.render(r, buf);
    let wide = inner.width >= 80;
    let [fields_area, odds_area] = if wide {
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(inner)
    } else {
        let h = inner.height / 2;
        Layout::vertical([Constraint::Fill(1), Constraint::Length(h)]).areas(inner)
    };
    let b = app.battle();
    // What the battle works out from the inputs may be shown (not a concealed unit's secret).
    let open = app.shows_form(form);
    let hidden_words = "hidden while secrets are hidden";
    let name_w = form
        .shown()
        .map(|(_, f)| f.def.name.len())
        .max()
        .unwrap_or(4)
        + 2;
    let mut lines: Vec<Line> = Vec::new();
    let mut shown_known = false;
    // The line of the focused input, to keep it in view.
    let mut focus_line = 0;
    for (i, f) in form.shown() {
        if f.def.scope == Scope::Derived && !shown_known {
            lines.push(Line::from(Span::styled("known from the battle:", t.dim())));
            shown_known = true;
        }
        let focus = i == form.focus;
        if focus {
            focus_line = lines.len();
        }
        let mut spans = vec![
            Span::styled(if focus { "› " } else { "  " }, t.key()),
            Span::styled(
                format!("{:<w$}", f.def.name, w = name_w),
                if focus { t.key() } else { Style::new() },
            ),
            Span::styled(
                if f.known && !open {
                    format!("({hidden_words})")
                } else {
                    crate::text::escape_terminal(&field_value(form, i))
                } + if focus && !matches!(f.def.kind, ParamKind::Flag | ParamKind::Choice(_)) {
                    "▏"
                } else {
                    ""
                },
                if f.known {
                    t.tone(Tone::Info)
                } else {
                    Style::new().add_modifier(Modifier::BOLD)
                },
            ),
        ];
        if f.def.kind == ParamKind::Unit
            && let Some(u) = b.roster.unit_index(&f.text)
            && app.shows_unit(u)
        {
            spans.push(Span::styled(
                format!(
                    "  {}",
                    crate::text::escape_terminal(&b.roster.units[u].name)
                ),
                t.dim(),
            ));
        }
        lines.push(Line::from(spans));
        // A unit input's list: the units its text may stand for, the highlighted one taken by
        // tab or enter.
        let candidates = if focus {
            form.candidates(b)
        } else {
            Vec::new()
        };
        if !candidates.is_empty() {
            let pick = form.pick.min(candidates.len() - 1);
            for (k, &u) in candidates.iter().enumerate() {
                let info = &b.roster.units[u];
                let here = k == pick;
                lines.push(Line::from(vec![
                    Span::styled(if here { "    ▸ " } else { "      " }, t.key()),
                    Span::styled(
                        crate::text::escape_terminal(&info.id),
                        if here { t.key() } else { Style::new() },
                    ),
                    Span::styled(
                        format!("  {}", crate::text::escape_terminal(&info.name)),
                        t.dim(),
                    ),
                ]));
            }
            lines.push(Line::from(Span::styled(
                if f.def.kind == ParamKind::List {
                    "    ↑↓ choose  , take it and add one  tab go on  enter resolve"
                } else {
                    "    ↑↓ choose  tab take it and go on  enter take it and resolve"
                },
                t.dim(),
            )));
            continue;
        }
        if let Some(e) = &f.error {
            let e = screened(app, e);
            lines.push(Line::from(Span::styled(format!("    {e}"), t.error())));
        } else if focus {
            lines.push(Line::from(Span::styled(
                format!("    {}", f.def.help),
                t.dim(),
            )));
        }
    }
    let dice_focus = form.focus >= form.fields.len();
    if dice_focus {
        focus_line = lines.len();
    }
    lines.push(Line::from(vec![
        Span::styled(if dice_focus { "› " } else { "  " }, t.key()),
        Span::styled(
            format!("{:<w$}", "dice", w = name_w),
            if dice_focus { t.key() } else { Style::new() },
        ),
        Span::styled(
            form.dice.clone() + if dice_focus { "▏" } else { "" },
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Span::styled(
            {
                let note = app.battle().ruleset.die().typing_note();
                let with = |sep: &str| note.map_or(String::new(), |n| format!("{sep}{n}"));
                match app.dice_mode {
                    DiceMode::Program if form.dice.is_empty() => {
                        "  (empty: the program rolls)".to_string()
                    }
                    DiceMode::Program => format!("  (typed faces{})", with(", ")),
                    DiceMode::Typed => {
                        format!("  (type the faces thrown, in order{})", with("; "))
                    }
                }
            },
            t.dim(),
        ),
    ]));
    // The error, or what the rules already refuse, or what the procedure does, on top; the
    // inputs scroll just enough to show the focused one with its help line.
    let head = match form.error.as_ref().or(form.refusal.as_ref()) {
        Some(e) if open && app.shows_text(e) => {
            Line::from(Span::styled(crate::text::escape_terminal(e), t.error()))
        }
        Some(_) => Line::from(Span::styled(
            format!("what the rules say of these inputs is {hidden_words}"),
            t.error(),
        )),
        None => Line::from(Span::styled(form.action.help, t.dim())),
    };
    // The procedure's help in full where there is room (a third of the inputs' side).
    let head_height = wrapped_height(&Text::from(head.clone()), fields_area.width)
        .min((fields_area.height / 3).max(3));
    let [head_area, list_area] =
        Layout::vertical([Constraint::Length(head_height), Constraint::Fill(1)]).areas(fields_area);
    Paragraph::new(head)
        .wrap(Wrap { trim: false })
        .render(head_area, buf);
    let rows: Vec<u16> = lines
        .iter()
        .map(|l| line_rows(l, list_area.width))
        .collect();
    let focus_top: u16 = rows[..focus_line].iter().sum();
    let focus_bottom: u16 = rows[..(focus_line + 2).min(rows.len())].iter().sum();
    let scroll = focus_bottom.saturating_sub(list_area.height).min(focus_top);
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .scroll((scroll, 0))
        .render(list_area, buf);
    if open {
        render_odds(app, &form.odds, t, odds_area, buf);
    } else {
        render_hidden_odds(app, t, odds_area, buf);
    }
}

/// The odds box of a form naming a concealed unit while the secrets are hidden: that the odds are
/// hidden, and how to show them.
fn render_hidden_odds(app: &App, t: &Theme, area: Rect, buf: &mut Buffer) {
    let block = Block::bordered().title(" Exact odds ");
    let inner = block.inner(area);
    block.render(area, buf);
    let key = app.keymap.hint(&crate::tui::Action::HideSecrets);
    let mut lines = vec![
        Line::from(Span::styled(
            "Odds hidden while secrets are hidden",
            t.title(),
        )),
        Line::from(Span::styled(
            "the inputs name a unit still concealed",
            t.dim(),
        )),
    ];
    if !key.is_empty() {
        lines.push(Line::from(vec![
            Span::raw("esc closes the form, then "),
            Span::styled(key, t.key()),
            Span::raw(" shows the secrets"),
        ]));
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

pub(super) fn render_odds(app: &App, odds: &Odds, t: &Theme, area: Rect, buf: &mut Buffer) {
    let block = Block::bordered().title(" Exact odds ");
    let inner = block.inner(area);
    block.render(area, buf);
    // Each line with whether it is an outcome, so that what does not fit is counted.
    let lines: Vec<(Line, bool)> = match odds {
        Odds::Pending(why) => vec![(Line::from(Span::styled(screened(app, why), t.dim())), false)],
        Odds::Ready(r) => {
            let mut l = vec![(Line::from(Span::styled(r.title.as_str(), t.title())), false)];
            for line in &r.results {
                l.push((
                    Line::from(vec![
                        Span::styled(
                            format!("{:>7}% ", crate::odds::percent(line.probability)),
                            t.key(),
                        ),
                        Span::raw(line.result.as_str()),
                    ]),
                    true,
                ));
            }
            for n in &r.notes {
                l.push((Line::from(Span::styled(format!("· {n}"), t.dim())), false));
            }
            for (k, v) in &r.extra {
                // Never "-0.00": a figure a hair below zero is zero.
                let shown = if k.starts_with("p_") {
                    format!("{}%", crate::odds::percent(*v))
                } else {
                    format!("{:.2}", crate::odds::tidy(*v))
                };
                l.push((
                    Line::from(Span::styled(
                        format!("{}: {shown}", k.replace('_', " ")),
                        t.dim(),
                    )),
                    false,
                ));
            }
            l
        }
    };
    Paragraph::new(fit_odds(lines, inner.width, inner.height, t))
        .wrap(Wrap { trim: false })
        .render(inner, buf);
}

/// The odds lines that fit in `height` rows; when some do not, the last row says how many
/// outcomes and notes are left out, so that a short box never passes for the whole.
fn fit_odds<'a>(lines: Vec<(Line<'a>, bool)>, width: u16, height: u16, t: &Theme) -> Vec<Line<'a>> {
    let total: u16 = lines.iter().map(|(l, _)| line_rows(l, width)).sum();
    if total <= height {
        return lines.into_iter().map(|(l, _)| l).collect();
    }
    let mut kept = Vec::new();
    let mut used = 0;
    let mut rest = lines.into_iter();
    for (l, outcome) in rest.by_ref() {
        let rows = line_rows(&l, width);
        if used + rows >= height {
            let (mut outcomes, mut notes) = (usize::from(outcome), usize::from(!outcome));
            for (_, o) in rest.by_ref() {
                outcomes += usize::from(o);
                notes += usize::from(!o);
            }
            let count = |n: usize, one: &str, many: &str| match n {
                0 => None,
                1 => Some(format!("1 more {one}")),
                n => Some(format!("{n} more {many}")),
            };
            let hidden: Vec<String> = [
                count(outcomes, "outcome", "outcomes"),
                count(notes, "note", "notes"),
            ]
            .into_iter()
            .flatten()
            .collect();
            kept.push(Line::from(Span::styled(
                format!("… {} (a taller window shows them)", hidden.join(" and ")),
                t.key(),
            )));
            break;
        }
        used += rows;
        kept.push(l);
    }
    kept
}
