"""A whole game as text: every action and every step, in one language (golden files, printed handouts)."""
from __future__ import annotations

from brass_nb.explain import CATALOGS_PLAYER, reason
from brass_nb.rules.game import Game
from brass_nb.saves import game_from_json


def transcript(game: Game, language: str = "en") -> str:
    """Replay ``game``'s actions from its start and write each explanation, one step per line with its rule id."""
    start = game.to_json()
    replay = game_from_json({**start, "actions": []})
    origin = f"seed {start['seed']}" if "seed" in start else "a written position"
    lines = [f"# brass_nb transcript: {start['game']} ({game.facts.rules.edition_name}), {start['players']} players, "
             f"{origin}, language {language}",
             f"# {len(game.log)} decisions", ""]
    for action in game.log:
        explanation = replay.play(action)
        lines.append(f"> {explanation.action}  [{CATALOGS_PLAYER[language](explanation.player)}]")
        lines.extend(f"  {step.rule:<28} {reason(step, language)}" for step in explanation.steps)
    return "\n".join(lines) + "\n"
