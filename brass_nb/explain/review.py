"""Words for a post-game review, in English and Japanese: the moves, their ratings and losses, the summary and
the plot's labels, all read from :meth:`brass_nb.bots.reviews.Review.to_dict`. Nothing is decided here.

An action is described by its fields (kind, industry, place, card) in the catalogues' words, so the learner reads
"build a pottery at Leek[1]" rather than the notation one types.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import NamedTuple

from brass_nb.explain import en, ja, language_or_default, reason
from brass_nb.explain.actions import TYPES, describe
from brass_nb.rules.actions import DISTANT
from brass_nb.rules.errors import UnknownName
from brass_nb.rules.notation import TWO_CARDS
from brass_nb.rules.records import Step

FORMS = ("text", "markdown", "html")

Fields = dict
"""An action as a record: its NamedTuple's fields by name (``kind``, ``industry``, ``location``, ``card``...)."""


# ---------------------------------------------------------------- English

EN_NAMES = {DISTANT: "the distant market"}


def _en_name(value: str) -> str:
    return EN_NAMES.get(value, value)


def _en_place(f: Fields) -> str:
    return f"{f['location']}[{f['slot']}]" if f.get("slot") is not None else f["location"]


def _en_card(f: Fields) -> str:
    if f.get("card") == TWO_CARDS:
        return " with two cards"
    return f" with card {f['card']}" if f.get("card") else ""


EN_MOVES: dict[str, Callable[[Fields], str]] = {
    "build": lambda f: f"build {en.a(en.INDUSTRY[f['industry']])} at {_en_place(f)}{_en_card(f)}",
    "network": lambda f: f"network: a link {f['link']}{_en_card(f)}",
    "develop": lambda f: f"develop {en.a(en.INDUSTRY[f['industry']])}" + (" (free)" if f["free"] else _en_card(f)),
    "sell": lambda f: f"sell the {en.INDUSTRY[f['industry']]} at {f['slot']} to {_en_name(f['merchant'])}"
                      + _en_card(f),
    "loan": lambda f: "take a loan" + (f" of {en.money(f['amount'])}" if f["amount"] else "") + _en_card(f),
    "scout": lambda f: f"scout, discarding {en.listing(list(f['cards']))}",
    "pass": lambda f: "pass" + _en_card(f),
    "done": lambda f: "end the action (done)",
    "discard": lambda f: f"discard {en.listing(list(f['cards']))}",
    "remove": lambda f: f"remove the {en.INDUSTRY[f['industry']]} at {f['slot']}",
}

EN_RATINGS = {"best": ("best", "best"), "good": ("good", "good"), "inaccuracy": ("inaccuracy", "inaccuracies"),
              "mistake": ("mistake", "mistakes"), "blunder": ("blunder", "blunders")}
"""Each rating, as one decision's and as a count's word."""


def _principle(d: dict, language: str) -> str:
    """The idea behind the better move, in the principles' own words (nothing when none applies)."""
    found = d["better_principle"]
    if found is None:
        return ""
    return {"en": " ", "ja": ""}[language] + reason(Step(found["rule"], found["facts"]), language)


def _en_loss(loss: float) -> str:
    if loss < 0.05:
        return "it lost nothing"
    if loss < 1:
        return "it cost under 1 VP"
    return f"it cost about {round(loss)} VP"


def _en_when(d: dict) -> str:
    return f"decision {d['number']}, {en.ERA[d['era']]} round {d['round']}"


def _en_moment(d: dict) -> str:
    word = EN_RATINGS[d["rating"]][0]
    return (f"{en.upper_first(_en_when(d))}: {EN_MOVES[d['played']['kind']](d['played'])}, {en.a(word)}: "
            f"{_en_loss(d['loss'])}. Better: {EN_MOVES[d['better']['kind']](d['better'])}."
            + _principle(d, "en"))


def _en_head(r: dict) -> str:
    coach = ("the move the coach's hint suggests, valued one move deep" if r["depth"] == "search"
             else "the coach's best move one move deep")
    return (f"Review of {en.player(r['player'])}'s {en.plural(len(r['decisions']), 'decision')}, each rated against "
            f"{coach}.")


def _en_unfinished(r: dict) -> str:
    return "The game is not over: the review covers the decisions so far."


def _en_decisive_head(r: dict) -> str:
    return "The moments that decided the game:"


def _en_none_decisive(r: dict) -> str:
    return f"No decision cost {r['limits'][1][1]:g} VP or more against the coach's best."


def _en_counts(r: dict) -> str:
    parts = [f"{n} {EN_RATINGS[rating][0 if n == 1 else 1]}" for rating, n in r["counts"].items()]
    mean = sum(d["loss"] for d in r["decisions"]) / max(1, len(r["decisions"]))
    return f"Ratings: {', '.join(parts)} (on average {mean:.1f} VP lost per decision)."


def _en_limits(r: dict) -> str:
    (best, b), (good, g), (inaccuracy, i), (mistake, m) = r["limits"]
    return (f"How decisions are rated, by the VP of expected margin lost against the coach's best: best within "
            f"{b:g} VP; good under {g:g}; inaccuracy under {i:g}; mistake under {m:g}; blunder {m:g} VP or more.")


def _en_row(d: dict) -> list[str]:
    return [str(d["number"]), f"{en.ERA[d['era']]} {d['round']}", EN_MOVES[d["played"]["kind"]](d["played"]),
            EN_RATINGS[d["rating"]][0], f"{d['loss']:.1f}",
            "" if d["rating"] == "best" else EN_MOVES[d["better"]["kind"]](d["better"])]


EN = {"when": lambda d: en.upper_first(_en_when(d)), "rating": lambda r: EN_RATINGS[r][0], "loss": _en_loss,
      "moves": EN_MOVES, "head": _en_head, "unfinished": _en_unfinished, "decisive_head": _en_decisive_head,
      "none_decisive": _en_none_decisive, "moment": _en_moment, "counts": _en_counts, "limits": _en_limits,
      "row": _en_row, "columns": ["#", "when", "played", "rating", "VP lost", "better"], "every": "Every decision",
      "plot_title": "Expected margin over the game", "plot_x": "decision (log entry)",
      "plot_y": "expected margin (VP)", "plot_decisive": "decisive moments of {player}", "player": en.player}


# ---------------------------------------------------------------- 日本語

JA_MOVES: dict[str, Callable[[Fields], str]] = {kind: lambda f: describe(f, "ja") for kind in TYPES}
"""Each kind's words: the phrase every Japanese screen uses for an action (:mod:`brass_nb.explain.actions`)."""

JA_RATINGS = {"best": "最善手", "good": "好手", "inaccuracy": "疑問手", "mistake": "悪手", "blunder": "大悪手"}


def _ja_loss(loss: float) -> str:
    if loss < 0.05:
        return "損はありません"
    if loss < 1:
        return "損は1点未満です"
    return f"約{round(loss)}点の損です"


def _ja_when(d: dict) -> str:
    return f"{d['number']}回目の決定（{ja.ERA[d['era']]} 第{d['round']}ラウンド）"


def _ja_moment(d: dict) -> str:
    return (f"{_ja_when(d)}: {JA_MOVES[d['played']['kind']](d['played'])}は{JA_RATINGS[d['rating']]}で、"
            f"{_ja_loss(d['loss'])}。よりよいアクション: {JA_MOVES[d['better']['kind']](d['better'])}。"
            + _principle(d, "ja"))


def _ja_head(r: dict) -> str:
    coach = ("コーチのヒントが勧めるアクション（価値は1アクション先まで読んで見積もったもの）" if r["depth"] == "search"
             else "コーチの最善手（1アクション先まで読んだもの）")
    return f"{ja.player(r['player'])}の{len(r['decisions'])}回の決定を、{coach}と比べて評価しました。"


def _ja_unfinished(r: dict) -> str:
    return "ゲームはまだ終わっていません。ここまでの決定を評価しています。"


def _ja_decisive_head(r: dict) -> str:
    return "勝負を分けた場面:"


def _ja_none_decisive(r: dict) -> str:
    return f"コーチの最善手と比べて{r['limits'][1][1]:g}点以上損をした決定はありません。"


def _ja_counts(r: dict) -> str:
    parts = [f"{JA_RATINGS[rating]}{n}回" for rating, n in r["counts"].items()]
    mean = sum(d["loss"] for d in r["decisions"]) / max(1, len(r["decisions"]))
    return f"評価の内訳: {'、'.join(parts)}（1回あたり平均{mean:.1f}点の損）。"


def _ja_limits(r: dict) -> str:
    (best, b), (good, g), (inaccuracy, i), (mistake, m) = r["limits"]
    return (f"評価の基準（コーチの最善手と比べて失った予想得点差）: 最善手は{b:g}点以内、好手は{g:g}点未満、"
            f"疑問手は{i:g}点未満、悪手は{m:g}点未満、大悪手は{m:g}点以上の損です。")


def _ja_row(d: dict) -> list[str]:
    return [str(d["number"]), f"{ja.ERA[d['era']]} {d['round']}", JA_MOVES[d["played"]["kind"]](d["played"]),
            JA_RATINGS[d["rating"]], f"{d['loss']:.1f}",
            "" if d["rating"] == "best" else JA_MOVES[d["better"]["kind"]](d["better"])]


JA = {"when": _ja_when, "rating": JA_RATINGS.__getitem__, "loss": _ja_loss, "moves": JA_MOVES,
      "head": _ja_head, "unfinished": _ja_unfinished, "decisive_head": _ja_decisive_head,
      "none_decisive": _ja_none_decisive, "moment": _ja_moment, "counts": _ja_counts, "limits": _ja_limits,
      "row": _ja_row, "columns": ["番号", "時期", "行ったアクション", "評価", "損（点）", "よりよいアクション"],
      "every": "すべての決定",
      "plot_title": "ゲームを通じた予想得点差", "plot_x": "決定（記録の番号）", "plot_y": "予想得点差（勝利点）",
      "plot_decisive": "{player}の勝負を分けた場面", "player": ja.player}

CATALOGS = {"en": EN, "ja": JA}


# ---------------------------------------------------------------- rendering


def words_of(language: str | None) -> dict:
    """The review's words in ``language`` (checked), or in the language chosen with ``set_language``."""
    return CATALOGS[language_or_default(language)]


class DecisionWords(NamedTuple):
    """One decision in words, part by part, for a view that lays them out itself (the table's review)."""

    when: str           # "Decision 12, canal era round 3"
    played: str         # the move played
    rating: str         # "blunder"
    loss: str           # "it cost about 7 VP"
    better: str         # the coach's best move (the move played when it was the best)
    principle: str      # the idea behind the better move ('' when none applies)


def decision_words(d: dict, language: str | None = None) -> DecisionWords:
    """A decision of :meth:`~brass_nb.bots.reviews.Review.to_dict` (one of its ``decisions``) in words."""
    language = language_or_default(language)
    words = CATALOGS[language]
    moves = words["moves"]
    return DecisionWords(words["when"](d), moves[d["played"]["kind"]](d["played"]), words["rating"](d["rating"]),
                         words["loss"](d["loss"]), moves[d["better"]["kind"]](d["better"]),
                         _principle(d, language).strip())


def summary(record: dict, language: str) -> list[str]:
    """The summary's heading, and a note when the game is not over."""
    words = CATALOGS[language]
    lines = [words["head"](record)]
    if not record["over"]:
        lines.append(words["unfinished"](record))
    return lines


def moments(record: dict, language: str) -> list[str]:
    """The decisive moments, costliest first, one sentence each."""
    words = CATALOGS[language]
    return [words["moment"](d) for d in record["decisive"]]


def render(record: dict, language: str | None = None, form: str = "text", every: bool = False) -> str:
    """The decisive moments first, then the counts per rating and how ratings are given; ``every`` adds a table
    of every decision (the HTML form always holds it, folded)."""
    if form not in FORMS:
        raise UnknownName([Step("review.form", {"form": repr(form)[:40], "forms": list(FORMS)}, ok=False)])
    language = language_or_default(language)
    words = CATALOGS[language]
    head, found = summary(record, language), moments(record, language)
    decisive = [words["decisive_head"](record)] if found else [words["none_decisive"](record)]
    tail = [words["counts"](record), words["limits"](record)]
    rows = [words["row"](d) for d in record["decisions"]]
    if form == "text":
        table = ["\t".join(words["columns"])] + ["\t".join(row) for row in rows] if every else []
        return "\n".join(head + decisive + [f"  {i}. {m}" for i, m in enumerate(found, 1)] + tail + table)
    if form == "markdown":
        table = []
        if every:
            table = ["", "| " + " | ".join(words["columns"]) + " |", "|" + "---|" * len(words["columns"])]
            table += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
        return "\n".join([f"**{head[0]}**", *head[1:], "", *decisive, ""] + [f"{i}. {m}" for i, m in
                                                                            enumerate(found, 1)]
                         + ["", *tail] + table)
    e = html.escape     # html
    items = "".join(f"<li data-rating='{d['rating']}'>{e(m)}</li>" for d, m in zip(record["decisive"], found,
                                                                                   strict=True))
    cells = "".join(f"<th>{e(c)}</th>" for c in words["columns"])
    body = "".join(f"<tr data-rating='{d['rating']}'>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>"
                   for d, row in zip(record["decisions"], rows, strict=True))
    return (f"<div class='brass-review' lang='{language}'><p><b>{e(head[0])}</b></p>"
            + "".join(f"<p>{e(line)}</p>" for line in head[1:])
            + f"<p>{e(decisive[0])}</p><ol>{items}</ol>" + "".join(f"<p>{e(line)}</p>" for line in tail)
            + f"<details{' open' if every else ''}><summary>{e(words['every'])}</summary>"
            f"<table><tr>{cells}</tr>{body}</table></details></div>")
