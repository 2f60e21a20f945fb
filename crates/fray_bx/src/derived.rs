//! The numbers `fray show` prints for a B/X statblock beyond what it writes: a monster's or a
//! character's attack matrix row (THAC0), saving throws and hit points as its hit dice or
//! class and level give them (BX-22, BX-26).

use fray_content::schema::StatblockSet;

use crate::sheet::{self, SheetData};
use crate::statblock::BxBlock;

/// The derived numbers of `block`: nothing for a class or a spell.
pub(crate) fn derived(
    block: &BxBlock,
    set: &StatblockSet<BxBlock>,
) -> Result<Vec<(&'static str, String)>, String> {
    let (sheet, hp) = match block {
        BxBlock::Monster(m) => {
            let sheet = sheet::monster(m, set, None)?;
            let hp = match m.hp {
                Some(hp) => format!("{hp} (as written)"),
                None => format!("{} (the average of hit dice {})", sheet.hp, m.hd),
            };
            (sheet, hp)
        }
        BxBlock::Character(c) => {
            let sheet = sheet::character(c, set)?;
            let hp = format!("{} (as written)", sheet.hp);
            (sheet, hp)
        }
        BxBlock::Class(_) | BxBlock::Spell(_) => return Ok(Vec::new()),
    };
    Ok(lines(&sheet, hp))
}

/// The lines of a compiled sheet.
fn lines(sheet: &SheetData, hp: String) -> Vec<(&'static str, String)> {
    let [death, wands, paralysis, breath, spells] = sheet.saves.0;
    vec![
        ("hit points", hp),
        ("armour class", sheet.ac.to_string()),
        ("THAC0", sheet.thac0.to_string()),
        (
            "saving throws",
            format!(
                "death {death}, wands {wands}, paralysis {paralysis}, breath {breath}, spells {spells}"
            ),
        ),
        (
            "movement",
            format!(
                "{} ft a turn, {} ft a round",
                sheet.movement,
                sheet.encounter_move()
            ),
        ),
        (
            "morale",
            sheet
                .morale
                .map_or_else(|| "never checks".to_string(), |m| m.to_string()),
        ),
    ]
}
