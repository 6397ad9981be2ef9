"""The systemd unit and the container recipe in deploy/: their commands are ones our CLI takes,
the recipe installs with the README's own command, and the settings a host relies on are there."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from rummy_tui.cli import main

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "rummy-serve.service"
RECIPE = ROOT / "deploy" / "Containerfile"


def unit_settings(text: str) -> dict[str, list[str]]:
    """`Section.Key` -> its values in order (systemd allows a key more than once)."""
    settings: dict[str, list[str]] = {}
    section = ""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        settings.setdefault(f"{section}.{key.strip()}", []).append(value.strip())
    return settings


def recipe_instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments), with continued lines joined."""
    joined = re.sub(r"\\\n", " ", text)
    instructions = []
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            instructions.append((word.upper(), rest.strip()))
    return instructions


def parse_with_our_cli(arguments: list[str]) -> click.Context:
    """What `rummy ARGUMENTS` would do, short of doing it: every option parsed and checked."""
    group = main.make_context("rummy", list(arguments))
    protected = getattr(group, "_protected_args", None)  # click 8.2; 8.1 calls it protected_args
    name, command, rest = main.resolve_command(
        group, [*(protected if protected is not None else group.protected_args), *group.args]
    )
    return command.make_context(name, rest, parent=group)


def readme_install_command() -> str:
    readme = (ROOT / "README.md").read_text()
    line = next(line for line in readme.splitlines() if line.startswith("python3 -m pip install .") and "rummy" in line)
    return line.split("&&")[0].strip()  # "python3 -m pip install ." (then it opens the game)


def test_the_unit_runs_rummy_serve_with_options_our_cli_takes():
    [start] = unit_settings(UNIT.read_text())["Service.ExecStart"]
    program, *arguments = shlex.split(start)
    assert Path(program).name == "rummy"
    context = parse_with_our_cli(arguments)
    assert context.command.name == "serve"
    assert context.params["port"] == 2222 and context.params["web"] is False


def test_the_unit_is_confined_restarted_and_logs_to_the_journal():
    settings = unit_settings(UNIT.read_text())

    def one(key: str) -> str:
        return settings[f"Service.{key}"][-1]

    assert one("DynamicUser") == "yes" or one("User") not in ("", "root")
    assert one("ProtectSystem") == "strict" and one("NoNewPrivileges") == "yes"
    assert one("Restart") == "on-failure"
    assert one("StandardError") == "journal"
    state = one("StateDirectory")
    environment = dict(value.split("=", 1) for value in settings["Service.Environment"])
    assert environment["RUMMY_TUI_DATA_DIR"] == f"%S/{state}"  # the host key and the saves: writable, kept
    assert environment["XDG_RUNTIME_DIR"] == f"%t/{one('RuntimeDirectory')}"  # the table socket
    assert settings["Install.WantedBy"] == ["multi-user.target"]


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd's own checker")
def test_systemd_reads_every_line_of_the_unit(tmp_path):
    unit = tmp_path / UNIT.name  # this Python stands in for /opt's rummy: systemd checks only that it runs
    unit.write_text(UNIT.read_text().replace("/opt/rummy-tui/bin/rummy", sys.executable))
    checked = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(unit)], capture_output=True, text=True, check=False
    )
    assert checked.returncode == 0 and checked.stderr == "" and checked.stdout == ""  # no unknown key, no bad value


def test_the_container_recipe_installs_with_the_readme_command_and_keeps_its_key_in_the_volume():
    instructions = recipe_instructions(RECIPE.read_text())
    runs = [arguments for word, arguments in instructions if word == "RUN"]
    assert any(run.startswith(readme_install_command() + " ") or run == readme_install_command() for run in runs)
    [image] = [arguments for word, arguments in instructions if word == "FROM"]
    assert re.search(r"python:3\.(1[1-9])", image)  # pyproject: requires-python >= 3.11
    environment = dict(re.findall(r"(\w+)=(\S+)", " ".join(a for w, a in instructions if w == "ENV")))
    [volume] = [arguments for word, arguments in instructions if word == "VOLUME"]
    assert environment["RUMMY_TUI_DATA_DIR"] == volume  # serve/ssh_host_ed25519_key lands in the volume
    [user] = [arguments for word, arguments in instructions if word == "USER"]
    assert user not in ("root", "0")
    assert [arguments for word, arguments in instructions if word == "EXPOSE"] == ["2222"]


def test_the_container_runs_rummy_serve_on_the_exposed_port_for_all_addresses():
    [command] = [arguments for word, arguments in recipe_instructions(RECIPE.read_text()) if word == "CMD"]
    program, *arguments = json.loads(command)  # the exec form: no shell in between
    assert program == "rummy"
    context = parse_with_our_cli(arguments)
    assert context.command.name == "serve"
    assert context.params["port"] == 2222 and context.params["host"] == "0.0.0.0"


def test_a_command_our_cli_refuses_fails_the_check():
    with pytest.raises(click.UsageError):
        parse_with_our_cli(["serve", "--prot", "2222"])
