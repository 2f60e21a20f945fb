//! Output files written whole or not at all: each is written beside its destination under a
//! hidden temporary name and moved into place only once complete, so a typo, an error or an
//! interrupted run leaves whatever was at the path as it was.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// A file being written for `path`; [`AtomicFile::commit`] puts it there. Dropped uncommitted,
/// it is removed and `path` is untouched.
#[derive(Debug)]
pub(crate) struct AtomicFile {
    /// Where it goes.
    path: PathBuf,
    /// Where it is written meanwhile (same folder, so the move is a rename).
    temp: PathBuf,
    /// The temporary file, until committed.
    file: Option<File>,
}

impl AtomicFile {
    /// Starts a file for `path`. Fails at once, with the path in the message, when the folder
    /// does not exist or cannot be written, or when `path` is a folder: before any work.
    pub(crate) fn create(path: &Path) -> Result<Self, String> {
        let cannot =
            |why: &dyn std::fmt::Display| format!("cannot create {}: {why}", path.display());
        if path.is_dir() {
            return Err(cannot(&"it is a folder"));
        }
        let Some(name) = path.file_name() else {
            return Err(cannot(&"it names no file"));
        };
        let temp = path.with_file_name(format!(
            ".{}.{}.partial",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file = File::create(&temp).map_err(|e| cannot(&e))?;
        Ok(Self {
            path: path.to_path_buf(),
            temp,
            file: Some(file),
        })
    }

    /// Where the file goes.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Moves the complete file to its path (replacing what was there).
    pub(crate) fn commit(mut self) -> Result<(), String> {
        let moved = match self.file.take() {
            Some(file) => file
                .sync_all()
                .and_then(|()| std::fs::rename(&self.temp, &self.path)),
            None => Ok(()),
        };
        moved.map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.file {
            Some(file) => file.write(buf),
            None => Err(io::Error::other("the file is already committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().map_or(Ok(()), Write::flush)
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // Not committed, or committing failed: nothing may be left behind but the old file.
        if self.file.take().is_some() || self.temp.exists() {
            let _ = std::fs::remove_file(&self.temp);
        }
    }
}

/// Writes `bytes` to `path` whole or not at all.
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_uncommitted_file_leaves_the_old_one_and_no_trace() {
        let dir = std::env::temp_dir().join(format!("fray-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).ok();
        let path = dir.join("out.csv");
        std::fs::write(&path, "old").ok();
        {
            let mut f = AtomicFile::create(&path).ok();
            if let Some(f) = f.as_mut() {
                f.write_all(b"half").ok();
            }
        }
        assert_eq!(std::fs::read_to_string(&path).ok().as_deref(), Some("old"));
        let left = std::fs::read_dir(&dir).map(|d| d.count()).ok();
        assert_eq!(left, Some(1), "the temporary file is gone");
        assert!(write_whole(&path, b"new").is_ok());
        assert_eq!(std::fs::read_to_string(&path).ok().as_deref(), Some("new"));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_missing_folder_or_a_folder_fails_at_once_with_the_path() {
        let missing = Path::new("/no/such/folder/out.json");
        let err = AtomicFile::create(missing).err().unwrap_or_default();
        assert!(
            err.starts_with("cannot create /no/such/folder/out.json"),
            "{err}"
        );
        let err = AtomicFile::create(Path::new("/")).err().unwrap_or_default();
        assert!(err.contains("cannot create /"), "{err}");
    }
}
