"""Writing output files safely: to a temporary file beside the target, then renamed."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from toolkit.errors import RenderError


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` via a temp file and rename; an OS error is a RenderError."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except OSError as exc:
        raise RenderError(f"cannot write '{path}': {exc.strerror or exc}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_pdf(path: Path, writer) -> int:
    """Write a pypdf writer atomically; returns the size in bytes."""
    import io

    buffer = io.BytesIO()
    writer.write(buffer)
    data = buffer.getvalue()
    write_atomic(path, data)
    return len(data)
