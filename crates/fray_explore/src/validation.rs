//! The checks dungeon, wilderness and expedition files share: ids, rulesets, statblocks,
//! stocks of monsters, dice, and the limit on the numbers content may write.

use fray_content::db::ContentDb;
use fray_content::encounter::MAX_COMBATANTS;
use fray_content::naming::id_problem;
use fray_content::schema::Problem;
use fray_content::suggest::help_for;
use fray_dice::Dice;

use crate::foes::Foes;

/// Largest count of monsters a stock or a wandering roll may give, and largest treasure, trap
/// damage and passage length content may write (so the arithmetic on them stays small).
pub const LIMIT: i64 = 100_000;

/// The problem with a ruleset id no schema knows.
pub(crate) fn ruleset_problem(db: &ContentDb, ruleset: &str) -> Option<Problem> {
    if db.rulesets().any(|r| r == ruleset) {
        return None;
    }
    Some(
        Problem::at(ruleset, format!("unknown ruleset `{ruleset}`"))
            .with_help(help_for(ruleset, db.rulesets().collect::<Vec<_>>())),
    )
}

/// The problems of a stock of `count` monsters of `statblock` (an area's or a site's): a
/// statblock the ruleset knows, and a count from 1 to [`MAX_COMBATANTS`].
pub(crate) fn stock_problems(db: &ContentDb, ruleset: &str, foes: &Foes) -> Vec<Problem> {
    let mut out: Vec<Problem> = statblock_problem(db, ruleset, &foes.statblock)
        .into_iter()
        .collect();
    if foes.count == 0 {
        out.push(Problem::at(
            &foes.statblock,
            "a stock of monsters needs a count of at least 1",
        ));
    }
    if u32::from(foes.count) > MAX_COMBATANTS {
        out.push(
            Problem::at(
                &foes.statblock,
                format!(
                    "a stock of {} {} is more than the {MAX_COMBATANTS} combatants a fight may hold",
                    foes.count, foes.statblock
                ),
            )
            .with_help("lower the count"),
        );
    }
    out
}

/// The problem of an id (`what`: "area", "site"...) that is not a short word, if any.
pub(crate) fn id_problems(what: &str, id: &str) -> Option<Problem> {
    id_problem(what, id).map(|message| Problem::at(id, message))
}

/// The problem with a statblock id the ruleset does not know, or that is not a combatant.
pub(crate) fn statblock_problem(db: &ContentDb, ruleset: &str, id: &str) -> Option<Problem> {
    let summaries = db.statblock_summaries(ruleset);
    match summaries.iter().find(|s| s.id == id) {
        Some(s) if s.spawnable => None,
        Some(s) => Some(Problem::at(
            id,
            format!("`{id}` is a {}, not a combatant", s.kind),
        )),
        None if summaries.is_empty() || db.statblocks_broken(ruleset) => None,
        None => Some(
            Problem::at(id, format!("unknown {ruleset} statblock `{id}`")).with_help(help_for(
                id,
                summaries
                    .iter()
                    .filter(|s| s.spawnable)
                    .map(|s| s.id.as_str()),
            )),
        ),
    }
}

/// The problem of a wandering table's count (`1d6`, `2`), if any: dice that roll from 1 to
/// [`MAX_COMBATANTS`].
pub(crate) fn count_problem(text: &str) -> Option<Problem> {
    dice_problem(text, 1, "a wandering count").or_else(|| {
        let most = Dice::parse(text).map_or(0, |dice| dice.max());
        (most > i64::from(MAX_COMBATANTS)).then(|| {
            Problem::at(
                text,
                format!(
                    "a wandering count `{text}` rolls up to {most}; a fight may hold at most {MAX_COMBATANTS}"
                ),
            )
        })
    })
}

/// The problem with dice notation that does not parse or may roll outside `min..=LIMIT`.
pub(crate) fn dice_problem(text: &str, min: i64, what: &str) -> Option<Problem> {
    match Dice::parse(text) {
        Err(e) => Some(Problem::at(text, format!("{what} `{text}`: {e}"))),
        Ok(dice) if dice.min() < min || dice.max() > LIMIT => Some(Problem::at(
            text,
            format!(
                "{what} `{text}` rolls {}..{}; it must stay within {min}..{LIMIT}",
                dice.min(),
                dice.max()
            ),
        )),
        Ok(_) => None,
    }
}
