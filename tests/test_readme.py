"""The README's examples run as written: every ```python block executes, every ```bash block names only
scripts, files and modules that exist."""
from __future__ import annotations

import importlib.util
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", README, re.S | re.M)


def test_the_readme_has_examples_of_both_kinds():
    assert len(blocks("python")) >= 2 and len(blocks("bash")) >= 2


@pytest.mark.parametrize("index", range(len(blocks("python"))))
def test_python_block_runs_as_written(index, tmp_path, monkeypatch):
    """Each block runs in a fresh namespace in an empty directory; a line that only displays a value in Jupyter
    runs as a statement."""
    monkeypatch.chdir(tmp_path)
    exec(compile(blocks("python")[index], f"README.md python block {index + 1}", "exec"), {})


def test_the_first_example_plays_a_card_of_seed_7s_first_hand():
    import brass_nb as bn

    played = re.search(r'game\.play\("(.+?)"\)', blocks("python")[0]).group(1)
    game = bn.new_game("birmingham", players=3, seed=7)
    card = played.rpartition("with card ")[2]
    assert card in game.players[game.current_player].hand
    assert game.parse(played) in game.legal_actions()


def commands(block: str) -> list[list[str]]:
    """The commands of a bash block: one per line, split again at ``&&``."""
    return [shlex.split(part) for line in block.splitlines() if line.strip() and not line.startswith("#")
            for part in line.split("&&")]


@pytest.mark.parametrize("words", [c for b in blocks("bash") for c in commands(b)], ids=" ".join)
def test_bash_blocks_name_only_what_exists(words):
    program, *args = words
    if program == "python" and args[:1] == ["-m"]:
        assert importlib.util.find_spec(args[1]) is not None, f"no module {args[1]}"
        args = args[2:]
    elif program in ("bash", "python"):
        assert (ROOT / args[0]).is_file(), f"{args[0]} does not exist"
        args = args[1:]
    else:
        pytest.fail(f"the README runs {program}, which this test does not know")
    for arg in args:
        if "/" in arg and not arg.startswith(("-", ".")):
            assert (ROOT / arg).exists(), f"{arg} does not exist"


def test_scripts_named_in_the_readme_exist():
    named = set(re.findall(r"scripts/[\w.]+", README))
    assert named and all((ROOT / name).is_file() for name in named), named
