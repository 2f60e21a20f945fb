//! Content layers: the user's folder over the built-in content, a file being checked over the
//! folder. A higher layer's definition of an id overrides a lower layer's; within one layer an
//! id is defined once.

/// What became of a statblock, encounter, map or document added in a content layer (see
/// [`SourceFile::layer`](crate::source::SourceFile::layer)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layered {
    /// Its id was new: it is in.
    Added,
    /// A higher layer defines the id: this one is left out.
    Overridden,
    /// It overrides the same id of a lower layer, which is left out.
    Overrides,
    /// The same layer already defines the id: a mistake.
    Duplicate,
}

impl Layered {
    /// What adding an id in `layer` does when `existing` (the layer of the definition already
    /// held, if any) is there.
    pub fn of(existing: Option<u8>, layer: u8) -> Self {
        match existing {
            None => Layered::Added,
            Some(held) if held < layer => Layered::Overridden,
            Some(held) if held > layer => Layered::Overrides,
            Some(_) => Layered::Duplicate,
        }
    }
}
