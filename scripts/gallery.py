"""Draw the gallery in docs/images: start positions, a mid-game canal position, a coal route, era-end scoring.

Run: python scripts/gallery.py
Every picture comes from a seeded game, so it is the same on every machine.
"""
from __future__ import annotations

import random
from pathlib import Path

from brass_nb.plot import draw, png
from brass_nb.rules.game import Game, new_game
from brass_nb.rules.randomplay import random_action

IMAGES = Path(__file__).resolve().parents[1] / "docs" / "images"


def played(players: int, seed: int, decisions: int, name: str = "birmingham") -> Game:
    game = new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        game.play(random_action(game, rng))
    return game


def first_long_coal_route(players: int = 4) -> tuple[Game, object]:
    """The first seeded build whose coal travels two links or more, and the position before it."""
    for seed in range(100):
        game = new_game("birmingham", players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            explanation = game.play(random_action(game, rng))
            takes = explanation.find("coal.take")
            nearest = explanation.find("coal.nearest")
            if (explanation.action.startswith("build") and takes and len(takes[0].facts["route"]) >= 3
                    and nearest and len(nearest[0].facts["candidates"]) >= 2):
                return game, explanation
    raise LookupError("no seeded game built with coal from two links away")


def canal_era_end(players: int = 3, seed: int = 2) -> tuple[Game, object]:
    """The position just before the canal era ends, and the explanation of the action that ends it."""
    game = new_game("birmingham", players=players, seed=seed)
    rng = random.Random(seed)
    while True:
        explanation = game.play(random_action(game, rng))
        if explanation.find("era.end"):
            game.undo()
            return game, explanation


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    pictures = {
        "start_2p.png": draw(new_game("birmingham", players=2, seed=1)),
        "start_4p.png": draw(new_game("birmingham", players=4, seed=3)),
        "canal_midgame_4p.png": draw(played(4, 3, 40)),
    }
    game, explanation = first_long_coal_route()
    pictures["coal_route.png"] = draw(game, highlight=explanation.find("coal.nearest") + explanation.find("coal.take"))
    mid = played(4, 3, 40)
    pictures["network_vs_connected.png"] = draw(mid, network=mid.current_player, connected="Birmingham")
    game, explanation = canal_era_end()
    pictures["era_end_scoring.png"] = draw(game, highlight=[s for s in explanation.steps if s.rule in (
        "score.link", "score.industry", "era.remove_level1")])
    pictures["lancashire_start_4p.png"] = draw(new_game("lancashire", players=4, seed=3))
    pictures["lancashire_midgame_4p.png"] = draw(played(4, 3, 45, "lancashire"))
    for name, fig in pictures.items():
        (IMAGES / name).write_bytes(png(fig))
        print(f"wrote docs/images/{name}")


if __name__ == "__main__":
    main()
