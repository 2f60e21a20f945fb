//! No crate of the workspace has modules that import each other in a cycle
//! ([`fray_testkit::modules`]): a new crate is scanned as soon as it is under `crates/`.

use std::path::Path;

use fray_testkit::modules::{find_cycle, module_graph};

#[test]
fn no_crate_s_modules_import_each_other_in_a_cycle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut crates: Vec<_> = std::fs::read_dir(root.join("crates"))
        .expect("the workspace's crates folder")
        .map(|entry| entry.expect("a crate folder").path())
        .filter(|path| path.join("src").is_dir())
        .collect();
    crates.sort();
    crates.push(root.to_path_buf());
    assert!(crates.len() > 10, "found only {} crates", crates.len());
    let mut cycles = Vec::new();
    for dir in &crates {
        let graph = module_graph(&dir.join("src"))
            .unwrap_or_else(|e| panic!("cannot scan {}: {e}", dir.display()));
        if dir.ends_with("fray_core") {
            // The scan sees real imports: the context reads the lineup.
            assert!(
                graph
                    .get("kit::ctx")
                    .is_some_and(|deps| deps.contains("lineup")),
                "the scan missed kit::ctx's import of the lineup: {:?}",
                graph.get("kit::ctx")
            );
        }
        if let Some(cycle) = find_cycle(&graph) {
            let name = dir.file_name().map_or_else(
                || dir.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            cycles.push(format!("{name}: {}", cycle.join(" -> ")));
        }
    }
    assert!(
        cycles.is_empty(),
        "modules import each other in a cycle (move the shared items into a module both can \
         import):\n{}",
        cycles.join("\n")
    );
}
