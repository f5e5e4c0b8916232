"""Hostile position files: every defect is a ScenarioError naming the problem and its line, never a bare exception."""
from __future__ import annotations

import re

import pytest

import brass_nb as bn
from brass_nb.scenario import Scenario, load, read

BASE = """game birmingham
players 2
turn 1
hand 1 Walsall, Stafford
hand 2 Cannock, Tamworth
"""


def refusal(text: str) -> bn.ScenarioError:
    """Read ``text`` and start a game from it; it must be refused with a ScenarioError."""
    with pytest.raises(bn.ScenarioError) as err:
        read(text).game()
    return err.value


def first(err: bn.ScenarioError, rule: str):
    """The first step of ``err`` with ``rule``."""
    matching = [s for s in err.steps if s.rule == rule]
    assert matching, [s.rule for s in err.steps]
    return matching[0]


@pytest.mark.parametrize("line, rule, words", [
    ("mat 1 coal 0 0 0 0 1", "scenario.mat_levels", "coal mine has 4 levels, not 5"),
    ("mat 1 coal 1", "scenario.mat_levels", "coal mine has 4 levels, not 1"),
    ("mat 1 foo 1 2", "scenario.unknown_name", "unknown industry 'foo'"),
    ("merchant Oxford[x] blank", "scenario.syntax", "a merchant space like Oxford[1]"),
    ("merchant Oxford[1 blank", "scenario.syntax", "expected merchant Oxford[1] buys cotton"),
    ("order", "scenario.order", "must name each of the 2 players once"),
    ("order -5 1", "scenario.order", "must name each of the 2 players once"),
    ("order 1 2 2", "scenario.order", "must name each of the 2 players once"),
    ("wilds -1 -1", "scenario.value", "wild location cards is -1; it must be 0 to 4"),
    ("wilds 9 0", "scenario.value", "wild location cards is 9; it must be 0 to 4"),
    ("distant marker 3", "scenario.no_distant_market", "has no distant market"),
    ("market coal 99", "scenario.value", "coal market is 99"),
    ("era steam", "scenario.value", "era and round is steam 2"),
    ("round 0", "scenario.value", "era and round is canal 0"),
    ("player 1 money " + "9" * 500, "scenario.syntax", "a whole number of at most 12 digits"),
    ("hand 1 Walsall, Stafford, two cards", "scenario.unknown_name", "unknown card 'two cards'"),
    ("action build iron Walsall[1] with card Walsall; coal Dudley[1],", "scenario.action", "empty item"),
    ("action construct everything", "scenario.action", "is not an action"),
], ids=lambda value: value[:40] if isinstance(value, str) else None)
def test_each_bad_line_is_refused_with_its_number(line, rule, words):
    err = refusal(BASE + line + "\n")
    step = first(err, rule)
    assert step.facts.get("line") == 6, step
    assert words in bn.Step.text(step), bn.Step.text(step)


def test_turn_of_a_player_without_cards_names_the_hand_line():
    err = refusal(BASE.replace("hand 1 Walsall, Stafford", "hand 1 Walsall") + "hand 1\n")
    step = first(err, "scenario.no_cards")
    assert step.facts["line"] == 6 and step.text() == "Line 6: Player 1 is to act but holds no cards."


def test_the_turn_line_is_named_when_the_player_to_act_is_not_in_the_order():
    err = refusal(BASE.replace("turn 1", "turn 3"))
    step = first(err, "scenario.order")
    assert step.facts["line"] == 3


@pytest.mark.parametrize("players, hand, card, most", [
    (2, ", ".join(["Leek"] * 31), "Leek", 0),
    (3, ", ".join(["Leek"] * 31), "Leek", 2),
    (2, "Belper", "Belper", 0),
    (3, "Belper", "Belper", 0),
    (4, "Stafford, Stafford, Stafford", "Stafford", 2),
])
def test_card_counts_are_checked_against_the_deck_for_the_player_count(players, hand, card, most):
    hands = "".join(f"hand {i} Stafford\n" for i in range(2, players + 1)) if card != "Stafford" else ""
    err = refusal(f"game birmingham\nplayers {players}\nhand 1 {hand}\n{hands}")
    step = first(err, "scenario.card_count")
    assert step.facts["card"] == card and step.facts["most"] == most and step.facts["line"] == 3
    assert f"a {players}-player deck has {most}" in step.text()


def test_cards_in_hands_discards_and_deck_are_counted_together():
    text = BASE + "discard 1 Stafford\ndeck Stafford\n"
    step = first(refusal(text), "scenario.card_count")
    assert step.facts["card"] == "Stafford" and step.facts["count"] == 3 and step.facts["line"] == 7


def test_wild_cards_in_hands_count_against_their_piles():
    text = BASE.replace("hand 1 Walsall, Stafford", "hand 1 Wild Location, Wild Location") + "wilds 4 4\n"
    step = first(refusal(text.replace("players 2", "players 3")), "scenario.card_count")
    assert step.facts["card"] == "Wild Location" and step.facts["count"] == 6


def test_a_distant_marker_off_the_track_is_refused():
    text = "game lancashire\nplayers 2\nhand 1 Wigan\nhand 2 Bolton\ndistant marker 99\n"
    step = first(refusal(text), "scenario.value")
    assert step.facts["line"] == 5 and "0 to 8" in step.text()
    read(text.replace("99", "8")).game()


@pytest.mark.parametrize("text, line, words", [
    ("game birmingham\nplayers\n", 2, "players N"),
    ("game\nplayers 2\n", 1, "game birmingham or game lancashire"),
    ("game ../../../../some/where/x\nplayers 2\n", 1, "no game '../../../../some/where/x'"),
    ("game /etc/passwd\nplayers 2\n", 1, "no game '/etc/passwd'"),
    ("game birmingham\nplayers IX\n", 2, "a whole number"),
    ("game birmingham\n\nplayers 9\n", 3, "not 9"),
    ("title x\n", 1, "a 'players N' line"),
])
def test_header_lines_are_checked_and_named(text, line, words):
    with pytest.raises(bn.ScenarioError) as err:
        read(text)
    assert err.value.steps[0].facts["line"] == line, err.value.steps
    assert words in str(err.value)


def test_game_names_are_never_paths():
    with pytest.raises(bn.UnknownName) as err:
        bn.new_game("../birmingham", players=2)
    assert "birmingham, lancashire" in str(err.value)
    with pytest.raises(bn.BrassError):
        Scenario("../../data/birmingham")


def test_a_refused_action_line_names_its_line_when_played():
    text = BASE + "action pass with card Cannock\n"
    game = read(text).game()
    with pytest.raises(bn.ScenarioError) as err:
        read(text).game(play=True)
    step = first(err.value, "scenario.action")
    assert step.facts["line"] == 6 and "Cannock is not in your hand" in step.text()
    assert err.value.steps[1].rule == "card.not_in_hand"
    assert game.log == []


def test_a_utf8_bom_is_accepted_and_utf16_is_refused_clearly(tmp_path):
    path = tmp_path / "bom.brass"
    path.write_bytes(b"\xef\xbb\xbf" + BASE.encode("utf-8"))
    assert load(path).players[0].hand == ["Walsall", "Stafford"]
    assert read("\ufeff" + BASE).players[1].hand == ["Cannock", "Tamworth"]
    path.write_bytes(BASE.encode("utf-16"))
    with pytest.raises(bn.ScenarioError) as err:
        load(path)
    assert err.value.rule == "scenario.encoding" and "UTF-8" in str(err.value)
    path.write_bytes(b"game birmingham\nplayers 2\ntitle \xff\xfe\n")
    with pytest.raises(bn.ScenarioError) as err:
        load(path)
    assert err.value.rule == "scenario.encoding" and "line 3" in str(err.value)


def test_huge_files_and_lines_are_refused_before_reading(tmp_path):
    path = tmp_path / "big.brass"
    path.write_text(BASE + ("# " + "x" * 1000 + "\n") * 2000, encoding="utf-8")
    with pytest.raises(bn.ScenarioError) as err:
        load(path)
    assert err.value.rule == "scenario.too_large"
    with pytest.raises(bn.ScenarioError) as err:
        read(BASE + "title " + "x" * 2000 + "\n")
    assert err.value.rule == "scenario.line_too_long" and err.value.steps[0].facts["line"] == 6


@pytest.mark.parametrize("line", ["tile Dudley[1] player 1 & I", "tile Dudley[1] player 1 foo II cubes 2"])
def test_a_tile_of_an_unknown_industry_is_reported_once_and_every_step_reads_in_both_languages(line):
    err = refusal(BASE + line + "\n")
    assert [s.rule for s in err.steps] == ["scenario.unknown_name"]
    assert all(bn.explain.reason(s, language) for s in err.steps for language in ("en", "ja"))


SHORTFALL = """game birmingham
players 2
era canal
round 2
order 2 1
hand 1 Walsall
hand 2 Cannock
player 1 money {money} income 1 vp 4
{tiles}shortfall player 1 owes {owed} position {position}
"""


@pytest.mark.parametrize("money, tiles, owed, position, why, words", [
    (0, "tile Coventry[1] player 1 pottery II\n", 9, 2, "no_tiles", "each missing pound costs 1 VP at once"),
    (0, "", 9, 2, "no_tiles", "has no industry that would raise money"),
    (12, "tile Worcester[1] player 1 cotton I\n", 9, 2, "cash", "enough to pay the £9"),
    (0, "tile Worcester[1] player 1 cotton I\n", 5, 2, "owed", "income level -9 owes £9"),
    (0, "tile Worcester[1] player 1 cotton I\n", 9, 1, "position", "not at position 1 of the turn order"),
])
def test_a_shortfall_the_rules_never_pause_for_is_refused_naming_its_line(money, tiles, owed, position, why, words):
    text = SHORTFALL.format(money=money, tiles=tiles, owed=owed, position=position)
    step = first(refusal(text), "scenario.shortfall")
    assert step.facts["why"] == why and step.facts["line"] == len(text.splitlines())
    assert words in step.text() and step.text().startswith(f"Line {len(text.splitlines())}: ")
    assert "行目" in bn.explain.reason(step, "ja")


def test_a_real_shortfall_position_plays_to_its_vp_loss():
    """Accepted shortfalls have a legal removal; playing them settles the debt with cash, tiles and VP."""
    game = read(SHORTFALL.format(money=0, tiles="tile Worcester[1] player 1 cotton I\ntile Coventry[1] player 1 "
                                 "pottery II\n", owed=9, position=2)).game()
    assert game.phase == "shortfall" and game.legal_actions().texts() == ["remove cotton Worcester[1]"]
    explanation = game.play("remove cotton Worcester[1]")
    (loss,) = explanation.find("income.vp_loss")
    assert (loss.facts["paid"], loss.facts["missing"], loss.facts["vp_lost"]) == (6, 3, 3)
    assert game.players[0].money == 0 and game.players[0].vp == 1
    assert list(game.state.tiles) == ["Coventry[1]"]          # the £0 pottery is never forced off
    assert game.phase is None and game.legal_actions().texts()   # play goes on


@pytest.mark.parametrize("line, words", [
    ("wilds -1 -1", "ワイルド都市の枚数が-1になっています。0から4まででなければなりません。"),
    ("market coal 99", "石炭市場の数が99になっています。0から"),
    ("era steam", "時代とラウンドが`steam 2`になっています。`canal` か `rail`、ラウンドは1以上"),
    ("player 1 money -4", "プレイヤー1の所持金が-4になっています。0以上でなければなりません。"),
    ("merchant Oxford[1] buys cotton beer 3", "オックスフォード[1]のビールが3になっています。0から1まで"),
])
def test_a_value_out_of_range_is_told_in_japanese_words(line, words):
    text = first(refusal(BASE + line + "\n"), "scenario.value").text("ja")
    assert words in text, text
    assert not re.findall(r"[A-Za-z]{2,}", re.sub(r"`[^`]*`", "", text)), text


def test_a_refused_action_line_says_why_in_japanese_in_the_steps_that_follow():
    err = refusal(BASE + "action build iron Walsall[1] with card Walsall; coal Dudley[1],\n")
    head = first(err, "scenario.action")
    text = head.text("ja")
    assert "6行目" in text and "理由は次のとおりです" in text, text
    assert not re.findall(r"[A-Za-z]{2,}", re.sub(r"`[^`]*`", "", text)), text
    assert err.steps.index(head) < len(err.steps) - 1, "the engine's reasons follow"
