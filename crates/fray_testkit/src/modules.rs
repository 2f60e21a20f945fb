//! Whether a crate's modules import each other in a cycle: every crate of the workspace is held
//! to none (the facade's `tests/suite/modules.rs` scans them all), so each has a bottom of
//! plain data that the modules above build on.
//!
//! A module is a source file (`kit/ctx.rs` is `kit::ctx`; `flow/mod.rs` is `flow`; `lib.rs`
//! and `main.rs` are the crate's roots and left out). A file depends on every module it names
//! through a `crate::` path in its code (comment lines and the `#[cfg(test)] mod tests` block at
//! its end are left out, as are its own ancestors), and a module depends on its child modules,
//! whose items it may re-export: `crate::kit::Ctx` leads through `kit` to `kit::ctx`. A path
//! routed through a re-export still leads to the module it names, so a cycle cannot be hidden
//! behind a `pub use`.
//!
//! ```
//! use std::collections::{BTreeMap, BTreeSet};
//! use fray_testkit::modules::find_cycle;
//! let graph: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "a")]
//!     .into_iter()
//!     .map(|(m, d)| (m.to_string(), BTreeSet::from([d.to_string()])))
//!     .collect();
//! assert_eq!(find_cycle(&graph), Some(vec!["a".into(), "b".into(), "a".into()]));
//! ```

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Modules by name, each with the modules it depends on.
pub type ModuleGraph = BTreeMap<String, BTreeSet<String>>;

/// Every `.rs` file under `dir`, recursively, in name order.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries = std::fs::read_dir(dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<std::io::Result<Vec<_>>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out)?;
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
    Ok(())
}

/// The module path of a source file relative to `src` (`None` for the crate's roots).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src).ok()?.with_extension("");
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    let path = parts.join("::");
    (path != "lib" && path != "main").then_some(path)
}

/// The code of a file: its `#[cfg(test)] mod tests` block and comment lines removed.
fn code_of(text: &str) -> String {
    let body = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    body.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a piece of code names after `crate::`, with `use` groups expanded
/// (`crate::a::{b::C, d}` names `a::b::C` and `a::d`).
pub fn named_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let base = rest[..end].trim_end_matches(':');
        if rest[end..].starts_with('{') && rest[..end].ends_with("::") {
            let group_end = rest[end..].find('}').map_or(rest.len(), |i| end + i);
            for item in rest[end + 1..group_end].split(',') {
                let item = item.trim().split([' ', ':']).next().unwrap_or("");
                if !item.is_empty() {
                    out.push(format!("{base}::{item}"));
                }
            }
        } else if !base.is_empty() {
            out.push(base.to_string());
        }
    }
    out
}

/// The deepest known module that `path` starts with.
fn resolve<'a>(modules: &'a BTreeSet<String>, path: &str) -> Option<&'a String> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len())
        .rev()
        .find_map(|n| modules.get(&parts[..n].join("::")))
}

/// The module graph of the crate whose sources are under `src`.
pub fn module_graph(src: &Path) -> std::io::Result<ModuleGraph> {
    let mut files = Vec::new();
    sources(src, &mut files)?;
    let modules: BTreeMap<String, PathBuf> = files
        .iter()
        .filter_map(|file| Some((module_of(src, file)?, file.clone())))
        .collect();
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    let mut graph = ModuleGraph::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file)?;
        let deps = graph.entry(module.clone()).or_default();
        let children = names.iter().filter(|name| {
            name.strip_prefix(&format!("{module}::"))
                .is_some_and(|rest| !rest.contains("::"))
        });
        deps.extend(children.cloned());
        for path in named_paths(&code_of(&text)) {
            if let Some(target) = resolve(&names, &path)
                && target != module
                && !module.starts_with(&format!("{target}::"))
            {
                deps.insert(target.clone());
            }
        }
    }
    Ok(graph)
}

/// A cycle in `graph`, as the modules along it (the first one again at the end), if there is
/// one.
pub fn find_cycle(graph: &ModuleGraph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &ModuleGraph,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        marks.insert(node.to_string(), Mark::Open);
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            match marks.get(next) {
                Some(Mark::Open) => {
                    let from = stack.iter().position(|m| m == next).unwrap_or(0);
                    let mut cycle = stack[from..].to_vec();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(Mark::Done) => {}
                None => {
                    if let Some(cycle) = visit(next, graph, marks, stack) {
                        return Some(cycle);
                    }
                }
            }
        }
        stack.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if !marks.contains_key(node)
            && let Some(cycle) = visit(node, graph, &mut marks, &mut Vec::new())
        {
            return Some(cycle);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(edges: &[(&str, &[&str])]) -> ModuleGraph {
        edges
            .iter()
            .map(|(m, deps)| (m.to_string(), deps.iter().map(|d| d.to_string()).collect()))
            .collect()
    }

    #[test]
    fn a_cycle_is_found_and_named() {
        let cyclic = graph(&[("a", &["b"]), ("b", &["c"]), ("c", &["a"]), ("d", &[])]);
        assert_eq!(
            find_cycle(&cyclic),
            Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
        );
        assert_eq!(find_cycle(&graph(&[("a", &["b"]), ("b", &[])])), None);
    }

    #[test]
    fn use_groups_name_every_item() {
        assert_eq!(
            named_paths(
                "use crate::flow::{phase::Phase, walk};\nlet x = crate::lineup::Row::new();"
            ),
            vec!["flow::phase", "flow::walk", "lineup::Row::new"]
        );
    }

    #[test]
    fn comments_and_the_tests_block_name_nothing() {
        let code = code_of(
            "use crate::a::B;\n// crate::c::D\n#[cfg(test)]\nmod tests {\n    use crate::e::F;\n}\n",
        );
        assert_eq!(named_paths(&code), vec!["a::B"]);
    }

    #[test]
    fn the_roots_are_no_modules_and_mod_files_name_their_folder() {
        let src = Path::new("src");
        assert_eq!(module_of(src, Path::new("src/lib.rs")), None);
        assert_eq!(module_of(src, Path::new("src/main.rs")), None);
        assert_eq!(
            module_of(src, Path::new("src/flow/mod.rs")).as_deref(),
            Some("flow")
        );
        assert_eq!(
            module_of(src, Path::new("src/kit/ctx.rs")).as_deref(),
            Some("kit::ctx")
        );
    }
}
