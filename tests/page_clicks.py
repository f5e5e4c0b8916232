"""A button click as the page sends it: ipywidgets' comm message with the page's time, not the code's ``click()``
(which always runs). The tests of double clicks send these."""
from __future__ import annotations

from datetime import UTC, datetime


def page_click(button, sent: float) -> None:
    """Send ``button`` a click the page sent at ``sent`` (seconds since the epoch, on the page's clock)."""
    date = datetime.fromtimestamp(sent, UTC).isoformat()
    button._handle_msg({"header": {"date": date}, "buffers": [],
                        "content": {"data": {"method": "custom", "content": {"event": "click"}}}})
