//! What ids and names may hold. Ids name files' contents on the command line and in other
//! files, so they are short words of letters, digits, `-` and `_`; names are printed to
//! terminals and reports, so they hold no control characters (a name with an escape code would
//! clear or recolour the screen) and no bidirectional overrides (which reorder what is printed
//! after them).

/// The longest id.
pub const MAX_ID_LEN: usize = 64;

/// The longest name.
pub const MAX_NAME_LEN: usize = 200;

/// Why `id` (of a `what`: "encounter", "region"...) is no valid id, if it is not.
///
/// ```
/// use fray_content::naming::id_problem;
/// assert_eq!(id_problem("encounter", "archmage-bridge"), None);
/// assert!(id_problem("encounter", "../../etc/passwd").is_some());
/// assert!(id_problem("encounter", "").is_some());
/// ```
pub fn id_problem(what: &str, id: &str) -> Option<String> {
    if id.is_empty() {
        return Some(format!("{what} id is empty"));
    }
    if id.len() > MAX_ID_LEN {
        return Some(format!(
            "{what} id `{}...` is longer than {MAX_ID_LEN} characters",
            id.chars().take(24).collect::<String>()
        ));
    }
    id.chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
        .map(|c| {
            format!(
                "{what} id `{}` holds {}: ids are letters, digits, `-` and `_`",
                id.escape_debug(),
                describe(c)
            )
        })
}

/// Why `name` (of a `what`: "side", "combatant"...) cannot be printed as it is, if it cannot.
///
/// ```
/// use fray_content::naming::name_problem;
/// assert_eq!(name_problem("combatant", "Reed Goblin 1"), None);
/// assert!(name_problem("combatant", "\u{1b}[2JReed Goblin").is_some());
/// assert!(name_problem("combatant", "\u{202e}nilbog").is_some());
/// ```
pub fn name_problem(what: &str, name: &str) -> Option<String> {
    if name.trim().is_empty() {
        return Some(format!("{what} name is empty"));
    }
    if name.chars().count() > MAX_NAME_LEN {
        return Some(format!(
            "{what} name `{}...` is longer than {MAX_NAME_LEN} characters",
            name.chars().take(24).collect::<String>().escape_debug()
        ));
    }
    name.chars()
        .find(|&c| c.is_control() || is_bidi_control(c))
        .map(|c| {
            format!(
                "{what} name `{}` holds {}, which terminals would act on",
                name.escape_debug(),
                describe(c)
            )
        })
}

/// The characters that change the direction of the text after them.
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
}

/// A character as a message names it.
fn describe(c: char) -> String {
    if c.is_control() || is_bidi_control(c) || c.is_whitespace() {
        format!("the character U+{:04X}", u32::from(c))
    } else {
        format!("`{c}`")
    }
}
