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


UPPER_LAYERS_BLOCKED = """
import sys, types, importlib.abc, pathlib
package = types.ModuleType("brass_nb")                 # the rules alone, without brass_nb/__init__'s conveniences
package.__path__ = [str(pathlib.Path("brass_nb").resolve())]
sys.modules["brass_nb"] = package
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[:2][-1] in {"bots", "plot", "scenario", "widgets", "explain", "quizbank", "classroom"}:
            raise ImportError("blocked " + name)
sys.meta_path.insert(0, Block())
import brass_nb.rules as rules
game = rules.new_game("birmingham", players=2, seed=3)
game.play(game.legal_actions()[0])
twin = game.copy()
twin.play(twin.legal_actions()[0])
game.undo()
print(len(game.log), len(twin.log))
try:
    game.play("build pottery Leek with card Leek")
except rules.IllegalAction as err:
    print(err.rule)
print(sorted(m.split(".")[1] for m in sys.modules if m.count(".") == 1 and m.startswith("brass_nb.")))
"""


def test_the_rules_need_nothing_above_them_to_play_copy_undo_and_refuse():
    """DESIGN's layers: with bots, plot, scenario, widgets and explain unimportable, a game is still made, played,
    copied and undone, and an illegal action raises its error with its rule id (worded only when read)."""
    root = Path(__file__).resolve().parents[1]
    out = subprocess.run([sys.executable, "-c", UPPER_LAYERS_BLOCKED], cwd=root, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    logs, rule, loaded = out.stdout.splitlines()
    assert logs == "0 2" and rule == "build.no_icon"
    assert "explain" not in loaded and "bots" not in loaded and loaded.startswith("['data', 'rules'")
