//! Embeds the built-in content (`content/` at the workspace root), so that programs built on it
//! find it from any directory: `$OUT_DIR/built_in_content.rs` lists every `.ron` file, by its
//! path under `content/`, with its text.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

fn ron_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            ron_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "ron") {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let root = manifest.join("../../content");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    ron_files(&root, &mut files);
    let out_dir = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default());
    let mut code = String::from(
        "/// The built-in content: (path under `content/`, text) for every `.ron` file.\n\
         pub const FILES: &[(&str, &str)] = &[\n",
    );
    for file in &files {
        let relative = file.strip_prefix(&root).unwrap_or(file);
        let absolute = file.canonicalize().unwrap_or_else(|_| file.clone());
        code.push_str(&format!(
            "    ({:?}, include_str!({:?})),\n",
            relative.to_string_lossy().replace('\\', "/"),
            absolute.to_string_lossy()
        ));
    }
    code.push_str("];\n");
    let target = out_dir.join("built_in_content.rs");
    if let Ok(mut f) = fs::File::create(&target) {
        let _ = f.write_all(code.as_bytes());
    }
}
