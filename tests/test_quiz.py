"""The quiz bank: every answer comes from the engine, no question is answered in the lesson above it,
a wrong answer gets a second try, the score is kept, and both languages ask the same questions."""
from __future__ import annotations

import html
import re
import time
from pathlib import Path

import nbformat
import pytest
from page_clicks import page_click

import brass_nb as bn
from brass_nb import quizbank
from brass_nb.explain import describe, reason
from brass_nb.quizbank.refusals import prompt_names, shared
from brass_nb.quizbank.sources import who
from brass_nb.scenario import library
from brass_nb.widgets.quiz import Quiz, QuizSet, answers

REPO = Path(__file__).resolve().parent.parent
QUESTIONS = [q for lesson in quizbank.lessons() for q in quizbank.questions(lesson)]


def _id(q):
    return f"{q.lesson}#{q.number}"


def test_every_lesson_has_five_questions_and_the_bank_has_every_kind():
    lessons = sorted(p.stem for p in (REPO / "notebooks" / "en").glob("[0-9]*.md"))   # not the play page
    assert quizbank.lessons() == lessons
    assert all(len(quizbank.questions(lesson)) >= 5 for lesson in lessons)
    assert {q.kind for q in QUESTIONS} == set(quizbank.KINDS) and len(quizbank.KINDS) >= 8


def _engine_answer(q) -> str:
    """The answer found a second way: play the question's action (or read the preview) and look at the result."""
    game = q.game()
    lang = "en"
    if q.kind in ("coal_source", "iron_source"):
        resource = q.kind.split("_")[0]
        played = game.play(q.action)
        takes, buys = played.find(f"{resource}.take"), played.find(f"{resource}.buy")
        assert takes or buys, f"{_id(q)}: the action uses no {resource}"
        return takes[0].facts["source"] if takes else quizbank.WORDS[lang]["market"][resource]
    if q.kind == "link_score":
        preview = game.score_preview()
        return f"{next(s.facts['vp'] for s in preview.find('score.link') if s.facts['link'] == q.link)} VP"
    if q.kind == "income_after":
        player = game.current_player
        game.play(q.action)
        return f"income level {game.players[player].income_level}"
    if q.kind == "turn_order":
        game.play(q.action)
        return " → ".join(f"Player {p + 1}" for p in game.turn_order)
    if q.kind == "era_removed":
        before = set(game.state.tiles)
        game.play(q.action)
        gone = [s for s in sorted(before - set(game.state.tiles), key=game.facts.board.slot_order.__getitem__)]
        return ", ".join(gone) or "none"
    if q.kind == "build_card":
        hand = game.hand(game.current_player)
        legal = [c for c in hand if game.check(f"build {q.industry} {q.slot} with card {c}").ok]
        assert len(legal) == 1
        return legal[0]
    if q.kind == "beer_owner":
        step = game.beer_sources(q.location, game.current_player)
        owners = sorted({c["owner"] for c in step.facts["own"] + step.facts["connected"]})
        return who(tuple(owners), lang)
    if q.kind == "refusal":
        return game.why_not(q.action)[0].text("en")
    raise AssertionError(q.kind)


@pytest.mark.parametrize("question", QUESTIONS, ids=_id)
def test_answer_is_the_engines(question):
    solution = quizbank.solve(question, "en")
    expected = _engine_answer(question)
    if question.kind == "era_removed":
        assert set(solution.answer.split(", ")) == set(expected.split(", "))
    else:
        assert solution.answer == expected
    assert solution.answer in solution.options
    japanese = quizbank.solve(question, "ja")
    assert len(japanese.options) == len(solution.options)
    assert solution.options.index(solution.answer) == japanese.options.index(japanese.answer) or \
        question.kind == "refusal"


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("question", QUESTIONS, ids=_id)
def test_every_question_offers_four_options_and_says_why_each_wrong_one_is_wrong(question, language):
    """With two tries, two or three options make a guess pay; each wrong option has the engine's reason."""
    solution = quizbank.solve(question, language)
    assert len(set(solution.options)) == len(solution.options) >= quizbank.MIN_OPTIONS
    wrong = {w.option: w.steps for w in solution.wrong}
    assert set(wrong) == set(solution.options) - {solution.answer}
    for option, steps in wrong.items():
        texts = [reason(step, language) for step in steps]
        assert texts and all(t and "{" not in t and "None" not in t for t in texts), (option, texts)
        assert all(step.rule.startswith("quiz.") or not step.ok for step in steps)


REFUSALS = [q for q in QUESTIONS if q.kind == "refusal"]


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("question", REFUSALS, ids=_id)
def test_no_refusal_is_found_by_matching_the_prompts_words(question, language):
    """Picking the option that names most of the action's places, industries and cards never singles out the
    answer: some wrong option names at least as many, and every wrong option is the engine's reason for refusing
    another action here (so it is no made-up sentence)."""
    solution = quizbank.solve(question, language)
    names = prompt_names(question, language)
    assert names
    wrong = [o for o in solution.options if o != solution.answer]
    assert max(shared(o, names) for o in wrong) >= shared(solution.answer, names), (names, solution.options)
    game = question.game()
    for option in solution.wrong:
        (step,) = option.steps
        assert step.rule == "quiz.other_refusal" and step.facts["action"] != question.action
        assert reason(game.why_not(step.facts["action"])[0], language) == option.option
        assert option.option not in {reason(s, language) for s in game.why_not(question.action)}


def _cells_above_quiz(path: Path) -> str:
    """Every source and output above the quiz cell as a learner reads it (HTML outputs without their tags)."""
    notebook = nbformat.read(path, as_version=4)
    text = []
    for cell in notebook.cells:
        if "QuizSet(" in cell.source:
            break
        text.append(cell.source)
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text += [output.get("text", ""), str(data.get("text/plain", "")), str(data.get("text/markdown", "")),
                     html.unescape(re.sub("<[^>]+>", " ", str(data.get("text/html", ""))))]
    return "\n".join(text)


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("lesson", quizbank.lessons())
def test_no_question_is_answered_above_it(lesson, language):
    """Neither the question's action, its position nor its answer (a refusal's sentence, a level, an order, a set of
    tiles, a score, whose beer) appears in a source or output above the quiz; a source's or card's answer is a name
    the lesson may well print, so for those the action and position are what must not be shown."""
    above = _cells_above_quiz(REPO / "notebooks" / language / f"{lesson}.ipynb")
    for q in quizbank.questions(lesson):
        solution = quizbank.solve(q, language)
        if q.action:
            assert q.action not in above, f"{_id(q)}: the action {q.action!r} is played above the quiz"
        assert q.position.strip() not in above, f"{_id(q)}: the position is written above the quiz"
        if q.kind not in ("coal_source", "iron_source", "build_card"):
            assert solution.answer not in above, f"{_id(q)}: the answer {solution.answer!r} appears above"
        if q.kind == "refusal":                         # a sentence with this position's names or numbers
            names = prompt_names(q, language)
            for sentence in re.split(r"(?<=[.。])\s*", solution.answer):
                told = re.search(r"\d", sentence) or shared(sentence, names)
                assert not told or sentence not in above, f"{_id(q)}: {sentence!r} is printed above"


def test_retry_then_answer_then_score():
    quizzes = QuizSet("03_coal_iron_beer", language="en")
    quiz = quizzes.quiz(0)
    solution = quizbank.solve(quizbank.questions("03_coal_iron_beer")[0], "en")
    quiz.check_button.click()
    assert "Choose an answer first." in quiz.feedback.value and quiz.tries == 0
    wrong = next(o for o in quiz.choice.options if o != quiz.answer)
    quiz.choice.value = wrong
    quiz.check_button.click()
    why = [reason(s, "en") for s in solution.why_wrong(wrong)]
    assert why and all(html.escape(t) in quiz.feedback.value for t in why)
    assert quiz.correct is False and "The answer is" not in quiz.feedback.value
    assert "try once more" in quiz.feedback.value
    quiz.choice.value = quiz.answer
    quiz.check_button.click()
    assert quiz.correct and quiz.answer in quiz.feedback.value and "Right!" in quiz.feedback.value
    assert "Score: 1 of 6 right (0 at the first try)." in quizzes.scoreboard.value
    quizzes.show(1)
    second = quizzes.quiz(1)
    for option in [o for o in second.choice.options if o != second.answer][:2]:
        second.choice.value = option
        second.check_button.click()
    assert second.finished and not second.correct and second.answer in second.feedback.value
    assert "4 questions not answered yet" in quizzes.scoreboard.value


def test_a_double_click_does_not_spend_the_second_try():
    """The second click of a double click from the page is dropped; a click again on the same wrong choice spends
    no try."""
    quiz = QuizSet("07_era_end_and_scoring", language="ja").quiz(0)
    wrong = [o for o in quiz.choice.options if o != quiz.answer]
    quiz.choice.value = wrong[0]
    quiz.check_button.click()
    quiz.check_button.click()
    assert quiz.tries == 1 and not quiz.finished and "もう一度" in quiz.feedback.value
    quiz.choice.value = wrong[1]
    page_click(quiz.check_button, time.time())                                # as the page sends a click
    assert quiz.tries == 2 and quiz.finished and quiz.answer in quiz.feedback.value
    again = QuizSet("07_era_end_and_scoring", language="en").quiz(0)
    again.choice.value = wrong_en = next(o for o in again.choice.options if o != again.answer)
    now = time.time()
    page_click(again.check_button, now)
    again.choice.value = next(o for o in again.choice.options if o not in (again.answer, wrong_en))
    page_click(again.check_button, now + 0.08)                                # a double click's second: dropped
    assert again.tries == 1 and not again.finished


def test_japanese_quiz_and_teacher_view():
    quizzes = QuizSet("07_era_end_and_scoring", language="ja")
    quiz = quizzes.quiz(0)
    assert "勝利点" in quiz.question.value and all("勝利点" in o for o in quiz.choice.options)
    quiz.check_button.click()
    assert "先に答えを選んで" in quiz.feedback.value
    quiz.choice.value = quiz.answer
    quiz.check_button.click()
    assert "正解" in quiz.feedback.value and "得点: 5問中1問正解" in quizzes.scoreboard.value
    listed = answers("07_era_end_and_scoring", "ja")
    assert listed[0] == (re.sub("<[^>]+>", "", quiz.question.value), quiz.answer)


def test_original_quiz_constructors_still_work():
    game = library.load("coal_market").game()
    quiz = Quiz.coal_source(game, "build iron Birmingham[3] with card Birmingham")
    assert quiz.answer == "the coal market" and "Tamworth[1]" in quiz.choice.options
    quiz.choice.value = "Tamworth[1]"
    quiz.check_button.click()
    assert "not connected to Birmingham" in quiz.feedback.value or "no links" in quiz.feedback.value
    quiz.choice.value = quiz.answer
    quiz.check_button.click()
    assert quiz.correct is True and "The answer is: the coal market" in quiz.feedback.value
    assert "trade icon" in quiz.feedback.value
    assert game.log == []
    link = Quiz.link_score(library.load("canal_scoring").game(), "Dudley - Birmingham")
    link.choice.value = "3 VP"
    link.check_button.click()
    assert link.correct


def test_quizzes_that_do_not_fit_their_position_are_refused_in_both_languages():
    game = library.load("coal_market").game()
    passing = next(str(action) for action in game.legal_actions() if str(action).startswith("pass"))
    with pytest.raises(bn.QuizError) as no_coal:
        Quiz.coal_source(game, passing)
    assert isinstance(no_coal.value, ValueError) and no_coal.value.rule == "quiz.no_resource"
    assert str(no_coal.value) == f"'{passing}' uses no coal, so there is no source to ask about."
    words = describe(passing, "ja")      # the action in Japanese words
    assert no_coal.value.steps[0].text("ja") == f"「{words}」は石炭を使わないので、どこから来るかを問えません。"
    with pytest.raises(bn.QuizError) as no_link:
        Quiz.link_score(game, "Dudley - Birmingham")
    assert no_link.value.rule == "quiz.no_link"
    assert str(no_link.value) == "no link is built on Dudley - Birmingham, so there is no score to ask about."
    assert no_link.value.steps[0].text("ja") == (
        "ダドリー - バーミンガムには運輸タイルが置かれていないので、得点を問えません。")
    assert game.log == []
    question = quizbank.Question("03_mine", 4, "refusal", game.position(), action=passing)
    with pytest.raises(bn.QuizError) as legal:
        Quiz.from_question(question, "ja")
    assert legal.value.rule == "quiz.legal"
    assert str(legal.value) == (f"Lesson 03_mine, question 4: '{passing}' is legal here, so it cannot be asked about "
                                f"in a \"why is it refused?\" question.")
    assert legal.value.steps[0].text("ja") == (f"レッスン03_mineの問題4: 「{words}」はこの局面で実行できるので、"
                                               f"「なぜできないのか」を問う問題には使えません。")


@pytest.mark.parametrize("kind", ["coal_source", "iron_source"])
def test_an_action_that_uses_no_coal_or_iron_is_not_asked_about(kind):
    """A double-card build names its cards later, so the build itself takes no coal or iron (the plan only says
    where it would come from): asking where it comes from has no answer the rules give, in either language."""
    game = library.load("lancashire_ports_and_shipyards").game()
    action = "build shipyard Liverpool[3] with card two cards"
    resource = kind.split("_")[0]
    assert game.copy().play(action).find(f"{resource}.market") and not game.copy().play(action).find(f"{resource}.buy")
    question = quizbank.Question("09_mine", 2, kind, game.position(), action=action)
    for language in ("en", "ja"):
        with pytest.raises(bn.QuizError) as refused:
            quizbank.solve(question, language)
        assert refused.value.rule == "quiz.no_resource"
    assert str(refused.value) == f"Lesson 09_mine, question 2: '{action}' uses no {resource}, so there is no source " \
                                 f"to ask about."
    word = {"coal": "石炭", "iron": "鉄"}[resource]
    assert refused.value.steps[0].text("ja") == ("レッスン09_mineの問題2: 「リバプール[3]に造船所を建設（カード2枚）」"
                                                 f"は{word}を使わないので、"
                                                 f"どこから来るかを問えません。")
    if kind == "coal_source":
        with pytest.raises(bn.QuizError) as widget:
            Quiz.coal_source(game, action, "ja")
        assert widget.value.rule == "quiz.no_resource"


def test_unknown_lessons_kinds_and_ready_scenarios_are_named_in_both_languages():
    with pytest.raises(bn.UnknownName) as lesson:
        QuizSet("03_coal")
    assert lesson.value.rule == "quiz.unknown_lesson" and "03_coal_iron_beer" in lesson.value.steps[0].facts["lessons"]
    assert str(lesson.value).startswith("No lesson '03_coal' has quiz questions: choose one of 00_start_here, ")
    assert lesson.value.steps[0].text("ja").startswith("'03_coal' というクイズのレッスンはありません。00_start_here, ")
    kind = quizbank.Question("mine", 1, "riddle", "")
    with pytest.raises(bn.UnknownName) as unknown:
        quizbank.solve(kind, "en")
    assert unknown.value.rule == "quiz.unknown_kind"
    assert str(unknown.value) == f"There is no kind of question 'riddle': choose one of {', '.join(quizbank.KINDS)}."
    assert unknown.value.steps[0].text("ja") == (f"問題の種類 'riddle' はありません。{', '.join(quizbank.KINDS)} "
                                                 f"から選んでください。")
    with pytest.raises(bn.UnknownName) as ready:
        library.load("coal")
    assert ready.value.rule == "library.unknown"
    assert str(ready.value) == f"There is no ready scenario 'coal': choose one of {', '.join(library.names())}."
    assert ready.value.steps[0].text("ja") == (f"用意された局面 'coal' はありません。{', '.join(library.names())} "
                                               f"から選んでください。")


def test_teacher_answer_sheet_is_up_to_date():
    import importlib.util

    spec = importlib.util.spec_from_file_location("quiz_answers", REPO / "scripts" / "quiz_answers.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (REPO / "docs" / "teaching" / "answers.md").read_text(encoding="utf-8") == module.answer_sheet(), \
        "run scripts/quiz_answers.py"
