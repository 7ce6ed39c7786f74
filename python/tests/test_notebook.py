"""The example notebook runs top to bottom (matplotlib on the Agg backend)."""

from __future__ import annotations

import os

import pytest

from conftest import REPO

NOTEBOOK = REPO / "examples" / "notebooks" / "grundy-tour.ipynb"


def test_the_example_notebook_runs(monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("matplotlib")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3").execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs) + "".join(
        o.get("data", {}).get("text/plain", "") for o in outputs if "data" in o
    )
    assert "period 12, pre-period 71" in text  # Kayles' table
    assert "64 games" in text  # the census
    assert "misere" in text  # the misère position
