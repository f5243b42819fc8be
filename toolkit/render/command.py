"""The `toolkit build` command: parse options, call render.build.build, print a summary."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.project import resolve_project
from toolkit.render.options import PAPERS, BuildOptions, parse_offset, parse_only


@click.command("build")
@click.argument("project_dir", required=False, type=click.Path(file_okay=False))
@click.option("--out", type=click.Path(file_okay=False), help="output folder [PROJECT_DIR/output]")
@click.option("--paper", type=click.Choice(sorted(PAPERS)), default="a4", show_default=True,
              help="sheet size of print-and-play.pdf")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="language of the card texts (zh needs fonts-noto-cjk)")
@click.option("--png", is_flag=True, help="also write png/<kind>/<id>.png at 300 dpi")
@click.option("--tts", is_flag=True, help="also write Tabletop Simulator deck sheets and JSON")
@click.option("--layout", type=click.Choice(["duplex", "fold"]), default="duplex",
              show_default=True, help="backs mirrored for long-edge duplex, or folded")
@click.option("--back-offset", metavar="X,Y", help="shift backs by X,Y mm (printer calibration)")
@click.option("--gutter", type=click.FloatRange(0, 10), default=0.0, show_default=True,
              help="mm between cards on sheets (0: butted)")
@click.option("--marks-to-edge", is_flag=True, help="crop marks run to the sheet edge")
@click.option("--only", metavar="KIND,...", help="build only these kinds (and/or board, "
              "player_board, demand_marker, bounty_marker, npc_marker)")
@click.option("--strict", is_flag=True, help="warnings (overflowing text, low-dpi art) fail")
@click.option("--workers", type=click.IntRange(1, 16), default=2, show_default=True,
              help="processes rendering card faces in parallel")
def build(project_dir, out, paper, lang, png, tts, layout, back_offset, gutter, marks_to_edge,
          only, strict, workers):
    """Render the game as print-and-play PDFs (and optionally PNGs and TTS decks)."""
    from toolkit.render.build import build as run

    project = resolve_project(project_dir)
    opts = BuildOptions(out=Path(out) if out else project / "output", paper=paper, lang=lang,
                        png=png, tts=tts, layout=layout, back_offset=parse_offset(back_offset),
                        only=parse_only(only), strict=strict, gutter=gutter,
                        marks_to_edge=marks_to_edge, workers=workers)
    result = run(project, opts)
    for warning in result.warnings:
        click.echo(warning, err=True)
    for name, path in result.outputs.items():
        size = result.sizes.get(path.name)
        click.echo(f"wrote {path}" + (f" ({size / 1024:.0f} KB)" if size else ""))
    click.echo(f"{result.cards} cards and tokens, {result.faces} distinct faces "
               f"({result.rendered} rendered, {result.faces - result.rendered} cached) "
               f"in {result.seconds:.1f} s")
