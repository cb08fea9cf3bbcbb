"""Validation and conversion on a dask.distributed cluster give what the local command gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation import read_text
from notation.archive.distributed import convert_bag, validate_bag, validation_report
from tests.optional import require

distributed = require("distributed", "dask")
Client, LocalCluster = distributed.Client, distributed.LocalCluster

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def client():
    with (
        LocalCluster(
            n_workers=3, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as connected,
    ):
        yield connected


def test_cluster_report_is_the_local_report(client):
    paths = [str(EXAMPLES), str(EXAMPLES / "wari-annotated.pmn")]
    local = CliRunner().invoke(pmn, ["validate", "--format", "json", "-j", "1", *paths])
    assert json.loads(local.stdout) == validation_report(paths)
    assert len(client.scheduler_info()["workers"]) == 3


def test_each_file_is_a_partition(client):
    files = sorted(str(p) for p in EXAMPLES.glob("*.pmn"))
    bag = validate_bag(files)
    assert bag.npartitions == len(files)
    sources = [game["source"] for game in bag.compute()]
    assert sorted(set(sources)) == files and sources == sorted(sources, key=files.index)


def test_convert_on_the_cluster(client, tmp_path):
    source = EXAMPLES / "trysse-open.pmn"
    lines = convert_bag([str(source)], to="jsonl").compute()
    assert [json.loads(line)["tags"][0] for line in lines] == [["Game", "Trysse"]] * 3
    texts = convert_bag([str(source)], to="pmn").compute()
    assert "\n".join(texts) == source.read_text()
    assert [r.tags for r in read_text("\n".join(texts))] == [
        r.tags for r in read_text(source.read_text())
    ]


def test_stdin_cannot_be_distributed():
    with pytest.raises(ValueError, match="standard input"):
        validate_bag(["-"])


def test_unread_and_missing_files_are_listed_as_the_command_lists_them(client, tmp_path):
    # the report promises the object of `pmn validate --format json`: a file that cannot
    # be read, or is missing, is listed under unread_files and the other files are checked
    good = tmp_path / "good.pmn"
    good.write_text((EXAMPLES / "wari-annotated.pmn").read_text())
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "a.pmn").write_text(good.read_text())
    (folder / "gone.pmn").symlink_to(tmp_path / "nothing.pmn")  # skipped by the walk
    local = CliRunner().invoke(
        pmn, ["validate", "--format", "json", "-j", "1", str(good), str(folder)]
    )
    assert validation_report([str(good), str(folder)]) == json.loads(local.stdout)
    missing = str(tmp_path / "missing.pmn")
    blocked = str(good / "x.pmn")  # a path through a file: not a directory
    report = validation_report([missing, str(good), blocked, str(folder)])
    assert report["games"] == json.loads(local.stdout)["games"]
    assert report["summary"] == {"games": 2, "valid": 2, "invalid": 0}
    assert report["unread_files"] == [
        {"path": missing, "reason": "No such file or directory", "error": True},
        {"path": blocked, "reason": "Not a directory", "error": True},
        {"path": str(folder / "gone.pmn"), "reason": "a link to nothing", "error": False},
    ]
