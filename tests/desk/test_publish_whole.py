"""``pmn publish`` writes a site whole or not at all: built beside the folder and swapped in,
its own pages that are no longer in the event removed, and files it did not write left alone
(replaced only with --force, as split and convert -d refuse to replace files)."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from notation.cli.main import pmn

from notation.files import outputs

SWISS = Path(__file__).resolve().parents[2] / "examples" / "events" / "swiss"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative name -> bytes)."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def publish(runner: CliRunner, source: Path, site: Path, *extra: str):
    return runner.invoke(pmn, ["publish", *extra, str(source), "-d", str(site)])


def test_a_failure_partway_leaves_the_old_site_byte_for_byte(runner, tmp_path, monkeypatch):
    event = tmp_path / "event"
    shutil.copytree(SWISS, event)
    (event / "round-5.pmn").rename(tmp_path / "round-5.pmn")
    site = tmp_path / "site"
    assert publish(runner, event, site).exit_code == 0  # rounds 1-4
    (site / "notes.txt").write_text("the organiser's own file\n")
    before = snapshot(site)
    (tmp_path / "round-5.pmn").rename(event / "round-5.pmn")  # round 5 is in
    written: list[str] = []
    real_write = outputs.OutputFolder.write_file

    def full_disk(self, name, text):
        if name == "index.html":  # the last page written: the disk is full
            raise OSError(errno.ENOSPC, "No space left on device", name)
        written.append(name)
        real_write(self, name, text)

    monkeypatch.setattr(outputs.OutputFolder, "write_file", full_disk)
    result = publish(runner, event, site)
    assert result.exit_code == 1 and "No space left" in result.stderr
    assert "Traceback" not in result.output
    assert "round-5.html" in written and snapshot(site) == before
    assert sorted(os.listdir(tmp_path)) == ["event", "site"]  # nothing left beside it


def test_a_withdrawn_rounds_pages_are_gone_after_a_republish(runner, tmp_path):
    event = tmp_path / "event"
    shutil.copytree(SWISS, event)
    site = tmp_path / "site"
    assert publish(runner, event, site).exit_code == 0
    assert (site / "round-5.html").exists() and list(site.glob("game-5-*.html"))
    (site / "notes.txt").write_text("the organiser's own file\n")
    (event / "round-5.pmn").unlink()  # the round is withdrawn
    result = publish(runner, event, site)
    assert result.exit_code == 0, result.output
    left = [name for name in os.listdir(site) if name.startswith(("round-5.", "game-5-"))]
    assert left == []  # its pages (and any file of it publish wrote) are gone
    assert (site / "round-4.html").exists()
    assert (site / "notes.txt").read_text() == "the organiser's own file\n"  # not its own: kept
    assert sorted(os.listdir(tmp_path)) == ["event", "site"]


def test_a_file_publish_did_not_write_is_replaced_only_with_force(runner, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>the club's own page</p>\n")
    (site / "site.css").write_text("body { color: red }\n")
    result = publish(runner, SWISS, site)
    assert result.exit_code == 1
    assert "index.html" in result.stderr and "site.css" in result.stderr
    assert "--force" in result.stderr and "Traceback" not in result.output
    assert snapshot(site) == {
        "index.html": b"<p>the club's own page</p>\n",
        "site.css": b"body { color: red }\n",
    }
    result = publish(runner, SWISS, site, "--force")
    assert result.exit_code == 0, result.output
    assert "the club's own page" not in (site / "index.html").read_text()
    assert publish(runner, SWISS, site).exit_code == 0  # its own now: no --force needed


def test_a_page_publish_wrote_and_someone_changed_is_theirs_now(runner, tmp_path):
    """The manifest keeps what each file held: a page edited since publish wrote it is not
    replaced without --force, nor removed when its round is withdrawn."""
    event = tmp_path / "event"
    shutil.copytree(SWISS, event)
    site = tmp_path / "site"
    assert publish(runner, event, site).exit_code == 0
    (site / "index.html").write_text("<p>edited by the organiser</p>\n")
    (site / "round-5.html").write_text("<p>round 5, annotated by hand</p>\n")
    result = publish(runner, event, site)
    assert result.exit_code == 1 and "index.html" in result.stderr
    assert (site / "index.html").read_text() == "<p>edited by the organiser</p>\n"
    (event / "round-5.pmn").unlink()
    result = publish(runner, event, site, "--force")  # index.html replaced, asked for
    assert result.exit_code == 0, result.output
    assert "edited by the organiser" not in (site / "index.html").read_text()
    assert (site / "round-5.html").read_text() == "<p>round 5, annotated by hand</p>\n"
    assert not list(site.glob("game-5-*.html"))  # its pages left as written: removed


@pytest.mark.parametrize("exchange", [True, False], ids=["renameat2", "two-renames"])
def test_the_folders_own_files_subfolders_and_mode_are_kept(
    runner, tmp_path, monkeypatch, exchange
):
    if not exchange:  # a system that cannot swap two names in one step
        monkeypatch.setattr(outputs, "_exchange", lambda first, second: False)
    site = tmp_path / "site"
    assert publish(runner, SWISS, site).exit_code == 0
    (site / "images").mkdir()
    (site / "images" / "logo.svg").write_text("<svg/>\n")
    (site / "feed").symlink_to("index.html")
    site.chmod(0o751)
    assert publish(runner, SWISS, site, "--points", "3-1-0").exit_code == 0
    assert (site / "images" / "logo.svg").read_text() == "<svg/>\n"
    assert os.readlink(site / "feed") == "index.html"
    assert site.stat().st_mode & 0o777 == 0o751
    assert sorted(os.listdir(tmp_path)) == ["site"]


def test_publish_into_a_link_to_a_folder_replaces_the_folder_it_leads_to(runner, tmp_path):
    real = tmp_path / "www" / "club"
    real.mkdir(parents=True)
    link = tmp_path / "site"
    link.symlink_to(real)
    assert publish(runner, SWISS, link).exit_code == 0
    assert link.is_symlink() and (real / "index.html").exists()
    assert sorted(os.listdir(tmp_path / "www")) == ["club"]
