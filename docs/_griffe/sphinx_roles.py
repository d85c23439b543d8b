"""Griffe extension for the docs: render the Sphinx roles used in docstrings as links.

The library's docstrings cross-reference with reST roles (``:class:`Round```,
``:meth:`~twentyeight.Round.apply```). mkdocstrings reads docstrings as Markdown, where
those roles would show up as literal text. This extension rewrites each role into an
mkdocs-autorefs cross-reference before rendering. A name is looked up the way Sphinx
does (the owning class, then the module, then the package); the reference is marked
optional, so a name that is not rendered anywhere becomes plain code instead of a
broken link or a ``--strict`` failure. It also turns the reST literal-block marker
``::`` at the end of a paragraph into a plain colon.

Loaded by ``mkdocs.yml`` (``extensions: [docs/_griffe/sphinx_roles.py]``); it is docs
tooling only and not part of the installed package.
"""

from __future__ import annotations

import html
import re
from typing import Any

import griffe

ROLE = re.compile(
    r":(?:py:)?(?:class|meth|func|attr|data|obj|exc|mod|const|type):`(?P<tilde>~?)(?P<target>[^`]+)`"
)
LITERAL_BLOCK = re.compile(r"(?<=\S)::(?=\n\s*\n)")


def _canonical(root: griffe.Module, path: str) -> str | None:
    """The canonical path of the object at ``path``, or ``None`` if there is none."""
    try:
        found = root.modules_collection[path]
    except (KeyError, ValueError, griffe.AliasResolutionError, griffe.CyclicAliasError):
        return None
    if isinstance(found, griffe.Alias):
        return found.target_path
    return str(found.path)


def _scopes(obj: griffe.Object) -> list[str]:
    """Where a relative name is looked up: the class, the module, the package root."""
    scopes: list[str] = []
    node: griffe.Object | None = obj if obj.is_class or obj.is_module else obj.parent
    while node is not None:
        if node.is_class or node.is_module:
            scopes.append(node.path)
        node = node.parent
    return scopes


def _rewrite(root: griffe.Module, obj: griffe.Object, text: str) -> str:
    def replace(match: re.Match[str]) -> str:
        target = match["target"].strip().lstrip(".").removesuffix("()")
        shown = target.rsplit(".", 1)[-1] if match["tilde"] else target
        code = f"<code>{html.escape(shown)}</code>"
        candidates = [target, *(f"{scope}.{target}" for scope in _scopes(obj))]
        for candidate in candidates:
            path = _canonical(root, candidate)
            if path is not None:
                return f'<autoref identifier="{html.escape(path)}" optional>{code}</autoref>'
        return f"`{shown}`"

    return LITERAL_BLOCK.sub(":", ROLE.sub(replace, text))


class SphinxRoles(griffe.Extension):
    """Rewrite Sphinx cross-reference roles in every docstring of a loaded package."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        """Called by griffe (2.x) once the whole package is loaded. Running it twice
        changes nothing, since no role is left after the first pass."""
        stack: list[griffe.Object] = [pkg]
        while stack:
            obj = stack.pop()
            if obj.docstring is not None:
                obj.docstring.value = _rewrite(pkg, obj, obj.docstring.value)
            stack.extend(
                member for member in obj.members.values() if not isinstance(member, griffe.Alias)
            )

    on_package_loaded = on_package
    """The same hook under the name older griffe releases call."""
