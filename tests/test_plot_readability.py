"""Board pictures a class can read: at the size they are shown, no two words overlap and none is under 8 pt.

Each picture is measured as a learner sees it: the printed board (:func:`static_figure`, reused as the
background's pixels) and what the position and its highlights add (:func:`draw`) share one geometry, so the
words of both are compared together. A slot's printed number and industry lie under the tile built on it (the
tile is opaque and drawn above), so they are not words on the picture once a tile is there. Numbers drawn inside
a marker (a link icon's hexagon, a cube) are single words: the marker is a shape, not a text.
"""
from __future__ import annotations

import random
import sys
from itertools import combinations
from pathlib import Path

import pytest
from matplotlib.text import Text

import brass_nb as bn
from brass_nb.plot import draw, static_figure
from brass_nb.plot.geometry import CSS_PX_PER_INCH, DISPLAY_WIDTH, MIN_FONT
from brass_nb.rules.randomplay import random_action

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import gallery  # noqa: E402


def played(name: str, decisions: int, seed: int = 3, players: int = 4, era: str = "canal") -> bn.Game:
    """A seeded random game, ``decisions`` into ``era``."""
    game = bn.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    while game.state.era != era:
        game.play(random_action(game, rng))
    for _ in range(decisions):
        game.play(random_action(game, rng))
    return game


def words(fig, hidden: set[str] = frozenset()) -> list[tuple[str, Text]]:
    """Every non-empty text drawn on ``fig``, with a name to report it by; texts whose gid names a covered slot
    are left out."""
    found = []
    for text in fig.findobj(Text):
        if not text.get_visible() or not text.get_text().strip():
            continue
        gid = text.get_gid() or ""
        if gid.split(":", 1)[-1] in hidden:
            continue
        found.append((gid or repr(text.get_text()), text))
    return found


def picture_words(game: bn.Game, language: str, **options) -> list[tuple[str, Text, object]]:
    """The words of the printed board (minus those under tiles) and of the position, with their extents in
    the picture's pixels."""
    static = static_figure(game.facts, language)
    dynamic = draw(game, language=language, **options)
    measured = []
    for fig, hidden in ((static, set(game.state.tiles)), (dynamic, set())):
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        measured += [(name, text, text.get_window_extent(renderer)) for name, text in words(fig, hidden)]
    assert static.get_size_inches().tolist() == dynamic.get_size_inches().tolist()
    return measured


def display_scale(fig) -> float:
    """Points shown per point drawn: the figure is shown DISPLAY_WIDTH CSS pixels wide, 96 CSS px to the inch."""
    return DISPLAY_WIDTH / (fig.get_figwidth() * CSS_PX_PER_INCH)


POSITIONS = {
    "birmingham start": lambda: bn.new_game("birmingham", players=4, seed=3),
    "birmingham mid-game": lambda: played("birmingham", 60),
    "birmingham rail era": lambda: played("birmingham", 50, seed=5, era="rail"),
    "lancashire start": lambda: bn.new_game("lancashire", players=4, seed=3),
    "lancashire mid-game": lambda: played("lancashire", 60),
    "lancashire rail era": lambda: played("lancashire", 50, seed=5, era="rail"),
}


def coal_route():
    game, explanation = gallery.first_long_coal_route()
    return game, {"highlight": explanation.find("coal.nearest") + explanation.find("coal.take")}


def era_end():
    game, explanation = gallery.canal_era_end()
    return game, {"highlight": [s for s in explanation.steps
                                if s.rule in ("score.link", "score.industry", "era.remove_level1")]}


def connected():
    game = played("birmingham", 40)
    return game, {"network": game.current_player, "connected": "Birmingham"}


HIGHLIGHTS = {"coal route": coal_route, "era-end scoring": era_end, "network and connected": connected}


def assert_readable(measured, figure) -> None:
    scale = display_scale(figure)
    small = [(name, text.get_fontsize() * scale) for name, text, _ in measured
             if text.get_fontsize() * scale < MIN_FONT]
    assert not small, f"text under {MIN_FONT} pt as shown: {small}"
    clashes = [(a, b) for (a, _, box_a), (b, _, box_b) in combinations(measured, 2) if box_a.overlaps(box_b)]
    assert not clashes, f"{len(clashes)} overlapping labels, e.g. {clashes[:6]}"
    width, height = figure.get_size_inches() * figure.dpi          # nothing cut at the picture's edge
    cut = [name for name, _, box in measured if box.x0 < 0 or box.y0 < 0 or box.x1 > width or box.y1 > height]
    assert not cut, f"words cut at the picture's edge: {cut[:6]}"


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("position", sorted(POSITIONS))
def test_no_words_overlap_and_none_is_small(position, language):
    game = POSITIONS[position]()
    measured = picture_words(game, language)
    assert len(measured) > 200  # names, slot numbers, industries, panel, legend
    assert_readable(measured, draw(game, language=language))


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("case", sorted(HIGHLIGHTS))
def test_highlights_find_free_room_for_their_words(case, language):
    game, options = HIGHLIGHTS[case]()
    measured = picture_words(game, language, **options)
    badges = [name for name, _, _ in measured if name.startswith(("rank:", "score:", "route:", "distance:"))]
    assert badges
    assert_readable(measured, draw(game, language=language, **options))


def test_picture_is_made_for_its_display_width_at_twice_the_density():
    game = bn.new_game("birmingham", players=2, seed=1)
    fig = draw(game)
    assert fig.get_figwidth() * CSS_PX_PER_INCH == pytest.approx(DISPLAY_WIDTH)
    assert fig.dpi == 2 * CSS_PX_PER_INCH
    data, metadata = game.picture()._repr_mimebundle_()
    assert metadata == {"image/png": {"width": DISPLAY_WIDTH}}
    assert data["image/png"][:8] == b"\x89PNG\r\n\x1a\n"
