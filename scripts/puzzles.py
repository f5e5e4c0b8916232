"""Write lesson 7's puzzles: the game's last action, taken from the club bots' own games.

Run: python scripts/puzzles.py   (writes brass_nb/quizbank/07_era_end_and_scoring.puzzles.toml)

At the game's last action nothing is hidden and nobody acts after the player: every legal move's final VP is
exact. A position becomes a puzzle when one move is clearly best: the best VP beat the
median move's by at least :data:`MIN_GAIN`, at most a fifth of the moves reach them, and the coach's hint is one
of them (``tests/test_exercises.py`` checks each puzzle like any exercise, and that the hint solves it). The
words come from the position: the seat, the card in hand, the best move and a poor one with their VP.
"""
from __future__ import annotations

import statistics
from pathlib import Path

from brass_nb.bots import GreedyBot
from brass_nb.bots.playout import to_last_action
from brass_nb.explain import localize
from brass_nb.explain.actions import describe
from brass_nb.quizbank.goals import score
from brass_nb.rules.actions import Action
from brass_nb.rules.game import Game, new_game
from brass_nb.scenario import text
from brass_nb.scenario.model import Scenario

OUT = Path(__file__).resolve().parent.parent / "brass_nb" / "quizbank" / "07_era_end_and_scoring.puzzles.toml"
MIN_GAIN = 3
"""VP the best move must gain over the median move: one move is clearly best, not a coin toss."""
PUZZLES = (("birmingham", None, 2), ("birmingham", None, 3), ("birmingham", None, 4), ("lancashire", None, 3),
           ("lancashire", None, 4), ("lancashire", "2007", 3))
"""Which game, edition and players each puzzle comes from: both games, both editions, every player count. Each is
the game's last action, where the most VP is also the best move: at the canal era's last action a move that scores
a VP less may still be the better one for the rail era (the coach's hint often says so)."""
SEEDS = range(1, 40)


def clear_best(game: Game) -> tuple[Action, Action, int, int] | None:
    """The hinted best move, a poor move, and their VP, when one move is clearly best; else None."""
    scores = {action: score(game, action, "vp") for action in game.legal_actions()}
    best, median = max(scores.values()), statistics.median(scores.values())
    top = [a for a, v in scores.items() if v == best]
    if best - median < MIN_GAIN or len(top) > max(1, len(scores) // 5):
        return None
    hinted = game.hint().action
    if scores.get(hinted) != best:
        return None
    low = min(scores.values())
    poor = next((a for a, v in scores.items() if v == low and a.kind == "pass"),
                next(a for a, v in scores.items() if v == low))
    return hinted, poor, best, low


def entry(game: Game, seed: int, puzzle: tuple[Action, Action, int, int]) -> str:
    best_move, poor, best, low = puzzle
    player = game.current_player
    card = game.players[player].hand[0]
    story = {"en": f"The last action of the game: nobody acts after you. You are Player {player + 1}, with {card} "
                   f"in hand.",
             "ja": f"ゲームの最後のアクションです。あなたの後には誰も行動しません。あなたはプレイヤー{player + 1}で、"
                   f"手札は「{localize(card, 'ja')}」1枚です。"}
    nudge = {"en": "What scores when the rail era ends: which links, and which flipped tiles?",
             "ja": "鉄道時代が終わるときに得点になるのは、どの運輸タイルと、どの裏返ったタイルでしょう？"}
    principle = {"en": f"When the game ends the rail era is scored: each link scores the link icons at its ends, "
                       f"and each flipped industry its VP (a tile flips when it is sold, or when its last coal or "
                       f"iron is taken). Here `{best_move}` leaves you {best} VP; `{poor}` only {low}.",
                 "ja": f"ゲームが終わると鉄道時代の得点計算があります。運輸タイルは両端のリンク得点アイコンの数だけ、"
                       f"裏返った産業はその勝利点だけ得点になります（タイルは売却したとき、または最後の石炭や鉄が"
                       f"使われたときに裏返ります）。ここでは「{describe(best_move, 'ja')}」で{best}勝利点、"
                       f"「{describe(poor, 'ja')}」では{low}勝利点です。"}
    edition = game.facts.edition if game.facts.game == "lancashire" else ""
    ident = "-".join(filter(None, ["last-action", game.facts.game, edition, f"{len(game.players)}p",
                                   f"seed{seed}"]))
    lines = ["[[question]]", 'kind = "your_move"', f'id = "{ident}"',
             f"position = '''\n{text.write(Scenario.from_game(game))}'''",
             'goal = [{check = "best", measure = "vp"}]']
    for key, words in (("story", story), ("nudge", nudge), ("principle", principle)):
        lines.append(f"{key} = {{en = {toml_string(words['en'])}, ja = {toml_string(words['ja'])}}}")
    lines += [f"answer = {toml_string(str(best_move))}", f"wrong = {toml_string(str(poor))}",
              'wrong_reason = "goal.best"']
    return "\n".join(lines) + "\n"


def first_puzzle(name: str, edition: str | None, players: int) -> tuple[Game, int, tuple] | None:
    """The first seed of :data:`SEEDS` whose last action is a clear puzzle: its position, seed and puzzle."""
    for seed in SEEDS:
        game = to_last_action(new_game(name, players=players, seed=seed, edition=edition), GreedyBot())
        puzzle = clear_best(game)
        if puzzle is not None:
            return game, seed, puzzle
    return None


def toml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def main() -> None:
    entries = []
    for name, edition, players in PUZZLES:
        found = first_puzzle(name, edition, players)
        if found is None:
            raise SystemExit(f"no clear puzzle for {name} {edition or ''} {players}p in seeds {SEEDS}")
        game, seed, puzzle = found
        entries.append(entry(game, seed, puzzle))
        print(f"{name} {edition or ''} {players}p seed {seed}: {puzzle[0]} ({puzzle[2]} VP) against "
              f"{puzzle[1]} ({puzzle[3]} VP)")
    OUT.write_text("# Lesson 7's puzzles, written by scripts/puzzles.py from the club bots' games: do not edit by "
                   "hand, run the script.\n\n" + "\n".join(entries), encoding="utf-8")
    print(f"{len(entries)} puzzles in {OUT}")


if __name__ == "__main__":
    main()
