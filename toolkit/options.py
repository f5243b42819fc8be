"""Options every project command shares, so that they read the same everywhere:

    @project_argument      the optional PROJECT_DIR argument
    @example_option        --example: use the bundled game (Caravans & Brigands)
    @trust_option          --trust: allow the project's own Python rules (`rules: ./rules`)
    @variant_option        --variant NAME: a variant game.yaml declares (in @project_argument)

`toolkit.project.resolve_project` reads the --example flag from the click context, so a
command only adds the decorators and keeps calling `resolve_project(project_dir)`.
"""

from __future__ import annotations

import click

EXAMPLE_KEY = "toolkit.example"


def _remember_example(ctx: click.Context, _param, value: bool) -> bool:
    if value:
        ctx.meta[EXAMPLE_KEY] = True
    return value


def example_option(func):
    """--example: run on the bundled game instead of a project folder."""
    return click.option("--example", is_flag=True, expose_value=False, is_eager=True,
                        callback=_remember_example,
                        help="use the bundled example game (Caravans & Brigands)")(func)


def project_argument(func):
    """The optional PROJECT_DIR argument: the folder holding cards/game.yaml (default:
    the current folder), with --variant NAME (every project command has both)."""
    return variant_option(click.argument("project_dir", required=False,
                                         type=click.Path(file_okay=False))(func))


def _remember_variant(ctx: click.Context, _param, value: str | None) -> str | None:
    if value:
        from toolkit.content import variants
        scope = variants.use(value)
        scope.__enter__()
        ctx.call_on_close(lambda: scope.__exit__(None, None, None))
    return value


def variant_option(func):
    """--variant NAME: load the project as one of the variants its game.yaml declares
    (`toolkit.content.variants`); the default game without it."""
    return click.option("--variant", metavar="NAME", expose_value=False, is_eager=True,
                        callback=_remember_variant,
                        help="play, check or print the variant NAME that game.yaml declares "
                             "under 'variants:' (default: the game as written)")(func)


def example_requested() -> bool:
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(EXAMPLE_KEY))


def trust_option(func):
    """--trust: allow a project's own `rules:` package (Python code in the project folder)."""
    return click.option("--trust", is_flag=True,
                        help="run the project's own Python rules package (game.yaml "
                             "'rules: ./rules') for this run only, trusted or not; "
                             "`toolkit trust DIR` trusts it once")(func)
