//! The shell every page shares: the stylesheet, the error catcher and the scripts inline, and
//! the page's data as one JSON blob. The replay script comes first on every page: it holds
//! the helpers and the timeline the others use.

use std::io::Write;

use serde_json::Value;

use crate::output::AtomicFile;

/// The stylesheet of every page.
const STYLE: &str = include_str!("page.css");
/// Catches script errors into the page (`#errors`), where a test looks for them.
const ERRORS: &str = include_str!("errors.js");
/// The replay player (every page holds one or more replays).
const REPLAY: &str = include_str!("replay.js");
/// The batch report.
const BATCH: &str = include_str!("batch.js");
/// The expedition player.
const DELVE: &str = include_str!("delve.js");
/// The comparison (after the batch report, whose helpers it uses).
const COMPARE: &str = include_str!("compare.js");
/// The tuning (after the batch report, whose helpers it uses).
const TUNE: &str = include_str!("tune.js");

/// What a page shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PageKind {
    /// One fight played back (`fray run --html`).
    Replay,
    /// A batch's report with its runs worth watching (`fray batch --html`, `fray merge
    /// --html`).
    Batch,
    /// An expedition played back (`fray delve --html`).
    Delve,
    /// A comparison (`fray compare --html`).
    Compare,
    /// A tuning (`fray tune --html`).
    Tune,
}

/// A whole page titled `title` showing `data`.
pub(crate) fn page(kind: PageKind, title: &str, data: &Value) -> String {
    let (name, script) = match kind {
        PageKind::Replay => ("replay", String::new()),
        PageKind::Batch => ("batch", BATCH.to_string()),
        PageKind::Delve => ("delve", DELVE.to_string()),
        PageKind::Compare => ("compare", format!("{BATCH}{COMPARE}")),
        PageKind::Tune => ("tune", format!("{BATCH}{TUNE}")),
    };
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <pre id=\"errors\"></pre>\n<script>\n{ERRORS}</script>\n\
         <main id=\"app\" data-kind=\"{name}\"></main>\n\
         <script type=\"application/json\" id=\"fray-data\">{data}</script>\n\
         <script>\n{REPLAY}{script}</script>\n</body>\n</html>\n",
        title = escape_text(title),
        data = json_in_script(data),
    )
}

/// Writes a page into `file` and puts it in place.
pub(crate) fn write_page(mut file: AtomicFile, html: &str) -> Result<(), String> {
    file.write_all(html.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", file.path().display()))?;
    file.commit()
}

/// `data` as JSON safe inside a `<script>` element: every `<` written `\u003c`, so no `</script>`
/// or `<!--` can end or change the element (the JSON means the same).
pub(crate) fn json_in_script(data: &Value) -> String {
    data.to_string().replace('<', "\\u003c")
}

/// `text` safe as HTML text.
pub(crate) fn escape_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_data_cannot_end_its_script_element() {
        let data = serde_json::json!({"name": "</script><script>alert(1)</script><!--"});
        let page = page(PageKind::Replay, "a <b> & c", &data);
        assert_eq!(page.matches("</script>").count(), 3);
        assert!(page.contains("<title>a &lt;b&gt; &amp; c</title>"));
        let start = page.find("id=\"fray-data\">").unwrap() + "id=\"fray-data\">".len();
        let end = start + page[start..].find("</script>").unwrap();
        let back: Value = serde_json::from_str(&page[start..end]).unwrap();
        assert_eq!(back, data);
    }
}
