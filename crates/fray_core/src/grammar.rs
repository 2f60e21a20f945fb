//! The grammar of narration: how a line refers back to the combatant it names, and how it
//! counts.

/// How narration refers back to a combatant it has named: a hero or player character as
/// "they", a monster as "it".
///
/// ```
/// use fray_core::grammar::Pronoun;
/// let hero = Pronoun::of(true);
/// assert_eq!(format!("loses {} nerve", hero.possessive()), "loses their nerve");
/// assert_eq!(Pronoun::of(false).agree("it dies", "they die"), "it dies");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pronoun {
    /// A monster: "it".
    It,
    /// A hero or player character: "they".
    They,
}

impl Pronoun {
    /// "They" for a hero or player character, "it" for anything else.
    pub fn of(hero: bool) -> Self {
        if hero { Self::They } else { Self::It }
    }

    /// `its`, `their`.
    pub fn possessive(self) -> &'static str {
        match self {
            Self::It => "its",
            Self::They => "their",
        }
    }

    /// `it`, `them`.
    pub fn object(self) -> &'static str {
        match self {
            Self::It => "it",
            Self::They => "them",
        }
    }

    /// The words that agree with the pronoun: `it` for "it", `they` for "they" (a clause
    /// with its verb: `it dies`, `they die`).
    pub fn agree<'a>(self, it: &'a str, they: &'a str) -> &'a str {
        match self {
            Self::It => it,
            Self::They => they,
        }
    }
}

/// `n` and the noun it counts: `1 success`, `2 successes`, `0 successes`.
///
/// ```
/// use fray_core::grammar::counted;
/// assert_eq!(counted(1u32, "run", "runs"), "1 run");
/// assert_eq!(counted(0u64, "run", "runs"), "0 runs");
/// ```
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}
