"""Write the golden explanation files: seeded random games, every step, English and Japanese.

Run: python scripts/golden.py      (then review `git diff tests/golden`)
"""
from __future__ import annotations

from pathlib import Path

from brass_nb.explain.transcript import transcript
from brass_nb.rules.randomplay import random_game

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"
# (file stem, game, edition, players, seed)
GAMES = (("birmingham_2p_seed1", "birmingham", None, 2, 1), ("birmingham_3p_seed2", "birmingham", None, 3, 2),
         ("birmingham_4p_seed3", "birmingham", None, 4, 3),
         ("lancashire_roxley_3p_seed2", "lancashire", "roxley", 3, 2),
         ("lancashire_2007_4p_seed3", "lancashire", "2007", 4, 3))
LANGUAGES = ("en", "ja")
NAMES = tuple(f"{stem}.{language}.txt" for stem, *_ in GAMES for language in LANGUAGES)


def golden_files() -> dict[str, str]:
    """File name -> expected text, for every golden game and language."""
    out = {}
    for stem, name, edition, players, seed in GAMES:
        game = random_game(players, seed, name, edition)
        for language in LANGUAGES:
            out[f"{stem}.{language}.txt"] = transcript(game, language)
    return out


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, text in golden_files().items():
        (GOLDEN / name).write_text(text, encoding="utf-8")
        print(f"wrote tests/golden/{name} ({len(text.splitlines())} lines)")


if __name__ == "__main__":
    main()
