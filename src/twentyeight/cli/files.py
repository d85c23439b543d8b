"""Files the ``twentyeight`` command writes: every command that writes one goes through
:func:`_write_text`, so each target is treated the same way.

A page is written to a temporary file beside its target and renamed over it, so that a
failure part-way never leaves half a page. A rename replaces whatever was at the path,
so the target is looked at first: a symbolic link is followed and its target written; a
FIFO, a device, a socket or a directory is refused (renaming over it would replace it
with a regular file, and writing into a FIFO blocks until something reads it); an
existing regular file keeps its permission bits."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

_TEMPORARY_PREFIX = ".tmp"
"""The start of a temporary file's name. It is short, and the name does not repeat the
target's, so a target whose name is as long as the file system allows (255 bytes on
most) still has a temporary name that fits."""

_KINDS = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFDIR: "a directory",
}


class _NotAFile(OSError):
    """The output path names something other than a regular file (or a link to one):
    the command refuses to write there rather than replace it."""


def _default_mode() -> int:
    """The permission bits a new file gets from ``open`` under this process's umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _write_text(path: Path, text: str) -> Path:
    """Write ``text`` (UTF-8) to the file at ``path`` and return the path written: the
    link's target when ``path`` is a symbolic link. Raises :class:`_NotAFile` for a
    target that is not a regular file, and :class:`OSError` when the write fails
    (the target is then as it was, and no temporary file is left)."""
    target = Path(os.path.realpath(path))
    try:
        info = target.stat()
    except FileNotFoundError:
        mode = _default_mode()
    else:
        if not stat.S_ISREG(info.st_mode):
            kind = _KINDS.get(stat.S_IFMT(info.st_mode), "not a regular file")
            raise _NotAFile(errno.EINVAL,
                            f"it is {kind}, not a regular file; it was left as it is")
        mode = stat.S_IMODE(info.st_mode)
    fd, temporary = tempfile.mkstemp(prefix=_TEMPORARY_PREFIX, dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(temporary, mode)  # mkstemp makes the file readable by its owner only
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return target
