//! A batch of fights through `fray_sim`, from Rust code.
//!
//! `cargo run --release --example batch_from_code`

use fray::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let content = fray::load_content(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))?;
    let engine = fray::headless_engine(content);
    let mut config = BatchConfig::new("archmage-mob", 2_000, 99);
    config
        .controllers
        .push(("Heroes".into(), Controller::Ai("aggressive".into())));
    let report = run_batch(&engine, &config)?;
    print!("{}", report.summary_table());
    let heroes = &report.sides[0];
    println!(
        "The heroes win {:.1}% of the time (95%: {:.1}% - {:.1}%).",
        heroes.win_rate * 100.0,
        heroes.ci95[0] * 100.0,
        heroes.ci95[1] * 100.0
    );
    Ok(())
}
