//! Statblocks written as RON in their ruleset's own schema: one file per monster, a list of
//! one statblock under a comment naming its source.

use ron::extensions::Extensions;
use ron::ser::PrettyConfig;
use serde::Serialize;

use crate::error::ImportError;

/// One file to write: its name in the output folder and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutFile {
    /// The file's name (`aboleth.ron`).
    pub name: String,
    /// Its text.
    pub text: String,
}

/// The file of statblock `id`: `// <comment>` lines, then `[<block>]` as RON, with the
/// extensions the content loader enables (a variant's struct written without its extra
/// parentheses, `Some` implicit).
pub fn statblock_file<T: Serialize>(
    id: &str,
    comment: &[String],
    block: &T,
) -> Result<OutFile, ImportError> {
    let config = PrettyConfig::new()
        .struct_names(false)
        .indentor("    ".to_string())
        .extensions(Extensions::UNWRAP_VARIANT_NEWTYPES | Extensions::IMPLICIT_SOME);
    let body = ron::ser::to_string_pretty(&[block], config).map_err(|e| ImportError::Render {
        id: id.to_string(),
        message: e.to_string(),
    })?;
    let mut text = String::new();
    for line in comment {
        text.push_str("// ");
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&body);
    text.push('\n');
    Ok(OutFile {
        name: format!("{id}.ron"),
        text,
    })
}
