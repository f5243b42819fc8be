"""The `toolkit build` command: parse options, call render.build.build, print a summary."""

from __future__ import annotations

from pathlib import Path

import click

from toolkit.options import example_option, project_argument
from toolkit.project import default_output, resolve_project
from toolkit.render.options import (PAPERS, BuildOptions, parse_offset, parse_only,
                                    parse_url)


@click.command("build")
@project_argument
@example_option
@click.option("--out", type=click.Path(file_okay=False), help="output folder [PROJECT_DIR/output]")
@click.option("--paper", type=click.Choice(sorted(PAPERS)), default="a4", show_default=True,
              help="sheet size of the print files")
@click.option("--lang", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="language of the card texts")
@click.option("--png", is_flag=True, help="also write png/<kind>/<id>.png at 300 dpi")
@click.option("--tts", is_flag=True, help="also write Tabletop Simulator decks, the boards as "
              "tiles, and their JSON (one per object and all.json)")
@click.option("--tts-url", metavar="BASE", help="URL the tts/ images will be uploaded to "
              "(image URLs in the TTS JSON are BASE/<file>); implies --tts")
@click.option("--pod", type=click.Choice(["tgc", "mpc"]), help="also write each deck as "
              "PNGs at The Game Crafter's (tgc) or MakePlayingCards' (mpc) template size, "
              "with its back and a quantity list, in pod-<service>/")
@click.option("--layout", type=click.Choice(["both", "duplex", "fold"]), default="both",
              show_default=True, help="card files to write: duplex (backs mirrored for "
              "long-edge flip), fold (backs beside fronts) or both")
@click.option("--back-offset", metavar="X,Y", help="shift backs by X,Y mm (printer calibration)")
@click.option("--gutter", type=click.FloatRange(0, 10), default=0.0, show_default=True,
              help="mm between cards on sheets (0: butted)")
@click.option("--marks-to-edge", is_flag=True, help="crop marks run to the sheet edge")
@click.option("--only", metavar="KIND,...", help="build only these kinds and parts (any "
              "kind of the project, and parts its game adds, e.g. board, player_board)")
@click.option("--strict", is_flag=True, help="warnings (overflowing text, text under the "
              "6/7 pt floor, low-dpi art) fail")
@click.option("--workers", type=click.IntRange(1, 16), default=2, show_default=True,
              help="processes rendering card faces in parallel")
@click.option("--ink-saver", is_flag=True, help="white card backs with a coloured emblem "
              "(far less ink on a home printer)")
@click.option("--trust", is_flag=True, help="import the project's own ./rules package "
              "for this run, trusted or not, for the parts it prints (its Python code "
              "runs); `toolkit trust DIR` trusts it once")
@click.option("-q", "--quiet", is_flag=True, help="no progress display")
@click.option("--watch", is_flag=True, help="stay running and rebuild whenever the content, "
              "templates, icons or art change (a warm process: an edit costs only its faces)")
def build(project_dir, out, paper, lang, png, tts, tts_url, pod, layout, back_offset, gutter,
          marks_to_edge, only, strict, workers, ink_saver, trust, quiet, watch):
    """Render the game as print-and-play PDFs (one-sided, duplex and fold files, 1-up) and
    optionally PNGs, TTS decks and print-on-demand files; see docs/print.md."""
    from toolkit.render.build import build as run

    project = resolve_project(project_dir)
    opts = BuildOptions(out=Path(out) if out else default_output(project), paper=paper, lang=lang,
                        png=png, tts=tts or bool(tts_url), tts_url=parse_url(tts_url),
                        layout=layout, back_offset=parse_offset(back_offset),
                        only=parse_only(only), strict=strict, gutter=gutter,
                        marks_to_edge=marks_to_edge, workers=workers,
                        ink_saver=ink_saver, trust=trust, pod=pod,
                        progress=not quiet and not watch)
    if watch:
        from toolkit.render.watch import changes, watch_builds
        try:
            watch_builds(lambda: run(project, opts), _report,
                         lambda line: click.echo(line, err=True), changes(project))
        except KeyboardInterrupt:
            pass
        return
    _report(run(project, opts))


def _report(result) -> None:
    """The build's warnings (stderr), files written and a one-line summary."""
    from toolkit.errors import printable

    for note in result.notes:
        click.echo(printable(f"note: {note}"), err=True)
    for warning in result.warnings:  # they quote card file names: shown escaped
        click.echo(printable(warning), err=True)
    for name, path in result.outputs.items():
        size = result.sizes.get(path.name)
        click.echo(f"wrote {path}" + (f" ({size / 1024:.0f} KB)" if size else ""))
    click.echo(f"{result.cards} cards and tokens, {result.faces} distinct faces "
               f"({result.rendered} rendered, {result.faces - result.rendered} cached) "
               f"in {result.seconds:.1f} s")
