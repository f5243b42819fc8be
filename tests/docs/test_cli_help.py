"""The command line as a user meets it: every option described, output errors one line."""

import pytest
from click.testing import CliRunner

from toolkit.cli import cli

COMMANDS = ["validate", "list", "build", "simulate", "check", "replay", "compare"]


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_has_help(name):
    command = cli.get_command(None, name)
    bare = [p.opts[0] for p in command.params
            if getattr(p, "param_type_name", "") == "option" and not p.help]
    assert bare == []
    assert CliRunner().invoke(cli, [name, "--help"]).exit_code == 0


def test_an_output_folder_that_cannot_be_made_is_one_line(tmp_path, capsys):
    from toolkit.cli import main

    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SystemExit) as done:
        main(["build", "--only", "hero", "--out", str(blocker / "out")])
    err = capsys.readouterr().err
    assert done.value.code == 1
    assert err.startswith("error: ") and "Traceback" not in err and err.count("\n") == 1
