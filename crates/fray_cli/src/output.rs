//! Output files written whole or not at all: each is written beside its destination under a
//! hidden temporary name and moved into place only once complete, so a typo, an error or an
//! interrupted run leaves whatever was at the path as it was.

use std::fs::File;
use std::io::{self, BufWriter, Write};
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

/// Where a CSV goes: a file put in place whole once complete, or standard output (`-`), row
/// by row.
pub(crate) enum CsvOut {
    File(BufWriter<AtomicFile>),
    Stdout(BufWriter<io::Stdout>),
}

impl CsvOut {
    /// Starts the CSV output of `path` (`-`: standard output).
    pub(crate) fn open(path: &Path) -> Result<Self, String> {
        if path.as_os_str() == "-" {
            return Ok(Self::Stdout(BufWriter::new(io::stdout())));
        }
        AtomicFile::create(path).map(|f| Self::File(BufWriter::new(f)))
    }

    /// Where the batch writes its rows.
    pub(crate) fn sink(&mut self) -> &mut (dyn Write + Send) {
        match self {
            Self::File(w) => w,
            Self::Stdout(w) => w,
        }
    }

    /// Whether the rows go to standard output (the summary then goes to standard error).
    pub(crate) fn is_stdout(&self) -> bool {
        matches!(self, Self::Stdout(_))
    }

    /// What it is, for messages.
    pub(crate) fn name(&self) -> String {
        match self {
            Self::File(w) => w.get_ref().path().display().to_string(),
            Self::Stdout(_) => "standard output".into(),
        }
    }

    /// Flushes the rows and, for a file, puts it in place.
    pub(crate) fn finish(self) -> Result<(), String> {
        match self {
            Self::File(w) => w
                .into_inner()
                .map_err(|e| e.error().to_string())
                .and_then(AtomicFile::commit),
            Self::Stdout(mut w) => w
                .flush()
                .map_err(|e| format!("cannot write standard output: {e}")),
        }
    }
}

impl Write for CsvOut {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.sink().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.sink().flush()
    }
}

/// Writes `bytes` to `path` whole or not at all.
pub(crate) fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    file.commit()
}

/// Checks that an output's folder exists before the work starts (a chart, a page, a tuned
/// file): a typo fails at once, not after minutes of play.
pub(crate) fn check_plot_path(path: Option<&Path>) -> Result<(), String> {
    let Some(path) = path else {
        return Ok(());
    };
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => Err(format!(
            "cannot create {}: no folder {}",
            path.display(),
            dir.display()
        )),
        _ => Ok(()),
    }
}

/// Draws a chart to `path` whole or not at all: `draw` writes a hidden file beside it, with the
/// same extension (the chart's format follows it), which is moved into place once drawn.
pub(crate) fn draw_whole<E: std::fmt::Display>(
    path: &Path,
    draw: impl FnOnce(&Path) -> Result<(), E>,
) -> Result<(), String> {
    let cannot = |why: &dyn std::fmt::Display| format!("cannot draw {}: {why}", path.display());
    if path.is_dir() {
        return Err(cannot(&"it is a folder"));
    }
    let (Some(stem), Some(extension)) = (path.file_stem(), path.extension()) else {
        return Err(cannot(&"it names no file with an extension"));
    };
    let temp = path.with_file_name(format!(
        ".{}.{}.partial.{}",
        stem.to_string_lossy(),
        std::process::id(),
        extension.to_string_lossy()
    ));
    let drawn = draw(&temp)
        .map_err(|e| cannot(&e))
        .and_then(|()| std::fs::rename(&temp, path).map_err(|e| cannot(&e)));
    if drawn.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    drawn
}

/// Refuses an output that is one of the command's input files (`fray merge part-0.json ...
/// --json part-0.json` would write a part over itself): the error says which.
pub(crate) fn outputs_apart_from_inputs(
    outputs: &[(&str, Option<&Path>)],
    inputs: &[PathBuf],
) -> Result<(), String> {
    let inputs: Vec<PathBuf> = inputs.iter().map(|p| same_file_key(p)).collect();
    for &(flag, path) in outputs {
        let Some(path) = path.filter(|p| p.as_os_str() != "-") else {
            continue;
        };
        let key = same_file_key(path);
        if inputs.contains(&key) {
            return Err(format!(
                "{flag} {} would write over one of the files it reads: write it elsewhere",
                path.display()
            ));
        }
    }
    Ok(())
}

/// Checks the output flags of one command before any work: at most one of them on standard
/// output (`-`), and no two on the same file (the second would replace the first). `outputs`
/// pairs each flag (`--json`) with its path, if given.
pub(crate) fn distinct_outputs(outputs: &[(&str, Option<&Path>)]) -> Result<(), String> {
    let given: Vec<(&str, &Path)> = outputs
        .iter()
        .filter_map(|&(flag, path)| path.map(|p| (flag, p)))
        .collect();
    let stdout: Vec<&str> = given
        .iter()
        .filter(|(_, p)| p.as_os_str() == "-")
        .map(|(flag, _)| *flag)
        .collect();
    if stdout.len() > 1 {
        return Err(format!(
            "{} all want standard output: write all but one of them to a file",
            stdout.join(" -, ")
        ));
    }
    let files: Vec<(&str, PathBuf)> = given
        .iter()
        .filter(|(_, p)| p.as_os_str() != "-")
        .map(|&(flag, p)| (flag, same_file_key(p)))
        .collect();
    for (i, (flag, key)) in files.iter().enumerate() {
        if let Some((other, _)) = files[..i].iter().find(|(_, k)| k == key) {
            return Err(format!(
                "{other} and {flag} both write {}: give each its own file",
                key.display()
            ));
        }
    }
    Ok(())
}

/// What tells two output paths apart: the absolute path, with its folder resolved when it
/// exists (so `out.json` and `./out.json` are the same file).
fn same_file_key(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (absolute.parent(), absolute.file_name()) {
        (Some(dir), Some(name)) => dir
            .canonicalize()
            .map_or_else(|_| absolute.clone(), |dir| dir.join(name)),
        _ => absolute,
    }
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
    fn two_outputs_on_one_file_or_on_standard_output_are_refused() {
        let (a, b) = (Path::new("out.json"), Path::new("./out.json"));
        let same = distinct_outputs(&[("--json", Some(a)), ("--csv", Some(b))]);
        assert!(same.is_err_and(|e| e.contains("--json and --csv both write")));
        let dash = Path::new("-");
        let both = distinct_outputs(&[("--json", Some(dash)), ("--csv", Some(dash))]);
        assert!(both.is_err_and(|e| e.contains("standard output")));
        let fine =
            distinct_outputs(&[("--json", Some(dash)), ("--csv", Some(a)), ("--plot", None)]);
        assert!(fine.is_ok());
        let inputs = [PathBuf::from("part-0.json"), PathBuf::from("part-1.json")];
        let over =
            outputs_apart_from_inputs(&[("--json", Some(Path::new("./part-0.json")))], &inputs);
        assert!(over.is_err_and(|e| e.contains("--json part-0.json") || e.contains("over one")));
        let apart = outputs_apart_from_inputs(&[("--json", Some(Path::new("all.json")))], &inputs);
        assert!(apart.is_ok());
    }

    #[test]
    fn a_chart_that_fails_to_draw_leaves_the_old_one_and_no_trace() {
        let dir = std::env::temp_dir().join(format!("fray-chart-{}", std::process::id()));
        std::fs::create_dir_all(&dir).ok();
        let path = dir.join("chart.svg");
        std::fs::write(&path, "old").ok();
        let failed = draw_whole(&path, |temp| {
            assert_eq!(temp.extension().and_then(|e| e.to_str()), Some("svg"));
            std::fs::write(temp, "half").ok();
            Err("no font")
        });
        assert!(failed.is_err_and(|e| e.contains("no font")));
        assert_eq!(std::fs::read_to_string(&path).ok().as_deref(), Some("old"));
        let drawn = draw_whole(&path, |temp| std::fs::write(temp, "new"));
        assert!(drawn.is_ok());
        assert_eq!(std::fs::read_to_string(&path).ok().as_deref(), Some("new"));
        let left = std::fs::read_dir(&dir).map(|d| d.count()).ok();
        assert_eq!(left, Some(1), "no temporary file is left");
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
