//! Ids from names: a slug, and a suffix where an id is already taken.

use std::collections::BTreeSet;

/// The slug of a name: lower case ASCII letters and digits, words joined by `-` (`Ant, Giant`
/// gives `ant-giant`; `Deep Gnome (Svirfneblin)` gives `deep-gnome-svirfneblin`).
pub fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if c != '\'' && !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    if out.is_empty() {
        out.push_str("monster");
    }
    out
}

/// The id a statblock named `name` gets: its slug; `<slug>-<suffix>` when the slug is in
/// `taken` (the ruleset's content already has it), then `-2`, `-3`... while still taken.
/// Returns the id and, when it is not the plain slug, why.
pub fn assign(name: &str, suffix: &str, taken: &BTreeSet<String>) -> (String, Option<String>) {
    let plain = slug(name);
    if !taken.contains(&plain) {
        return (plain, None);
    }
    let mut id = format!("{plain}-{suffix}");
    let mut n = 2u32;
    while taken.contains(&id) {
        id = format!("{plain}-{suffix}-{n}");
        n = n.saturating_add(1);
    }
    let why = format!("id `{plain}` is already taken: imported as `{id}`");
    (id, Some(why))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_become_slugs() {
        assert_eq!(slug("Ant, Giant"), "ant-giant");
        assert_eq!(slug("Deep Gnome (Svirfneblin)"), "deep-gnome-svirfneblin");
        assert_eq!(slug("Will-o'-Wisp"), "will-o-wisp");
        assert_eq!(slug("  "), "monster");
    }

    #[test]
    fn a_taken_id_gets_the_suffix() {
        let taken: BTreeSet<String> = ["goblin".to_string(), "goblin-srd".to_string()].into();
        assert_eq!(assign("Orc", "srd", &taken), ("orc".to_string(), None));
        let (id, why) = assign("Goblin", "srd", &taken);
        assert_eq!(id, "goblin-srd-2");
        assert!(why.is_some_and(|w| w.contains("goblin-srd-2")));
    }
}
