"""Small inputs that ask for huge work (issue #28, F13-F15 of the round-3 hostile review):
template payloads that build gigabytes or loop without end, SVG art whose <use>
references expand to 10^8 shapes, and Ctrl-C / SIGTERM while a slow SVG is drawn. Each is
refused with one line naming the template and line (or the card and the art file), or
stopped with 130/143 and no manifest."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from toolkit.errors import RenderError, Terminated
from toolkit.render import sandbox_limits
from toolkit.render.art import MAX_SVG_ELEMENTS, art_problem
from toolkit.render.html import Html

REPO = Path(__file__).resolve().parents[2]

BOMBS = {  # the review's payloads (J14-J20, J25, J26) and their relatives
    "J14_chained_squares": "{% set x = 7 ** 9999 %}{% set x = x*x %}{% set x = x*x %}"
                           "{% set x = x*x %}{{ x }}",
    "J15_tilde_chain": "{% set a='x'*1000000 %}{% set b=a~a~a~a~a~a~a~a~a~a %}{{ b }}",
    "J16_replace": "{{ ('x'*1000000)|replace('x','y'*1000000) }}",
    "J17_format_width": "{{ '{:>3000000000}'.format(1) }}",
    "J17_nested_width": "{{ '{:>{}}'.format(1, 3000000000) }}",
    "J18_percent_filter": "{{ '%03000000000d'|format(1) }}",
    "J19_center": "{{ 'x'|center(3000000000) }}",
    "J20_loop_output": "{% for i in range(100000) %}{{ 'x'*1000000 }}{% endfor %}",
    "J25_indent": "{{ 'x'|indent(3000000000, true) }}",
    "J26_join": "{{ range(100000)|list|join('x'*100000) }}",
    "percent_operator": "{{ '%03000000000d' % 1 }}",
    "percent_star": "{{ '%*d' % (3000000000, 1) }}",
    "plus_strings": "{% set a='x'*1000000 %}{{ a + a }}",
    "str_center": "{{ 'x'.center(3000000000) }}",
    "str_join": "{{ ('x'*100000).join(range(100000)|map('string')) }}",
    "str_translate": "{{ ('x'*1000000).translate({120: 'y'*1000000}) }}",
    "format_many_fields": "{{ ('{0}'*300000).format('x'*100000) }}",
    "format_repr_of_a_bomb": "{% set a=['x'*1000]*1000 %}{{ '{0!r}'.format([a]*1000) }}",
    "printed_list_bomb": "{% set a=['x'*1000]*1000 %}{% set b=[a]*1000 %}{{ b }}",
    "nested_literals": "{% set a=['x'*1000]*1000 %}{% set b=[a,a,a,a,a,a,a,a,a,a] %}"
                       "{% set c=[b,b,b,b,b,b,b,b,b,b] %}{{ c|string }}",
    "set_block_loop": "{% set s %}{% for i in range(100000) %}{{ 'x'*100000 }}{% endfor %}"
                      "{% endset %}{{ s }}",
    "literal_loop": "{% for i in range(100000) %}{% for j in range(100000) %}abcdefghij"
                    "{% endfor %}{% endfor %}",
    "macro_doubling": "{% macro f(n) %}{% if n %}{{ f(n-1) }}{{ f(n-1) }}{% else %}"
                      "{{ 'x'*10000 }}{% endif %}{% endmacro %}{{ f(40) }}",
    "batch_fill": "{{ [1]|batch(1000000000, 'x')|list }}",
    "slice_fill": "{{ range(3)|slice(1000000000)|list }}",
    "sum_of_lists": "{% set a=['x']*1000000 %}{{ ([a]*1000)|sum(start=[]) }}",
    "wordwrap_string": "{{ ('a '*400000)|wordwrap(1, wrapstring='y'*10000) }}",
    "tojson_indent": "{{ [[[[1]]]]|tojson(indent=1000000000) }}",
}

LOOPS = {  # no output and no large value: only the time budget stops them
    "empty_nested_loops": "{% for i in range(100000) %}{% for j in range(100000) %}"
                          "{% endfor %}{% endfor %}",
    "loops_over_a_string": "{% set s='x'*100000 %}{% for i in s %}{% for j in s %}"
                           "{% endfor %}{% endfor %}",
    "macro_fan_out": "{% macro f(n) %}{% if n %}{{ f(n-1) }}{{ f(n-1) }}{% endif %}"
                     "{% endmacro %}{{ f(60) }}",
}


def _render(tmp_path: Path, body: str) -> str:
    project = tmp_path / "project"
    (project / "templates").mkdir(parents=True, exist_ok=True)
    (project / "templates" / "bomb.html.j2").write_text(f"<p>\nline two\n{body}\n</p>\n")
    return Html(project, "en").render("bomb.html.j2", "card 'x'", card={"a": 1})


def _refused(tmp_path: Path, body: str) -> str:
    started = time.perf_counter()
    with pytest.raises(RenderError) as info:
        _render(tmp_path, body)
    message = str(info.value)
    assert message.startswith("templates/bomb.html.j2:3: error: "), message
    assert "\n" not in message and "card 'x'" in message
    assert time.perf_counter() - started < 10, message
    return message


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_template_bomb_is_refused_with_its_line(tmp_path, name):
    message = _refused(tmp_path, BOMBS[name])
    assert "over" in message


@pytest.mark.parametrize("name", sorted(LOOPS))
def test_template_loop_stops_at_the_time_budget(tmp_path, name, monkeypatch):
    monkeypatch.setattr(sandbox_limits, "MAX_SECONDS", 0.3)
    assert "seconds of CPU time" in _refused(tmp_path, LOOPS[name])


def test_output_cap_counts_the_whole_face_not_each_chunk(tmp_path):
    ok = "{% for i in range(3) %}{{ 'x'*500000 }}{% endfor %}"
    assert len(_render(tmp_path, ok)) > 1_500_000
    assert "output is over" in _refused(tmp_path, ok.replace("range(3)", "range(5)"))


def test_a_refusal_in_a_block_names_the_child_templates_line(tmp_path):
    folder = tmp_path / "project" / "templates"
    folder.mkdir(parents=True)
    (folder / "base.html.j2").write_text("<div>\n{% block body %}{% endblock %}\n</div>\n")
    (folder / "bomb.html.j2").write_text(
        "{% extends 'base.html.j2' %}\n{% block body %}\n"
        "{% for i in range(100000) %}{{ 'x'*1000000 }}{% endfor %}\n{% endblock %}\n")
    with pytest.raises(RenderError) as info:
        Html(tmp_path / "project", "en").render("bomb.html.j2", "card 'x'")
    assert str(info.value).startswith("templates/bomb.html.j2:3: error: the template's "
                                      "output is over"), str(info.value)


def test_ordinary_text_building_still_works(tmp_path):
    body = ("{{ 'ab'|center(6) }}|{{ '%05d'|format(3) }}|{{ '{:>4}'.format(1) }}|"
            "{{ 'a-b'|replace('-', '+') }}|{{ [1, 2]|join(',') }}|{{ 'x'|indent(2) }}|"
            "{% set s %}{% for i in range(3) %}{{ loop.index }}{% endfor %}{% endset %}{{ s }}|"
            "{{ 'a' ~ 1 ~ 'b' }}|{{ 6 * 7 }}|{{ [1] + [2] }}|{{ '%s!' % 'hi' }}|"
            "{{ {'a': [1]}|tojson }}")
    assert _render(tmp_path, body).splitlines()[2] == (
        "  ab  |00003|   1|a+b|1,2|x|123|a1b|42|[1, 2]|hi!|{\"a\": [1]}")


# ---- SVG art ---------------------------------------------------------------------------------
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
       'width="100" height="100">')


def _levels(levels: int, fan: int) -> str:
    return '<rect id="l0" width="1" height="1"/>' + "".join(
        f'<g id="l{level}">' + f'<use xlink:href="#l{level - 1}"/>' * fan + "</g>"
        for level in range(1, levels + 1))


def use_bomb(levels: int, fan: int) -> str:
    """`levels` nested groups of `fan` <use> of the level below: fan^levels rectangles."""
    return f'{SVG}<defs>{_levels(levels, fan)}</defs><use xlink:href="#l{levels}"/></svg>'


SVGS = {
    "A01_eight_levels_of_ten": (use_bomb(8, 10), "over 100000 elements"),
    "wide_not_deep": (use_bomb(2, 400), "over 100000 elements"),
    "deep_not_wide": (use_bomb(10, 2), "over 8 deep"),
    "use_of_itself": ('<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><use href="#a"/>'
                      '</g></svg>', "refers to itself"),
    "use_cycle": ('<svg xmlns="http://www.w3.org/2000/svg"><use id="a" href="#b"/>'
                  '<use id="b" href="#a"/></svg>', "refers to itself"),
    "pattern_of_a_bomb": (f'{SVG}<defs><pattern id="p">{_levels(4, 10)}<use xlink:href="#l4"/>'
                          '</pattern></defs>' + '<rect fill="url(#p)" width="9" height="9"/>' * 10
                          + "</svg>", "over 100000 elements"),
    "nested_svg_data_url": ('<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/'
                            'svg+xml;base64,PHN2Zy8+"/></svg>', "data: URL"),
}


@pytest.mark.parametrize("name", sorted(SVGS))
def test_svg_bomb_is_refused_before_drawing(tmp_path, name):
    svg, reason = SVGS[name]
    (tmp_path / "art.svg").write_text(svg)
    started = time.perf_counter()
    problem = art_problem(tmp_path / "art.svg", tmp_path)
    assert problem and "SVG bomb" in problem and reason in problem, problem
    assert time.perf_counter() - started < 2


def test_svg_with_moderate_reuse_still_prints(tmp_path):
    (tmp_path / "icon.svg").write_text(use_bomb(4, 10))  # 11 111 shapes, 5 deep
    assert art_problem(tmp_path / "icon.svg", tmp_path) is None
    deep = '<svg xmlns="http://www.w3.org/2000/svg">' + "<g>" * 5000 + "</g>" * 5000 + "</svg>"
    (tmp_path / "deep.svg").write_text(deep)  # deep plain nesting is not a <use> chain
    assert art_problem(tmp_path / "deep.svg", tmp_path) is None
    assert MAX_SVG_ELEMENTS == 100_000


def _bomb_project(tmp_path: Path, svg: str) -> Path:
    project = tmp_path / "game"
    shutil.copytree(REPO / "examples" / "root_clearings", project)
    (project / "art").mkdir()
    (project / "art" / "use-bomb.svg").write_text(svg)
    items = project / "cards" / "items.yaml"
    items.write_text(items.read_text().replace("{id: boots, ",
                                               "{id: boots, art: art/use-bomb.svg, ", 1))
    return project


def _toolkit(*args, cwd: Path, timeout: float = 120):
    return subprocess.run([sys.executable, "-m", "toolkit", *args], cwd=cwd, timeout=timeout,
                          capture_output=True, text=True)


def test_build_with_the_A01_art_fails_in_one_line_before_rendering(tmp_path):
    project = _bomb_project(tmp_path, use_bomb(8, 10))
    started = time.perf_counter()
    done = _toolkit("build", str(project), "--only", "item", "--workers", "1", "--quiet",
                    cwd=tmp_path)
    lines = [line for line in done.stderr.splitlines() if "warning" not in line]
    assert done.returncode == 1, done.stderr
    assert lines == ["cards/items.yaml:3: error: art 'use-bomb.svg' of 'boots' is an SVG "
                     "bomb: it expands to over 100000 elements through its <use> references"]
    assert time.perf_counter() - started < 60
    assert not list((project / "output").rglob("build.json"))


def test_icon_bomb_stops_the_build(tmp_path):
    from toolkit.render.icons import Icons
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "coin.svg").write_text(use_bomb(8, 10))
    with pytest.raises(RenderError, match=r"icon 'coin' \(icons/coin.svg\) is an SVG bomb"):
        Icons([tmp_path / "icons"]).url("coin", "gold")


# ---- signals ---------------------------------------------------------------------------------
class _SlowSvg:
    """Stands in for WeasyPrint's SVG: drawing it raises what a signal handler raises."""

    def __init__(self, raised):
        self.raised = raised

    def draw(self, *args):
        raise self.raised


@pytest.mark.parametrize("raised", [KeyboardInterrupt(), Terminated()])
def test_a_signal_while_an_svg_is_drawn_is_not_swallowed(raised):
    """WeasyPrint's SVGImage.draw catches BaseException (F15: SIGTERM during the A01
    stall gave exit 0 and a manifest); the toolkit's draw lets the signal through."""
    from weasyprint.images import SVGImage

    from toolkit.render import pdf

    image = SVGImage.__new__(SVGImage)
    image._svg, image._base_url, image._context = _SlowSvg(raised), "art.svg", None
    with pytest.raises(type(raised)):
        pdf._draw_svg(image, None, 10, 10, None)
    image._svg = _SlowSvg(ValueError("broken svg"))
    pdf._draw_svg(image, None, 10, 10, None)  # a broken SVG is left out, as before
    assert SVGImage.draw is pdf._draw_svg_once


FORKED_WRITERS = """
import time
from toolkit.errors import Terminated
from toolkit.render.runtime import run_tasks

def interrupted():
    time.sleep(0.5)  # the child has started
    raise Terminated()

try:
    run_tasks([interrupted, lambda: time.sleep(60)])
except Terminated:
    print("terminated")
"""


def test_interrupted_parent_stops_its_forked_writers():
    """run_tasks forks only from a one-thread process: a fresh interpreter (earlier tests
    may leave threads behind) whose parent is interrupted while a child writes."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", FORKED_WRITERS], capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.strip() == "terminated", done.stderr
    assert time.perf_counter() - started < 10


def _slow_or_failing(job: int) -> int:
    if job == 0:
        raise ValueError("a batch failed")
    time.sleep(60)
    return job


def test_an_interrupted_render_pool_does_not_wait_for_its_batches():
    """A failed batch, Ctrl-C or SIGTERM while the pool renders: the other workers are
    ended at once (before, the parent waited for every running batch: about 20 s)."""
    from toolkit.render.cache import _run

    started = time.perf_counter()
    with pytest.raises(ValueError):
        _run(_slow_or_failing, [0, 1], workers=2)
    assert time.perf_counter() - started < 10


@pytest.mark.slow
@pytest.mark.parametrize("sig, code", [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_signal_during_a_slow_svg_ends_the_build_without_a_manifest(tmp_path, sig, code):
    """The review's SIG01/SIG02 with art just under the cap (about 75 000 shapes, some
    seconds of WeasyPrint drawing): exit 143 / 130, no build.json."""
    project = _bomb_project(tmp_path, use_bomb(5, 8))
    child = subprocess.Popen([sys.executable, "-m", "toolkit", "build", str(project), "--only",
                              "item", "--workers", "1", "--quiet"], cwd=tmp_path,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not (project / "output" / ".cache").exists():  # made as rendering starts
            assert child.poll() is None and time.monotonic() < deadline, "never rendered"
            time.sleep(0.1)
        time.sleep(3)  # the faces are laid out, the art is being drawn
        assert child.poll() is None, "the build ended before the signal"
        os.killpg(child.pid, sig)
        assert child.wait(timeout=60) == code, child.stderr.read()
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert not list((project / "output").rglob("build.json"))
