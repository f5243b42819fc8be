"""Project templates run in a sandbox: every known escape fails with one line naming the
template file and line, and nothing outside the template folders is read."""

from __future__ import annotations

import pytest

from toolkit.errors import RenderError
from toolkit.render.html import Html
from toolkit.render.sandbox import MAX_TEMPLATE_BYTES

ESCAPES = {
    "cycler_globals": "{{ cycler.__init__.__globals__.os.popen('touch PWNED').read() }}",
    "lipsum_globals": "{{ lipsum.__globals__['os'] }}",
    "joiner": "{{ joiner() }}",
    "namespace": "{% set ns = namespace(a=1) %}{{ ns }}",
    "mro_walk": "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "attr_filter": "{{ ''|attr('__class__') }}",
    "format_walk": "{{ '{0.__class__.__init__.__globals__}'.format(card) }}",
    "self_context": "{{ self._TemplateReference__context }}",
    "mutate_view": "{{ card.update(x=1) }}",
    "huge_range": "{% for x in range(10**9) %}{% endfor %}",
    "huge_string": "{{ 'a' * 10**9 }}",
    "huge_power": "{{ 10 ** 100000 }}",
    "huge_power_chain": "{{ (10 ** 10000) ** 10000 }}",
    "include_dotdot": "{% include '../outside/secret.txt' %}",
    "include_absolute": "{% include '/etc/passwd' %}",
    "include_symlink": "{% include 'leak.html.j2' %}",
    "extends_symlink": "{% extends 'leak.html.j2' %}",
    "import_symlinked_dir": "{% import 'linked/x.html.j2' as x %}",
}


@pytest.fixture
def project(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text("TOPSECRET\n")
    (outside / "x.html.j2").write_text("TOPSECRET\n")
    project = tmp_path / "project"
    (project / "templates").mkdir(parents=True)
    (project / "templates" / "leak.html.j2").symlink_to(outside / "secret.txt")
    (project / "templates" / "linked").symlink_to(outside)
    return project


@pytest.mark.parametrize("name", sorted(ESCAPES))
def test_known_escape_fails_with_file_and_line(project, tmp_path, name, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (project / "templates" / "evil.html.j2").write_text(f"<p>\nline two\n{ESCAPES[name]}\n</p>\n")
    with pytest.raises(RenderError) as info:
        Html(project, "en").render("evil.html.j2", "card 'x'", card={"a": 1})
    message = str(info.value)
    assert message.startswith("templates/evil.html.j2:3: error: "), message
    assert "\n" not in message and "card 'x'" in message
    assert "TOPSECRET" not in message
    assert not (tmp_path / "PWNED").exists()


def test_symlinked_template_is_refused_by_name(project):
    with pytest.raises(RenderError, match="symbolic link"):
        Html(project, "en").render("leak.html.j2", "card 'x'")


def test_templates_folder_that_is_a_link_is_refused(tmp_path):
    project = tmp_path / "p"
    project.mkdir()
    (project / "templates").symlink_to(tmp_path)
    with pytest.raises(RenderError, match="symbolic link"):
        Html(project, "en")


def test_oversized_template_is_refused(project):
    (project / "templates" / "big.html.j2").write_text("x" * (MAX_TEMPLATE_BYTES + 1))
    with pytest.raises(RenderError, match="byte cap"):
        Html(project, "en").render("big.html.j2", "card 'x'")


def test_ordinary_templates_still_work(project):
    (project / "templates" / "ok.html.j2").write_text(
        "{% for x in range(3) %}{{ x * 2 }}{% endfor %}|{{ card.name|upper }}|{{ 2 ** 8 }}"
        "|{{ '%s-%d'|format('a', 3) }}|{{ ['b', 'a']|sort|join(',') }}")
    assert Html(project, "en").render("ok.html.j2", "x", card={"name": "<b>"}) == \
        "024|&lt;B&gt;|256|a-3|a,b"


@pytest.mark.parametrize("module", ["toolkit.sim.report", "toolkit.compare.report"])
def test_report_templates_render_in_the_sandbox(module):
    import importlib
    import inspect
    source = inspect.getsource(importlib.import_module(module))
    assert "jinja2.Environment(" not in source and "sandbox import environment" in source
