//! Encounter maps: regions (nodes) and the links between them.
//!
//! Fray's positioning is abstract: a map is a graph of regions, and distances and range bands
//! come from the number of hops between regions. Rulesets without maps use a built-in map.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A map: regions and undirected links between them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename = "Map")]
pub struct MapSpec {
    /// Unique id, referenced by encounters as `map: Named("id")`.
    pub id: String,
    /// A readable name (defaults to the id).
    #[serde(default)]
    pub name: String,
    /// The regions, in the order their ids are numbered.
    pub regions: Vec<RegionSpec>,
    /// Pairs of linked region ids (links are two-way).
    #[serde(default)]
    pub links: Vec<(String, String)>,
}

/// One region of a map.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RegionSpec {
    /// Id, unique within the map.
    pub id: String,
    /// A readable name (defaults to the id).
    #[serde(default)]
    pub name: String,
    /// Relative size (1 = a room-sized area); rulesets may use it for crowding.
    #[serde(default = "one")]
    pub size: u16,
    /// What the ground is like.
    #[serde(default)]
    pub terrain: TerrainSpec,
    /// How well lit the region is.
    #[serde(default)]
    pub light: Light,
}

fn one() -> u16 {
    1
}

/// The ground of a region.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TerrainSpec {
    /// Extra movement cost to cross it (OHO's hamper value), in the ruleset's movement unit.
    #[serde(default)]
    pub hamper: u16,
    /// Difficult terrain (halves speed where a ruleset says so).
    #[serde(default)]
    pub difficult: bool,
    /// Crossing needs swimming.
    #[serde(default)]
    pub water: bool,
    /// Crossing needs climbing.
    #[serde(default)]
    pub climb: bool,
    /// Unsteady footing: a ship's deck in rough seas, a flying mount's back.
    #[serde(default)]
    pub unstable: bool,
}

/// Light level of a region (the lite5e bands; other rulesets read what they need).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum Light {
    /// No light.
    Darkness,
    /// Dim light.
    Dim,
    /// Well lit (the default).
    #[default]
    WellLit,
    /// Brilliant light.
    Brilliant,
}

impl MapSpec {
    /// The names of the built-in maps.
    pub const BUILTIN: [&'static str; 2] = ["near-far", "single"];

    /// A built-in map by id: `near-far` (two linked regions, `near` and `far`, for rulesets that
    /// only distinguish nearby and far away) or `single` (one region, `field`).
    pub fn builtin(id: &str) -> Option<Self> {
        let region = |id: &str| RegionSpec {
            id: id.to_string(),
            name: id.to_string(),
            size: 1,
            terrain: TerrainSpec::default(),
            light: Light::WellLit,
        };
        match id {
            "near-far" => Some(Self {
                id: id.to_string(),
                name: "Near and far".to_string(),
                regions: vec![region("near"), region("far")],
                links: vec![("near".to_string(), "far".to_string())],
            }),
            "single" => Some(Self {
                id: id.to_string(),
                name: "A single field".to_string(),
                regions: vec![region("field")],
                links: Vec::new(),
            }),
            _ => None,
        }
    }

    /// Index of a region by id.
    pub fn region_index(&self, id: &str) -> Option<usize> {
        self.regions.iter().position(|r| r.id == id)
    }

    /// Checks ids and links, and that every region can be reached from the first. Returns
    /// `(text to point at, message, help)` for each problem.
    pub fn problems(&self) -> Vec<(String, String, Option<String>)> {
        let mut out = Vec::new();
        if self.regions.is_empty() {
            out.push((
                self.id.clone(),
                format!("map `{}` has no regions", self.id),
                Some("add at least one region".into()),
            ));
            return out;
        }
        if let Some(problem) = crate::naming::id_problem("map", &self.id) {
            out.push((self.id.clone(), problem, None));
        }
        for (i, r) in self.regions.iter().enumerate() {
            if let Some(problem) = crate::naming::id_problem("region", &r.id) {
                out.push((r.id.clone(), problem, None));
            }
            if self.regions[..i].iter().any(|o| o.id == r.id) {
                out.push((
                    r.id.clone(),
                    format!("region `{}` is defined twice in map `{}`", r.id, self.id),
                    None,
                ));
            }
        }
        let ids = || self.regions.iter().map(|r| r.id.as_str());
        for (i, (a, b)) in self.links.iter().enumerate() {
            for end in [a, b] {
                if self.region_index(end).is_none() {
                    out.push((
                        end.clone(),
                        format!("link names unknown region `{end}`"),
                        Some(crate::suggest::help_for(end, ids())),
                    ));
                }
            }
            // A link is two-way: `(a, b)` after `(a, b)` or `(b, a)` says it again.
            if a == b {
                out.push((
                    a.clone(),
                    format!("region `{a}` is linked to itself in map `{}`", self.id),
                    Some("a link joins two different regions: drop it".into()),
                ));
            } else if self.links[..i]
                .iter()
                .any(|(x, y)| (x == a && y == b) || (x == b && y == a))
            {
                out.push((
                    a.clone(),
                    format!(
                        "regions `{a}` and `{b}` are linked twice in map `{}`",
                        self.id
                    ),
                    Some("links are two-way: one is enough".into()),
                ));
            }
        }
        if out.is_empty() {
            let adjacency = self.adjacency();
            let mut seen = vec![false; self.regions.len()];
            let mut stack = vec![0];
            seen[0] = true;
            while let Some(i) = stack.pop() {
                for &j in &adjacency[i] {
                    if !seen[j] {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            for (i, r) in self.regions.iter().enumerate() {
                if !seen[i] {
                    out.push((
                        r.id.clone(),
                        format!(
                            "region `{}` cannot be reached from `{}`",
                            r.id, self.regions[0].id
                        ),
                        Some("link it to the rest of the map".into()),
                    ));
                }
            }
        }
        out
    }

    /// Neighbour lists by region index (unknown link ends are skipped).
    pub fn adjacency(&self) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); self.regions.len()];
        for (a, b) in &self.links {
            if let (Some(i), Some(j)) = (self.region_index(a), self.region_index(b))
                && i != j
            {
                if !adj[i].contains(&j) {
                    adj[i].push(j);
                }
                if !adj[j].contains(&i) {
                    adj[j].push(i);
                }
            }
        }
        adj
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_maps_are_valid() {
        for id in MapSpec::BUILTIN {
            let map = MapSpec::builtin(id).unwrap();
            assert!(map.problems().is_empty(), "{id}");
        }
        assert!(MapSpec::builtin("nowhere").is_none());
    }

    #[test]
    fn unreachable_regions_and_bad_links_are_reported() {
        let mut map = MapSpec::builtin("near-far").unwrap();
        map.links.clear();
        let problems = map.problems();
        assert_eq!(problems.len(), 1);
        assert!(problems[0].1.contains("cannot be reached"));
        map.links.push(("near".into(), "fra".into()));
        let problems = map.problems();
        assert!(problems[0].1.contains("unknown region `fra`"));
        assert_eq!(problems[0].2.as_deref(), Some("did you mean `far`?"));
    }

    #[test]
    fn self_links_and_links_given_twice_are_reported() {
        // Issue 32 F.26: `("hill", "hill")` and a link said twice were accepted.
        let mut map = MapSpec::builtin("near-far").unwrap();
        map.links.push(("far".into(), "near".into()));
        map.links.push(("near".into(), "near".into()));
        let problems: Vec<String> = map.problems().into_iter().map(|p| p.1).collect();
        assert_eq!(
            problems,
            [
                "regions `far` and `near` are linked twice in map `near-far`",
                "region `near` is linked to itself in map `near-far`",
            ]
        );
    }
}
