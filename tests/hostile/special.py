"""Corpus cases that need more than a command line: a patched environment, a second
process, signals, or the face cache driven directly. Each takes (scene, case, run) and
returns (exit code, stdout, stderr) like a plain command."""

from __future__ import annotations


def no_cjk_font(scene, case, run):
    """Noto Sans CJK hidden: neither the shipped subset nor an installed family is found."""
    import pytest

    from toolkit.render import checks, fonts
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(checks, "CJK_FAMILY", "No Such Font CJK")
        patch.setattr(fonts, "CJK_FILES", (scene.tmp / "no-such-font.otf",))
        return run(case.run)


def no_fonts(scene, case, run):
    """No fonts at all: fontconfig pointed at an empty configuration."""
    import pytest

    config = scene.tmp / "fonts.conf"
    config.write_text("<?xml version=\"1.0\"?>\n<fontconfig></fontconfig>\n")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FONTCONFIG_FILE", str(config))
        return run(case.run)


def child_process(scene, case, run, timeout=60, signal_after=None, sig=None, env=None):
    """The command in its own process (a hang or a memory climb cannot take the test
    run with it): killed after `timeout` seconds, which fails the case; `env`: more
    environment variables for it."""
    import os
    import signal as signals
    import subprocess
    import sys
    import time

    argv = [sys.executable, "-m", "toolkit"] + [scene.fill(a) for a in case.run]
    env = dict(os.environ, PYTHONUNBUFFERED="1", **(env or {}))
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             cwd=scene.tmp, env=env, start_new_session=True)
    if signal_after is not None:
        time.sleep(signal_after)
        os.killpg(child.pid, sig)
    try:
        out, err = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signals.SIGKILL)
        child.communicate()
        raise AssertionError(f"{' '.join(case.run)} still running after {timeout} s")
    return child.returncode, out.decode(errors="replace"), err.decode(errors="replace")


def interrupt_child(scene, case, run):
    import signal
    return child_process(scene, case, run, timeout=120, signal_after=8, sig=signal.SIGINT)


def terminate_child(scene, case, run):
    import signal
    result = child_process(scene, case, run, timeout=120, signal_after=8, sig=signal.SIGTERM)
    leftovers = [p for p in scene.out.rglob("*") if p.name.startswith(".") and "tmp" in p.name]
    assert not leftovers, leftovers
    return result


def _git(scene, *args):
    import subprocess
    subprocess.run(["git", *args], cwd=scene.project, check=True, capture_output=True,
                   env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "PATH": "/usr/bin:/bin",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t",
                        "HOME": str(scene.tmp)})


def git_compare_invalid(scene, case, run):
    import os
    _git(scene, "init", "-q")
    _git(scene, "add", "-A")
    _git(scene, "commit", "-qm", "valid")
    game = scene.project / "cards" / "game.yaml"
    game.write_text(game.read_text().replace("actions_per_turn: 3", "actions_per_turn: [3]"))
    _git(scene, "commit", "-qam", "invalid")
    os.chdir(scene.project)
    return run(case.run)


def git_compare_symlink(scene, case, run):
    import os
    _git(scene, "init", "-q")
    _git(scene, "add", "-A")
    _git(scene, "commit", "-qm", "valid")
    (scene.project / "cards" / "passwd.yaml").symlink_to(scene.outside / "secret.txt")
    _git(scene, "add", "-A")
    _git(scene, "commit", "-qm", "a link outside")
    os.chdir(scene.project)
    return run(case.run)


def unexpected_error(scene, case, run):
    """A bug planted in a command: one line and exit 1; with --debug, the traceback."""
    import pytest

    from toolkit.content import validate

    def planted(*args, **kwargs):
        raise RuntimeError("planted")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(validate, "validate_project", planted)
        code, out, err = run(case.run)
        debug = run(["--debug"] + list(case.run))
    assert debug[0] == 1 and "Traceback" in debug[2] and "planted" in debug[2]
    return code, out, err


def unreadable_file(scene, case, run):
    """chmod 000 cannot stop root, so reading events.yaml is made to fail as it would."""
    import errno
    import pathlib

    import pytest

    real = pathlib.Path.read_bytes

    def read_bytes(self):
        if self.name == "events.yaml":
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pathlib.Path, "read_bytes", read_bytes)
        return run(case.run)


def terminate_build(scene, case, run):
    import signal
    result = child_process(scene, case, run, timeout=120, signal_after=4, sig=signal.SIGTERM)
    leftovers = [p.name for p in scene.out.rglob("*") if p.name.startswith(".")
                 and p.name not in (".card-toolkit-output", ".card-toolkit-lock", ".cache")]
    assert not leftovers, leftovers
    return result


def interrupt_compare(scene, case, run):
    """Compare against an edited copy (identical content is decided within seconds), then
    Ctrl-C while it plays: on the Python engine, as the compiled core decides even this
    edit in about a second, before the signal."""
    import re
    import shutil
    import signal
    candidate = scene.tmp / "candidate"
    shutil.copytree(scene.project / "cards", candidate / "cards")
    game = candidate / "cards" / "game.yaml"
    text, edits = re.subn(r"(?m)^glory_to_win: (\d+)",
                          lambda m: f"glory_to_win: {int(m.group(1)) + 1}", game.read_text())
    assert edits == 1, "the bundled game.yaml has no glory_to_win line to edit"
    game.write_text(text)
    return child_process(scene, case, run, timeout=120, signal_after=10, sig=signal.SIGINT,
                         env={"TOOLKIT_PURE_PYTHON": "1"})


def git_compare_dirty(scene, case, run):
    import hashlib
    import os
    _git(scene, "init", "-q")
    _git(scene, "add", "-A")
    _git(scene, "commit", "-qm", "valid")
    events = scene.project / "cards" / "events.yaml"
    events.write_text(events.read_text() + "# a local edit\n")
    index = scene.project / ".git" / "index"
    before = (hashlib.sha256(index.read_bytes()).hexdigest(), index.stat().st_mtime_ns,
              events.read_bytes())
    os.chdir(scene.project)
    result = run(case.run)
    after = (hashlib.sha256(index.read_bytes()).hexdigest(), index.stat().st_mtime_ns,
             events.read_bytes())
    assert before == after, "compare touched the git index or the working tree"
    return result
