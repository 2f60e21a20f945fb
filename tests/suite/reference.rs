//! The content reference, `docs/content-reference.md`, is generated from the schema types
//! (`fray::content::reference`, over every kind of file [`fray::content_loader`] knows): this
//! test fails when the committed page is not what the types give. A change to a content type
//! (a field, a default, a doc comment) comes with the page written anew by
//!
//! ```sh
//! FRAY_BLESS_REFERENCE=1 cargo test --profile ci --test suite reference
//! ```

use std::path::PathBuf;

/// Set to write the page anew instead of comparing.
const BLESS: &str = "FRAY_BLESS_REFERENCE";

/// What the page says of itself, after its title.
const PREFACE: &str = "\
Every field a content file may write, generated from the Rust types the loader reads content \
into: their fields, serde defaults and doc comments. Do not edit it by hand: the test \
`reference::content_reference_is_current` (`cargo test --test suite reference`) fails when it \
is out of date, and `FRAY_BLESS_REFERENCE=1 cargo test --profile ci --test suite reference` \
writes it anew. `fray check` validates content files against the same types, with more \
checks (ids, references, ranges) than a type can say.";

fn page_path() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/docs/content-reference.md"
    ))
}

#[test]
fn content_reference_is_current() {
    let now = fray::content::reference::markdown(&fray::content_loader(), PREFACE);
    let path = page_path();
    if std::env::var_os(BLESS).is_some() {
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; write it with {BLESS}=1", path.display()))
        .replace("\r\n", "\n");
    if committed != now {
        let line = committed
            .lines()
            .zip(now.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(now.lines().count()));
        panic!(
            "{} is not what the content types give (first difference at line {}): write it \
             anew with {BLESS}=1 cargo test --profile ci --test suite reference",
            path.display(),
            line + 1
        );
    }
}
