"""Board pictures draw what the position and the explanation records say."""
from __future__ import annotations

import random
import sys
from itertools import combinations
from pathlib import Path

import helpers
import matplotlib.colors as mcolors
import pytest

import brass_nb as bn
from brass_nb.plot import draw
from brass_nb.plot.style import player_color
from brass_nb.rules.randomplay import random_action

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
import gallery  # noqa: E402


def artists(fig, prefix: str) -> dict[str, list]:
    found: dict[str, list] = {}
    for ax in fig.axes:
        for artist in ax.get_children():
            gid = artist.get_gid()
            if gid and gid.startswith(prefix):
                found.setdefault(gid, []).append(artist)
    return found


def mid_game(players: int = 4, seed: int = 3, decisions: int = 60) -> bn.Game:
    game = bn.new_game("birmingham", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        game.play(random_action(game, rng))
    return game


@pytest.mark.parametrize("language", ["en", "ja"])
def test_town_labels_inside_the_map_and_never_overlapping(language):
    fig = draw(bn.new_game("birmingham", players=4, seed=1), language=language)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    labels = artists(fig, "label:")
    assert len(labels) == 27
    map_ax = labels["label:Birmingham"][0].axes
    frame = map_ax.get_window_extent(renderer)
    boxes = {gid: texts[0].get_window_extent(renderer) for gid, texts in labels.items()}
    for gid, box in boxes.items():
        assert frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1, gid
    for (a, box_a), (b, box_b) in combinations(boxes.items(), 2):
        assert not box_a.overlaps(box_b), (a, b)


def test_every_built_tile_drawn_once_in_its_owners_colour_flipped_filled():
    game = mid_game()
    fig = draw(game)
    tiles = artists(fig, "tile:")
    assert set(tiles) == {f"tile:{label}" for label in game.state.tiles}
    for label, tile in game.state.tiles.items():
        (square,) = tiles[f"tile:{label}"]
        colour = mcolors.to_rgba(player_color(tile.owner))
        assert square.get_edgecolor() == colour
        assert square.get_facecolor() == (colour if tile.flipped else mcolors.to_rgba("white"))
    assert len(artists(fig, "built:")) == len(game.state.links)


def test_coal_route_overlay_draws_exactly_the_links_of_the_route():
    game, explanation = gallery.first_long_coal_route()
    take = explanation.find("coal.take")[0]
    fig = draw(game, highlight=explanation)
    route = {gid.split(":", 1)[1] for gid in artists(fig, "route:link:")}
    crossed = {e for e in take.entities if e.startswith("link:")}
    assert route == crossed and len(crossed) == len(take.facts["route"]) - 1 >= 2
    assert set(artists(fig, "source:")) >= {f"source:{take.facts['source']}"}
    ranked = artists(fig, "rank:")
    assert len(ranked) == len(explanation.find("coal.nearest")[0].facts["candidates"])
    assert artists(fig, "route:distance")["route:distance"][0].get_text() == f"{len(crossed)} links"


def test_network_and_connected_overlays_are_different_sets_and_styles():
    g = helpers.fresh(players=2, seed=1)
    helpers.place(g, "Dudley[1]", 0, "coal")
    helpers.link(g, "Walsall - Birmingham", 1)
    helpers.link(g, "Dudley - Birmingham", 1)
    fig = draw(g, network=0, connected="Walsall")
    network = {gid.split(":", 1)[1] for gid in artists(fig, "network:")}
    connected = {gid.split(":", 1)[1] for gid in artists(fig, "connected:")}
    assert network == {"Dudley"}
    assert connected == {"Walsall", "Birmingham", "Dudley"}
    ring = artists(fig, "network:Dudley")["network:Dudley"][0]
    halo = artists(fig, "connected:Dudley")["connected:Dudley"][0]
    assert ring.get_linestyle() != halo.get_linestyle() or ring.get_facecolor() != halo.get_facecolor()
    assert artists(fig, "distance:Dudley")["distance:Dudley"][0].get_text() == "2"


def test_era_end_overlay_labels_every_link_score_and_every_removed_tile():
    game, explanation = gallery.canal_era_end()
    steps = [s for s in explanation.steps if s.rule in ("score.link", "score.industry", "era.remove_level1")]
    fig = draw(game, highlight=steps)
    scores = artists(fig, "score:link:")
    assert len(scores) == len(explanation.find("score.link"))
    for step in explanation.find("score.link"):
        index = next(e for e in step.entities if e.startswith("link:")).split(":")[1]
        assert scores[f"score:link:{index}"][0].get_text() == f"{step.facts['vp']} VP"
    removed = {gid.split(":", 1)[1] for gid in artists(fig, "removed:")}
    assert removed == set(explanation.find("era.remove_level1")[0].facts["slots"])


def test_game_and_picture_show_themselves_as_png():
    game = bn.new_game("birmingham", players=3, seed=2)
    data = game._repr_png_()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    picture = game.picture(connected="Birmingham")
    assert picture._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"
    assert artists(picture.figure(), "connected:")


def test_gallery_images_exist():
    images = Path(__file__).resolve().parents[1] / "docs" / "images"
    for name in ("start_2p.png", "start_4p.png", "canal_midgame_4p.png", "coal_route.png", "era_end_scoring.png"):
        assert (images / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
