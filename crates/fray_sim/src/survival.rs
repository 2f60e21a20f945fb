//! Survival over time, as SVG or PNG: one step line per member of a batch of expeditions (the
//! share of runs in which it was not dead yet, turn by turn) and a dashed one for the
//! expeditions still under way. Charts follow [`plot`](crate::plot)'s conventions: the format
//! by the file's extension ([`ChartFormat`]), text in the bundled font, [`PlotError`]s.

use std::path::Path;

use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;

use crate::plot::{ChartFormat, PlotError, SIZE, draw_err, register_font};

/// One step line: a label and its steps `(x, share)`, each share (0 to 1) holding from its x
/// until the next step's x (the last, until the chart's end).
#[derive(Debug, Clone, PartialEq)]
pub struct Curve {
    /// What the line stands for (a member's name).
    pub label: String,
    /// The steps, by increasing x.
    pub steps: Vec<(u64, f64)>,
}

/// A chart of survival over time.
#[derive(Debug, Clone, PartialEq)]
pub struct SurvivalChart {
    /// The caption.
    pub title: String,
    /// The x axis's description, with its unit (`turns (10 min)`, `days`).
    pub x_label: String,
    /// The last x drawn (the chart shows at least 0 to 1).
    pub until: u64,
    /// The members' curves, each in its own colour.
    pub curves: Vec<Curve>,
    /// The share of runs still under way, dashed (not drawn when `None`).
    pub underway: Option<Curve>,
}

/// Draws `chart` into `path`, as SVG or PNG by its extension.
pub fn plot_survival(chart: &SurvivalChart, path: &Path) -> Result<(), PlotError> {
    let format = ChartFormat::of(path)?;
    register_font();
    match format {
        ChartFormat::Svg => draw(chart, SVGBackend::new(path, SIZE).into_drawing_area()),
        ChartFormat::Png => draw(chart, BitMapBackend::new(path, SIZE).into_drawing_area()),
    }
}

/// The corners of a step line in percent, from its first step to `until`.
fn corners(steps: &[(u64, f64)], until: u64) -> Vec<(f64, f64)> {
    let mut out: Vec<(f64, f64)> = Vec::with_capacity(steps.len().saturating_mul(2) + 1);
    for &(x, share) in steps {
        if let Some(&(_, before)) = out.last() {
            out.push((x as f64, before));
        }
        out.push((x as f64, share * 100.0));
    }
    if let Some(&(x, last)) = out.last()
        && x < until as f64
    {
        out.push((until as f64, last));
    }
    out
}

fn draw<DB: DrawingBackend>(
    chart: &SurvivalChart,
    root: DrawingArea<DB, Shift>,
) -> Result<(), PlotError> {
    root.fill(&WHITE).map_err(draw_err)?;
    let until = chart.until.max(1);
    let mut plot = ChartBuilder::on(&root)
        .caption(&chart.title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(48)
        .build_cartesian_2d(0f64..until as f64, 0f64..101f64)
        .map_err(draw_err)?;
    plot.configure_mesh()
        .x_desc(chart.x_label.as_str())
        .y_desc("% alive")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .draw()
        .map_err(draw_err)?;
    for (i, curve) in chart.curves.iter().enumerate() {
        let colour = Palette99::pick(i).stroke_width(2);
        plot.draw_series(std::iter::once(PathElement::new(
            corners(&curve.steps, until),
            colour,
        )))
        .map_err(draw_err)?
        .label(curve.label.as_str())
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    }
    if let Some(curve) = &chart.underway {
        let style = BLACK.mix(0.7).stroke_width(1);
        plot.draw_series(std::iter::once(DashedPathElement::new(
            corners(&curve.steps, until),
            6,
            4,
            style,
        )))
        .map_err(draw_err)?
        .label(curve.label.as_str())
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
    }
    plot.configure_series_labels()
        .position(SeriesLabelPosition::LowerLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(draw_err)?;
    root.present().map_err(draw_err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_line_holds_each_share_until_the_next_step_and_runs_to_the_end() {
        let steps = [(0, 1.0), (3, 0.5), (7, 0.25)];
        assert_eq!(
            corners(&steps, 10),
            vec![
                (0.0, 100.0),
                (3.0, 100.0),
                (3.0, 50.0),
                (7.0, 50.0),
                (7.0, 25.0),
                (10.0, 25.0)
            ]
        );
        assert_eq!(corners(&[(0, 1.0)], 0), vec![(0.0, 100.0)]);
        assert!(corners(&[], 5).is_empty());
    }
}
