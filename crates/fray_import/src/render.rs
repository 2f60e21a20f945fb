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

/// The file of statblock `id`: `// <comment>` lines, then `[<block>]` as RON, written with
/// the extensions the content loader enables by default (a variant's struct without its extra
/// parentheses, `Some` implicit), so without the `#![enable(...)]` lines the writer puts first.
pub fn statblock_file<T: Serialize>(
    id: &str,
    comment: &[String],
    block: &T,
) -> Result<OutFile, ImportError> {
    let config = PrettyConfig::new()
        .struct_names(false)
        .indentor("    ".to_string())
        .extensions(Extensions::UNWRAP_VARIANT_NEWTYPES | Extensions::IMPLICIT_SOME);
    let body = ron::ser::to_string_pretty(std::slice::from_ref(block), config).map_err(|e| {
        ImportError::Render {
            id: id.to_string(),
            message: e.to_string(),
        }
    })?;
    let body: Vec<&str> = body
        .lines()
        .filter(|l| !l.starts_with("#![enable("))
        .collect();
    let mut text = String::new();
    for line in comment {
        text.push_str("// ");
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&body.join("\n"));
    text.push('\n');
    Ok(OutFile {
        name: format!("{id}.ron"),
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_of_one_without_the_extension_lines() {
        #[derive(Serialize)]
        enum Block {
            Monster(Numbers),
        }
        #[derive(Serialize)]
        struct Numbers {
            hp: u8,
            morale: Option<u8>,
        }
        let block = Block::Monster(Numbers {
            hp: 7,
            morale: Some(8),
        });
        let file = statblock_file("orc", &["Orc".into()], &block).ok();
        assert_eq!(
            file,
            Some(OutFile {
                name: "orc.ron".into(),
                text: "// Orc\n[\n    Monster(\n        hp: 7,\n        morale: 8,\n    ),\n]\n"
                    .into()
            })
        );
    }
}
