//! `grundy table`: the report on a heap game's Grundy sequence (`../shared/spec/FAMILIES.md`).
//!
//! [`report`] computes G(0..=N) — stopping at a proved period, after which every value comes
//! from the period — and returns a [`TableReport`]: the pre-period and period with the theorem
//! that proves them (or that none is proved up to N), the largest value and where it first occurs,
//! G(N), the checksum, and optionally the values. It serializes to the spec's JSON object, prints
//! as text ([`Table::text`]) and draws as a chart ([`plot`]).
//!
//! **Checksum** (the one `ogsolve` prints): a = Σ G(i) and b = Σ (running a) over i = 0..=N, both
//! wrapping mod 2^16, printed as `(b << 16) | a` in upper-case hexadecimal. Past a proved period
//! it is computed per period in closed form, so `--to 10^12` costs one period's values.
//!
//! **Limits.** Without `--to` the table runs to a proof, or to [`DEFAULT_TO`] positions or
//! [`DEFAULT_WORK`] pair visits, whichever comes first. With `--to N` there is no work limit, but
//! the values must fit in memory: about 2 bytes a position (1 while values are below 256). When
//! a period can still prove the rest, the computation runs up to what memory allows and fails
//! only if no period is proved by then; when none can (Grundy's game, all-but games, rules the
//! fast engine does not know), a `--to` beyond memory, or beyond [`NAIVE_WORK`] for the
//! straightforward table, is refused up front.

use super::error::TableError;
use super::heap_rule::HeapRule;
use crate::engine::Stop;
use crate::engine::period::ProvedPeriod;
use crate::engine::progress::Progress;
use crate::engine::values::{Limits, Values};
use std::fmt::Write as _;
#[cfg(feature = "plot")]
use std::path::Path;
use std::sync::atomic::AtomicBool;

/// Without `--to`: the last position computed when no period is proved first.
pub const DEFAULT_TO: u64 = 1 << 20;
/// Without `--to`: the most work (pair visits) before stopping without a proof (seconds).
pub const DEFAULT_WORK: u128 = 20_000_000_000;
/// Without `--to`, for rules the fast engine does not know: the most option visits.
pub const DEFAULT_NAIVE_WORK: u128 = 1_000_000_000;

/// How far `table` goes for a script's heap rule when `--to` is not given: every heap's options
/// are a call into the script.
pub const SCRIPT_DEFAULT_TO: u64 = 1_000;
/// With `--to`: the most work the straightforward table (rules the fast engine does not know)
/// may be asked for (hours).
pub const NAIVE_WORK: u128 = 10_000_000_000_000;
/// The most values `--print` lists.
pub const PRINT_LIMIT: u64 = 100_000_000;

pub use crate::engine::report::{Largest, Observed, TableReport};

/// A computed table: the values and the range reported.
pub struct Table {
    rule: HeapRule,
    values: Values,
    to: u64,
}

/// Bytes of memory available for values: `MemAvailable` of `/proc/meminfo`, or 4 GiB.
pub fn available_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|line| line.strip_prefix("MemAvailable:"))
                .and_then(|rest| {
                    rest.trim()
                        .trim_end_matches("kB")
                        .trim()
                        .parse::<u64>()
                        .ok()
                })
        })
        .map_or(4 << 30, |kib| kib.saturating_mul(1024))
}

impl Table {
    /// Computes G(0..=to) of `rule` (to a proof or the default limits when `to` is `None`),
    /// including the values in the report when `with_values`, stopping cleanly when `interrupt`
    /// is set, watched by `progress`. Errors (for exit status 2) name the limit passed.
    pub fn compute<P: Progress>(
        rule: &HeapRule,
        to: Option<u64>,
        with_values: bool,
        interrupt: Option<&AtomicBool>,
        progress: P,
    ) -> Result<Table, TableError> {
        if with_values
            && let Some(to) = to
            && to >= PRINT_LIMIT
        {
            return Err(TableError::PrintTooLong {
                to,
                limit: PRINT_LIMIT,
            });
        }
        let compiled = rule.compile();
        let provable = compiled.theorem().is_some();
        let fast = compiled.is_fast();
        let (last, work_limit) = match (rule, to) {
            // A script's options come from calls into the script: every heap of the table (at
            // most SCRIPT_DEFAULT_TO heaps unless --to asks for more), computed first.
            (HeapRule::Script(_), to) => (to.unwrap_or(SCRIPT_DEFAULT_TO), None),
            (
                HeapRule::Code(_) | HeapRule::Set(_) | HeapRule::GrundysGame | HeapRule::Nim,
                None,
            ) if fast => (DEFAULT_TO, Some(DEFAULT_WORK)),
            (
                HeapRule::Code(_) | HeapRule::Set(_) | HeapRule::GrundysGame | HeapRule::Nim,
                None,
            ) => (DEFAULT_TO, Some(DEFAULT_NAIVE_WORK)),
            (
                HeapRule::Code(_) | HeapRule::Set(_) | HeapRule::GrundysGame | HeapRule::Nim,
                Some(to),
            ) => {
                // 2 bytes a position, plus a little for the engine's own structures.
                let memory = available_memory() / 2 * 8 / 10;
                let needed = (u128::from(to) + 1) * 2;
                if !fast {
                    let work = compiled.options_up_to(to);
                    if work > NAIVE_WORK && !provable {
                        return Err(TableError::TooMuchWork {
                            to,
                            rule: rule.to_string(),
                            needed: work,
                            available: NAIVE_WORK,
                        });
                    }
                }
                if needed > u128::from(memory) * 2 && !provable {
                    return Err(TableError::TooLarge {
                        to,
                        needed,
                        available: u128::from(memory) * 2,
                    });
                }
                (to.min(memory), None)
            }
        };
        let values = Values::compute_compiled(
            compiled,
            &Limits {
                to: last,
                work_limit,
                interrupt,
                progress,
                past_proof: false,
            },
        )?;
        if let HeapRule::Script(_) = rule {
            let to = values.computed_to();
            return Ok(Table {
                rule: rule.clone(),
                values,
                to,
            });
        }
        let wanted = to.unwrap_or(last);
        let reported = match to {
            Some(wanted) if values.known_to() >= wanted => wanted,
            Some(wanted) if values.stopped_by() == Stop::Reached => {
                return Err(TableError::NotProvedInMemory {
                    to: wanted,
                    rule: rule.to_string(),
                    needed: (u128::from(wanted) + 1) * 2,
                    computed: values.computed_to(),
                    available: u128::from(available_memory()),
                });
            }
            _ if values.period().is_some() => values.computed_to().min(wanted),
            _ => values.computed_to(),
        };
        Ok(Table {
            rule: rule.clone(),
            values,
            to: reported,
        })
    }

    /// The values.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// N: the report covers G(0..=N).
    pub fn to(&self) -> u64 {
        self.to
    }

    /// Whether the computation was interrupted.
    pub fn interrupted(&self) -> bool {
        self.values.stopped_by() == Stop::Interrupted
    }

    fn value(&self, n: u64) -> u32 {
        self.values.get(n).expect("reported values are known")
    }

    /// The report; `with_values` includes G(0..=N).
    pub fn report(&self, with_values: bool) -> TableReport {
        let period = self.values.period();
        let (checksum, largest) = self.checksum_and_largest();
        let observed = if self.rule.observes_arithmetic_period() {
            self.observed()
        } else {
            None
        };
        let no_theorem = self.rule.no_theorem().or_else(|| {
            self.values
                .rule()
                .theorem()
                .is_none()
                .then(|| "no periodicity theorem is known to grundy for this rule".to_string())
        });
        TableReport {
            game: self.rule.to_string(),
            to: self.to,
            last: self.value(self.to),
            checksum: format!("{checksum:X}"),
            preperiod: period.map(|p| p.preperiod),
            period: period.map(|p| p.period),
            proved: period.map(|p| p.theorem()),
            largest,
            proved_at: period.map(|p| p.proved_at),
            computed_to: self.values.computed_to(),
            method: self.values.method().to_string(),
            stopped: self.values.stopped_by(),
            observed,
            no_theorem,
            values: with_values.then(|| (0..=self.to).map(|n| self.value(n)).collect()),
        }
    }

    /// The checksum of G(0..=to) and the largest value with its first position.
    fn checksum_and_largest(&self) -> (u32, Largest) {
        let computed = self.values.computed_to().min(self.to);
        let table = self.values.table();
        let len = usize::try_from(computed + 1).expect("the values computed are in memory");
        let ((mut a, mut b), largest, _) = table.fold(
            len,
            ((0u16, 0u16), Largest { value: 0, at: 0 }, 0u64),
            |((a, b), largest, n), v| {
                let a = a.wrapping_add(v as u16);
                let largest = if v > largest.value {
                    Largest { value: v, at: n }
                } else {
                    largest
                };
                ((a, b.wrapping_add(a)), largest, n + 1)
            },
        );
        if self.to > computed {
            let period = self.values.period().expect("values past those computed");
            let (a2, b2) = extend_checksum(a, b, computed, self.to, &period, |n| self.value(n));
            a = a2;
            b = b2;
        }
        ((u32::from(b) << 16) | u32::from(a), largest)
    }

    /// The arithmetic period seen at the end of the values, if it covers two periods.
    fn observed(&self) -> Option<Observed> {
        let table = self.values.table();
        let len = table.len();
        let g = |n: usize| i64::from(table.get(n));
        for p in 1..=len / 3 {
            let saltus = g(len - 1) - g(len - 1 - p);
            let mut from = len - 1 - p;
            while from > 0 && g(from - 1 + p) - g(from - 1) == saltus {
                from -= 1;
            }
            if len - from >= 3 * p && saltus >= 0 {
                return Some(Observed {
                    from: from as u64,
                    period: p as u64,
                    saltus: saltus as u64,
                });
            }
        }
        None
    }

    /// The report as text (with `n G(n)` lines when it holds the values).
    pub fn text(report: &TableReport) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "{}: G(0..={})", report.game, report.to);
        match (report.preperiod, report.period, &report.proved) {
            (Some(pre), Some(period), Some(theorem)) => {
                let _ = writeln!(
                    text,
                    "period {period}, pre-period {pre}: G(n + {period}) = G(n) for every n >= \
                     {pre}\n  proved from G(0..={}) by the {theorem}",
                    report.proved_at.unwrap_or(report.computed_to)
                );
            }
            _ => {
                let _ = writeln!(text, "no period up to {}", report.computed_to);
                if let Some(why) = &report.no_theorem {
                    let _ = writeln!(text, "  ({why})");
                }
                if report.stopped == Stop::WorkLimit {
                    let _ = writeln!(
                        text,
                        "  (stopped at the default limit; --to N computes further)"
                    );
                }
            }
        }
        if let Some(observed) = &report.observed {
            let _ = writeln!(
                text,
                "observed, not proved: G(n + {}) = G(n) + {} for {} <= n <= {}",
                observed.period,
                observed.saltus,
                observed.from,
                report.computed_to.saturating_sub(observed.period)
            );
        }
        let _ = writeln!(
            text,
            "largest value {}, first at n = {}",
            report.largest.value, report.largest.at
        );
        let _ = writeln!(text, "G({}) = {}", report.to, report.last);
        let _ = writeln!(text, "checksum {}", report.checksum);
        if report.computed_to < report.to {
            let _ = writeln!(
                text,
                "(values computed up to {}; the rest from the period)",
                report.computed_to
            );
        }
        let _ = writeln!(text, "method: {}", report.method);
        if report.stopped == Stop::Interrupted {
            let _ = writeln!(text, "interrupted at n = {}", report.computed_to);
        }
        if let Some(values) = &report.values {
            for (n, v) in values.iter().enumerate() {
                let _ = writeln!(text, "{n} {v}");
            }
        }
        text
    }
}

/// Extends the checksum pair (a, b) of G(0..=from) to G(0..=to), `from` ≥ the pre-period, using
/// the period: whole periods in closed form, the rest value by value.
fn extend_checksum(
    mut a: u16,
    mut b: u16,
    from: u64,
    to: u64,
    period: &ProvedPeriod,
    value: impl Fn(u64) -> u32,
) -> (u16, u16) {
    let p = period.period;
    // Sums over one period starting at from + 1: s = Σ G, q = Σ of the prefix sums.
    let (mut s, mut q) = (0u16, 0u16);
    for i in 1..=p.min(to - from) {
        s = s.wrapping_add(value(from + i) as u16);
        q = q.wrapping_add(s);
    }
    let whole = (to - from) / p;
    if whole > 0 {
        // After j periods: a_j = a + j·s, and b gains Σ_{i<j} (p·a_i + q).
        let j = u128::from(whole);
        let m = 1u128 << 16;
        let (a0, s, q, p128) = (
            u128::from(a),
            u128::from(s),
            u128::from(q),
            u128::from(p) % m,
        );
        let pairs = (j * (j - 1) / 2) % m;
        let gain = ((j % m) * p128 % m * a0 + p128 * s % m * pairs + (j % m) * q) % m;
        b = (u128::from(b) + gain) as u16;
        a = ((a0 + (j % m) * s) % m) as u16;
    }
    let done = from + whole * p;
    for n in done + 1..=to {
        a = a.wrapping_add(value(n) as u16);
        b = b.wrapping_add(a);
    }
    (a, b)
}

/// The report on G(0..=to) of `rule` (to a proof or the default limits when `to` is `None`),
/// with the values when `with_values`: the library entry point for `grundy table` and for charts.
pub fn report(
    rule: &HeapRule,
    to: Option<u64>,
    with_values: bool,
) -> Result<TableReport, TableError> {
    let table = Table::compute(rule, to, with_values, None, false)?;
    Ok(table.report(with_values))
}

/// Draws G(0..=N) as a chart to `path` (SVG or PNG by its extension), the pre-period and the end
/// of the first period marked.
#[cfg(feature = "plot")]
pub fn plot(table: &Table, path: &Path) -> Result<(), TableError> {
    use plotters::prelude::*;
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let report = table.report(false);
    let to = table.to;
    let columns = 1600u64;
    // One vertical bar per column: the least and largest value of its positions.
    let per = (to / columns).max(1);
    let period = table.values.period();
    let mut bars: Vec<(u64, u32, u32)> = Vec::new();
    let mut start = 0u64;
    while start <= to {
        let end = start.saturating_add(per - 1).min(to);
        let (lo, hi) = match period {
            Some(p) if start >= p.preperiod && end - start + 1 >= p.period => {
                let range = (p.preperiod..p.preperiod + p.period).map(|n| table.value(n));
                (range.clone().min().unwrap_or(0), range.max().unwrap_or(0))
            }
            _ => (start..=end).fold((u32::MAX, 0), |(lo, hi), n| {
                let v = table.value(n);
                (lo.min(v), hi.max(v))
            }),
        };
        bars.push((start, lo, hi));
        if end == to {
            break;
        }
        start = end + 1;
    }
    let chart = Chart {
        title: format!("{}: G(n) for n = 0..={}", report.game, to),
        to,
        top: report.largest.value + 1,
        dots: per == 1,
        bars,
        period,
    };
    let result = match extension.as_deref() {
        Some("svg") => chart.draw(SVGBackend::new(path, (1200, 600)).into_drawing_area()),
        Some("png") => chart.draw(BitMapBackend::new(path, (1200, 600)).into_drawing_area()),
        _ => {
            return Err(TableError::PlotFormat {
                path: path.display().to_string(),
            });
        }
    };
    result.map_err(|e| TableError::PlotFailed {
        path: path.display().to_string(),
        reason: e.to_string(),
    })
}

/// What a chart shows: one bar (least to largest value) per column of positions.
#[cfg(feature = "plot")]
struct Chart {
    title: String,
    to: u64,
    top: u32,
    /// One position per column: draw dots, not bars.
    dots: bool,
    bars: Vec<(u64, u32, u32)>,
    period: Option<ProvedPeriod>,
}

#[cfg(feature = "plot")]
impl Chart {
    fn draw<DB: plotters::prelude::DrawingBackend>(
        &self,
        root: plotters::prelude::DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<(), Box<dyn std::error::Error>>
    where
        DB::ErrorType: 'static,
    {
        use plotters::prelude::*;
        let (to, top) = (self.to, self.top);
        root.fill(&WHITE)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(self.title.as_str(), ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0u64..to.max(1), 0u32..top)?;
        chart
            .configure_mesh()
            .x_desc("n")
            .y_desc("G(n)")
            .disable_mesh()
            .draw()?;
        if self.dots {
            chart.draw_series(
                self.bars
                    .iter()
                    .map(|&(n, v, _)| Circle::new((n, v), 2, BLUE.filled())),
            )?;
        } else {
            chart.draw_series(self.bars.iter().map(|&(n, lo, hi)| {
                PathElement::new(vec![(n, lo), (n, hi)], BLUE.stroke_width(1))
            }))?;
        }
        if let Some(p) = self.period {
            let mark = |n: u64, color: RGBColor| {
                PathElement::new(vec![(n, 0), (n, top)], color.stroke_width(2))
            };
            if p.preperiod <= to {
                chart
                    .draw_series(std::iter::once(mark(p.preperiod, RED)))?
                    .label(format!("pre-period {}", p.preperiod))
                    .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], RED));
            }
            if p.preperiod + p.period <= to {
                chart
                    .draw_series(std::iter::once(mark(p.preperiod + p.period, GREEN)))?
                    .label(format!("pre-period + period {}", p.period))
                    .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], GREEN));
            }
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()?;
        }
        root.present()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(spelling: &str) -> HeapRule {
        HeapRule::resolve(spelling).unwrap().unwrap()
    }

    /// The checksum straight from its definition.
    fn checksum(values: &[u32]) -> String {
        let (mut a, mut b) = (0u16, 0u16);
        for &v in values {
            a = a.wrapping_add(v as u16);
            b = b.wrapping_add(a);
        }
        format!("{:X}", (u32::from(b) << 16) | u32::from(a))
    }

    #[test]
    fn checksum_past_the_period_matches_the_definition() {
        for spelling in ["0.07", "0.77", "sub:1,3,4", "0.137"] {
            let rule = rule(spelling);
            for to in [0, 1, 100, 175, 1000, 4321, 65536 * 3 + 17] {
                let report = report(&rule, Some(to), true).unwrap();
                let values = report.values.clone().unwrap();
                assert_eq!(report.checksum, checksum(&values), "{spelling} to {to}");
                assert_eq!(report.last, values[to as usize]);
            }
        }
    }
}
