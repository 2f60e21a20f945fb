//! Open5e's v2 data files (Django JSON fixtures: `Creature.json`, `CreatureAction.json`,
//! `CreatureActionAttack.json`, `CreatureTrait.json`) read into creatures with their actions,
//! attacks and traits. Only the fields the importer maps are read; the rest is ignored.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use crate::error::ImportError;

/// The text of the fixture files of one document.
#[derive(Debug, Clone, Copy)]
pub struct Open5eFiles<'a> {
    /// `Creature.json`.
    pub creatures: &'a [u8],
    /// `CreatureAction.json`.
    pub actions: &'a [u8],
    /// `CreatureActionAttack.json`.
    pub attacks: &'a [u8],
    /// `CreatureTrait.json`.
    pub traits: &'a [u8],
}

/// One fixture record.
#[derive(Debug, Deserialize)]
struct Record<F> {
    pk: String,
    fields: F,
}

/// A creature's fields the importer maps.
#[derive(Debug, Clone, Deserialize)]
pub struct CreatureFields {
    /// The source's `name`.
    pub name: String,
    /// The source's `ability_score_strength`.
    pub ability_score_strength: i64,
    /// The source's `ability_score_dexterity`.
    pub ability_score_dexterity: i64,
    /// The source's `ability_score_constitution`.
    pub ability_score_constitution: i64,
    /// The source's `ability_score_intelligence`.
    pub ability_score_intelligence: i64,
    /// The source's `ability_score_wisdom`.
    pub ability_score_wisdom: i64,
    /// The source's `ability_score_charisma`.
    pub ability_score_charisma: i64,
    /// The source's `armor_class`.
    pub armor_class: i64,
    /// The source's `hit_points`.
    pub hit_points: i64,
    /// The source's `hit_dice`.
    pub hit_dice: Option<String>,
    /// The source's `challenge_rating`.
    pub challenge_rating: String,
    /// The source's `proficiency_bonus`.
    pub proficiency_bonus: Option<i64>,
    /// The source's `walk`.
    pub walk: Option<f64>,
    /// The source's `fly`.
    pub fly: Option<f64>,
    /// The source's `swim`.
    pub swim: Option<f64>,
    /// The source's `climb`.
    pub climb: Option<f64>,
    /// The source's `burrow`.
    pub burrow: Option<f64>,
    /// The source's `darkvision_range`.
    pub darkvision_range: Option<f64>,
    /// The source's `blindsight_range`.
    pub blindsight_range: Option<f64>,
    /// The source's `tremorsense_range`.
    pub tremorsense_range: Option<f64>,
    /// The source's `truesight_range`.
    pub truesight_range: Option<f64>,
    /// The source's `skill_bonus_stealth`.
    pub skill_bonus_stealth: Option<i64>,
    /// The source's `damage_immunities_display`.
    #[serde(default)]
    pub damage_immunities_display: String,
    /// The source's `damage_resistances_display`.
    #[serde(default)]
    pub damage_resistances_display: String,
    /// The source's `damage_vulnerabilities_display`.
    #[serde(default)]
    pub damage_vulnerabilities_display: String,
    /// The source's `condition_immunities`.
    #[serde(default)]
    pub condition_immunities: Vec<String>,
}

/// An action's fields.
#[derive(Debug, Clone, Deserialize)]
pub struct ActionFields {
    /// The source's `name`.
    pub name: String,
    /// The source's `desc`.
    pub desc: String,
    /// The source's `parent`.
    pub parent: String,
    /// The source's `action_type`.
    pub action_type: String,
    /// The source's `uses_type`.
    pub uses_type: Option<String>,
    /// The source's `uses_param`.
    pub uses_param: Option<i64>,
    /// The source's `order_in_statblock`.
    pub order_in_statblock: Option<i64>,
    /// The source's `limited_to_form`.
    pub limited_to_form: Option<String>,
}

/// An action attack's fields (only its parent is used: the attack itself is read from the
/// action's prose, see [`crate::attack_line`]).
#[derive(Debug, Clone, Deserialize)]
struct AttackFields {
    parent: String,
}

/// A trait's fields.
#[derive(Debug, Clone, Deserialize)]
pub struct TraitFields {
    /// The source's `name`.
    pub name: String,
    /// The source's `desc`.
    pub desc: String,
    /// The source's `parent`.
    pub parent: String,
}

/// An action with the number of structured attacks Open5e lists for it.
#[derive(Debug, Clone)]
pub struct Action {
    /// Its fields.
    pub fields: ActionFields,
    /// How many `CreatureActionAttack` records it has (0: not an attack).
    pub attacks: usize,
}

/// A creature with its actions (in statblock order) and traits.
#[derive(Debug, Clone)]
pub struct Creature {
    /// Its key (`srd_aboleth`).
    pub pk: String,
    /// Its fields.
    pub fields: CreatureFields,
    /// Its actions, legendary actions and reactions.
    pub actions: Vec<Action>,
    /// Its traits.
    pub traits: Vec<TraitFields>,
}

fn records<F: DeserializeOwned>(file: &str, bytes: &[u8]) -> Result<Vec<Record<F>>, ImportError> {
    serde_json::from_slice(bytes).map_err(|source| ImportError::Json {
        file: file.to_string(),
        source,
    })
}

/// Reads the fixtures into creatures, sorted by name.
pub fn read(files: Open5eFiles<'_>) -> Result<Vec<Creature>, ImportError> {
    let creatures: Vec<Record<CreatureFields>> = records("Creature.json", files.creatures)?;
    let actions: Vec<Record<ActionFields>> = records("CreatureAction.json", files.actions)?;
    let attacks: Vec<Record<AttackFields>> = records("CreatureActionAttack.json", files.attacks)?;
    let traits: Vec<Record<TraitFields>> = records("CreatureTrait.json", files.traits)?;
    let mut by_pk: BTreeMap<String, Creature> = creatures
        .into_iter()
        .map(|r| {
            let c = Creature {
                pk: r.pk.clone(),
                fields: r.fields,
                actions: Vec::new(),
                traits: Vec::new(),
            };
            (r.pk, c)
        })
        .collect();
    let mut attack_count: BTreeMap<String, usize> = BTreeMap::new();
    for a in attacks {
        *attack_count.entry(a.fields.parent).or_default() += 1;
    }
    for a in actions {
        let parent = a.fields.parent.clone();
        let Some(c) = by_pk.get_mut(&parent) else {
            return Err(ImportError::Orphan {
                file: "CreatureAction.json".into(),
                pk: a.pk,
                parent,
            });
        };
        let n = attack_count.remove(&a.pk).unwrap_or(0);
        c.actions.push(Action {
            fields: a.fields,
            attacks: n,
        });
    }
    if let Some((pk, _)) = attack_count.into_iter().next() {
        return Err(ImportError::Orphan {
            file: "CreatureActionAttack.json".into(),
            pk: pk.clone(),
            parent: pk,
        });
    }
    for t in traits {
        let parent = t.fields.parent.clone();
        let Some(c) = by_pk.get_mut(&parent) else {
            return Err(ImportError::Orphan {
                file: "CreatureTrait.json".into(),
                pk: t.pk,
                parent,
            });
        };
        c.traits.push(t.fields);
    }
    let mut out: Vec<Creature> = by_pk.into_values().collect();
    for c in &mut out {
        c.actions.sort_by(|a, b| {
            (
                &a.fields.action_type,
                a.fields.order_in_statblock,
                &a.fields.name,
            )
                .cmp(&(
                    &b.fields.action_type,
                    b.fields.order_in_statblock,
                    &b.fields.name,
                ))
        });
        c.traits.sort_by(|a, b| a.name.cmp(&b.name));
    }
    out.sort_by(|a, b| a.fields.name.cmp(&b.fields.name).then(a.pk.cmp(&b.pk)));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_files_are_errors_not_panics() {
        let files = Open5eFiles {
            creatures: b"[{\"pk\": 1}",
            actions: b"[]",
            attacks: b"[]",
            traits: b"[]",
        };
        let e = read(files).err().map(|e| e.to_string());
        assert!(e.is_some_and(|e| e.starts_with("Creature.json: not the expected data")));
        let files = Open5eFiles {
            creatures: b"[]",
            actions: br#"[{"pk": "x_a", "fields": {"name": "A", "desc": "", "parent": "x", "action_type": "ACTION", "uses_type": null, "uses_param": null, "order_in_statblock": 0, "limited_to_form": null}}]"#,
            attacks: b"[]",
            traits: b"[]",
        };
        assert!(matches!(read(files), Err(ImportError::Orphan { .. })));
    }
}
