"""What a Japanese learner reads is Japanese: no word of two or more Latin letters outside a code span.

Scanned: every Japanese lesson's stored outputs (what nbval compares with a fresh run), the table's rendered text
after a game played in 日本語 (a bot seat, a hint, a refusal, undo and redo, the final scores), every quiz's prompt,
options and reasons, every "your move" exercise's words and verdicts, and the hints in every form. A code span
(``<code>`` in HTML, backticks in Markdown) is notation the learner types or copies, and is not read as words.

The exceptions are listed below, each with its reason; a test shows the scanner flagging an English name.
"""
from __future__ import annotations

import re
from pathlib import Path

import japanese_text as jt
import pytest

import brass_nb as bn
from brass_nb import quizbank
from brass_nb.bots import GreedyBot, strengths
from brass_nb.explain import reason
from brass_nb.quizbank import exercises as bank
from brass_nb.widgets.coaching import verdict_html
from brass_nb.widgets.labels import LABELS
from brass_nb.widgets.quiz import prompt_html
from brass_nb.widgets.table import Table

LATIN = re.compile(r"[A-Za-z]{2,}")

ALLOWED_WORDS: dict[str, str] = {}
"""Latin words allowed anywhere in Japanese output, with the reason (none: 勝利点, not VP, outside the picture)."""

ALLOWED_CELLS = {
    ("00_start_here", "cell-19"): "prints the same explanation with .text('en') on purpose: it shows that a language "
                                  "can be asked for per call",
    ("14_a_whole_game_against_the_bots", "cell-10"): "prints hint.render('en') on purpose, as lesson 00 does",
    ("08_instructor_scripting", "cell-08"): "the instructor lesson prints the position file it wrote: its keywords "
                                            "(players, tile, link, …) are what the instructor types",
    ("08_instructor_scripting", "cell-12"): "the instructor lesson lists the exported files' names and the exported "
                                            "page's first line",
}
"""Lesson cells whose output is allowed Latin words, each with its reason (the lesson and the cell id)."""

ALLOWED_OUTPUTS = {
    re.compile(r"<Figure size \d+x\d+ with \d+ Axes>"): "a matplotlib Figure's text stands where the review's plot is "
                                                       "not drawn in a notebook run without pyplot (lesson 14, "
                                                       "review.plot): a picture's placeholder, not words",
}
"""Whole outputs allowed as they are, each with its reason."""


def latin_words(text: str) -> list[str]:
    """The Latin words of ``text`` (two letters or more) that no exception allows."""
    return [word for word in LATIN.findall(text) if word not in ALLOWED_WORDS]


def html_words(markup: str) -> list[str]:
    return latin_words(jt.visible(markup, "text/html"))


def test_the_scanner_flags_an_english_name_and_lets_code_pass():
    assert latin_words("手札: Coventry、ワイルド都市") == ["Coventry"]
    assert html_words("<p>ダドリー[2]に製鉄所を建設 <code class='x'>build iron Dudley[2]</code></p>") == []
    assert latin_words(jt.visible("石炭は `market` から", "text/markdown")) == []
    assert latin_words("プレイヤー2（ボット: club）") == ["club"]


def test_an_english_bot_name_at_the_table_is_flagged(monkeypatch):
    """A bot name missing from the Japanese labels shows in English, and the scan of the table finds it."""
    monkeypatch.setitem(LABELS["ja"], "bots", {})
    table = Table(bn.new_game("birmingham", players=2, seed=1), seats=["human", strengths.bot("club")],
                  language="ja")
    assert html_words(table.thinking_html(1)) == ["club"]


# ---------------------------------------------------------------- the lessons' outputs


@pytest.mark.parametrize("notebook", jt.NOTEBOOKS_JA, ids=lambda p: Path(p).stem)
def test_the_japanese_lessons_outputs_have_no_english_words(notebook):
    found = []
    for cell, kind, text in jt.output_texts(notebook):
        if (notebook.stem, cell) in ALLOWED_CELLS or any(p.fullmatch(text.strip()) for p in ALLOWED_OUTPUTS):
            continue
        words = latin_words(jt.visible(text, kind))
        if words:
            found.append((cell, words[:8]))
    assert not found, f"{notebook.name}: {found}"


STRAY_SPACE = re.compile(r"(?<=[\u3040-\u30ff\u4e00-\u9fff]) +(?=[\u3040-\u30ff\u4e00-\u9fff])")
"""A space between two Japanese words: Japanese runs its words together."""


@pytest.mark.parametrize("notebook", jt.NOTEBOOKS_JA, ids=lambda p: Path(p).stem)
def test_the_japanese_lessons_print_no_space_between_japanese_words(notebook):
    """Printed text, plain values and Markdown (HTML's tags would read as spaces here)."""
    found = [(cell, text[max(0, m.start() - 12):m.end() + 12]) for cell, kind, text in jt.output_texts(notebook)
             if kind != "text/html" for m in STRAY_SPACE.finditer(jt.visible(text, kind, code=True))]
    assert not found, f"{notebook.name}: {found[:5]}"


def test_the_allowed_cells_exist_and_still_need_their_exception():
    for (lesson, cell), _ in ALLOWED_CELLS.items():
        outputs = [(kind, text) for c, kind, text in jt.output_texts(jt.REPO / "notebooks" / "ja" / f"{lesson}.ipynb")
                   if c == cell]
        assert any(latin_words(jt.visible(text, kind)) for kind, text in outputs), (lesson, cell)


# ---------------------------------------------------------------- the table


def _table_parts(table: Table) -> dict[str, str]:
    return {"status": table.status_html(), "hand": table.hand_html(),
            "panel": table.panel_html(), "scores": table.scores_html()}


def _english(table: Table, moment: str) -> list:
    return [(moment, part, words[:8]) for part, markup in _table_parts(table).items()
            if (words := html_words(markup))]


def test_the_table_in_japanese_after_a_played_game():
    table = Table(bn.new_game("birmingham", players=2, seed=3), seats=["human", strengths.bot("club")],
                  language="ja")
    found = _english(table, "start")
    table.hint()
    found += _english(table, "hint")
    table.play(table.game.hint(budget=0).action, bots_follow=True)
    found += _english(table, "after the bot's move")
    table.play_typed("build pottery Leek with card Leek")
    found += _english(table, "refused")
    table.check("fly to the moon")
    found += _english(table, "not an action")
    table.undo()
    found += _english(table, "undone")
    table.redo()
    found += _english(table, "redone")
    chooser = GreedyBot()
    while not table.game.is_over:
        if table.human_to_act():
            table.play(chooser.choose(table.game), bots_follow=True)
        else:
            table.bot_moves(once=False)
    found += _english(table, "over")
    assert table.scores_html() and "最終得点" in table.scores_html()
    table.replay_to(3)
    found += _english(table, "replay")
    assert not found, found


def test_switching_the_table_to_japanese_redraws_the_message():
    table = Table(bn.new_game("birmingham", players=2, seed=1), language="en")
    table.choose_kind("build")
    table.play(table.selected)
    table.undo()
    assert "Undone" in table.status_html()
    table.set_language("ja")
    assert not html_words(table.status_html()) and "取り消しました" in table.status_html()


# ---------------------------------------------------------------- quizzes and exercises


QUESTIONS = [q for lesson in quizbank.lessons() for q in quizbank.questions(lesson)]


@pytest.mark.parametrize("lesson", quizbank.lessons())
def test_every_quiz_in_japanese(lesson):
    found = []
    for question in quizbank.questions(lesson):
        solution = quizbank.solve(question, "ja")
        texts = [html_words(prompt_html(solution.prompt, solution.notation))]
        texts += [latin_words(option) for option in solution.options]
        texts += [latin_words(jt.visible(reason(step, "ja"), "text/markdown")) for step in solution.steps]
        texts += [latin_words(jt.visible(reason(step, "ja"), "text/markdown"))
                  for wrong in solution.wrong for step in wrong.steps]
        found += [(question.number, words) for words in texts if words]
    assert not found, found


@pytest.mark.parametrize("lesson", quizbank.lessons())
def test_every_exercise_in_japanese(lesson):
    found = []
    for exercise in bank.exercises(lesson):
        texts = [exercise.story["ja"], exercise.nudge["ja"], exercise.principle["ja"], *bank.goal_words(exercise, "ja")]
        words = [latin_words(jt.visible(text, "text/markdown")) for text in texts]
        for action in (bank.answer(exercise), getattr(exercise, "wrong", None)):
            if action:
                verdict = bank.judge(exercise, action)
                words.append(html_words(verdict_html(verdict, "判定", "ja", "", "")))
        found += [(exercise.key, w) for w in words if w]
    assert not found, found


# ---------------------------------------------------------------- hints


@pytest.mark.parametrize("game_name, edition", [("birmingham", None), ("lancashire", "roxley"),
                                                ("lancashire", "2007")])
def test_every_form_of_a_hint_in_japanese(game_name, edition):
    game = bn.new_game(game_name, players=3, seed=2, edition=edition)
    found = []
    for _ in range(3):
        hint = game.hint(budget=4)
        for form, kind in (("text", "text/plain"), ("markdown", "text/markdown"), ("html", "text/html")):
            for detail in (False, True):
                words = latin_words(jt.visible(hint.render("ja", form, detail), kind))
                if words:
                    found.append((str(hint.action), form, detail, words[:8]))
        game.play(hint.action)
        for _ in range(4):
            game.play(GreedyBot().choose(game))
    assert not found, found
