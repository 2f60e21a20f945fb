//! Text cells of the plain-text tables (the batch report, `fray list`): measured in terminal
//! columns, not characters, so full-width names and emoji keep the columns straight; a name
//! too long for its column keeps its number (`Reed Goblin 12` is cut as `Reed Go… 12`), so two
//! cut names stay apart.

use unicode_width::UnicodeWidthStr;

/// The columns `s` takes on a terminal.
///
/// ```
/// use fray_sim::table_cell::width;
/// assert_eq!(width("Goblin"), 6);
/// assert_eq!(width("鬼"), 2);
/// ```
pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// `s` in exactly `columns` columns: padded with spaces on the right, or cut with an ellipsis
/// (keeping a trailing number, as in `Goblin 12`).
///
/// ```
/// use fray_sim::table_cell::fit;
/// assert_eq!(fit("Goblin", 8), "Goblin  ");
/// assert_eq!(fit("Reed Goblin Skirmisher 12", 14), "Reed Gobli… 12");
/// assert_eq!(fit("鬼鬼鬼", 4), "鬼… ");
/// ```
pub fn fit(s: &str, columns: usize) -> String {
    let cut = cut(s, columns);
    let pad = columns.saturating_sub(width(&cut));
    format!("{cut}{}", " ".repeat(pad))
}

/// `s` cut to at most `columns` columns (with an ellipsis where it was cut), keeping a trailing
/// number.
pub fn cut(s: &str, columns: usize) -> String {
    if width(s) <= columns {
        return s.to_string();
    }
    // A trailing " 12" is kept whole when there is room for it and a little of the rest.
    let suffix = s
        .rsplit_once(' ')
        .filter(|(_, n)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        .map_or("", |(_, n)| n);
    let keep = if suffix.is_empty() || width(suffix) + 3 > columns {
        ""
    } else {
        suffix
    };
    let room = columns
        .saturating_sub(1)
        .saturating_sub(if keep.is_empty() { 0 } else { keep.len() + 1 });
    let mut head = String::new();
    for c in s.chars() {
        let mut next = head.clone();
        next.push(c);
        if width(&next) > room {
            break;
        }
        head = next;
    }
    let head = head.trim_end();
    if keep.is_empty() {
        format!("{head}…")
    } else {
        format!("{head}… {keep}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn i41_cut_names_keep_their_numbers_and_their_columns() {
        let a = fit("Reed Goblin Reed Goblin Reed Goblin 1", 20);
        let b = fit("Reed Goblin Reed Goblin Reed Goblin 2", 20);
        assert_ne!(a, b);
        assert!(
            a.trim_end().ends_with(" 1") && b.trim_end().ends_with(" 2"),
            "{a} / {b}"
        );
        assert_eq!(width(&a), 20);
        // Full-width names fill their columns, not their characters.
        assert_eq!(width(&fit("ゴブリンの王", 10)), 10);
        assert_eq!(width(&fit("🐉 Drake", 10)), 10);
        // Short enough: padded, never cut.
        assert_eq!(fit("Orc", 5), "Orc  ");
        // Too narrow for the number: cut plainly.
        assert_eq!(cut("Goblin 12345", 4), "Gob…");
    }
}
