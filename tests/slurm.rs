//! A Slurm array job simulated: `examples/slurm/census.sbatch` run by bash once per array task
//! with the variables Slurm sets (`SLURM_ARRAY_TASK_ID`, `_MIN`, `_MAX`, `_COUNT`) and a fake
//! `srun` that runs its command, then `examples/slurm/merge.sh`: the merged census equals the
//! whole census computed by one process, byte for byte; without a piece the merge fails and
//! names the missing shard; `--shard auto` outside an array is refused.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// A small census: 64 games, cheap.
const CENSUS: &str = "0.?? --to 2^12 --budget 10^6";

fn grundy() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_grundy"))
}

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/slurm")
        .join(name)
}

/// Runs `bash SCRIPT` in `dir` with the fake `srun` first on PATH and `vars` set.
fn run_script(dir: &Path, script: &str, vars: &[(&str, String)]) -> Output {
    let path = format!(
        "{}:{}",
        dir.join("bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut command = Command::new("bash");
    command
        .arg(example(script))
        .current_dir(dir)
        .env("PATH", path)
        .env("GRUNDY", grundy())
        .env("CENSUS", CENSUS)
        .env("OUT", dir.join("pieces"));
    for name in grundy::families::census::SLURM_VARIABLES {
        command.env_remove(name);
    }
    for (name, value) in vars {
        command.env(name, value);
    }
    command.output().unwrap()
}

#[test]
fn an_array_job_and_its_merge_give_the_whole_census() {
    let dir = std::env::temp_dir().join(format!("grundy-slurm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    let srun = dir.join("bin/srun");
    std::fs::write(&srun, "#!/bin/sh\nexec \"$@\"\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&srun, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    // --array=0-4: ids 0..=4, five shards.
    for id in 0..=4 {
        let output = run_script(
            &dir,
            "census.sbatch",
            &[
                ("SLURM_ARRAY_TASK_ID", id.to_string()),
                ("SLURM_ARRAY_TASK_MIN", "0".to_string()),
                ("SLURM_ARRAY_TASK_MAX", "4".to_string()),
                ("SLURM_ARRAY_TASK_COUNT", "5".to_string()),
            ],
        );
        assert!(
            output.status.success(),
            "task {id}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let piece = std::fs::read_to_string(dir.join(format!("pieces/piece-{id}.json"))).unwrap();
        assert!(
            piece.contains(&format!("\"shard\":\"{}/5\"", id + 1)),
            "{piece}"
        );
    }
    let output = run_script(&dir, "merge.sh", &[]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let whole = Command::new(grundy())
        .arg("census")
        .args(CENSUS.split(' '))
        .arg("--json")
        .output()
        .unwrap();
    assert!(whole.status.success());
    assert_eq!(
        std::fs::read_to_string(dir.join("census.json")).unwrap(),
        String::from_utf8(whole.stdout).unwrap()
    );
    let markdown = Command::new(grundy())
        .arg("census")
        .args(CENSUS.split(' '))
        .arg("--markdown")
        .output()
        .unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.join("census.md")).unwrap(),
        String::from_utf8(markdown.stdout).unwrap()
    );

    // A task that failed leaves no piece: the merge names the shard and fails.
    std::fs::remove_file(dir.join("pieces/piece-2.json")).unwrap();
    std::fs::remove_file(dir.join("census.json")).unwrap();
    let output = run_script(&dir, "merge.sh", &[]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("error: cannot merge: shard 3/5 of the census of `0.??` (to 4096, budget 1000000) is missing (4 of 5 pieces given)"),
        "{stderr}"
    );
    assert!(!dir.join("census.json").exists());

    // A piece of another run (another budget) is refused, naming its file and shard.
    let other = Command::new(grundy())
        .args(["census", "0.??", "--to", "2^12", "--budget", "10^5"])
        .args(["--shard", "3/5", "--json"])
        .output()
        .unwrap();
    let foreign = dir.join("pieces/piece-2.json");
    std::fs::write(&foreign, other.stdout).unwrap();
    let output = run_script(&dir, "merge.sh", &[]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!(
            "{} (shard 3/5) is not of the same run as",
            foreign.display()
        )) && stderr.contains("budget 100000 there, 1000000 in"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn shard_auto_needs_an_array_job() {
    let output = Command::new(grundy())
        .args(["census", "0.?", "--shard", "auto", "--json"])
        .env_remove("SLURM_ARRAY_TASK_ID")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.starts_with("error: --shard auto: SLURM_ARRAY_TASK_ID is not set"),
        "{stderr}"
    );
    // In an array job: the task's shard, the same as --shard K/N.
    let auto = Command::new(grundy())
        .args(["census", "0.?", "--shard", "auto", "--json"])
        .env("SLURM_ARRAY_TASK_ID", "2")
        .env("SLURM_ARRAY_TASK_MIN", "1")
        .env("SLURM_ARRAY_TASK_MAX", "3")
        .env("SLURM_ARRAY_TASK_COUNT", "3")
        .output()
        .unwrap();
    let given = Command::new(grundy())
        .args(["census", "0.?", "--shard", "2/3", "--json"])
        .output()
        .unwrap();
    assert!(auto.status.success());
    assert_eq!(auto.stdout, given.stdout);
}

#[test]
fn misere_pieces_merge_too() {
    let dir = std::env::temp_dir().join(format!("grundy-slurm-misere-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = ["census", "0.?", "--misere", "--to", "12", "--seconds", "5"];
    let mut files = Vec::new();
    for k in 1..=3 {
        let output = Command::new(grundy())
            .args(args)
            .args(["--shard", &format!("{k}/3"), "--json"])
            .output()
            .unwrap();
        assert!(output.status.success());
        let file = dir.join(format!("m{k}.json"));
        std::fs::write(&file, output.stdout).unwrap();
        files.push(file);
    }
    let merged = Command::new(grundy())
        .args(["census", "--merge", "--json"])
        .args(&files)
        .output()
        .unwrap();
    assert!(
        merged.status.success(),
        "{}",
        String::from_utf8_lossy(&merged.stderr)
    );
    let whole = Command::new(grundy())
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    // Equal but for the seconds each game took.
    let games = |bytes: &[u8]| -> Vec<serde_json::Value> {
        let mut value: serde_json::Value = serde_json::from_slice(bytes).unwrap();
        let mut games = value["games"].as_array_mut().unwrap().clone();
        for game in &mut games {
            game["seconds"] = serde_json::Value::Null;
        }
        games
    };
    assert_eq!(games(&merged.stdout), games(&whole.stdout));
    let output = Command::new(grundy())
        .args(["census", "--merge"])
        .args(&files[..2])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("shard 3/3 of the misère census"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
