//! The `fray` binary: `cargo run --release` at the workspace root starts it.

fn main() -> std::process::ExitCode {
    fray_cli::run(fray::cli_engine())
}
