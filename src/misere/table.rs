//! `table GAME --misere`: a heap game's misère sequences and quotient.
//!
//! For the heaps 0..=N: the genus of each heap (and so its misère Grundy value γ₀), how far the
//! heaps are tame, and the misère quotient of the heaps up to N (or as far as it can be built),
//! with its order, P-portion, presentation and pretending function, and the order after each
//! heap. Every figure is exact for the heaps it names; nothing is claimed past them.

use super::certificate::Unsettled;
use super::construction::{Limits, Settled};
use super::error::MisereError;
use super::genus::GenusTable;
use super::options::HeapOptions;
use super::periodicity::Solution;
use super::quotient::MisereQuotient;
use serde::Serialize;
use std::fmt::Write;

/// The default N of `table --misere` without `--to` (it stops earlier at a solution).
pub const DEFAULT_MISERE_TABLE: u64 = 1000;

/// The largest N of `table --misere` (the quotient is built heap by heap to N).
pub const MAX_MISERE_TABLE: u64 = 20_000;

/// How many positions the genus report examines: the genus is a side report, computed as far as
/// this budget goes (a few hundredths of a second) and never holding up the quotient.
pub const TABLE_GENUS_POSITIONS: usize = 20_000;

/// How `table --misere` runs.
#[derive(Clone, Debug, Default)]
pub struct TableSettings {
    /// The periodicity theorem's constants (most heaps a move leaves, the code's reach), when
    /// it applies to the game.
    pub theorem: Option<(u64, u64)>,
    /// The construction's limits.
    pub limits: Limits,
}

/// The report of `table GAME --misere`.
#[derive(Clone, Debug, Serialize)]
pub struct MisereTable {
    /// The game's canonical spelling.
    pub game: String,
    /// Always `"misere"`.
    pub play: &'static str,
    /// The heaps asked for: 0..=up_to.
    pub up_to: u64,
    /// The genus of heap 0, 1, … (as far as computed), in Conway's notation.
    pub genus: Vec<String>,
    /// The misère Grundy value γ₀ of heap 0, 1, … (as far as the genus is computed).
    pub misere_grundy: Vec<u64>,
    /// Every heap 0..=tame_up_to is tame, among the heaps whose genus was computed.
    pub tame_up_to: Option<u64>,
    /// The first wild heap, if one was found among the heaps computed.
    pub first_wild: Option<u64>,
    /// Why the genus stops before `up_to`, if it does.
    pub genus_stopped: Option<String>,
    /// The misère quotient.
    pub quotient: QuotientReport,
}

/// One heap at which the quotient changed: the quotient of the heaps up to it.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientChange {
    /// The heap.
    pub heap: u64,
    /// The order of the quotient of the heaps ≤ heap.
    pub order: usize,
    /// |P|.
    pub p_size: usize,
    /// Its presentation.
    pub presentation: String,
    /// Its P-portion, by name.
    pub p_portion: Vec<String>,
    /// Φ(0..=heap), by name.
    pub pretending_function: Vec<String>,
    /// How many candidate quotients the construction tried at this heap.
    pub candidates: usize,
}

/// The quotient part of [`MisereTable`].
#[derive(Clone, Debug, Serialize)]
pub struct QuotientReport {
    /// The quotient is of the positions whose heaps are at most this (of every position when
    /// `solved`).
    pub heaps: u64,
    /// Its number of elements.
    pub order: usize,
    /// |P|.
    pub p_size: usize,
    /// The elements of its P-portion, by name.
    pub p_portion: Vec<String>,
    /// `<a, b | a^2 = 1, b^3 = b>`.
    pub presentation: String,
    /// The generators: name and the heap that introduces it.
    pub generators: Vec<(String, u64)>,
    /// Φ(0), Φ(1), …, Φ(heaps), by name.
    pub pretending_function: Vec<String>,
    /// The order of the quotient of the heaps ≤ n, for n = 0..=heaps.
    pub orders: Vec<usize>,
    /// |P| of the quotient of the heaps ≤ n, for n = 0..=heaps.
    pub p_sizes: Vec<usize>,
    /// Each heap where the quotient changed.
    pub changes: Vec<QuotientChange>,
    /// The heap after which the order no longer changed (up to `heaps`).
    pub unchanged_since: u64,
    /// The quotient holds for every heap (periodicity theorem): Φ's pre-period and period.
    pub solved: Option<Solution>,
    /// Why it stops before `up_to` (and is not solved), if it does.
    pub stopped: Option<String>,
    /// Whether it stopped because of Ctrl-C.
    pub interrupted: bool,
    /// When it stopped at a heap needing a new generator: what the last candidate proves of
    /// the quotient with that heap.
    pub unsettled: Option<Unsettled>,
}

/// The report of one quotient change, as it is after `heap`.
fn change_of(quotient: &MisereQuotient, candidates: usize) -> QuotientChange {
    let presentation = quotient.presentation();
    let name = |e: u32| presentation.names[e as usize].clone();
    QuotientChange {
        heap: quotient.heaps(),
        order: quotient.order(),
        p_size: quotient.p_portion().len(),
        presentation: presentation.to_string(),
        p_portion: quotient.p_portion().into_iter().map(name).collect(),
        pretending_function: quotient
            .pretending_function()
            .into_iter()
            .map(name)
            .collect(),
        candidates,
    }
}

/// `[2,4,25,30^3,34^5]`.
fn powers_text(heaps: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut at = 0;
    while at < heaps.len() {
        let run = heaps[at..].iter().take_while(|&&h| h == heaps[at]).count();
        parts.push(if run > 1 {
            format!("{}^{run}", heaps[at])
        } else {
            heaps[at].to_string()
        });
        at += run;
    }
    format!("[{}]", parts.join(","))
}

/// The lines on what an unsettled heap's last candidate proves.
fn unsettled_text(u: &Unsettled) -> String {
    let mut out = String::new();
    let n = u.heap;
    let _ = writeln!(
        out,
        "unsettled: heap {n} after {} candidates; the last (order {}) first fails at {}, so it \
         decides every position with at most {} heaps of {n}, and from those:",
        u.candidates,
        u.candidate_order,
        powers_text(&u.failure),
        u.decided_below - 1
    );
    let _ = writeln!(
        out,
        "          the quotient of heaps 0..={n} has at least {} elements",
        u.order_at_least
    );
    for &(h, powers) in &u.distinct_powers {
        let _ = writeln!(
            out,
            "          0..={} heaps of {h} are pairwise distinguishable ({powers} distinct powers)",
            powers - 1
        );
    }
    out
}

impl MisereTable {
    /// The report for the heaps 0..=`up_to` of the game `game` whose heap of n may become
    /// `options(n)`, calling `progress(quotient, how)` after each heap. The quotient first,
    /// within `settings.limits` (a limit reached is reported in `quotient.stopped`, with what
    /// was computed), then the genus as far as [`TABLE_GENUS_POSITIONS`] goes.
    pub fn compute(
        game: &str,
        options: HeapOptions<'_>,
        up_to: u64,
        settings: &TableSettings,
        progress: &mut dyn FnMut(&MisereQuotient, Settled),
    ) -> Result<Self, MisereError> {
        if up_to > MAX_MISERE_TABLE {
            return Err(MisereError::TooLarge(format!(
                "--to {up_to} is too large for a misère table (at most {MAX_MISERE_TABLE})"
            )));
        }
        let mut quotient = match settings.theorem {
            Some((most_parts, reach)) => MisereQuotient::for_code(most_parts, reach),
            None => MisereQuotient::trivial(),
        };
        let mut changes = Vec::new();
        let result = quotient.extend_within(options, up_to, &settings.limits, &mut |q, how| {
            if let Settled::Changed(candidates) = how {
                changes.push(change_of(q, candidates));
            }
            progress(q, how);
        });
        let interrupted = matches!(result, Err(MisereError::Interrupted(_)));
        let stopped = result.err().map(|e| e.to_string());
        let genus_heaps = if quotient.solved().is_some() {
            quotient.heaps().min(up_to)
        } else {
            up_to
        };
        let genera = GenusTable::compute(options, genus_heaps, TABLE_GENUS_POSITIONS);
        let first_wild = genera.tame.iter().position(|&tame| !tame).map(|n| n as u64);
        let presentation = quotient.presentation();
        let name = |e: u32| presentation.names[e as usize].clone();
        let orders = quotient.orders().to_vec();
        let last = orders.last().copied().unwrap_or(1);
        let unchanged_since = orders.iter().position(|&o| o == last).unwrap_or(0) as u64;
        let genus_stopped = match (&genera.stopped, genera.genera.len() as u64) {
            (Some(why), computed) => Some(format!(
                "genus computed for heaps 0..={} only ({why})",
                computed.saturating_sub(1)
            )),
            (None, _) => None,
        };
        Ok(MisereTable {
            game: game.to_string(),
            play: "misere",
            up_to,
            genus: genera.genera.iter().map(ToString::to_string).collect(),
            misere_grundy: genera.genera.iter().map(|g| g.misere_value()).collect(),
            tame_up_to: genera.tame_up_to(),
            first_wild,
            genus_stopped,
            quotient: QuotientReport {
                heaps: quotient.heaps(),
                order: quotient.order(),
                p_size: quotient.p_portion().len(),
                p_portion: quotient.p_portion().into_iter().map(name).collect(),
                presentation: presentation.to_string(),
                generators: presentation
                    .generators
                    .iter()
                    .map(|(n, heap, _)| (n.clone(), *heap))
                    .collect(),
                pretending_function: quotient
                    .pretending_function()
                    .into_iter()
                    .map(name)
                    .collect(),
                orders,
                p_sizes: quotient.p_sizes().to_vec(),
                changes,
                unchanged_since,
                solved: quotient.solved(),
                stopped,
                interrupted,
                unsettled: quotient.unsettled().cloned(),
            },
        })
    }

    /// The report as text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "game:     {} (misère play)", self.game);
        let _ = writeln!(out, "heaps:    0..={}", self.up_to);
        let numbered = |items: &[String]| {
            items
                .iter()
                .enumerate()
                .map(|(n, item)| format!("{n}:{item}"))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let _ = writeln!(out, "genus:    {}", numbered(&self.genus));
        let values: Vec<String> = self.misere_grundy.iter().map(u64::to_string).collect();
        let _ = writeln!(out, "misère G: {}", values.join(" "));
        match (self.first_wild, self.tame_up_to) {
            (Some(wild), _) => {
                let _ = writeln!(
                    out,
                    "tame:     heaps 0..={} (heap {wild} is wild: genus {})",
                    wild.saturating_sub(1),
                    self.genus[wild as usize]
                );
            }
            (None, Some(tame)) => {
                let _ = writeln!(out, "tame:     every heap computed, 0..={tame}");
            }
            (None, None) => {}
        }
        if let Some(why) = &self.genus_stopped {
            let _ = writeln!(out, "          {why}");
        }
        let q = &self.quotient;
        let _ = writeln!(
            out,
            "quotient: heaps 0..={}: order {}, |P| = {}, P-portion {{{}}}",
            q.heaps,
            q.order,
            q.p_size,
            q.p_portion.join(", ")
        );
        let _ = writeln!(out, "          {}", q.presentation);
        let generators: Vec<String> = q
            .generators
            .iter()
            .map(|(name, heap)| format!("{name} = heap {heap}"))
            .collect();
        if !generators.is_empty() {
            let _ = writeln!(out, "          generators: {}", generators.join(", "));
        }
        let _ = writeln!(out, "pretend:  {}", numbered(&q.pretending_function));
        let orders: Vec<String> = q.orders.iter().map(usize::to_string).collect();
        let _ = writeln!(out, "orders:   {}", orders.join(" "));
        let sizes: Vec<String> = q.p_sizes.iter().map(usize::to_string).collect();
        let _ = writeln!(out, "|P|:      {}", sizes.join(" "));
        let changes: Vec<String> = q
            .changes
            .iter()
            .map(|c| format!("{}:{}/{}", c.heap, c.order, c.p_size))
            .collect();
        if !changes.is_empty() {
            let _ = writeln!(out, "changes:  {} (heap:order/|P|)", changes.join(" "));
        }
        match &q.solved {
            Some(solution) => {
                let _ = writeln!(
                    out,
                    "solved:   every heap: order {} since heap {}; Φ periodic from heap {} with \
                     period {} (the periodicity theorem applies at heap {})",
                    q.order, q.unchanged_since, solution.preperiod, solution.period, solution.at
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "exact:    for heaps 0..={}: order {} since heap {} (nothing is claimed past \
                     them)",
                    q.heaps, q.order, q.unchanged_since
                );
            }
        }
        if let Some(why) = &q.stopped {
            let _ = writeln!(out, "          stops at heap {}: {why}", q.heaps + 1);
        }
        if let Some(u) = &q.unsettled {
            out.push_str(&unsettled_text(u));
        }
        out
    }
}
