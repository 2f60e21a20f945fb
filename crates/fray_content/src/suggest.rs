//! "Did you mean ...?": the closest known name to a misspelled one.

/// Returns the known name closest to `wanted` by edit distance, if any is close enough to be a
/// plausible typo (distance at most a third of the longer name, and at least 1 allowed).
///
/// ```
/// use fray_content::suggest::closest;
/// assert_eq!(closest("gobln", ["goblin", "orc"]), Some("goblin"));
/// assert_eq!(closest("dragon", ["goblin", "orc"]), None);
/// ```
pub fn closest<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let mut best: Option<(usize, &'a str)> = None;
    for name in known {
        let d = edit_distance(wanted, name);
        let limit = (wanted.chars().count().max(name.chars().count()) / 3).max(1);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, name));
        }
    }
    best.map(|(_, name)| name)
}

/// Formats a `help:` text for an unknown name: the closest match, or the list of known names
/// when there are few.
pub fn help_for<'a>(wanted: &str, known: impl IntoIterator<Item = &'a str> + Clone) -> String {
    if let Some(name) = closest(wanted, known.clone()) {
        return format!("did you mean `{name}`?");
    }
    let all: Vec<&str> = known.into_iter().collect();
    if all.is_empty() {
        "none are defined".to_string()
    } else if all.len() <= 12 {
        format!("known: {}", all.join(", "))
    } else {
        format!(
            "known: {}, ... ({} in all)",
            all[..12].join(", "),
            all.len()
        )
    }
}

/// Edit distance over characters, counting a swap of two neighbours as one edit (optimal
/// string alignment), so `fra` is one edit from `far`.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_edits() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("same", "same"), 0);
        assert_eq!(edit_distance("fra", "far"), 1);
    }

    #[test]
    fn help_lists_known_names_when_nothing_is_close() {
        assert_eq!(help_for("zzz", ["a-b", "c-d"]), "known: a-b, c-d");
        assert_eq!(help_for("zzz", []), "none are defined");
    }
}
