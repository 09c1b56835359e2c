//! The report's charts as SVG, drawn with plotters' SVG backend (no font files: text is left to
//! the reader's browser as `<text>` elements): each side's strength over the turns
//! ([`strength_svg`]) and the losses of each turn ([`losses_svg`]).
//!
//! Every side gets one colour and one marker shape, the same in both charts, so that a chart
//! printed in black and white still tells the sides apart. Text is escaped for XML by the backend
//! itself; what XML cannot hold at all (control characters) is replaced before it is drawn.

use super::Report;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The size of a chart, in pixels (it scales: the SVG has a `viewBox`).
const WIDTH: u32 = 720;
const HEIGHT: u32 = 380;
const FONT: &str = "sans-serif";

/// The sides' colours, in the roster's order, dark enough to print.
const COLOURS: [RGBColor; 6] = [
    RGBColor(0x1f, 0x4e, 0x9c),
    RGBColor(0xb2, 0x22, 0x22),
    RGBColor(0x2e, 0x7d, 0x32),
    RGBColor(0x6a, 0x1b, 0x9a),
    RGBColor(0xc4, 0x5a, 0x00),
    RGBColor(0x37, 0x47, 0x4f),
];

fn colour(side: usize) -> RGBColor {
    COLOURS[side % COLOURS.len()]
}

/// Text as XML may hold it: control characters (which no XML document may contain) become
/// spaces. The backend escapes `&<>"'` itself.
fn label(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || c == '\u{fffe}' || c == '\u{ffff}' {
                ' '
            } else {
                c
            }
        })
        .collect()
}

/// Text escaped for XML, for what this module writes itself (not through the backend).
fn escape_xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in label(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A round top for the y axis at or above `max` (at least 1), and the step between its ticks:
/// integers only, at most about 8 ticks.
fn y_scale(max: u32) -> (u32, u32) {
    let max = max.max(1);
    let mut step = 1;
    'found: for magnitude in [1u32, 10, 100, 1_000, 10_000, 100_000, 1_000_000] {
        for m in [1, 2, 5] {
            step = m * magnitude;
            if max.div_ceil(step) <= 8 {
                break 'found;
            }
        }
    }
    (max.div_ceil(step) * step, step)
}

/// A side's marker at `at`, its shape chosen by the side's place in the roster.
fn marker<DB: DrawingBackend>(side: usize, at: (f64, f64)) -> DynElement<'static, DB, (f64, f64)> {
    let style = colour(side).filled();
    match side % 3 {
        0 => Circle::new(at, 4, style).into_dyn(),
        1 => TriangleMarker::new(at, 5, style).into_dyn(),
        _ => Cross::new(at, 4, colour(side).stroke_width(2)).into_dyn(),
    }
}

/// The legend as a row (or rows) of samples over the plot: a line with the side's marker (or, for
/// `bars`, a filled square) and its name. Returns the height it took.
fn legend(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    sides: &[(String, String)],
    bars: bool,
) -> Result<i32, DrawingAreaErrorKind<std::io::Error>> {
    let (width, _) = area.dim_in_pixel();
    let (mut x, mut y) = (60i32, 12i32);
    let style = TextStyle::from((FONT, 16).into_font())
        .color(&BLACK)
        .pos(Pos::new(HPos::Left, VPos::Center));
    for (s, (_, name)) in sides.iter().enumerate() {
        let name = label(name);
        // The backend has no font to measure with: 8 px a character is generous for 13 px text.
        let w = 40 + 8 * name.chars().count() as i32 + 24;
        if x + w > width as i32 && x > 60 {
            x = 60;
            y += 22;
        }
        let c = colour(s);
        if bars {
            area.draw(&Rectangle::new(
                [(x + 8, y - 7), (x + 22, y + 7)],
                c.filled(),
            ))?;
        } else {
            area.draw(&PathElement::new(
                vec![(x, y), (x + 30, y)],
                c.stroke_width(2),
            ))?;
            let m = (x + 15, y);
            match s % 3 {
                0 => area.draw(&Circle::new(m, 4, c.filled()))?,
                1 => area.draw(&TriangleMarker::new(m, 5, c.filled()))?,
                _ => area.draw(&Cross::new(m, 4, c.stroke_width(2)))?,
            }
        }
        area.draw(&Text::new(name, (x + 38, y), style.clone()))?;
        x += w;
    }
    Ok(y + 14)
}

/// A chart drawn by `draw` on a `WIDTH`×`HEIGHT` SVG, with `title` as its caption and as its
/// `<title>`; a chart that cannot be drawn is an SVG saying so.
fn svg(
    title: &str,
    draw: impl FnOnce(
        &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    ) -> Result<(), DrawingAreaErrorKind<std::io::Error>>,
) -> String {
    let mut buf = String::new();
    let drawn = {
        let root = SVGBackend::with_string(&mut buf, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE)
            .and_then(|()| root.titled(&label(title), (FONT, 22).into_font().color(&BLACK)))
            .and_then(|area| draw(&area))
            .and_then(|()| root.present())
    };
    if drawn.is_err() {
        return format!(
            "<svg width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" xmlns=\"http://www.w3.org/2000/svg\"><title>{t}</title><text x=\"20\" y=\"40\" font-family=\"{FONT}\">{t}: the chart could not be drawn</text></svg>\n",
            t = escape_xml(title)
        );
    }
    // The chart's name for readers and screen readers, right after the opening tag.
    match buf.find('>') {
        Some(end) => {
            buf.insert_str(end + 1, &format!("\n<title>{}</title>", escape_xml(title)));
            buf
        }
        None => buf,
    }
}

/// An axis of numbers from `lo` to `hi`, ticked (and gridded) exactly at `ticks`: whole turns
/// across, whole numbers up.
struct Axis {
    lo: f64,
    hi: f64,
    ticks: Vec<f64>,
}

impl Ranged for Axis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let share = (value - self.lo) / (self.hi - self.lo);
        (f64::from(limit.0) + share * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, _hint: Hint) -> Vec<f64> {
        self.ticks.clone()
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.lo..self.hi
    }
}

/// The x axis of `n` categories at 0, 1, … n-1 (at least one).
fn categories(n: usize) -> Axis {
    let n = n.max(1);
    Axis {
        lo: -0.5,
        hi: n as f64 - 0.5,
        ticks: (0..n).map(|i| i as f64).collect(),
    }
}

/// The label of category `x` (a key point at an integer).
fn category_label(labels: &[String], x: f64) -> String {
    let i = x.round();
    if (x - i).abs() > 1e-6 || i < 0.0 {
        return String::new();
    }
    labels.get(i as usize).map(|l| label(l)).unwrap_or_default()
}

/// The y axis from 0 to a round top over `max`, ticked at whole numbers.
fn values(max: u32) -> Axis {
    let (top, step) = y_scale(max);
    Axis {
        lo: 0.0,
        hi: f64::from(top),
        ticks: (0..=top / step).map(|k| f64::from(k * step)).collect(),
    }
}

/// Each side's strength at the start and at the end of every turn: one line a side, in the rule
/// set's measure (`figures left`, `units in play`).
pub fn strength_svg(report: &Report) -> String {
    let title = format!("Strength over the battle ({})", report.strength_measure);
    let labels: Vec<String> = report.strength.iter().map(|p| p.label.clone()).collect();
    let max = report
        .strength
        .iter()
        .flat_map(|p| p.values.iter().copied())
        .max()
        .unwrap_or(0);
    svg(&title, |area| {
        let top = legend(area, &report.sides, false)?;
        let (_, plot) = area.split_vertically(top);
        let y = values(max);
        let mut chart = ChartBuilder::on(&plot)
            .margin(10)
            .margin_right(24)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(categories(labels.len()), y)?;
        let x_label = |x: &f64| category_label(&labels, *x);
        let y_label = |y: &f64| format!("{y:.0}");
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .bold_line_style(RGBColor(0xdd, 0xdd, 0xdd))
            .x_label_formatter(&x_label)
            .y_label_formatter(&y_label)
            .y_desc(label(&report.strength_measure))
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 16))
            .draw()?;
        for s in 0..report.sides.len() {
            let points: Vec<(f64, f64)> = report
                .strength
                .iter()
                .enumerate()
                .map(|(i, p)| (i as f64, f64::from(p.values.get(s).copied().unwrap_or(0))))
                .collect();
            chart.draw_series(LineSeries::new(points.clone(), colour(s).stroke_width(2)))?;
            chart.draw_series(points.into_iter().map(|at| marker(s, at)))?;
        }
        Ok(())
    })
}

/// The losses of each turn played, each side's a bar beside the others', in the rule set's
/// measure (`figures lost`, `hits taken`).
pub fn losses_svg(report: &Report) -> String {
    let title = format!("Losses per turn ({})", report.losses_measure);
    let turns: Vec<&super::TurnAccount> = report.turns.iter().filter(|t| t.turn > 0).collect();
    let labels: Vec<String> = if turns.is_empty() {
        vec!["no turn played".into()]
    } else {
        turns.iter().map(|t| format!("turn {}", t.turn)).collect()
    };
    let max = turns
        .iter()
        .flat_map(|t| t.losses.iter().copied())
        .max()
        .unwrap_or(0);
    let sides = report.sides.len().max(1);
    svg(&title, |area| {
        let top = legend(area, &report.sides, true)?;
        let (_, plot) = area.split_vertically(top);
        let y = values(max);
        let mut chart = ChartBuilder::on(&plot)
            .margin(10)
            .margin_right(24)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(categories(labels.len()), y)?;
        let x_label = |x: &f64| category_label(&labels, *x);
        let y_label = |y: &f64| format!("{y:.0}");
        chart
            .configure_mesh()
            .disable_x_mesh()
            .light_line_style(WHITE)
            .bold_line_style(RGBColor(0xdd, 0xdd, 0xdd))
            .x_label_formatter(&x_label)
            .y_label_formatter(&y_label)
            .y_desc(label(&report.losses_measure))
            .label_style((FONT, 15))
            .axis_desc_style((FONT, 16))
            .draw()?;
        // Each turn's slot is 0.8 wide, shared by the sides' bars.
        let width = 0.8 / sides as f64;
        for s in 0..report.sides.len() {
            let bars = turns.iter().enumerate().map(|(i, t)| {
                let x0 = i as f64 - 0.4 + width * s as f64;
                let v = f64::from(t.losses.get(s).copied().unwrap_or(0));
                Rectangle::new(
                    [(x0 + 0.02, 0.0), (x0 + width - 0.02, v)],
                    colour(s).filled(),
                )
            });
            chart.draw_series(bars)?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Viewer;
    use crate::report::{StrengthPoint, TurnAccount};

    fn report(sides: &[(&str, &str)], strength: Vec<Vec<u32>>, losses: Vec<Vec<u32>>) -> Report {
        Report {
            title: "T".into(),
            result: None,
            description: None,
            ruleset: "scruby".into(),
            ruleset_title: "Scruby".into(),
            options: vec![],
            started: chrono::DateTime::UNIX_EPOCH,
            last_entry: chrono::DateTime::UNIX_EPOCH,
            played: chrono::Duration::zero(),
            viewer: Viewer::Umpire,
            viewer_words: String::new(),
            sides: sides
                .iter()
                .map(|(i, n)| (i.to_string(), n.to_string()))
                .collect(),
            order_of_battle: vec![],
            turns: losses
                .into_iter()
                .enumerate()
                .map(|(i, l)| TurnAccount {
                    turn: i as u32 + 1,
                    items: vec![],
                    units_lost: vec![0; l.len()],
                    units_left: vec![0; l.len()],
                    losses: l,
                })
                .collect(),
            strength_measure: "figures left".into(),
            losses_measure: "figures lost".into(),
            loss_words: ("figure lost".into(), "figures lost".into()),
            unit_words: ("unit".into(), "units".into()),
            strength: strength
                .into_iter()
                .enumerate()
                .map(|(i, values)| StrengthPoint {
                    label: if i == 0 {
                        "start".into()
                    } else {
                        format!("turn {i}")
                    },
                    values,
                })
                .collect(),
            final_state: vec![],
            outcome: vec![],
            undone: 0,
            torn: None,
        }
    }

    fn well_formed(svg: &str) {
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
        assert!(svg.contains("xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains("viewBox="));
        // Every element that opens is closed: the tags balance.
        let opens = svg.matches('<').count();
        let closes = svg.matches('>').count();
        assert_eq!(opens, closes, "every < has its >");
        for tag in ["text", "g", "title"] {
            let open =
                svg.matches(&format!("<{tag} ")).count() + svg.matches(&format!("<{tag}>")).count();
            assert_eq!(
                open,
                svg.matches(&format!("</{tag}>")).count(),
                "<{tag}> balanced"
            );
        }
        assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
    }

    /// The number of points of each data line drawn in `colour` (its legend's sample, two points
    /// across 30 px, left out).
    fn series(svg: &str, colour: &str) -> Vec<usize> {
        svg.lines()
            .filter(|l| l.starts_with("<polyline") && l.contains(&format!("stroke=\"{colour}\"")))
            .map(|l| {
                let points = l
                    .split("points=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap();
                points.split_whitespace().collect::<Vec<_>>()
            })
            .filter(|p| {
                let xy = |s: &str| -> (i32, i32) {
                    let (x, y) = s.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                };
                !(p.len() == 2 && {
                    let ((x0, y0), (x1, y1)) = (xy(p[0]), xy(p[1]));
                    x1 - x0 == 30 && y0 == y1
                })
            })
            .map(|p| p.len())
            .collect()
    }

    #[test]
    fn strength_chart_has_a_line_a_side_with_the_names_and_labels() {
        let r = report(
            &[("au", "Austrians"), ("fr", "French")],
            vec![vec![30, 28], vec![27, 25], vec![20, 24]],
            vec![vec![3, 3], vec![7, 1]],
        );
        let svg = strength_svg(&r);
        well_formed(&svg);
        assert_eq!(series(&svg, "#1F4E9C"), vec![3], "{svg}");
        assert_eq!(series(&svg, "#B22222"), vec![3], "{svg}");
        for text in [
            "Austrians",
            "French",
            "start",
            "turn 1",
            "turn 2",
            "figures left",
        ] {
            assert!(svg.contains(text), "{text} missing:\n{svg}");
        }
        assert!(svg.contains("<title>Strength over the battle (figures left)</title>"));
    }

    #[test]
    fn losses_chart_has_a_bar_a_side_a_turn() {
        let r = report(
            &[("au", "Austrians"), ("fr", "French")],
            vec![vec![30, 28]],
            vec![vec![3, 0], vec![7, 1]],
        );
        let svg = losses_svg(&r);
        well_formed(&svg);
        let blue = svg.matches("fill=\"#1F4E9C\"").count();
        let red = svg.matches("fill=\"#B22222\"").count();
        assert!(blue >= 2 && red >= 2, "{svg}");
        for text in ["turn 1", "turn 2", "figures lost", "Losses per turn"] {
            assert!(svg.contains(text), "{text} missing:\n{svg}");
        }
    }

    #[test]
    fn one_point_no_turn_and_zero_strength_still_make_charts() {
        let r = report(&[("a", "A"), ("b", "B")], vec![vec![0, 0]], vec![]);
        for svg in [strength_svg(&r), losses_svg(&r)] {
            well_formed(&svg);
        }
        assert_eq!(series(&strength_svg(&r), "#1F4E9C"), vec![1]);
        assert_eq!(series(&strength_svg(&r), "#B22222"), vec![1]);
        assert!(losses_svg(&r).contains("no turn played"));
        let none = report(&[("a", "A")], vec![], vec![]);
        well_formed(&strength_svg(&none));
    }

    #[test]
    fn names_are_escaped_once_and_control_characters_dropped() {
        let r = report(
            &[
                ("x", "<script>alert(\"x\")</script> & 'co'\u{1}"),
                ("y", "B"),
            ],
            vec![vec![1, 1], vec![1, 0]],
            vec![vec![0, 1]],
        );
        for svg in [strength_svg(&r), losses_svg(&r)] {
            well_formed(&svg);
            assert!(!svg.contains("<script"), "{svg}");
            assert!(
                svg.contains(
                    "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;co&apos;"
                ),
                "{svg}"
            );
            assert!(!svg.contains("&amp;lt;"), "escaped twice:\n{svg}");
            assert!(!svg.contains('\u{1}'));
        }
    }

    #[test]
    fn y_scale_is_round_and_whole() {
        assert_eq!(y_scale(0), (1, 1));
        assert_eq!(y_scale(7), (7, 1));
        assert_eq!(y_scale(9), (10, 2));
        assert_eq!(y_scale(33), (35, 5));
        assert_eq!(y_scale(140), (140, 20));
        assert_eq!(y_scale(141), (160, 20));
    }
}
