"""The package's published face: its project URLs and the README's links to the docs.

On the package index the README is shown without the repository around it, so every
link in it must be absolute; the links into the documentation site must name pages that
the site actually has, and the project URLs must point at the same site."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads the same file with a tiny parser below
    tomllib = None


def _project_urls() -> dict[str, str]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    if tomllib is not None:
        return dict(tomllib.loads(text)["project"]["urls"])
    section = text.split("[project.urls]", 1)[1].split("\n[", 1)[0]
    return dict(re.findall(r'^(\w+)\s*=\s*"([^"]+)"', section, re.M))


def _site_url() -> str:
    match = re.search(r"^site_url:\s*(\S+)\s*$", (ROOT / "mkdocs.yml").read_text(), re.M)
    assert match, "mkdocs.yml names no site_url"
    return match.group(1)


def _page_of(url: str, site: str) -> Path:
    """The Markdown source of a page of the site, from its address (MkDocs' directory
    URLs: ``guides/server/`` is ``docs/guides/server.md``, ``rules/`` is
    ``docs/rules/index.md``)."""
    path = url[len(site):].split("#", 1)[0].strip("/")
    page = ROOT / "docs" / f"{path}.md"
    return page if path and page.is_file() else ROOT / "docs" / path / "index.md"


def test_project_urls_name_the_docs_site_and_the_repository() -> None:
    urls = _project_urls()
    site = _site_url()
    for needed in ("Homepage", "Documentation", "Source", "Issues", "Changelog"):
        assert urls.get(needed, "").startswith("https://"), f"{needed} missing or not https"
    assert urls["Documentation"] == site
    assert _page_of(urls["Changelog"], site).is_file()
    assert urls["Issues"].startswith(urls["Source"])


def test_readme_links_work_off_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    site = _site_url()
    targets = re.findall(r"\]\(([^)\s]+)\)", readme) + re.findall(r"<(https?://[^>\s]+)>", readme)
    assert targets, "the README links to nothing"
    for target in targets:
        assert re.match(r"https?://", target), f"relative link {target!r} breaks on the index"
    into_site = [t for t in targets if t.startswith(site)]
    assert len(into_site) >= 4, "the README should point readers at the docs' guides"
    for target in into_site:
        assert _page_of(target, site).is_file(), f"{target} names no page of the site"


@pytest.mark.parametrize("url", ["https://twentyeight-cards.github.io/twentyeight/nowhere/"])
def test_a_link_to_a_missing_page_is_caught(url: str) -> None:
    assert not _page_of(url, _site_url()).is_file()


def test_the_changelog_dates_the_version_the_package_carries() -> None:
    """Keep a Changelog: an ``[Unreleased]`` section first, then a dated section for the
    version in ``pyproject.toml``, with a link for each heading at the foot."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    version = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(),
                        re.M)
    assert version
    headings = re.findall(r"^## \[([^\]]+)\](.*)$", text, re.M)
    assert headings[0] == ("Unreleased", "")
    assert headings[1][0] == version.group(1)
    assert re.fullmatch(r" - \d{4}-\d{2}-\d{2}", headings[1][1])
    for name, _ in headings:
        assert re.search(rf"^\[{re.escape(name)}\]: https://", text, re.M), name
