"""Worked examples out of a scenario: Markdown with board pictures, a single HTML page, a runnable notebook."""
from __future__ import annotations

import base64
import html
from dataclasses import dataclass
from pathlib import Path

from brass_nb.explain import describe, render_html, render_markdown
from brass_nb.plot import draw, png
from brass_nb.rules.errors import ScenarioError
from brass_nb.rules.files import write_text
from brass_nb.rules.records import Explanation
from brass_nb.scenario.model import Scenario
from brass_nb.scenario.text import write


@dataclass
class Frame:
    """One picture of the worked example: the position, what was played (None for the start) and its highlights."""

    explanation: Explanation | None
    image: bytes


def frames(scenario: Scenario, language: str = "en") -> list[Frame]:
    """The start position, then each of the scenario's actions with its explanation drawn on the board.

    An action that ends an era is drawn on the position before it, so its scoring overlays still
    have their links and tiles to point at.
    """
    game = scenario.game()
    out = [Frame(None, png(draw(game, language=language)))]
    for action in scenario.actions:
        explanation = game.play(action)
        if explanation.find("era.end"):
            game.undo()
            image = png(draw(game, highlight=explanation, language=language))
            game.redo()
        else:
            image = png(draw(game, highlight=explanation, language=language))
        out.append(Frame(explanation, image))
    return out


WORDS = {"en": {"position": "The position", "after": "After {action}", "file": "The position file"},
         "ja": {"position": "局面", "after": "「{action}」の後", "file": "局面ファイル"}}
"""The exported page's own headings, per language."""


def to_markdown(scenario: Scenario, folder: str | Path, name: str, language: str = "en") -> Path:
    """Write ``name.md`` and its pictures ``name-0.png``... into ``folder``; returns the Markdown path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    words = WORDS[language]
    parts = [f"# {scenario.title or name}", "", f"*{scenario.teaches}*" if scenario.teaches else "", ""]
    for i, frame in enumerate(frames(scenario, language)):
        (folder / f"{name}-{i}.png").write_bytes(frame.image)
        if frame.explanation is None:
            parts += [f"## {words['position']}", "", f"![{words['position']}]({name}-0.png)", ""]
        else:
            action = frame.explanation.subject
            said = f"`{action}`" if language == "en" else describe(action, language)   # (the notation follows)
            parts += [f"## {i}. {said}", "", render_markdown(frame.explanation, language), "",
                      f"![{words['after'].format(action=describe(action, language))}]({name}-{i}.png)", ""]
    parts += [f"## {words['file']}", "", "```", write(scenario).rstrip(), "```", ""]
    path = folder / f"{name}.md"
    write_text(path, "\n".join(parts), ScenarioError)
    return path


def to_html(scenario: Scenario, path: str | Path, language: str = "en") -> Path:
    """One self-contained HTML page (pictures embedded) for printing or sharing."""
    body = [f"<h1>{html.escape(scenario.title)}</h1>", f"<p><i>{html.escape(scenario.teaches)}</i></p>"]
    for frame in frames(scenario, language):
        if frame.explanation is not None:
            body.append(render_html(frame.explanation, language))
        data = base64.b64encode(frame.image).decode("ascii")
        body.append(f"<img alt='board' style='max-width:100%' src='data:image/png;base64,{data}'>")
    page = (f"<!DOCTYPE html><html lang='{language}'><head><meta charset='utf-8'>"
            f"<title>{html.escape(scenario.title)}</title></head><body>{''.join(body)}</body></html>")
    path = Path(path)
    write_text(path, page, ScenarioError)
    return path


def to_notebook(scenario: Scenario, path: str | Path, language: str = "en") -> Path:
    """A ready-to-run notebook: the position as text, the board, then each action and its explanation."""
    import nbformat

    cells = [nbformat.v4.new_markdown_cell(f"# {scenario.title}\n\n{scenario.teaches}")]
    position = write(_without_actions(scenario))
    cells.append(nbformat.v4.new_code_cell(
        "from brass_nb.explain import set_language\nfrom brass_nb.scenario import read\n\n"
        f"set_language({language!r})\nposition = '''\\\n{position}'''\ngame = read(position).game()\ngame"))
    for action in scenario.actions:
        cells.append(nbformat.v4.new_markdown_cell(f"Play `{action}`:"))
        cells.append(nbformat.v4.new_code_cell(f"explanation = game.play({action!r})\nexplanation"))
        cells.append(nbformat.v4.new_code_cell("game.picture(highlight=explanation)"))
    notebook = nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}})
    path = Path(path)
    nbformat.write(notebook, path)
    return path


def _without_actions(scenario: Scenario) -> Scenario:
    """The same position with no actions (the notebook plays them one cell at a time)."""
    from brass_nb.scenario.text import read

    copy = read(write(scenario))
    copy.actions = []
    return copy
