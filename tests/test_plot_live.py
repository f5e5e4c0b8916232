"""The fast live picture shows exactly what a full drawing shows.

:class:`LiveBoard` puts a position together from kept pieces (:mod:`brass_nb.plot.pieces`) and draws highlights
over it; a piece kept under an incomplete key would show a stale tile, link, table or title. So frames are compared,
pixel by pixel, with a full drawing of the same position (:func:`brass_nb.plot.draw`) along whole games of both
editions, in both languages, the pieces cache carrying over from one position to the next as in the Explorer.
"""
from __future__ import annotations

import io
import random

import numpy as np
import pytest
from PIL import Image

import brass_nb as bn
from brass_nb.plot import draw, draw_overlays, free_spots, style
from brass_nb.plot.layout import layout_for
from brass_nb.plot.live import LiveBoard, Overlay
from brass_nb.plot.pieces import sheet
from brass_nb.rules.randomplay import random_action

TOLERANCE = 2          # levels of 255: rounding of the blend (Agg's own versus the pieces' laying on)
STRAY_SHARE = 1e-4     # pixels allowed beyond it: antialiased edges where two pieces meet (a few dozen pixels)


def pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA")).astype(int)


def drawn(game: bn.Game, language: str, steps=()) -> np.ndarray:
    """A full drawing of the position, then ``steps`` highlighted over it as the live picture draws them: on top
    of everything, without a legend."""
    fig = draw(game, language=language)
    fig.canvas.draw()
    ax, state = fig.axes[0], game.state
    layout = layout_for(state.facts)
    before = set(ax.get_children())
    with style.fonts(language):
        draw_overlays(ax, state, layout, free_spots(state, layout, language), list(steps))
        for artist in sorted((a for a in ax.get_children() if a not in before), key=lambda a: a.get_zorder()):
            ax.draw_artist(artist)
    return np.asarray(fig.canvas.buffer_rgba()).astype(int)


def laid_over(position: bytes, overlay: Overlay | None) -> np.ndarray:
    """The position's picture with the overlay laid over it where its place says, as a browser lays a transparent
    picture over another (straight alpha)."""
    out = pixels(position)
    if overlay is None:
        return out
    assert overlay.picture_size == (out.shape[1], out.shape[0])
    top = pixels(overlay.png)
    y0, x0 = overlay.top, overlay.left
    assert overlay.width == top.shape[1]
    under = out[y0:y0 + top.shape[0], x0:x0 + top.shape[1], :3]
    alpha = top[:, :, 3:] / 255
    out[y0:y0 + top.shape[0], x0:x0 + top.shape[1], :3] = np.rint(top[:, :, :3] * alpha + under * (1 - alpha))
    return out


def assert_same(live: np.ndarray, full: np.ndarray, what: str) -> None:
    assert live.shape == full.shape, what
    difference = np.abs(live - full).max(axis=2)
    stray = (difference > TOLERANCE).mean()
    assert stray < STRAY_SHARE, f"{what}: {stray:.2%} of pixels differ by more than {TOLERANCE}"


@pytest.mark.parametrize("name", ["birmingham", "lancashire"])
def test_live_frames_match_full_drawings_along_a_game(name):
    game = bn.new_game(name, players=3, seed=11)
    rng = random.Random(11)
    checked = 0
    while not game.is_over:
        explanation = game.play(random_action(game, rng))
        if len(game.log) % 23 == 0:
            language = ("en", "ja")[checked % 2]
            live = LiveBoard(game, language)
            assert_same(pixels(live.png()), drawn(game, language), f"{name} move {len(game.log)} {language}")
            highlighted = drawn(game, language, explanation.steps)
            what = f"{name} move {len(game.log)} {language}, {len(explanation.steps)} steps highlighted"
            assert_same(pixels(live.png(explanation.steps)), highlighted, what)
            assert_same(laid_over(live.png(), live.overlay(explanation.steps)), highlighted, f"{what}, laid over")
            checked += 1
    assert_same(pixels(LiveBoard(game, "en").png()), drawn(game, "en"), f"{name} at the end")
    assert checked >= 4


def test_a_new_position_draws_only_the_pieces_that_changed():
    sheet.cache_clear()         # (another test may have drawn these very positions)
    game = bn.new_game("birmingham", players=2, seed=7)
    board = LiveBoard(game, "en")
    board.png()
    surface = sheet(game.facts, "en")
    kept = set(surface._pieces)
    game.play(next(a for a in game.legal_actions() if a.kind == "build"))
    board.png()
    new = {key[0] for key in set(surface._pieces) - kept}
    assert new == {"tile", "players", "title"} or new == {"tile", "players", "title", "markets"}, new


def test_frames_are_png_that_decode_to_the_drawn_pixels():
    game = bn.new_game("birmingham", players=2, seed=7)
    board = LiveBoard(game, "en")
    png = board.png()
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "RGBA" and image.size == (1520, 1267)
    assert np.array_equal(np.asarray(image), sheet(game.facts, "en").position(game.state))


def test_an_overlay_is_the_highlights_alone_cut_to_what_they_cover():
    game = bn.new_game("birmingham", players=2, seed=7)
    board = LiveBoard(game, "en")
    assert board.overlay() is None and board.overlay([]) is None
    build = next(a for a in game.legal_actions() if a.kind == "build")
    overlay = board.overlay(game.copy().play(build).steps)
    image = Image.open(io.BytesIO(overlay.png))
    assert image.mode == "RGBA" and image.size[0] < 1520 / 2 and image.size[1] < 1267 / 2
    assert np.asarray(image)[:, :, 3].min() == 0                  # transparent around what it draws
    assert len(overlay.png) < len(board.png()) / 20
