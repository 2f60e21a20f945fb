//! The charts, as SVG or PNG: a batch's (the distribution of rounds and the win rates with
//! their 95% intervals) and a tuning curve's (the win rate at each sampled value of the knob,
//! with its 95% interval, and the target). Survival curves over time are drawn the same way
//! ([`survival`](crate::survival)).
//!
//! Text is measured (and, in PNG, drawn) with DejaVu Sans, bundled in `assets/` (Bitstream Vera license, see
//! `assets/DejaVuSans-LICENSE.txt`), so charts look the same on a machine without fonts.

use std::path::Path;
use std::sync::Once;

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::report::BatchReport;
use crate::tune::Tuned;

/// The chart's size in pixels.
pub(crate) const SIZE: (u32, u32) = (960, 420);

/// The font PNG charts are drawn with.
const FONT: &[u8] = include_bytes!("../assets/DejaVuSans.ttf");

/// Why a chart could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// The file name asks for a format other than SVG or PNG.
    #[error("charts are written as SVG or PNG: name the file `*.svg` or `*.png` (got `{0}`)")]
    Format(String),
    /// Drawing failed.
    #[error("cannot draw the chart: {0}")]
    Draw(String),
}

/// A drawing backend's error, as a [`PlotError`].
pub(crate) fn draw_err(e: impl std::fmt::Display) -> PlotError {
    PlotError::Draw(e.to_string())
}

/// The chart formats, by file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChartFormat {
    /// `*.svg`: vector, no font needed.
    Svg,
    /// `*.png`: 960 x 420 pixels.
    Png,
}

impl ChartFormat {
    /// The format a file name asks for.
    ///
    /// ```
    /// use fray_sim::plot::ChartFormat;
    /// assert_eq!(ChartFormat::of("runs.PNG".as_ref()).ok(), Some(ChartFormat::Png));
    /// assert!(ChartFormat::of("runs.pdf".as_ref()).is_err());
    /// ```
    pub fn of(path: &Path) -> Result<Self, PlotError> {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => Ok(ChartFormat::Svg),
            Some("png") => Ok(ChartFormat::Png),
            _ => Err(PlotError::Format(path.display().to_string())),
        }
    }
}

/// Registers the bundled font, once: both backends measure text with it (PNG also draws with
/// it).
pub(crate) fn register_font() {
    static FONTS: Once = Once::new();
    FONTS.call_once(|| {
        // Registering the bundled font cannot fail unless the file is broken, which drawing
        // then reports.
        let _ = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT);
    });
}

/// Draws the chart of a batch into `path`, as SVG or PNG by its extension.
pub fn plot(report: &BatchReport, path: &Path) -> Result<(), PlotError> {
    let format = ChartFormat::of(path)?;
    register_font();
    match format {
        ChartFormat::Svg => draw(report, SVGBackend::new(path, SIZE).into_drawing_area()),
        ChartFormat::Png => draw(report, BitMapBackend::new(path, SIZE).into_drawing_area()),
    }
}

/// The chart of a batch as SVG text (for a page that shows it inline).
pub fn plot_svg(report: &BatchReport) -> Result<String, PlotError> {
    register_font();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        draw(report, root)?;
    }
    Ok(svg)
}

fn draw<DB: DrawingBackend>(
    report: &BatchReport,
    root: DrawingArea<DB, Shift>,
) -> Result<(), PlotError> {
    root.fill(&WHITE).map_err(draw_err)?;
    let (left, right) = root.split_horizontally(560);

    let counts: Vec<u32> = report
        .totals
        .rounds
        .counts()
        .iter()
        .map(|n| u32::try_from(*n).unwrap_or(u32::MAX))
        .collect();
    let top = counts.iter().copied().max().unwrap_or(1).max(1);
    let mut chart = ChartBuilder::on(&left)
        .caption(
            format!("{}: rounds per fight ({} runs)", report.name, report.runs),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(
            (0u32..counts.len() as u32).into_segmented(),
            0u32..top + top / 10 + 1,
        )
        .map_err(draw_err)?;
    chart
        .configure_mesh()
        .x_desc("rounds")
        .y_desc("fights")
        .draw()
        .map_err(draw_err)?;
    chart
        .draw_series(
            Histogram::vertical(&chart)
                .margin(1)
                .style(BLUE.mix(0.6).filled())
                .data(counts.iter().enumerate().map(|(i, c)| (i as u32, *c))),
        )
        .map_err(draw_err)?;

    let n = report.sides.len().max(1) as u32;
    let mut chart = ChartBuilder::on(&right)
        .caption("win rate with 95% interval", ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d((0u32..(n - 1).max(1)).into_segmented(), 0f64..1f64)
        .map_err(draw_err)?;
    let names: Vec<String> = report.sides.iter().map(|s| s.name.clone()).collect();
    chart
        .configure_mesh()
        .x_label_formatter(&|x| match x {
            SegmentValue::CenterOf(i) => names.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .y_desc("win rate")
        .draw()
        .map_err(draw_err)?;
    chart
        .draw_series(report.sides.iter().enumerate().map(|(i, s)| {
            let i = i as u32;
            Rectangle::new(
                [
                    (SegmentValue::Exact(i), 0.0),
                    (SegmentValue::Exact(i + 1), s.win_rate),
                ],
                Palette99::pick(i as usize).mix(0.7).filled(),
            )
        }))
        .map_err(draw_err)?;
    chart
        .draw_series(report.sides.iter().enumerate().map(|(i, s)| {
            ErrorBar::new_vertical(
                SegmentValue::CenterOf(i as u32),
                s.ci95[0],
                s.win_rate,
                s.ci95[1],
                BLACK.filled(),
                12,
            )
        }))
        .map_err(draw_err)?;
    root.present().map_err(draw_err)?;
    Ok(())
}

/// A knob value's axis label: whole numbers only (`4`, never `4.0` or `4.5`).
fn integer_label(x: &f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{x:.0}")
    } else {
        String::new()
    }
}

/// Draws a tuning curve into `path`, as SVG or PNG by its extension.
pub fn plot_curve(tuned: &Tuned, path: &Path) -> Result<(), PlotError> {
    let format = ChartFormat::of(path)?;
    register_font();
    match format {
        ChartFormat::Svg => draw_curve(tuned, SVGBackend::new(path, SIZE).into_drawing_area()),
        ChartFormat::Png => draw_curve(tuned, BitMapBackend::new(path, SIZE).into_drawing_area()),
    }
}

fn draw_curve<DB: DrawingBackend>(
    tuned: &Tuned,
    root: DrawingArea<DB, Shift>,
) -> Result<(), PlotError> {
    root.fill(&WHITE).map_err(draw_err)?;
    let lo = tuned.curve.first().map_or(0, |p| p.value);
    let hi = tuned.curve.last().map_or(1, |p| p.value).max(lo + 1);
    let (x0, x1) = (f64::from(lo) - 0.5, f64::from(hi) + 0.5);
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "{}: {} win rate by {} (target {:.1}%)",
                tuned.encounter,
                tuned.side,
                tuned.knob,
                tuned.target * 100.0
            ),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(x0..x1, 0f64..1f64)
        .map_err(draw_err)?;
    let span = usize::from(hi - lo) + 1;
    chart
        .configure_mesh()
        .x_desc(tuned.knob.to_string())
        .y_desc("win rate")
        // Knob values are whole numbers: label only those.
        .x_labels(span.min(12))
        .x_label_formatter(&integer_label)
        .draw()
        .map_err(draw_err)?;
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(x0, tuned.target), (x1, tuned.target)],
            RED.stroke_width(1),
        )))
        .map_err(draw_err)?;
    // Between samples the curve is a guess: dashed (each sample's error bar has its dot).
    chart
        .draw_series(std::iter::once(plotters::element::DashedPathElement::new(
            tuned
                .curve
                .iter()
                .map(|p| (f64::from(p.value), p.win_rate))
                .collect::<Vec<_>>(),
            6,
            4,
            BLUE.mix(0.6).stroke_width(2),
        )))
        .map_err(draw_err)?;

    chart
        .draw_series(tuned.curve.iter().map(|p| {
            ErrorBar::new_vertical(
                f64::from(p.value),
                p.ci95[0],
                p.win_rate,
                p.ci95[1],
                if p.value == tuned.best {
                    RED.filled()
                } else {
                    BLACK.filled()
                },
                10,
            )
        }))
        .map_err(draw_err)?;
    root.present().map_err(draw_err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::{Knob, TunePoint};

    #[test]
    fn g35_a_knob_axis_is_labelled_in_whole_numbers_and_samples_are_marked() {
        assert_eq!(integer_label(&4.0), "4");
        assert_eq!(integer_label(&4.5), "");
        let point = |value, wins| TunePoint {
            value,
            runs: 10,
            wins,
            win_rate: wins as f64 / 10.0,
            ci95: [0.0, 1.0],
        };
        let tuned = Tuned::from_curve(
            "e",
            "Heroes",
            &Knob::Count("goblin".into()),
            0.5,
            vec![point(2, 9), point(6, 5), point(10, 1)],
        );
        let path = std::env::temp_dir().join(format!("fray-g35-{}.svg", std::process::id()));
        plot_curve(&tuned, &path).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let texts: Vec<&str> = svg
            .split("<text")
            .skip(1)
            .filter_map(|t| t.split('>').nth(1)?.split('<').next())
            .map(str::trim)
            .collect();
        assert!(
            texts.contains(&"6"),
            "the sampled values are labelled: {texts:?}"
        );
        assert!(texts.contains(&"2") && texts.contains(&"10"), "{texts:?}");
        assert!(
            !texts.contains(&"2.0") && !texts.contains(&"6.0") && !texts.contains(&"2.5"),
            "no fractional knob labels: {texts:?}"
        );
        assert_eq!(svg.matches("<circle").count(), 3, "one dot per sample");
        assert!(svg.contains("<polyline") || svg.contains("<line"), "{svg}");
    }
}
