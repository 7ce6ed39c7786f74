//! A census as text and as Markdown: the table of games, the classes and the summary line.

use super::record::{Census, Class, GameRecord, RareSplit};
use std::fmt::Write as _;

impl RareSplit {
    /// The mask, and `+parity` when the heap's parity is read.
    fn describe(&self) -> String {
        if self.heap_parity {
            format!("{:#x}+parity", self.mask)
        } else {
            format!("{:#x}", self.mask)
        }
    }
}

fn power_of_two(n: u64) -> String {
    if n.is_power_of_two() && n >= 1024 {
        format!("2^{}", n.trailing_zeros())
    } else {
        n.to_string()
    }
}

fn period_cells(g: &GameRecord) -> (String, String, String) {
    match (g.preperiod, g.period) {
        (Some(pre), Some(period)) => (
            pre.to_string(),
            period.to_string(),
            g.proved.as_deref().map_or(String::new(), |t| {
                t.replace("periodicity theorem", "theorem")
            }),
        ),
        _ => (
            "-".to_string(),
            "-".to_string(),
            format!("no period up to {} ({})", g.computed_to, g.stopped),
        ),
    }
}

fn rare_cell(g: &GameRecord) -> String {
    match &g.rare {
        Some(rare) => match rare.last {
            Some(last) => format!("{}: {} rare, last {last}", rare.describe(), rare.count),
            None => format!("{}: none rare", rare.describe()),
        },
        None => "-".to_string(),
    }
}

fn class_line(class: &Class) -> String {
    let members: Vec<String> = class
        .members
        .iter()
        .map(|m| {
            if m.shift == 0 {
                m.game.clone()
            } else {
                format!("{} (+{})", m.game, m.shift)
            }
        })
        .collect();
    let range = if class.proved_equal {
        "proved equal".to_string()
    } else {
        format!("equal up to {}", power_of_two(class.equal_to))
    };
    format!("{} — {range}", members.join(" = "))
}

impl Census {
    /// The summary line.
    pub fn summary_line(&self) -> String {
        let s = &self.summary;
        format!(
            "{} games{}: {} trivial, {} solved, {} open; {} classes of equivalent games; {} work \
             units",
            s.games,
            self.shard.as_ref().map_or(String::new(), |k| format!(
                " (shard {k} of {})",
                self.total_games
            )),
            s.trivial,
            s.solved,
            s.open,
            s.classes,
            s.work
        )
    }

    /// The census as a text table, the classes and the summary line.
    pub fn text(&self) -> String {
        let header = [
            "game",
            "status",
            "pre-period",
            "period",
            "proof",
            "largest (at)",
            "rare/common split",
            "class",
        ];
        let rows: Vec<[String; 8]> = self
            .games
            .iter()
            .map(|g| {
                let (pre, period, proof) = period_cells(g);
                [
                    g.game.clone(),
                    format!("{:?}", g.status).to_lowercase(),
                    pre,
                    period,
                    proof,
                    format!("{} ({})", g.largest.value, g.largest.at),
                    rare_cell(g),
                    g.class.map_or("-".to_string(), |c| (c + 1).to_string()),
                ]
            })
            .collect();
        let mut widths = header.map(|h| h.chars().count());
        for row in &rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let mut text = String::new();
        let mut line = |cells: &[String]| {
            let padded: Vec<String> = cells
                .iter()
                .zip(&widths)
                .map(|(c, &w)| format!("{c:<w$}"))
                .collect();
            let _ = writeln!(text, "{}", padded.join("  ").trim_end());
        };
        line(&header.map(str::to_string));
        for row in &rows {
            line(row);
        }
        if !self.classes.is_empty() {
            let _ = writeln!(
                text,
                "\nequivalent games (G of a game (+s) at n is G of the first at n + s):"
            );
            for (number, class) in self.classes.iter().enumerate() {
                let _ = writeln!(text, "{:>4}. {}", number + 1, class_line(class));
            }
        }
        let _ = writeln!(text, "\n{}", self.summary_line());
        text
    }

    /// The census as a Markdown table, the classes and the summary line.
    pub fn markdown(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(
            text,
            "| game | status | pre-period | period | proof | largest (at) | rare/common split | \
             class |\n|---|---|---|---|---|---|---|---|"
        );
        for g in &self.games {
            let (pre, period, proof) = period_cells(g);
            let _ = writeln!(
                text,
                "| {} | {} | {pre} | {period} | {proof} | {} ({}) | {} | {} |",
                g.game,
                format!("{:?}", g.status).to_lowercase(),
                g.largest.value,
                g.largest.at,
                rare_cell(g),
                g.class.map_or("-".to_string(), |c| (c + 1).to_string()),
            );
        }
        if !self.classes.is_empty() {
            let _ = writeln!(
                text,
                "\nEquivalent games (G of a game (+s) at n is G of the first at n + s):\n"
            );
            for (number, class) in self.classes.iter().enumerate() {
                let _ = writeln!(text, "{}. {}", number + 1, class_line(class));
            }
        }
        let _ = writeln!(text, "\n{}", self.summary_line());
        text
    }
}
