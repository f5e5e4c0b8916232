"""Lancashire's distant cotton market in play: the face-down tile pile, the demand marker and its closing.

The printed facts (tiles per player count, the demand track, where a drawn tile goes) are the ruleset's
:class:`~brass_nb.rules.ruleset.DistantMarket`; this is what changes during a game.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from brass_nb.rules.ruleset import DistantMarket, DrawnTiles


@dataclass
class DistantPile:
    """The pile (``tiles``: the next tile drawn is the last), tiles drawn out of it, the marker and closure."""

    tiles: list[int]
    drawn: list[int] = field(default_factory=list)
    marker: int = 0
    closed: bool = False

    @classmethod
    def shuffled(cls, rules: DistantMarket, players: int, rng: random.Random) -> DistantPile:
        tiles = rules.pile(players)
        rng.shuffle(tiles)
        return cls(tiles)

    @property
    def is_open(self) -> bool:
        """Sales are possible while the market is not closed and a tile can be drawn."""
        return not self.closed and bool(self.tiles)

    def draw(self, rules: DistantMarket) -> int:
        """Turn the top tile: it leaves the pile (Roxley) or goes back under it (Warfrog 2007)."""
        value = self.tiles.pop()
        if rules.drawn_tiles is DrawnTiles.BOTTOM:
            self.tiles.insert(0, value)
        else:
            self.drawn.append(value)
        return value

    def reset(self, rng: random.Random) -> None:
        """Era end: every tile back in the pile, shuffled, the marker on top and the market open."""
        self.tiles += self.drawn
        self.drawn = []
        rng.shuffle(self.tiles)
        self.marker, self.closed = 0, False

    def copy(self) -> DistantPile:
        return DistantPile(list(self.tiles), list(self.drawn), self.marker, self.closed)

    def to_dict(self) -> dict[str, Any]:
        return {"tiles": list(self.tiles), "drawn": list(self.drawn), "marker": self.marker, "closed": self.closed}
