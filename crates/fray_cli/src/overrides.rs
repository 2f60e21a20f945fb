//! `--option NAME=VALUE` and `--max-rounds N`: an encounter's settings changed for one `run` or
//! `batch`, checked against the ruleset's options as content is; `--ruleset` for a fight
//! written on the command line.

use clap::Args;
use fray_content::db::ContentDb;
use fray_content::options::OptionValue;

use crate::CliEngine;

/// The encounter settings `run` and `batch` may change.
#[derive(Debug, Clone, Default, Args)]
pub struct Overrides {
    /// Set a ruleset option for this fight: `--option lasting_wounds=true` (repeatable; see
    /// `fray list` for each ruleset's options).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    pub options: Vec<String>,
    /// The round after which the fight is a draw (at least 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_rounds: Option<u32>,
    /// The ruleset of a fight written on the command line (`"fighter-3 vs 6 cave-goblin"`),
    /// when its statblock ids do not tell.
    #[arg(long)]
    pub ruleset: Option<String>,
}

/// Reads `true`, `false`, a whole number, or else a word.
fn value_of(text: &str) -> OptionValue {
    match text {
        "true" => OptionValue::Bool(true),
        "false" => OptionValue::Bool(false),
        _ => text.parse::<i64>().map_or_else(
            |_| OptionValue::Text(text.to_string().into()),
            OptionValue::Int,
        ),
    }
}

impl Overrides {
    /// Applies the overrides to encounter `id` in `db`, after checking each option against its
    /// ruleset: its name, the kind of its value, and the ruleset's own check. Says what is
    /// wrong, and changes nothing then.
    pub fn apply(&self, cli: &CliEngine, db: &mut ContentDb, id: &str) -> Result<(), String> {
        let Some(spec) = db.encounter(id) else {
            return Ok(());
        };
        let schema = cli
            .loader
            .schema(&spec.ruleset)
            .ok_or_else(|| format!("no ruleset `{}` in this build", spec.ruleset))?;
        let mut set = Vec::with_capacity(self.options.len());
        for option in &self.options {
            let (name, text) = option
                .split_once('=')
                .ok_or_else(|| format!("`--option {option}`: expected NAME=VALUE"))?;
            let (name, value) = (name.trim(), value_of(text.trim()));
            let def = schema
                .options()
                .iter()
                .find(|d| d.name == name)
                .ok_or_else(|| {
                    let known: Vec<&str> = schema.options().iter().map(|d| d.name).collect();
                    format!(
                        "unknown {} option `{name}` ({})",
                        spec.ruleset,
                        fray_content::suggest::help_for(name, known.iter().copied())
                    )
                })?;
            if !def.default.same_kind(&value) {
                return Err(format!(
                    "option `{name}` takes {}, found {} `{value}`",
                    def.default.kind(),
                    value.kind()
                ));
            }
            if let Some(problem) = schema.option_problem(name, &value) {
                return Err(format!("option `{name}`: {problem}"));
            }
            set.push((name.to_string(), value));
        }
        if let Some(spec) = db.encounter_mut(id) {
            spec.options.ruleset.extend(set);
            if let Some(rounds) = self.max_rounds {
                spec.options.max_rounds = rounds;
            }
        }
        Ok(())
    }
}
