//! How a computation of values ran ([`Method`]) and why it ended ([`Stop`]).

use super::sparse::CommonSet;

/// Why a computation ended; serialised as the words `table --json` prints (`proved`,
/// `reached`, `work limit`, `interrupted`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Stop {
    /// A period was proved: values past it follow from it.
    #[serde(rename = "proved")]
    Proved,
    /// The requested last position was reached.
    #[serde(rename = "reached")]
    Reached,
    /// The work budget ran out first.
    #[serde(rename = "work limit")]
    WorkLimit,
    /// Interrupted (Ctrl-C).
    #[serde(rename = "interrupted")]
    Interrupted,
    /// An external rule's options could not be had ([`Values::failure`] says why); tables
    /// refuse such values, so no report says it.
    #[serde(rename = "rule failed")]
    RuleFailed,
}

/// How values were computed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// The straightforward table over the rule's options.
    Naive,
    /// Every pair scanned (values not sparse).
    Dense,
    /// The sparse-space method with these common sets (index: take size mod 2; `None` for a
    /// class without split moves) and, for each, how many positions (n ≥ 1) were rare.
    Sparse {
        /// The common set of each class and its count of rare positions.
        classes: [Option<(CommonSet, usize)>; 2],
    },
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Method::Naive => f.write_str("straightforward table"),
            Method::Dense => f.write_str("dense pair scan (values not sparse)"),
            Method::Sparse { classes } => {
                f.write_str("sparse space:")?;
                let mut first = true;
                for (class, entry) in classes.iter().enumerate() {
                    if let Some((set, rare)) = entry {
                        let takes = if class == 0 { "even" } else { "odd" };
                        let comma = if first { "" } else { ";" };
                        write!(f, "{comma} {takes} takes {set}, {rare} rare positions")?;
                        first = false;
                    }
                }
                Ok(())
            }
        }
    }
}
