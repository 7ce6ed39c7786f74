#!/bin/bash
# Joins the pieces of examples/slurm/census.sbatch into the whole census, after the array:
#
#   sbatch --dependency=afterok:"$jobid" examples/slurm/merge.sh
#
# (or run it by hand). `grundy census --merge` refuses a missing, repeated or foreign shard,
# naming it and its file (exit status 2), and otherwise prints exactly what one process
# computing the whole census prints: census.json, and census.md as a Markdown table.
#SBATCH --job-name=grundy-census-merge
#SBATCH --time=00:15:00
#SBATCH --output=grundy-census-merge-%j.out
set -euo pipefail
OUT=${OUT:-pieces}
GRUNDY=${GRUNDY:-grundy}
"$GRUNDY" census --merge "$OUT"/piece-*.json --json > census.json.part
mv census.json.part census.json
"$GRUNDY" census --merge census.json --markdown > census.md
