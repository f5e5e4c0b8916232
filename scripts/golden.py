"""Write the golden explanation files: seeded random games, every step, English and Japanese.

Run: python scripts/golden.py      (then review `git diff tests/golden`)
"""
from __future__ import annotations

from pathlib import Path

from brass_nb.explain.transcript import transcript
from brass_nb.rules.randomplay import random_game

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden"
GAMES = ((2, 1), (3, 2), (4, 3))
LANGUAGES = ("en", "ja")


def golden_files() -> dict[str, str]:
    """File name -> expected text, for every golden game and language."""
    out = {}
    for players, seed in GAMES:
        game = random_game(players, seed)
        for language in LANGUAGES:
            out[f"birmingham_{players}p_seed{seed}.{language}.txt"] = transcript(game, language)
    return out


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, text in golden_files().items():
        (GOLDEN / name).write_text(text, encoding="utf-8")
        print(f"wrote tests/golden/{name} ({len(text.splitlines())} lines)")


if __name__ == "__main__":
    main()
