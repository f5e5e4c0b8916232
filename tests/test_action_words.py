"""Every kind of action has Japanese words (brass_nb.explain.actions.describe), in every game and edition: made from
the action, its record or its notation alike, naming its places, industries, cards and sources in Japanese; English
keeps the notation, which is what one types."""
from __future__ import annotations

import random
import re
from typing import get_args

import pytest

import brass_nb as bn
from brass_nb.explain.actions import PHRASE, action_of, describe
from brass_nb.rules.actions import (
    DISTANT,
    Action,
    Build,
    Develop,
    Discard,
    Done,
    Loan,
    Network,
    Pass,
    Remove,
    Scout,
    Sell,
)
from brass_nb.rules.randomplay import random_action

EDITIONS = [("birmingham", None), ("lancashire", "roxley"), ("lancashire", "2007")]
LATIN = re.compile(r"[A-Za-z]{2,}")


def test_every_kind_has_its_japanese_phrase():
    assert set(PHRASE) == set(get_args(Action))


BIRMINGHAM = [
    (Build("iron", "Dudley", "Dudley", 2, coal=("Walsall[1]",)),
     "ダドリー[2]に製鉄所を建設（カード: ダドリー）。石炭はウォルソール[1]から"),
    (Build("manufacturer", "Birmingham", "Wild Location", 2, coal=("Dudley[1]", "market"), iron=("market",)),
     "バーミンガム[2]に製造所を建設（カード: ワイルド都市）。石炭はダドリー[1]から1個、市場から1個、鉄は市場から"),
    (Build("cotton", "Kidderminster", "Cotton Mill/Manufacturer"),
     "キダーミンスターに紡績所を建設（カード: 紡績所/製造所）"),
    (Network("Walsall - Birmingham", "Leek"), "ウォルソール - バーミンガムに運輸タイルを配置（カード: リーク）"),
    (Network("Birmingham - Oxford", None, ("market", "market"), ("Walsall[2]",)),
     "続けてバーミンガム - オックスフォードに2本目の鉄道を配置。石炭2個は市場から、ビールはウォルソール[2]から"),
    (Develop("coal", "Leek", ("Dudley[2]",)), "炭鉱を開発（カード: リーク）。鉄はダドリー[2]から"),
    (Develop("iron", None, ("market",)), "続けて製鉄所をもう1枚開発。鉄は市場から"),
    (Develop("pottery", free=True), "陶器工場を無料で開発（商人のビール特典）"),
    (Sell("cotton", "Leek[1]", "Oxford[1]", "Leek", ("Oxford[1]",)),
     "リーク[1]の紡績所をオックスフォード[1]に売却（カード: リーク）。ビールはオックスフォード[1]から"),
    (Sell("manufacturer", "Coventry[2]", "Oxford[2]", None, ("Stafford[1]", "Walsall[2]")),
     "続けてコヴェントリー[2]の製造所をオックスフォード[2]に売却。ビールはスタッフォード[1]から1樽、ウォルソール[2]から1樽"),
    (Loan("Stone"), "借金（カード: ストーン）"),
    (Scout(("Derby", "Leek", "Stone")), "偵察（ダービー、リーク、ストーンを捨てる）"),
    (Pass("Wild Industry"), "パス（カード: ワイルド産業）"),
    (Done(), "アクションを終了"),
    (Remove("cotton", "Worcester[1]"), "ウースター[1]の紡績所を取り除く（負の収入の支払い）"),
]
LANCASHIRE = [
    (Build("cotton", "Bolton", "two cards", 1), "ボルトン[1]に紡績所を建設（カード2枚）"),
    (Build("shipyard", "Birkenhead", "Shipyard"), "バーケンヘッドに造船所を建設（カード: 造船所）"),
    (Discard(("Liverpool", "Wigan")), "カード2枚での建設: リバプール、ウィガンを捨てる"),
    (Sell("cotton", "Rochdale[1]", DISTANT, "Preston"),
     "ロッチデール[1]の紡績所を遠方市場に売却（カード: プレストン）"),
    (Sell("cotton", "Colne[1]", "Preston[1]", "Port"), "コルン[1]の紡績所をプレストン[1]に売却（カード: 港）"),
    (Loan("Wigan", 20), "20ポンドを借金（カード: ウィガン）"),
    (Network("Bolton - Bury", None, ("Wigan[1]",)),
     "続けてボルトン - ベリーに2本目の鉄道を配置。石炭はウィガン[1]から"),
    (Pass("Warrington & Runcorn"), "パス（カード: ワーリントン＆ランコーン）"),
]


@pytest.mark.parametrize("action, words", BIRMINGHAM + LANCASHIRE, ids=lambda v: str(v)[:40])
def test_each_kind_in_japanese_words_from_the_action_its_record_or_its_notation(action, words):
    assert describe(action, "ja") == words
    assert describe(action._asdict(), "ja") == words                              # a record's fields
    assert describe({**action._asdict(), **{k: list(v) for k, v in action._asdict().items()
                                           if isinstance(v, tuple)}}, "ja") == words   # ... read back from JSON
    assert action_of(str(action)) == action and describe(str(action), "ja") == words   # its notation
    assert describe(action, "en") == describe(action._asdict(), "en") == str(action)   # English: the notation


@pytest.mark.parametrize("game_name, edition", EDITIONS)
def test_every_legal_action_of_a_random_game_has_japanese_words(game_name, edition):
    """Random games of each edition reach every kind its rules offer; each legal action on the way is worded in
    Japanese with no Latin word, and its notation is read back to the same action."""
    seen: set[str] = set()
    for seed in (1, 2):
        game = bn.new_game(game_name, players=3, seed=seed, edition=edition)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            for kind in legal.kinds():
                of_kind = legal.of_kind(kind)
                for action in (of_kind[0], of_kind[len(of_kind) - 1]):
                    words = describe(action, "ja")
                    assert not LATIN.search(words), (action, words)
                    assert describe(str(action), "ja") == words
                    seen.add(kind)
            game.play(random_action(game, rng))
    expected = {"build", "network", "develop", "sell", "loan", "pass", "done"}
    expected |= {"scout"} if game_name == "birmingham" else {"discard"}
    assert expected <= seen, expected - seen


def test_text_that_is_no_action_is_given_back():
    assert describe("score preview", "ja") == "今この時代が終わった場合の得点"
    assert describe("score preview", "en") == "score preview"
    assert describe("build nothing", "ja") == "build nothing" and action_of("build nothing") is None
    assert action_of({"kind": "fly"}) is None and action_of(3) is None
