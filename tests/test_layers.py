"""The rules core runs without the Jupyter and plotting layers installed."""
import subprocess
import sys
from pathlib import Path

BLOCKED_IMPORT = """
import sys, importlib.abc
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {"matplotlib", "ipywidgets", "IPython"}:
            raise ImportError("blocked " + name)
sys.meta_path.insert(0, Block())
import brass_nb.rules
game = brass_nb.rules.new_game("birmingham", players=2, seed=3)
explanation = game.play(game.legal_actions()[0])
print(str(explanation).splitlines()[0])
try:
    game.play("build pottery Leek with card Nowhere")
except brass_nb.rules.NotationError as err:
    print(err.rule)
"""


def test_rules_import_and_play_without_matplotlib_or_ipywidgets():
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", BLOCKED_IMPORT], cwd=root, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[-1] == "notation.unknown_name"
