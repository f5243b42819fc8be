"""Art that cannot print is replaced by the placeholder, and the reason is named (review F23:
missing, corrupt, truncated or hostile art used to print a blank box without a warning)."""

from __future__ import annotations

import io

from PIL import Image

from toolkit.render.art import art_problem


def _png(width=40, height=30) -> bytes:
    out = io.BytesIO()
    Image.effect_noise((width, height), 60).convert("RGB").save(out, "PNG")  # incompressible
    return out.getvalue()


def test_a_whole_png_prints(tmp_path):
    (tmp_path / "ok.png").write_bytes(_png())
    assert art_problem(tmp_path / "ok.png", tmp_path) is None


def test_missing_truncated_and_fake_images_are_named(tmp_path):
    data = _png(400, 300)
    (tmp_path / "cut.png").write_bytes(data[: len(data) // 2])
    (tmp_path / "fake.png").write_text("not an image\n")
    assert art_problem(tmp_path / "gone.png", tmp_path) == "not found"
    assert art_problem(tmp_path / "cut.png", tmp_path) == "is not a readable image"
    assert art_problem(tmp_path / "fake.png", tmp_path) == "is not a readable image"


def test_svg_with_entities_imports_or_outside_links_is_refused(tmp_path):
    cases = {
        "xxe.svg": '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/hostname">]>'
                   '<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
        "import.svg": '<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(a.css);</style></svg>',
        "link.svg": '<svg xmlns="http://www.w3.org/2000/svg"><image href="../secret.png"/></svg>',
        "broken.svg": "<svg xmlns='http://www.w3.org/2000/svg'><g></svg>",
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
        assert art_problem(tmp_path / name, tmp_path) is not None, name
    (tmp_path / "fine.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><circle '
                                       'r="4" fill="#123456"/><use href="#c"/></svg>')
    assert art_problem(tmp_path / "fine.svg", tmp_path) is None


def test_nothing_outside_the_project_is_read(tmp_path):
    outside = tmp_path / "outside.png"
    outside.write_bytes(_png())
    project = tmp_path / "project"
    project.mkdir()
    assert art_problem(outside, project) == "is outside the project"


def test_unprintable_art_gets_the_placeholder_on_the_card(tmp_path):
    from types import SimpleNamespace

    from toolkit.render.icons import placeholder_art
    from toolkit.render.views import art

    (tmp_path / "fake.png").write_text("not an image\n")
    (tmp_path / "ok.png").write_bytes(_png())
    ctx = SimpleNamespace(catalog=SimpleNamespace(root=tmp_path), art_notes=[])
    for name in ("fake.png", "gone.png"):
        card = SimpleNamespace(id="c", art=name)
        assert art(ctx, card, "#336699") == placeholder_art("c", "#336699")
    assert art(ctx, SimpleNamespace(id="c", art="ok.png"), "#336699").startswith("file://")
    assert [path.name for _, path in ctx.art_notes] == ["fake.png", "gone.png", "ok.png"]
