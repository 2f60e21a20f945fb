//! Why a source could not be read at all (a monster the target ruleset cannot play is no error:
//! the report refuses it and says why).

use thiserror::Error;

/// A source file that is not what the importer reads.
#[derive(Debug, Error)]
pub enum ImportError {
    /// The file is not JSON, or not the JSON the importer expects.
    #[error("{file}: not the expected data ({source}); pass the file as the source publishes it")]
    Json {
        /// Which file.
        file: String,
        /// What the JSON reader said.
        source: serde_json::Error,
    },
    /// A record names a parent (a creature, an action) that the files do not hold.
    #[error(
        "{file}: `{pk}` belongs to `{parent}`, which no file defines; pass all the files of one document"
    )]
    Orphan {
        /// Which file.
        file: String,
        /// The record.
        pk: String,
        /// The parent it names.
        parent: String,
    },
    /// A statblock could not be written as RON (a defect of the importer).
    #[error("cannot write `{id}` as RON: {message}")]
    Render {
        /// The statblock.
        id: String,
        /// What the RON writer said.
        message: String,
    },
}
