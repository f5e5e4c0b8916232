"""Hand-built positions for rule tests: put tiles, links, money and cards exactly where a test needs them."""
from __future__ import annotations

import brass_nb as bn
from brass_nb.rules.state import Tile


def fresh(players: int = 2, seed: int = 1, game: str = "birmingham") -> bn.Game:
    """A set-up game (setup only fills markets and places merchants; the board holds no tiles or links)."""
    return bn.new_game(game, players=players, seed=seed)


def place(game: bn.Game, slot: str, owner: int, industry: str, level: int = 1, flipped: bool = False,
          cubes: int | None = None) -> Tile:
    """Put a tile on the board (taking it from the owner's mat, so tile counts stay conserved)."""
    state = game.state
    spec = state.facts.tile(industry, level)
    if cubes is None:
        cubes = 0 if flipped else spec.cubes_when_built(state.era) or spec.cubes_when_built("canal")
    state.take_from_mat(state.players[owner], industry, level)
    tile = Tile(owner, industry, level, flipped, cubes)
    state.place_tile(slot, tile)
    return tile


def link(game: bn.Game, label: str, owner: int) -> None:
    """Build a link for ``owner`` on the space ``label`` (any end order, e.g. 'Dudley - Birmingham')."""
    name = bn.rules.notation.vocabulary(game.facts).lookup("links", label)
    index = next(space.index for space in game.facts.board.links if space.label == name)
    game.state.players[owner].links_left -= 1
    game.state.place_link(index, owner)


def set_player(game: bn.Game, player: int, money: int | None = None, hand: list[str] | None = None,
               income_space: int | None = None, vp: int | None = None) -> None:
    """Set a player's money (through the bank ledger), hand, income space or VP."""
    p = game.state.players[player]
    if money is not None:
        game.state.receive(p, money - p.money)
    if hand is not None:
        game.state.deck.extend(p.hand)
        p.hand = list(hand)
        for card in hand:
            if card in game.state.deck:
                game.state.deck.remove(card)
    if income_space is not None:
        p.income_space = income_space
    if vp is not None:
        p.vp = vp
    game.state.mark_changed()


def to_act(game: bn.Game, player: int, era: str | None = None, round: int = 2) -> None:
    """Make ``player`` the one to act, at the start of their turn."""
    state = game.state
    if era:
        state.era = era
    state.round = round
    state.order = [player] + [i for i in state.order if i != player]
    state.turn_index = 0
    state.actions_done = 0
    state.mark_changed()


def set_market(game: bn.Game, resource: str, cubes: int) -> None:
    game.state.supply_cubes_to_market(resource, cubes - game.state.markets[resource])


def snapshot(game: bn.Game) -> dict:
    return game.state.to_dict()
