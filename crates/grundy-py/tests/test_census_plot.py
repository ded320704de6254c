"""The Dask census against the CLI, and the plot."""

import csv
import io
import json
import subprocess

import pytest

import grundy


def cli_rows(grundy_bin, family, to):
    out = subprocess.run(
        [grundy_bin, "census", family, "--to", str(to), "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return json.loads(out)["rows"]


def test_dask_census_on_two_workers_matches_the_cli(grundy_bin):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        df = grundy.census("octal:2", 3000, client=client, block=5)
        subs = grundy.census("sub:2:6", 1000, client=client)
    for family, to, table in (("octal:2", 3000, df), ("sub:2:6", 1000, subs)):
        expected = cli_rows(grundy_bin, family, to)
        assert len(table) == len(expected) > 0
        for row, want in zip(table.to_dict("records"), expected):
            for key in ("game", "status", "max_value", "max_at", "rare_count", "checked_to", "rare_mask"):
                assert row[key] == want[key], (family, row["game"], key)
            for key in ("preperiod", "period"):
                got = row[key]
                assert (None if got is None or str(got) == "<NA>" else int(got)) == want[key]
            assert row["same_as"] == " ".join(want["same_as"])
    kayles = df[df.game == "0.77"].iloc[0]
    assert (kayles.status, kayles.preperiod, kayles.period) == ("periodic", 71, 12)


def test_census_members_count_every_code_once():
    members = grundy.census_members("octal:2")
    assert sum(1 + len(same) for _, same in members) == 64


def test_plot_marks_the_period(tmp_path):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    path = tmp_path / "kayles.svg"
    ax = grundy.plot("kayles", 300, path=str(path))
    assert "periodic from 71, period 12" in ax.get_title()
    assert [line.get_xdata()[0] for line in ax.get_lines()] == [71]
    offsets = ax.collections[0].get_offsets()
    assert len(offsets) == 301 and offsets[12][1] == 4
    assert path.read_text().startswith("<?xml")
