"""The factored legal-action list (issue 15): groups that know their size and build actions when asked, sources
read per kind, a held list that keeps describing its position, and caches that follow explicit change tracking
(per-resource epochs) without ever explaining an action with another position's facts."""
from __future__ import annotations

import collections
import gc
import random
import weakref

import pytest

from brass_nb.explain import render_text
from brass_nb.rules.actions import Build, Network, Scout
from brass_nb.rules.game import Game, new_game
from brass_nb.rules.legal import Choices, Combinations
from brass_nb.rules.phases import Phase
from brass_nb.rules.randomplay import random_action

CONFIGS = [("birmingham", None, 2), ("birmingham", None, 4), ("lancashire", "roxley", 3), ("lancashire", "2007", 4)]


def positions(name: str, edition: str | None, players: int, seed: int, every: int = 9) -> list[Game]:
    """Copies of every ``every``-th position of a seeded random game."""
    game, rng, found = new_game(name, players=players, seed=seed, edition=edition), random.Random(seed), []
    while not game.is_over:
        if len(game.log) % every == 0:
            found.append(game.copy())
        game.play(random_action(game, rng))
    return found


def test_choices_index_like_their_product_last_axis_fastest():
    group = Choices(Build, ("coal", "Dudley"), ["Dudley", "Wild Location"], [1, 2], [None], [None, ("market",)])
    built = list(group)
    assert len(group) == len(built) == 8
    assert built[0] == Build("coal", "Dudley", "Dudley", 1, None, None)
    assert built[1] == Build("coal", "Dudley", "Dudley", 1, None, ("market",))
    assert built[-1] == Build("coal", "Dudley", "Wild Location", 2, None, ("market",))
    assert [group[i] for i in range(-8, 8)] == built + built
    assert group[1:7:2] == built[1:7:2]
    with pytest.raises(IndexError):
        group[8]
    assert len(Choices(Network, ("A - B",), [], [None], [None])) == 0


@pytest.mark.parametrize("name, edition, players", CONFIGS)
def test_kinds_read_after_the_whole_list_are_the_same(name, edition, players):
    """A list read whole first still says which kinds it offers (its sources are spent by then)."""
    for game in positions(name, edition, players, seed=4, every=5):
        whole = game.legal_actions()
        actions = list(whole)
        assert whole.kinds() == sorted({a.kind for a in actions})
        for kind in whole.kinds():
            assert list(whole.of_kind(kind)) == [a for a in actions if a.kind == kind]


def test_a_choice_of_cards_is_listed_only_when_counted():
    """Scout's card sets are known possible without listing them; counted, they are every distinct set, sorted."""
    sets = Combinations(["Leek", "Dudley", "Leek", "Stone"], 3)
    assert sets and sets._listed is None
    assert list(sets) == [("Dudley", "Leek", "Leek"), ("Dudley", "Leek", "Stone"), ("Leek", "Leek", "Stone")]
    assert not Combinations(["Leek", "Dudley"], 3) and len(Combinations(["Leek", "Dudley"], 3)) == 0
    group = Choices(Scout, (), Combinations(["Leek", "Dudley", "Leek", "Stone"], 3))
    assert group.offers and group[2] == Scout(("Leek", "Leek", "Stone"))


@pytest.mark.parametrize("name, edition, players", CONFIGS)
def test_kinds_and_one_kind_read_alone_match_the_whole_list(name, edition, players):
    for game in positions(name, edition, players, seed=3):
        partial = game.legal_actions()
        kinds = partial.kinds()
        chosen = {kind: list(partial.of_kind(kind)) for kind in kinds}
        assert not partial.complete                    # kinds and kinds' actions read without the whole list
        whole = list(game.copy().legal_actions())
        assert kinds == sorted({a.kind for a in whole})
        for kind, actions in chosen.items():
            assert actions == [a for a in whole if a.kind == kind]
        assert list(partial) == whole and len(partial) == len(whole)


def test_a_held_list_still_describes_its_position_after_play_undo_and_copies():
    game, rng = new_game("birmingham", players=4, seed=11), random.Random(11)
    for _ in range(30):
        game.play(random_action(game, rng))
    before = list(game.copy().legal_actions())
    held = game.legal_actions()
    assert held.kinds() and not held.complete          # only the first group of each kind read so far
    twin = game.copy()
    twin.play(random_action(twin, random.Random(1)))   # a copy moving on changes nothing in this game's list
    game.play(random_action(game, rng))
    assert held.complete and list(held) == before      # completed before the position changed
    undone_list = game.legal_actions()
    undone_list.kinds()
    after = list(game.copy().legal_actions())
    game.undo()
    assert list(undone_list) == after


def test_a_list_nobody_holds_is_dropped_unread():
    game, rng = new_game("birmingham", players=4, seed=5), random.Random(5)
    for _ in range(20):
        legal = game.legal_actions()
        legal.kinds()
        kept = weakref.ref(legal)
        del legal
        game.play(random_action(game, rng))
        assert kept() is None                                     # neither completed nor kept
        assert game._legal is None or game._legal[0] == game.state.version   # only a phase's list, for its phase


def test_a_phase_opens_with_the_list_that_showed_it_offers_something():
    """An action that opens a phase (a second rail, another sale) reads that phase's list to see that it offers
    something; that list, not a second one, is the next position's."""
    opened = collections.Counter()
    for seed in range(3):
        game, rng = new_game("birmingham", players=4, seed=seed), random.Random(seed)
        while not game.is_over:
            game.play(random_action(game, rng))
            if game.phase is not None and game._legal is not None:
                listed = game._legal[1]
                assert game.legal_actions() is listed and game._legal[0] == game.state.version
                assert list(listed) == list(game.copy().legal_actions())
                opened[game.phase] += 1
    assert set(opened) >= {Phase.RAIL2, Phase.DEVELOP2}, opened


@pytest.mark.parametrize("name", ["birmingham", "lancashire"])
def test_supply_epochs_move_only_for_the_resource_that_changed(name):
    """A resource's plans read its tiles holding cubes, its market and (coal) where the trade icons are: its epoch
    moves whenever one of those changes, and stays otherwise, whatever else was built, sold or removed."""
    game, rng = new_game(name, players=4, seed=2), random.Random(2)
    trade = game.facts.trade_industries

    def read_by(resource: str) -> tuple[dict, int | None]:
        holding = {label: (t.owner, t.industry, t.level, t.cubes) for label, t in game.state.tiles.items()
                   if (game.facts.resource_of.get(t.industry) == resource and t.cubes)
                   or (resource == "coal" and t.industry in trade)}
        return holding, game.state.markets.get(resource)

    moved = dict.fromkeys(sorted(set(game.facts.resource_of.values())), 0)
    kept = dict(moved)
    while not game.is_over and len(game.log) < 400:
        before = {resource: game.state.epoch(resource) for resource in moved}
        read_before = {resource: read_by(resource) for resource in moved}
        game.play(random_action(game, rng))
        for resource in moved:
            if read_by(resource) != read_before[resource]:
                assert game.state.epoch(resource) != before[resource], (game.log[-1], resource)
                moved[resource] += 1
            elif game.state.epoch(resource) == before[resource]:
                kept[resource] += 1
    assert all(moved.values()) and all(kept.values()), (moved, kept)
    assert sum(kept.values()) > sum(moved.values()), "plans outlive most actions"


@pytest.mark.parametrize("name, edition, players", CONFIGS)
def test_copies_playing_ahead_never_change_the_explanations_of_the_game(name, edition, players):
    """Plans are shared with copies and explained lazily: a copy that plays on (as a bot's look-ahead does) must
    not change what the game itself explains next. The same game played with and without copies reads alike."""
    seed = 7
    plain, with_copies = (new_game(name, players=players, seed=seed, edition=edition) for _ in range(2))
    rng, look = random.Random(seed), random.Random(0)
    while not plain.is_over and len(plain.log) < 250:
        with_copies.legal_actions().kinds()            # plans computed here, by the game, unexplained
        twin = with_copies.copy()
        for _ in range(3):                             # the copy moves cubes, tiles and links on
            if twin.is_over:
                break
            twin.play(random_action(twin, look))
        action = random_action(plain, rng)
        expected = plain.play(action)
        got = with_copies.play(action)
        assert render_text(got, "en") == render_text(expected, "en"), f"{len(plain.log)}: {action}"


@pytest.mark.parametrize("name, edition, players", CONFIGS)
def test_playing_leaves_no_reference_cycles(name, edition, players):
    """Views, plans and legal lists are freed as soon as a game moves on: none is caught in a reference cycle
    that only the garbage collector could free (a kept source plan that held its view did, once per position)."""
    gc.collect()
    gc.disable()
    try:
        game, rng = new_game(name, players=players, seed=4, edition=edition), random.Random(4)
        while not game.is_over and len(game.log) < 300:
            game.legal_actions().kinds()
            game.play(random_action(game, rng))
            game.copy().legal_actions().kinds()
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_an_undo_into_an_open_phase_reads_the_games_own_state():
    """Undo replays the log on a new state object and then moves it into the game's own: the view and the list
    of the phase the replay opened must not outlive that replay state."""
    game, rng = new_game("birmingham", players=4, seed=0), random.Random(0)
    while game.phase is None or game.phase is Phase.SHORTFALL:
        game.play(random_action(game, rng))
    before = list(game.legal_actions())
    game.play(random_action(game, rng))
    game.undo()
    assert game.phase is not None and game.view().state is game.state
    assert list(game.legal_actions()) == before


@pytest.mark.parametrize("name, edition, players", CONFIGS)
def test_the_actions_of_one_kind_cannot_change_the_list(name, edition, players):
    """``of_kind`` hands over a read-only sequence: a caller that tries to edit what it got leaves the position's
    legal actions as they were (plain lists of actions, such as sales or ``done``, sit inside the list)."""
    for game in positions(name, edition, players, seed=0, every=7)[:12]:
        legal = game.legal_actions()
        whole = list(legal)
        for kind in legal.kinds():
            chosen = legal.of_kind(kind)
            for edit in (lambda s: s.pop(), lambda s: s.clear(), lambda s: s.append(s[0]),
                         lambda s: s.__setitem__(0, s[-1])):
                with pytest.raises((AttributeError, TypeError)):
                    edit(chosen)
        assert list(game.legal_actions()) == whole
