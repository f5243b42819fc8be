"""Names of CSS pages by size, shared by the HTML side and the imposition side."""

from __future__ import annotations


def _mm(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".").replace(".", "_")


def page_name(width: float, height: float, bleed: float) -> str:
    """A CSS page name for faces of this trim size and bleed, e.g. p63x88b3."""
    return f"p{_mm(width)}x{_mm(height)}b{_mm(bleed)}"
