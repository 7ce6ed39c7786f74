//! `table GAME --misere`: a heap game's misère sequences and quotient.
//!
//! For the heaps 0..=N: the genus of each heap (and so its misère Grundy value γ₀), how far the
//! heaps are tame, and the misère quotient of the heaps up to N (or as far as it can be built),
//! with its order, P-portion, presentation and pretending function, and the order after each
//! heap. Every figure is exact for the heaps it names; nothing is claimed past them.

use super::error::MisereError;
use super::genus::{DEFAULT_GENUS_POSITIONS, GenusTable};
use super::options::HeapOptions;
use super::quotient::MisereQuotient;
use serde::Serialize;
use std::fmt::Write;

/// The default N of `table --misere`.
pub const DEFAULT_MISERE_TABLE: u64 = 30;

/// The largest N of `table --misere` (the quotient is built heap by heap to N).
pub const MAX_MISERE_TABLE: u64 = 20_000;

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
    /// Every heap 0..=tame_up_to is tame (`null` if the genus stopped before the first wild
    /// heap and no wild heap was seen... never: heap 0 is tame).
    pub tame_up_to: Option<u64>,
    /// The first wild heap, if one was found among the heaps computed.
    pub first_wild: Option<u64>,
    /// Why the genus stops before `up_to`, if it does.
    pub genus_stopped: Option<String>,
    /// The misère quotient.
    pub quotient: QuotientReport,
}

/// The quotient part of [`MisereTable`].
#[derive(Clone, Debug, Serialize)]
pub struct QuotientReport {
    /// The quotient is of the positions whose heaps are at most this.
    pub heaps: u64,
    /// Its number of elements.
    pub order: usize,
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
    /// The heap after which the order no longer changed (up to `heaps`).
    pub unchanged_since: u64,
    /// Why it stops before `up_to`, if it does.
    pub stopped: Option<String>,
}

impl MisereTable {
    /// The report for the heaps 0..=`up_to` of the game `game` whose heap of n may become
    /// `options(n)`.
    pub fn compute(game: &str, options: HeapOptions<'_>, up_to: u64) -> Result<Self, MisereError> {
        if up_to > MAX_MISERE_TABLE {
            return Err(MisereError::TooLarge(format!(
                "--to {up_to} is too large for a misère table (at most {MAX_MISERE_TABLE})"
            )));
        }
        let genera = GenusTable::compute(options, up_to, DEFAULT_GENUS_POSITIONS);
        let first_wild = genera.tame.iter().position(|&tame| !tame).map(|n| n as u64);
        let mut quotient = MisereQuotient::trivial();
        let stopped = quotient.extend(options, up_to).err().map(|e| e.to_string());
        let presentation = quotient.presentation();
        let name = |e: u32| presentation.names[e as usize].clone();
        let orders = quotient.orders().to_vec();
        let last = orders.last().copied().unwrap_or(1);
        let unchanged_since = orders.iter().position(|&o| o == last).unwrap_or(0) as u64;
        Ok(MisereTable {
            game: game.to_string(),
            play: "misere",
            up_to,
            genus: genera.genera.iter().map(ToString::to_string).collect(),
            misere_grundy: genera.genera.iter().map(|g| g.misere_value()).collect(),
            tame_up_to: genera.tame_up_to(),
            first_wild,
            genus_stopped: genera.stopped.map(|e| e.to_string()),
            quotient: QuotientReport {
                heaps: quotient.heaps(),
                order: quotient.order(),
                p_portion: quotient.p_portion().into_iter().map(name).collect(),
                presentation: presentation.to_string(),
                generators: presentation
                    .generators
                    .iter()
                    .map(|(n, heap, _)| (n.clone(), *heap))
                    .collect(),
                pretending_function: quotient
                    .pretending_function()
                    .iter()
                    .map(|&e| name(e))
                    .collect(),
                orders,
                unchanged_since,
                stopped,
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
            let _ = writeln!(out, "          genus stops early: {why}");
        }
        let q = &self.quotient;
        let _ = writeln!(
            out,
            "quotient: heaps 0..={}: order {}, P-portion {{{}}}",
            q.heaps,
            q.order,
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
        let _ = writeln!(
            out,
            "          order {} since heap {}; exact for heaps up to {} (nothing is claimed past \
             them)",
            q.order, q.unchanged_since, q.heaps
        );
        if let Some(why) = &q.stopped {
            let _ = writeln!(out, "          stops at heap {}: {why}", q.heaps + 1);
        }
        out
    }
}
