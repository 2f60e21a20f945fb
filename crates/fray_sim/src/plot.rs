//! The batch chart: the distribution of rounds and the win rates with their 95% intervals.

use std::path::Path;

use plotters::prelude::*;

use crate::report::BatchReport;

/// Why a chart could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// Only SVG is supported (no font backend is needed for it).
    #[error("charts are written as SVG: name the file `*.svg` (got `{0}`)")]
    Format(String),
    /// Drawing failed.
    #[error("cannot draw the chart: {0}")]
    Draw(String),
}

fn draw_err(e: impl std::fmt::Display) -> PlotError {
    PlotError::Draw(e.to_string())
}

/// Draws the chart of a batch into an SVG file.
pub fn plot_svg(report: &BatchReport, path: &Path) -> Result<(), PlotError> {
    if path.extension().and_then(|e| e.to_str()) != Some("svg") {
        return Err(PlotError::Format(path.display().to_string()));
    }
    let root = SVGBackend::new(path, (960, 420)).into_drawing_area();
    root.fill(&WHITE).map_err(draw_err)?;
    let (left, right) = root.split_horizontally(560);

    let mut counts: Vec<u32> = Vec::new();
    for r in &report.records {
        let i = r.rounds as usize;
        if counts.len() <= i {
            counts.resize(i + 1, 0);
        }
        counts[i] += 1;
    }
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
        .build_cartesian_2d((0u32..n).into_segmented(), 0f64..1f64)
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
