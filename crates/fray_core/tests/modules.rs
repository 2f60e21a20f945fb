//! The core's modules import each other without cycles.
//!
//! A module is a source file (`kit/ctx.rs` is `kit::ctx`; `flow/mod.rs` is `flow`). A file
//! depends on every module it names through a `crate::` path in its code (comments and the
//! `#[cfg(test)] mod tests` block at its end are left out, as are its own ancestors), and a
//! module depends on its child modules, whose items it may re-export: `crate::kit::Ctx` leads
//! through `kit` to `kit::ctx`. The test fails with the cycle it finds, module by module.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, recursively.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file relative to `src` (`None` for the crate root).
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
    (path != "lib").then_some(path)
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
fn named_paths(code: &str) -> Vec<String> {
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

/// A cycle in `graph`, as the modules along it, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
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

#[test]
fn the_core_s_modules_import_each_other_without_cycles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let modules: BTreeMap<String, PathBuf> = files
        .iter()
        .filter_map(|file| Some((module_of(&src, file)?, file.clone())))
        .collect();
    let names: BTreeSet<String> = modules.keys().cloned().collect();
    assert!(
        names.len() > 20,
        "found only {} modules under {}",
        names.len(),
        src.display()
    );
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", file.display()));
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
    assert!(
        graph
            .get("kit::ctx")
            .is_some_and(|deps| deps.contains("lineup")),
        "the scan missed kit::ctx's import of the lineup: {:?}",
        graph.get("kit::ctx")
    );
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "fray_core's modules import each other in a cycle: {}",
            cycle.join(" -> ")
        );
    }
}

#[test]
fn a_cycle_is_found_and_named() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec![]),
    ]
    .into_iter()
    .map(|(m, deps)| (m.to_string(), deps.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(
        find_cycle(&graph),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    let acyclic: BTreeMap<String, BTreeSet<String>> = [("a", vec!["b"]), ("b", vec![])]
        .into_iter()
        .map(|(m, deps)| (m.to_string(), deps.into_iter().map(String::from).collect()))
        .collect();
    assert_eq!(find_cycle(&acyclic), None);
}

#[test]
fn use_groups_name_every_item() {
    assert_eq!(
        named_paths("use crate::flow::{phase::Phase, walk};\nlet x = crate::lineup::Row::new();"),
        vec!["flow::phase", "flow::walk", "lineup::Row::new"]
    );
}
