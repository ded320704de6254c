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


@pytest.fixture(scope="module")
def client():
    """A two-worker LocalCluster shared by this file's tests."""
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def test_dask_census_on_two_workers_matches_the_cli(grundy_bin, client):
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


def test_dask_census_resumes_a_cli_file_and_writes_the_same_file(grundy_bin, client, tmp_path):
    cli = tmp_path / "cli.csv"
    subprocess.run(
        [grundy_bin, "census", "sub:2:7", "--to", "2000", "--out", str(cli)],
        check=True,
        capture_output=True,
    )
    lines = cli.read_text().splitlines(keepends=True)
    assert lines[0].startswith("game,status,") and len(lines) == 22
    # A census stopped after eight games, the last line cut short; one kept
    # row is altered so that the test can see it is read, not recomputed.
    kept = lines[:9]
    altered = kept[3].split(",")
    assert altered[0].startswith('"sub{')
    fields = next(csv.reader(io.StringIO(kept[3])))
    fields[5] = "999"
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerow(fields)
    kept[3] = buffer.getvalue()
    part = tmp_path / "dask.csv"
    part.write_text("".join(kept) + lines[9][:12])
    df = grundy.census("sub:2:7", 2000, client=client, block=3, out=part)
    assert len(df) == 21
    assert df.iloc[2].max_at == 999
    expected = "".join(lines[:3] + [kept[3]] + lines[4:])
    assert part.read_text() == expected
    # The whole file again: nothing left to compute, no cluster needed.
    part.write_text("".join(lines))
    again = grundy.census("sub:2:7", 2000, out=str(part))
    assert part.read_text() == "".join(lines)
    assert list(again.game) == [next(csv.reader([line]))[0] for line in lines[1:]]


def test_dask_census_refuses_another_census_file(tmp_path):
    other = tmp_path / "other.csv"
    other.write_text("game,status\n")
    with pytest.raises(ValueError, match="line 1 is not the header"):
        grundy.census("octal:1", 100, out=other)
    longer = tmp_path / "longer.csv"
    longer.write_text(
        "game,status,preperiod,period,max_value,max_at,rare_count,checked_to,rare_mask,same_as,to\n"
        "0.0,periodic,0,1,0,0,0,15,0,,5000\n"
    )
    with pytest.raises(ValueError, match=r"holds a census to 5000 \(line 2\), not to 100"):
        grundy.census("octal:1", 100, out=longer)
    with pytest.raises(ValueError, match="written as .csv"):
        grundy.census("octal:1", 100, out=tmp_path / "t.parquet")


def test_a_file_of_another_family_is_refused_and_left_as_it_was(grundy_bin, tmp_path):
    path = tmp_path / "fam.csv"
    subprocess.run(
        [grundy_bin, "census", "octal:2", "--to", "300", "--out", str(path)],
        check=True,
        capture_output=True,
    )
    before = path.read_bytes()
    for family in ("sub:1:3", "octal:1"):
        with pytest.raises(ValueError, match=rf"holds a census of octal:2 \(line 2\), not of {family}"):
            grundy.census(family, 300, out=path)
        assert path.read_bytes() == before


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
