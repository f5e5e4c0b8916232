"""The closed set of rule ids the engine records, each with what it means.

A :class:`~brass_nb.rules.records.Step` always carries one of these ids; the renderers in
``brass_nb.explain`` hold one message per id and language, and a test keeps the three in step.
"""
from __future__ import annotations

RULES: dict[str, str] = {
    # cards and phases
    "card.discard": "every action discards one card from the hand",
    "card.wild_returned": "a played wild card returns to its own face-up pile, not a discard pile",
    "card.missing": "the action names no card to discard",
    "card.not_in_hand": "the named card is not in the hand",
    "choice.ambiguous": "several answers are legal, so the action must name one",
    "choice.invalid": "the named choice is not one of the legal ones",
    "phase.done": "the compound action (more sales, a second rail or tile, a bonus) ends",
    "phase.finish_first": "a compound action is in progress: continue it or say done",
    "phase.nothing_to_finish": "'done' only ends a compound action in progress",
    "phase.shortfall": "a player short of money for negative income must first give up industries",
    "phase.no_shortfall": "industries are only given up to pay negative income",
    "game.over": "the game has ended",
    "undo.nothing": "there is nothing to take back",
    "redo.nothing": "there is nothing to play again",
    # build
    "build.card": "why the card allows building this industry here",
    "build.card_industry": "an industry card builds only its own industry",
    "build.card_location": "a location card builds only in its own town",
    "build.farm_brewery_card": "farm breweries take a brewery or wild industry card, never a location card",
    "build.not_in_network": "an industry card builds only in your network (after your first tile)",
    "build.no_slots": "merchant locations have no industry slots",
    "build.no_icon": "the location shows no slot for this industry",
    "build.no_tile": "no tile of this industry is left on the player mat",
    "build.tile_era": "the lowest tile left may not be built in this era",
    "build.tile": "the lowest level left on the mat is the one built",
    "build.slot": "which slot takes the tile and why (single-icon slots first)",
    "build.slot_taken": "every slot for this industry is taken and none can be overbuilt",
    "build.slot_invalid": "the named slot cannot take this tile",
    "build.canal_one_per_town": "canal era: at most one of your industries per location",
    "build.pay": "the build cost paid to the bank",
    "build.overbuild": "a tile replaced by a higher level of the same industry",
    "build.place": "the tile placed, with its cubes or barrels",
    "money.short": "not enough money for the whole cost",
    # resources
    "coal.nearest": "connected coal mines with coal, by distance in links; nearest first",
    "coal.market": "coal bought from the market (needs a connection to a trade icon)",
    "coal.no_source": "no connected mine has enough coal and no merchant is connected",
    "coal.take": "coal taken from a mine (free)",
    "coal.buy": "coal bought from the market, cheapest first",
    "iron.works": "iron works with iron anywhere (no connection needed)",
    "iron.market": "iron bought from the market (no connection needed)",
    "iron.take": "iron taken from an iron works (free)",
    "iron.buy": "iron bought from the market, cheapest first",
    "beer.sources": "breweries and merchant beer that may supply this beer",
    "beer.short": "not enough beer that may be used here",
    "beer.take": "beer taken from a brewery (free)",
    "market.sell": "cubes of a new mine or works sold to the market, most expensive space first",
    "market.full": "the market had no empty space for the new cubes",
    "market.not_connected": "a new coal mine not connected to a trade icon keeps its coal",
    "tile.flip": "a tile turns to its flipped side and its owner's income rises",
    "income.advance": "the income marker moves forward by track spaces",
    # network
    "network.link": "why the link may go on this space",
    "network.link_built": "a link already occupies this space",
    "network.era": "this link space is not usable in this era",
    "network.no_link_tiles": "no link tiles left",
    "network.not_in_network": "a link must touch your network",
    "network.place": "the link placed and its cost",
    "network.second_card": "the second rail is part of the same action: no extra card",
    "network.beer_not_needed": "only a second rail in one action needs beer",
    "network.unknown_link": "no link space has that name",
    # develop
    "develop.tile": "the lowest tile of the industry is the one developed",
    "develop.remove": "a tile removed from the mat, uncovering the next level",
    "develop.no_tile": "no tile of this industry is left on the mat",
    "develop.lightbulb": "tiles showing the crossed lightbulb can never be developed",
    "develop.unknown_industry": "no such industry",
    "develop.extra_card": "the second tile is part of the same action: no extra card",
    "develop.free_only_bonus": "a free develop comes only from Gloucester's beer bonus",
    "develop.bonus_is_free": "Gloucester's bonus develop uses no iron",
    # sell
    "sell.merchant": "the merchant that buys this good, connected to the industry",
    "sell.no_tile": "no tile in that slot",
    "sell.not_yours": "only your own industries can be sold",
    "sell.not_sold_industry": "only cotton mills, manufacturers and potteries are sold",
    "sell.wrong_industry": "the slot holds another industry",
    "sell.flipped": "a flipped industry has already been sold",
    "sell.no_merchant": "no merchant space has that name",
    "sell.merchant_wont_buy": "this merchant tile does not buy this good",
    "sell.not_connected": "the industry is not connected to that merchant",
    "sell.extra_card": "further sales are part of the same action: no extra card",
    "sell.merchant_beer": "merchant beer drunk: that merchant's bonus",
    "sell.bonus_nothing_to_develop": "Gloucester's free develop has no tile it could remove",
    # loan, scout, pass
    "loan.take": "a loan: +£30 and the income level 3 lower (levels, not spaces)",
    "loan.too_low": "a loan may not take the income level below -10",
    "scout.take": "three cards discarded for one wild location and one wild industry card",
    "scout.card_count": "scouting discards exactly three cards",
    "scout.holding_wild": "no scouting while holding a wild card",
    "scout.no_wild_left": "a wild card pile is empty",
    "pass.action": "pass: discard a card and do nothing else",
    # turns, rounds, income
    "turn.end": "the hand is refilled to 8 from the deck",
    "turn.order": "new turn order by money spent this round (ties keep their order)",
    "round.start": "a new round begins",
    "income.pay": "income paid at the end of the round",
    "income.negative": "negative income paid to the bank",
    "income.shortfall": "not enough money for negative income: industries must be given up",
    "income.vp_loss": "each pound of negative income still missing costs 1 VP",
    "income.skipped_last_round": "no income after the last round of the game",
    "shortfall.remove": "an industry given up for half its cost",
    "shortfall.not_yours": "only your own industries can be given up",
    "shortfall.wrong_industry": "the slot holds another industry",
    # era end and game end
    "era.end": "the era ends when the deck and every hand are empty",
    "score.link": "a link scores the link icons at its ends",
    "score.industry": "a flipped industry scores its VP",
    "era.remove_links": "all links leave the board",
    "era.remove_level1": "after the canal era every level-1 industry leaves the board",
    "era.merchant_beer": "merchant beer refilled beside every non-blank merchant tile",
    "era.rail_begins": "discards reshuffled into the rail deck; 8 cards each",
    "game.end": "final ranking: VP, then income level, then money",
    # teaching queries
    "query.coal_sources": "where coal used at a location would come from, nearest first",
    "query.unknown_location": "no location has that name",
    "query.income_space": "the income level a track space shows, and where a loan from there lands",
    "query.bad_space": "the income track has no such space",
    # notation and files
    "notation.shape": "the text does not have the shape of an action",
    "notation.unknown_name": "a name in the text is unknown",
    "notation.slot_number": "a slot is written as Town[n]",
    "notation.clause": "an unknown or repeated clause after ';'",
    "notation.scout_cards": "scouting names exactly three cards",
    "save.unreadable": "the save file could not be read as JSON",
    "save.format": "the file is not a brass_nb save",
    "save.start": "the save file's game, players or seed are wrong",
    "save.bad_action": "an action in the save file is not legal when replayed",
}


# Refusals are listed most fundamental first: what is asked cannot exist here, then the card, the tile,
# the place, the resources, the money, and last a choice that only needs naming.
_REFUSAL_GROUPS = (
    ("game.over", "phase.", "notation.", "save.", "undo.", "redo.", "build.no_slots", "build.no_icon",
     "network.unknown_link", "develop.unknown_industry", "sell.no_tile", "sell.no_merchant", "scout.card_count"),
    ("card.", "build.card", "build.farm_brewery_card", "build.not_in_network", "network.second_card",
     "develop.extra_card", "sell.extra_card", "scout.holding_wild", "scout.no_wild_left"),
    ("build.no_tile", "build.tile_era", "develop.", "sell.not_yours", "sell.not_sold_industry", "sell.wrong_industry",
     "sell.flipped", "shortfall.", "loan."),
    ("build.slot", "build.canal_one_per_town", "network.", "sell."),
    ("coal.", "iron.", "beer."),
    ("money.",),
    ("choice.",),
)


def refusal_rank(rule: str) -> int:
    """Where a failed condition goes in a why-not list (lower first)."""
    for rank, group in enumerate(_REFUSAL_GROUPS):
        if any(rule == g or (g.endswith(".") and rule.startswith(g)) or rule.startswith(g + "_") for g in group):
            return rank
    return len(_REFUSAL_GROUPS)
