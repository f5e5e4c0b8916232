"""The Explorer's side panels as HTML: whose turn it is, the players, the hand as chips, and the final scores.

Pure functions of a game (or its records) and a language; they read the position and never decide a rule.
"""
from __future__ import annotations

import html

from brass_nb.explain import CATALOGS_PLAYER
from brass_nb.plot.style import player_color, player_marker
from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation
from brass_nb.widgets.choices import name
from brass_nb.widgets.labels import LABELS

CHIP = ("display:inline-block;margin:1px 3px 1px 0;padding:0 6px;border-radius:9px;font-size:12px;"
        "line-height:17px;border:1px solid {border};background:{background}")
LOCATION_CHIP = CHIP.format(border="#7a7a7a", background="#f4f4f4")
INDUSTRY_CHIP = CHIP.format(border="#7a5c2e", background="#fbefd9")
WILD_CHIP = CHIP.format(border="#5b2a86", background="#eadcf7") + ";font-weight:bold"
KEEP_WORDS = "word-break:keep-all"
"""A narrow cell breaks a heading between words, never inside a Japanese word (所持金, not 所持/金)."""


def phrased(markup: str, language: str) -> str:
    """``markup`` marked as written in ``language``, so that the browser breaks a Japanese line between phrases
    (残り1アクション stays whole) rather than anywhere (browsers without ``auto-phrase`` break as before), with
    the line spacing of text rather than of a control (ipywidgets gives an HTML widget 28 px lines)."""
    return (f"<div lang='{language}' style='word-break:auto-phrase;line-height:1.5'>{markup}</div>"
            if markup else "")


def bot_name(bot, language: str) -> str:
    """A bot's name in ``language`` ("club": 「中級」); a name the labels do not know is shown as it is."""
    return LABELS[language]["bots"].get(bot.name, bot.name)


def seat_role(seats: list, player: int, language: str) -> str:
    """Who sits in the seat: the bot's name ("club", 「中級」), "you" for a human facing bots; "" when every seat is
    a person's."""
    if all(seat == "human" for seat in seats):
        return ""
    return bot_name(seats[player], language) if seats[player] != "human" else LABELS[language]["human"]


def seat_name(seats: list, player: int, language: str) -> str:
    """``Player 2 (greedy)`` for a bot (「プレイヤー2（ボット: 欲張り）」), ``Player 1 (you)`` for a human seat facing
    bots, else ``Player 1``."""
    words, role = LABELS[language], seat_role(seats, player, language)
    if not role:
        return CATALOGS_PLAYER[language](player)
    if seats[player] != "human":
        return words["bot_seat"].format(player=CATALOGS_PLAYER[language](player), bot=role)
    return words["seat"].format(player=CATALOGS_PLAYER[language](player), who=role)


PLAYER_GLYPHS = {"o": "●", "s": "■", "^": "▲", "D": "◆"}
"""The board's player markers as characters: a column of the score table is marked as the board marks the player."""


def turn_html(text: str) -> str:
    """The status's first line: whose turn it is, or who is thinking."""
    return f"<div class='brass-turn' style='font-weight:bold;line-height:18px'>{html.escape(text)}</div>"


def status_html(game: Game, seats: list, language: str, message: str = "") -> str:
    """Who acts, the era and round, the actions left this turn and any phase; then ``message`` (already HTML)."""
    words = LABELS[language]
    if game.is_over:
        text = words["over"]
    else:
        player = game.current_player
        seat = seats[player]
        if seat == "human":
            text = words["to_act"].format(player=seat_name(seats, player, language))
        else:
            text = words["bot_to_act"].format(player=CATALOGS_PLAYER[language](player), bot=bot_name(seat, language))
        text += " — " + words["era"][game.era].format(round=game.round)
        left = game.actions_left
        text += " — " + words["actions_left"].get(left, str(left))
        if game.phase:
            text += f" — {words['phase'][game.phase]}"
    return turn_html(text) + (f"<div class='brass-message' style='font-size:12px;line-height:16px'>{message}</div>"
                   if message else "")


def hand_html(game: Game, player: int, language: str) -> str:
    """``player``'s cards as chips: location cards grey, industry cards brown, wild cards purple and marked."""
    words = LABELS[language]
    wilds = set(game.wild_piles)
    industries = set(game.facts.industry_names.values())
    chips = []
    for card in sorted(game.players[player].hand, key=lambda c: (c in wilds, c in industries, c)):
        style = WILD_CHIP if card in wilds else INDUSTRY_CHIP if card in industries else LOCATION_CHIP
        label = html.escape(name(card, language)) + (f" ★ {html.escape(words['wild'])}" if card in wilds else "")
        chips.append(f"<span class='brass-card' data-card='{html.escape(card)}' style='{style}'>{label}</span>")
    title = f"{words['hand']} — {CATALOGS_PLAYER[language](player)}: "
    return f"<div class='brass-hand'><b>{html.escape(title)}</b>{''.join(chips)}</div>"


def score_rows(explanations: list[Explanation]) -> dict[int, dict[str, int]]:
    """Each player's VP by source, read from the scoring steps of the game's explanations (never recomputed).

    Keys: ``canal links``, ``canal industries``, ``rail links``, ``rail industries``, ``money`` and ``total``
    (the final ranking's VP); ``other`` is what the total holds beyond those (merchant bonuses, debts).
    """
    rows: dict[int, dict[str, int]] = {}
    era = "canal"
    for explanation in explanations:
        for step in explanation.steps:
            facts = step.facts
            if step.rule == "era.end":
                era = facts["era"]
            elif step.rule in ("score.link", "score.industry"):
                part = "links" if step.rule == "score.link" else "industries"
                row = rows.setdefault(facts["owner"], {})
                row[f"{era} {part}"] = row.get(f"{era} {part}", 0) + facts["vp"]
            elif step.rule == "score.money":
                row = rows.setdefault(facts["player"], {})
                row["money"] = row.get("money", 0) + facts["vp"]
            elif step.rule == "game.end":
                for entry in facts["ranking"]:
                    row = rows.setdefault(entry["player"], {})
                    row["total"], row["place"] = entry["vp"], entry["place"]
    for row in rows.values():
        counted = sum(v for k, v in row.items() if k not in ("total", "place"))
        row["other"] = row.get("total", counted) - counted
    return rows


def scores_html(explanations: list[Explanation], seats: list, language: str) -> str:
    """The final score table: a column per player, best first, and a row per source of VP (links and industries
    per era, money where the game scored it, other), then the total. Players are columns, not rows, so that four
    of them fit a narrow side panel: each player's column is headed by the place, then the player's marker and
    number as on the board, then who sits there ("you", a bot's name); the sources' names wrap, the numbers never
    do."""
    words = LABELS[language]
    rows = score_rows(explanations)
    parts = [(f"{era} {part}", f"{words[era]} {words[part]}") for era in ("canal", "rail")
             for part in ("links", "industries")]
    parts += ([("money", words["money_vp"])] if any("money" in row for row in rows.values()) else []) + [
        ("other", words["other"]), ("total", words["total"])]
    ranked = sorted(rows.items(), key=lambda item: item[1].get("place", 99))
    pad = "padding:1px 3px"
    head = f"{pad};text-align:right;vertical-align:bottom"
    places = "".join(f"<th style='{head}'>{row.get('place', '')}</th>" for _, row in ranked)
    players = "".join(
        f"<th class='brass-score-player' data-player='{player + 1}' style='{head};font-weight:normal'>"
        f"<span style='color:{player_color(player)}'>{PLAYER_GLYPHS[player_marker(player)]}</span>{player + 1}"
        + (f"<br>{html.escape(role)}" if (role := seat_role(seats, player, language)) else "") + "</th>"
        for player, _ in ranked)
    body = []
    for key, label in parts:
        weight = "font-weight:bold;border-top:1px solid #999;" if key == "total" else ""
        cells = "".join(f"<td class='brass-score' data-part='{key}' style='{weight}{pad};text-align:right;"
                        f"{KEEP_WORDS}'>{row.get(key, 0)}</td>" for _, row in ranked)
        body.append(f"<tr><td style='{weight}{pad}'>{html.escape(label)}</td>{cells}</tr>")
    return (f"<b>{html.escape(words['scores'])}</b><div style='overflow-x:auto;max-width:100%'>"
            f"<table class='brass-scores' style='font-size:12px;border-collapse:collapse'>"
            f"<tr><th style='{pad};text-align:left'>{html.escape(words['place'])}</th>{places}</tr>"
            f"<tr><th style='{pad};text-align:left;vertical-align:top;font-weight:normal'>"
            f"{html.escape(words['player'])}</th>{players}</tr>{''.join(body)}</table></div>")
