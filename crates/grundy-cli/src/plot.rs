//! `grundy values GAME --to N --plot FILE.svg|.png`: the picture of every
//! octal-games paper, G(n) against n as a scatter plot, with the preperiod
//! and one period marked when a theorem proves them.
//!
//! A long sequence is drawn at the resolution of the picture: each pixel
//! column gets one mark per run of value rows that occur in it (a dot for a
//! lone row, a stroke for rows next to each other), so 10^7 values make a
//! file of the same size as 10^4, a rare value that occurs once still shows
//! as its own dot, and a column where every value occurs is one stroke,
//! not hundreds of dots.

use std::path::Path;

use anyhow::bail;
use grundy::heap::period::{self, Theorem};
use grundy::heap::{HeapRuleset, PeriodStatus};
use plotters::coord::Shift;
use plotters::prelude::*;

const WIDTH: u32 = 1200;
const HEIGHT: u32 = 500;
/// How many values the period search may compute (as `grundy period`).
const PERIOD_MAX: u64 = 1 << 20;

/// Where the TrueType font for the labels is looked for (`GRUNDY_FONT`
/// first); Debian's `fonts-dejavu-core` provides the first.
const FONTS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/System/Library/Fonts/Supplemental/Arial.ttf",
    "C:\\Windows\\Fonts\\arial.ttf",
];

/// The proved `(preperiod, period)`, if any.
fn proved_period(ruleset: &HeapRuleset) -> Option<(u64, u64)> {
    Theorem::for_ruleset(ruleset)?;
    let max = if ruleset.max_heaps_left() > 2 {
        period::THREE_HEAP_SEARCH_MAX
    } else {
        PERIOD_MAX
    };
    let found = period::Analysis::of(ruleset).max(max).run().ok()?;
    match found.periodicity.status {
        PeriodStatus::Periodic {
            preperiod,
            period,
            saltus: 0,
            ..
        } => Some((preperiod, period)),
        _ => None,
    }
}

fn register_font() -> anyhow::Result<()> {
    let mut tried = Vec::new();
    let from_env = std::env::var("GRUNDY_FONT").ok();
    for path in from_env
        .iter()
        .map(String::as_str)
        .chain(FONTS.iter().copied())
    {
        if let Ok(bytes) = std::fs::read(path) {
            // plotters keeps fonts for the life of the process.
            let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
            if plotters::style::register_font("sans-serif", FontStyle::Normal, bytes).is_ok() {
                return Ok(());
            }
        }
        tried.push(path);
    }
    bail!(
        "the plot's labels need a TrueType font and none was found (tried {}); install one (apt-get install fonts-dejavu-core) or set GRUNDY_FONT=/path/to/font.ttf",
        tried.join(", ")
    )
}

/// Draws `G(from..=to)` (`get(n)` is `G(n)`) of `ruleset` into `path`, an
/// `.svg` or `.png` file, and returns a one-line description of the plot.
pub fn write(
    path: &Path,
    ruleset: &HeapRuleset,
    get: &dyn Fn(usize) -> u64,
    from: usize,
    to: usize,
) -> anyhow::Result<String> {
    let ext = extension(path)?;
    register_font()?;
    let found = proved_period(ruleset);
    let game = ruleset.to_string();
    let mut title = format!("G(n) of {game}, n = {from}..{to}");
    match found {
        Some((n0, p)) => title += &format!(": periodic from n0 = {n0}, period {p}"),
        None if Theorem::for_ruleset(ruleset).is_some() => title += ": no period proved",
        None => {}
    }
    save(
        path,
        &ext,
        &title,
        &Picture::Values {
            get,
            from,
            to,
            found,
        },
    )?;
    Ok(title)
}

/// What a picture shows: a sequence of values, or a table of them.
enum Picture<'a> {
    /// `G(from..=to)`, the proved period if any.
    Values {
        get: &'a dyn Fn(usize) -> u64,
        from: usize,
        to: usize,
        found: Option<(u64, u64)>,
    },
    /// Rows of values, each from column `from`.
    Table { rows: &'a [Vec<u32>], from: usize },
}

/// The file's extension, lower-cased, when it names a picture format.
fn extension(path: &Path) -> anyhow::Result<String> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    if ext != "svg" && ext != "png" {
        bail!(
            "--plot {}: the picture is written as .svg or .png",
            path.display()
        );
    }
    Ok(ext)
}

/// Draws `picture` into `path`, in the format `ext` names.
fn save(path: &Path, ext: &str, title: &str, picture: &Picture<'_>) -> anyhow::Result<()> {
    // plotters wraps a failed write in two layers of "backend error"
    // words; the reason beneath them is what a user can act on.
    let written = |e: String| {
        let reason = e
            .trim_start_matches("backend error: ")
            .trim_start_matches("Drawing backend error: ")
            .to_string();
        anyhow::anyhow!(reason).context(format!("cannot write {}", path.display()))
    };
    // Drawn into a file beside the target (same extension, which names the
    // format) and renamed over it when complete: a stopped or failed plot
    // never leaves a half-written picture at the path asked for.
    let name = path
        .file_name()
        .map_or_else(|| "plot".into(), |n| n.to_string_lossy().into_owned());
    let part = path.with_file_name(format!(".{name}.{}.part.{ext}", std::process::id()));
    // Made first, so that a folder that is missing or not writable is
    // named by the system's own words before any drawing.
    std::fs::File::create(&part).map_err(|e| written(e.to_string()))?;
    let drawn = (|| {
        if ext == "svg" {
            let root = SVGBackend::new(&part, (WIDTH, HEIGHT)).into_drawing_area();
            paint(&root, title, picture)?;
            root.present().map_err(|e| written(e.to_string()))
        } else {
            let root = BitMapBackend::new(&part, (WIDTH, HEIGHT)).into_drawing_area();
            paint(&root, title, picture)?;
            root.present().map_err(|e| written(e.to_string()))
        }
    })();
    let kept =
        drawn.and_then(|()| std::fs::rename(&part, path).map_err(|e| written(e.to_string())));
    if kept.is_err() {
        let _ = std::fs::remove_file(&part);
    }
    kept
}

fn paint<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    picture: &Picture<'_>,
) -> anyhow::Result<()>
where
    DB::ErrorType: 'static,
{
    match *picture {
        Picture::Values {
            get,
            from,
            to,
            found,
        } => draw(root, title, get, from, to, found),
        Picture::Table { rows, from } => draw_table(root, title, rows, from),
    }
}

/// Draws Wythoff's values `rows[r][c]` (columns from `from`) into `path`
/// as a heat map, and returns its title.
pub fn write_table(path: &Path, rows: &[Vec<u32>], from: usize) -> anyhow::Result<String> {
    let ext = extension(path)?;
    register_font()?;
    let to = (from + rows.first().map_or(0, Vec::len)).saturating_sub(1);
    let title = format!(
        "Wythoff's game: G(r, c), rows 0..{}, columns {from}..{to}",
        rows.len().saturating_sub(1)
    );
    save(path, &ext, &title, &Picture::Table { rows, from })?;
    Ok(title)
}

/// The most cells a heat map draws: past this, neighbouring columns (and
/// rows) share a cell, which shows the first of them.
const TABLE_CELLS: usize = 40_000;

/// The colour of value `v` out of `max`: black for 0 (the P-positions),
/// then from blue through green to red.
fn heat(v: u32, max: u32) -> RGBColor {
    if v == 0 {
        return RGBColor(0, 0, 0);
    }
    let t = f64::from(v) / f64::from(max.max(1));
    let (r, g, b) = if t < 0.5 {
        let u = t * 2.0;
        (0.0, u, 1.0 - u)
    } else {
        let u = (t - 0.5) * 2.0;
        (u, 1.0 - u, 0.0)
    };
    let c = |x: f64| (40.0 + 215.0 * x).round() as u8;
    RGBColor(c(r), c(g), c(b))
}

fn draw_table<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    rows: &[Vec<u32>],
    from: usize,
) -> anyhow::Result<()>
where
    DB::ErrorType: 'static,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow::anyhow!("drawing the plot: {e}");
    root.fill(&WHITE).map_err(err)?;
    let height = rows.len();
    let width = rows.first().map_or(0, Vec::len);
    let max = rows.iter().flatten().copied().max().unwrap_or(0);
    let title = format!("{title} (black: 0, blue to red: 1 to {max})");
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(
            from as f64..(from + width.max(1)) as f64,
            -(height.max(1) as f64)..0.0,
        )
        .map_err(err)?;
    // Row r is drawn from y = -r down to -(r + 1): row 0 at the top.
    chart
        .configure_mesh()
        .x_desc("column c (second heap)")
        .y_desc("row r (first heap)")
        .disable_mesh()
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{:.0}", (-y).max(0.0)))
        .draw()
        .map_err(err)?;
    // At most 200 cells down and TABLE_CELLS in all: past that a cell
    // stands for a block of rows and columns and shows its first value.
    let step_r = height.div_ceil(200).max(1);
    let drawn_rows = height.div_ceil(step_r).max(1);
    let step_c = (width * drawn_rows).div_ceil(TABLE_CELLS).max(1);
    let mut marks = Vec::new();
    for r in (0..height).step_by(step_r) {
        for c in (0..width).step_by(step_c) {
            let x = (from + c) as f64;
            let y = -(r as f64);
            marks.push(Rectangle::new(
                [(x, y), (x + step_c as f64, y - step_r as f64)],
                heat(rows[r][c], max).filled(),
            ));
        }
    }
    chart.draw_series(marks).map_err(err)?;
    Ok(())
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    get: &dyn Fn(usize) -> u64,
    from: usize,
    to: usize,
    found: Option<(u64, u64)>,
) -> anyhow::Result<()>
where
    DB::ErrorType: 'static,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| anyhow::anyhow!("drawing the plot: {e}");
    root.fill(&WHITE).map_err(err)?;
    let max = (from..=to).map(get).max().unwrap_or(0);
    // With a legend, room above the largest value for it, so that it
    // covers no dot.
    let headroom = if found.is_some() {
        (max as f64 * 0.18).max(1.2)
    } else {
        0.0
    };
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(
            from as f64..(to as f64).max(from as f64 + 1.0),
            -0.5..max as f64 + 0.5 + headroom,
        )
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("n")
        .y_desc("G(n)")
        .disable_x_mesh()
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| {
            if *y <= max as f64 + 0.01 {
                format!("{y:.0}")
            } else {
                String::new()
            }
        })
        .y_labels((max as usize + 1).min(12))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;

    if let Some((n0, p)) = found {
        let (n0, p) = (n0 as f64, p as f64);
        let top = max as f64 + 0.5;
        if n0 + p <= to as f64 && n0 + p >= from as f64 {
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(n0.max(from as f64), -0.5), (n0 + p, top)],
                    RGBColor(245, 176, 65).mix(0.35).filled(),
                )))
                .map_err(err)?
                .label(format!("one period: {p} values"))
                .legend(|(x, y)| {
                    Rectangle::new(
                        [(x, y - 5), (x + 14, y + 5)],
                        RGBColor(245, 176, 65).filled(),
                    )
                });
        }
        if n0 >= from as f64 && n0 <= to as f64 {
            chart
                .draw_series(LineSeries::new(
                    [(n0, -0.5), (n0, top)],
                    RGBColor(192, 57, 43).stroke_width(2),
                ))
                .map_err(err)?
                .label(format!("the period starts at n0 = {n0}"))
                .legend(|(x, y)| {
                    PathElement::new([(x, y), (x + 14, y)], RGBColor(192, 57, 43).stroke_width(2))
                });
        }
    }

    let blue = RGBColor(31, 78, 121);
    let columns = WIDTH as usize;
    let span = to - from + 1;
    if span <= columns {
        // Few values: a dot each.
        let dot = if span <= 2000 { 3 } else { 1 };
        chart
            .draw_series(
                (from..=to).map(|n| Circle::new((n as f64, get(n) as f64), dot, blue.filled())),
            )
            .map_err(err)?;
    } else {
        // Many: the rows (at most one per pixel) that occur in each pixel
        // column, drawn as runs.
        // About 3 pixels a row: finer than that the eye sees no gap.
        let rows = (u64::from(HEIGHT) / 3).min(max + 1).max(1);
        let row_of = |g: u64| (g as u128 * rows as u128 / (max as u128 + 1)) as usize;
        let mut occupied = vec![vec![false; rows as usize]; columns];
        for n in from..=to {
            let column = ((n - from) as u128 * columns as u128 / span as u128) as usize;
            occupied[column.min(columns - 1)][row_of(get(n))] = true;
        }
        // The value at the bottom of row `r`, and the n in the middle of a
        // column.
        let value_of = |r: usize| r as f64 * (max as f64 + 1.0) / rows as f64;
        let x_of = |c: usize| from as f64 + (c as f64 + 0.5) * span as f64 / columns as f64;
        let mut marks: Vec<(f64, f64, f64)> = Vec::new();
        for (c, column) in occupied.iter().enumerate() {
            let mut r = 0;
            while r < column.len() {
                if !column[r] {
                    r += 1;
                    continue;
                }
                let start = r;
                while r < column.len() && column[r] {
                    r += 1;
                }
                marks.push((x_of(c), value_of(start), value_of(r - 1)));
            }
        }
        chart
            .draw_series(marks.into_iter().map(|(x, lo, hi)| {
                if hi > lo {
                    PathElement::new([(x, lo), (x, hi)], blue.stroke_width(1))
                } else {
                    PathElement::new([(x, lo), (x, lo + 0.001)], blue.stroke_width(2))
                }
            }))
            .map_err(err)?;
    }
    if found.is_some() {
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .label_font(("sans-serif", 15))
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK.mix(0.3))
            .draw()
            .map_err(err)?;
    }
    Ok(())
}
