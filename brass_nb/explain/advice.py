"""Words for a hint, in English and Japanese: one function per message, numbers from the hint's record.

The record is :meth:`brass_nb.bots.hints.Hint.to_dict`: the plan and the principles (steps worded by the explain
catalogues), and the candidates with each evaluation term's change (in VP) and its amount (VP, income levels,
pounds, cards, locations), shown only as supporting detail. Nothing is decided here.
"""
from __future__ import annotations

import html
from collections.abc import Callable

from brass_nb.explain import (  # their player and money words
    code_html,
    en,
    ja,
    language_or_default,
    notation_html,
    reason,
    render_html,
    render_markdown,
    render_text,
)
from brass_nb.explain.actions import describe
from brass_nb.rules.errors import UnknownName
from brass_nb.rules.records import Explanation, Step

FORMS = ("text", "markdown", "html")

SHOWN = 0.05
"""Terms whose change is smaller than this (in VP) are left out of the sentences; differences smaller than this
are called even."""

PRINCIPLES_SHOWN = 2
"""Principles named in a hint's short form (the detailed form names every one that applies)."""


def _vp(x: float) -> str:
    """A change in VP with its sign, or "0" when it rounds to nothing (never "+0.0")."""
    return "0" if abs(x) < SHOWN else f"{x:+.1f}"


def _step(row: dict) -> Step:
    return Step(row["rule"], row["facts"], tuple(row["entities"]))


# ---------------------------------------------------------------- English


def _en_vp(amount: float, value: float, r: dict) -> str:
    return f"scores {amount:+.0f} VP at once"


def _en_links(amount: float, value: float, r: dict) -> str:
    return f"{_vp(value)} VP expected from your links when the era ends"


def _en_tiles(amount: float, value: float, r: dict) -> str:
    return f"{_vp(value)} VP expected from your industries at the era ends ahead"


def _en_income(amount: float, value: float, r: dict) -> str:
    return (f"{_vp(amount)} income levels (counting likely flips), worth {_vp(value)} VP over "
            f"{r['payments']} payments left")


def _en_money(amount: float, value: float, r: dict) -> str:
    sign = "-" if amount < 0 else "+"
    return (f"{sign}{en.money(abs(round(amount)))} in hand (income paid meanwhile included), "
            f"{_vp(value)} VP at this stage")


def _en_cards(amount: float, value: float, r: dict) -> str:
    return f"{_vp(value)} VP of hand flexibility (wild and different cards)"


def _en_network(amount: float, value: float, r: dict) -> str:
    return f"{amount:+.0f} locations in your network ({_vp(value)} VP)"


EN_TERMS: dict[str, Callable[[float, float, dict], str]] = {
    "vp": _en_vp, "links": _en_links, "tiles": _en_tiles, "income": _en_income, "money": _en_money,
    "cards": _en_cards, "network": _en_network}
EN_TERM_NAMES = {"vp": "VP now", "links": "links", "tiles": "industries", "income": "income", "money": "money",
                 "cards": "cards", "network": "network"}


def _en_head(r: dict) -> str:
    return f"Hint for {en.player(r['player'])}: {r['action']}"


def _en_effects(row: dict, r: dict) -> str:
    parts = [EN_TERMS[name](row["amounts"][name], value, r) for name, value in row["terms"].items()
             if abs(value) >= SHOWN]
    text = "; ".join(parts) if parts else "nothing the evaluation measures changes"
    rivals = f" It gives each rival {_vp(row['rivals'])} VP on average." if abs(row["rivals"]) >= SHOWN else ""
    return f"In numbers: {text}. In all {_vp(row['gain'])} VP for you against your rivals.{rivals}"


def _en_fallback(row: dict, term: str | None, r: dict) -> str:
    if term is None:
        return "Why: no principle names this move; every other move the coach tried does less for you."
    return (f"Why: no principle names this move; the coach's evaluation ranks it first, mainly: "
            f"{EN_TERMS[term](row['amounts'][term], row['terms'][term], r)}.")


def _en_versus(best: dict, other: dict, term: str | None, r: dict) -> str:
    gap = best["gain"] - other["gain"]
    if gap < SHOWN:
        return f"Rather than {other['action']}: by the evaluation the two are about even ({_vp(other['gain'])} VP)."
    where = (f"mainly on {EN_TERM_NAMES[term]} ({_vp(best['terms'][term])} against {_vp(other['terms'][term])} VP)"
             if term else f"in what it gives the rivals ({_vp(best['rivals'])} against {_vp(other['rivals'])} VP)")
    return f"Rather than {other['action']} ({_vp(other['gain'])} VP): the suggestion is {gap:.1f} VP better, {where}."


def _en_versus_search(best: dict, other: dict, term: str | None, r: dict) -> str:
    gap = best["search"] - other["search"]
    ahead = (f"looking ahead, the two end about even ({_vp(best['search'])} VP)" if gap < SHOWN else
             f"looking ahead, the suggestion ends {gap:.1f} VP ahead ({_vp(best['search'])} against "
             f"{_vp(other['search'])} VP)")
    now = (f"right now the two differ most on {EN_TERM_NAMES[term]} ({_vp(best['terms'][term])} against "
           f"{_vp(other['terms'][term])} VP)." if term else "right now they differ by less than 0.1 VP on every term.")
    return f"Rather than {other['action']} ({_vp(other['gain'])} VP now): {ahead}; {now}"


def _en_search(r: dict) -> str:
    return (f"Looking ahead to the end of the next round ({r['horizon']} decisions on average, everyone playing the "
            f"one-move best, unseen cards reshuffled), the best candidates were compared again.")


def _en_what(expl: Explanation) -> str:
    return "What it would do:"


EN = {"head": _en_head, "effects": _en_effects, "fallback": _en_fallback, "versus": _en_versus,
      "versus_search": _en_versus_search, "search": _en_search, "what": _en_what}


# ---------------------------------------------------------------- 日本語


def _ja_vp(amount: float, value: float, r: dict) -> str:
    return f"すぐに勝利点{amount:+.0f}点"


def _ja_links(amount: float, value: float, r: dict) -> str:
    return f"時代の終わりに自分の運輸タイルが得る勝利点の見込み{_vp(value)}点"


def _ja_tiles(amount: float, value: float, r: dict) -> str:
    return f"この先の時代の終わりに自分の産業タイルが得る勝利点の見込み{_vp(value)}点"


def _ja_income(amount: float, value: float, r: dict) -> str:
    return f"収入レベル{_vp(amount)}（稼働しそうなタイルも含む。残り{r['payments']}回の収入で{_vp(value)}点分）"


def _ja_money(amount: float, value: float, r: dict) -> str:
    sign = "-" if amount < 0 else "+"
    return f"所持金{sign}{ja.money(abs(round(amount)))}（その間の収入を含む。今の段階で{_vp(value)}点分）"


def _ja_cards(amount: float, value: float, r: dict) -> str:
    return f"手札の柔軟性（ワイルドカードや種類の違うカード）{_vp(value)}点分"


def _ja_network(amount: float, value: float, r: dict) -> str:
    return f"自分のネットワークの地点{amount:+.0f}（{_vp(value)}点分）"


JA_TERMS: dict[str, Callable[[float, float, dict], str]] = {
    "vp": _ja_vp, "links": _ja_links, "tiles": _ja_tiles, "income": _ja_income, "money": _ja_money,
    "cards": _ja_cards, "network": _ja_network}
JA_TERM_NAMES = {"vp": "今の勝利点", "links": "運輸タイル", "tiles": "産業タイル", "income": "収入", "money": "お金",
                 "cards": "手札", "network": "ネットワーク"}


def _ja_move(row: dict) -> str:
    """A candidate in Japanese words, from its fields (a record made before the fields were kept: its notation)."""
    return describe(row.get("fields") or row["action"], "ja")


def _ja_head(r: dict) -> str:
    return f"{ja.player(r['player'])}へのヒント: {_ja_move(r)}"


def _ja_effects(row: dict, r: dict) -> str:
    parts = [JA_TERMS[name](row["amounts"][name], value, r) for name, value in row["terms"].items()
             if abs(value) >= SHOWN]
    text = "、".join(parts) if parts else "評価の項目は何も変わりません"
    rivals = f"相手にも一人あたり平均{_vp(row['rivals'])}点分の得を与えます。" if abs(row["rivals"]) >= SHOWN else ""
    return f"数字で見ると: {text}。相手と比べて合計{_vp(row['gain'])}点分の得です。{rivals}"


def _ja_fallback(row: dict, term: str | None, r: dict) -> str:
    if term is None:
        return ("理由: このアクションに当てはまる原則はありませんが、コーチが試したほかのアクションはどれも"
                "これより得が少なくなります。")
    return (f"理由: このアクションに当てはまる原則はありませんが、コーチの評価ではこれが最善です。主な理由は"
            f"{JA_TERMS[term](row['amounts'][term], row['terms'][term], r)}です。")


def _ja_versus(best: dict, other: dict, term: str | None, r: dict) -> str:
    gap = best["gain"] - other["gain"]
    if gap < SHOWN:
        return f"「{_ja_move(other)}」と比べると、評価の上ではほぼ互角です（{_vp(other['gain'])}点分）。"
    where = (f"主な差は{JA_TERM_NAMES[term]}です（{_vp(best['terms'][term])}点 対 {_vp(other['terms'][term])}点）"
             if term else f"差は相手に与える得です（{_vp(best['rivals'])}点 対 {_vp(other['rivals'])}点）")
    return (f"「{_ja_move(other)}」（{_vp(other['gain'])}点分）より、このアクションの方が{gap:.1f}点分よくなります。"
            f"{where}。")


def _ja_versus_search(best: dict, other: dict, term: str | None, r: dict) -> str:
    gap = best["search"] - other["search"]
    ahead = (f"先読みの結果はほぼ互角です（{_vp(best['search'])}点分）" if gap < SHOWN else
             f"先読みの結果このアクションの方が{gap:.1f}点分よくなります（{_vp(best['search'])}点 対 "
             f"{_vp(other['search'])}点）")
    now = (f"今の時点で最も差が大きいのは{JA_TERM_NAMES[term]}です（{_vp(best['terms'][term])}点 対 "
           f"{_vp(other['terms'][term])}点）。" if term else "今の時点では、どの項目の差も0.1点未満です。")
    return f"「{_ja_move(other)}」（今は{_vp(other['gain'])}点分）と比べると、{ahead}。{now}"


def _ja_search(r: dict) -> str:
    return (f"次のラウンドの終わりまで（平均{r['horizon']}回の決定。全員がその場で最善のアクションを選び、"
            f"見えないカードはシャッフルし直します）先読みして、上位の候補を比べ直しました。")


def _ja_what(expl: Explanation) -> str:
    return "このアクションで起きること:"


JA = {"head": _ja_head, "effects": _ja_effects, "fallback": _ja_fallback, "versus": _ja_versus,
      "versus_search": _ja_versus_search, "search": _ja_search, "what": _ja_what}

CATALOGS = {"en": EN, "ja": JA}


# ---------------------------------------------------------------- rendering


def main_difference(best: dict, other: dict) -> str | None:
    """The term on which the suggestion beats ``other`` by the most (None when it beats it on none)."""
    term = max(best["terms"], key=lambda name: best["terms"][name] - other["terms"][name])
    return term if best["terms"][term] - other["terms"][term] >= SHOWN else None


def largest_difference(best: dict, other: dict) -> str | None:
    """The term on which the two candidates differ the most, either way (None when they differ on none)."""
    term = max(best["terms"], key=lambda name: abs(best["terms"][name] - other["terms"][name]))
    return term if abs(best["terms"][term] - other["terms"][term]) >= SHOWN else None


def largest_gain(row: dict) -> str | None:
    """The term the candidate gains most on (None when it gains on none)."""
    term = max(row["terms"], key=lambda name: row["terms"][name])
    return term if row["terms"][term] >= SHOWN else None


def sentences(record: dict, language: str, detail: bool = False) -> list[str]:
    """The hint as a list of sentences: the plan, the principles behind it (or, when none applies, the evaluation's
    main reason); with ``detail``, the evaluation's numbers and one line per rival candidate."""
    words = CATALOGS[language]
    best, *others = record["candidates"]
    principles = [reason(_step(row), language) for row in record["principles"]]
    lines = [reason(_step(record["plan"]), language)]
    lines += principles if detail else principles[:PRINCIPLES_SHOWN]
    if not principles and record["plan"]["facts"]["kind"] != "done":     # (finishing needs no other reason)
        lines.append(words["fallback"](best, largest_gain(best), record))
    if not detail:
        return lines
    lines.append(words["effects"](best, record))
    if record["horizon"]:
        lines.append(words["search"](record))
    for other in others:
        if record["horizon"] and other["search"] is not None:
            lines.append(words["versus_search"](best, other, largest_difference(best, other), record))
        else:
            lines.append(words["versus"](best, other, main_difference(best, other), record))
    return lines


def render(record: dict, explanation: Explanation, language: str | None = None, form: str = "text",
           detail: bool = False) -> str:
    """The whole hint: heading, plan and principles (and with ``detail`` the numbers), then what the action would
    do (its explanation)."""
    if form not in FORMS:
        raise UnknownName([Step("hint.form", {"form": repr(form)[:40], "forms": list(FORMS)}, ok=False)])
    language = language_or_default(language)
    words = CATALOGS[language]
    head, lines, what = words["head"](record), sentences(record, language, detail), words["what"](explanation)
    if form == "text":
        return "\n".join([head] + [f"  - {line}" for line in lines] + [what, render_text(explanation, language)])
    notation = record["action"] if language != "en" else ""     # beside the words, for a learner who types it
    if form == "markdown":
        return "\n".join([f"**{head}**" + (f" `{notation}`" if notation else ""), ""] + [f"- {line}" for line in lines]
                         + ["", what, "", render_markdown(explanation, language)])
    items = "".join(f"<li>{code_html(line)}</li>" for line in lines)   # html
    code = notation_html(notation) if notation else ""
    return (f"<div class='brass-hint' lang='{language}'><p><b>{html.escape(head)}</b>{code}</p><ul>{items}</ul>"
            f"<p>{html.escape(what)}</p>{render_html(explanation, language)}</div>")
