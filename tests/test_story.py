"""A deal told trick by trick (issue 15, item 2): static HTML with every hand as cards."""

from __future__ import annotations

import re

import belote_widgets as bw
import pytest

from belote_lab.games import GAMES, get
from belote_lab.simulation.selfplay import play_hand

LEVELS = {name: ",".join(["2"] * get(name).players) for name in GAMES}


@pytest.mark.parametrize("game", GAMES)
def test_every_trick_and_every_card(game: str) -> None:
    h = play_hand(game, LEVELS[game], seed=3)
    html = bw.DealStory(h)._repr_html_()
    assert html.count('class="bw-story-trick"') == len(h.tricks) == get(game).tricks
    played = [c.text for t in h.tricks for c in t.cards]
    shown = 1 if get(game).has_stock else 2  # in a trick, and in the hands (stock: drawn later)
    for card in played:
        assert html.count(f'data-card="{card}"') >= shown
    assert len(re.findall(r'class="[^"]*bw-winning', html)) == len(h.tricks)  # a winner a trick
    assert "<script" not in html and "<input" not in html  # plain HTML, nothing to run
    text = re.sub("<[^>]+>", " ", html)
    assert re.search(r"\b[2-9TJQKA][SHDC]\b", text) is None  # cards as symbols
    ko = bw.DealStory(h, language="ko")._repr_html_()
    assert "트릭" in ko and "누적" in ko


def test_running_totals_end_at_the_hands_points() -> None:
    h = play_hand("belote", "2,2,2,2", seed=5)
    html = bw.DealStory(h)._repr_html_()
    last = re.findall(r"North–South (\d+) · East–West (\d+)", html)[-1]
    assert sum(map(int, last)) == 162
    with pytest.raises(ValueError, match="language"):
        bw.DealStory(h, language="fr")
