"""Game records as JSON: write, read and validate (no pickle, no eval).

A **hand record** is a JSON object::

    {
      "format": "belote_lab/hand", "version": 1,
      "game": "belote",
      "rules": {"must_undertrump": true},      # only options that differ from the defaults
      "dealer": "N",
      "deck": ["7D", "AS", ...],               # the 32 cards in dealing order, or instead:
      "start": {"hands": {"N": [...], ...}, "contract": "H", "taker": "N", "first_leader": "N"},
      "reserve": 0,                            # points held from an earlier litige
      "actions": [["call", "E", "take"], ["play", "N", "JH"], ...],
      "result": {...}                          # the score (checked on reading, if present)
    }

Dealing from ``deck``: five cards each starting with the player after the dealer, the 21st
card is turned, then three more each in the same order (two for the taker, who also gets
the turned card).  A **game record** holds ``"format": "belote_lab/game"``, ``rules``,
``hands`` (hand records in order) and ``totals``.

Reading replays every action through the rules; the first problem is reported with its
place (:class:`RecordError`: ``action`` index and ``trick`` number).

>>> from belote_lab.games.belote import BeloteHand
>>> h = BeloteHand(seed=5)
>>> h.call("pass"); h.call("take")
>>> h.play(h.legal_cards().__iter__().__next__())
>>> hand_from_json(hand_to_json(h)) == h
True
>>> bad = hand_to_json(h); bad["actions"][-1][2] = "ZZ"
>>> hand_from_json(bad)
Traceback (most recent call last):
...
belote_lab.record.RecordError: action 3 (trick 1): unknown card 'ZZ'
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from belote_lab.cards import SEATS, CardParseError, mask_cards
from belote_lab.games.base import IllegalAction
from belote_lab.rules import RuleOptionError, rules_for
from belote_lab.trick import IllegalPlay

__all__ = [
    "RecordError",
    "hand_to_json",
    "hand_from_json",
    "game_to_json",
    "game_from_json",
    "save",
    "load",
    "HAND_FORMAT",
    "GAME_FORMAT",
]

HAND_FORMAT = "belote_lab/hand"
GAME_FORMAT = "belote_lab/game"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read; ``action`` (0-based) and ``trick`` (1-based) say where."""

    def __init__(self, message: str, action: int | None = None, trick: int | None = None) -> None:
        where = ""
        if action is not None:
            where = f"action {action + 1}" + (f" (trick {trick})" if trick else "") + ": "
        super().__init__(where + message)
        self.action = action
        self.trick = trick


def _hand_classes() -> dict[str, Any]:
    from belote_lab.games import hand_classes

    return hand_classes()


def hand_to_json(hand: Any) -> dict[str, Any]:
    """A hand state (any game) as a JSON-ready record."""
    data: dict[str, Any] = {
        "format": HAND_FORMAT,
        "version": VERSION,
        "game": hand.game,
        "rules": hand.rules.changed(),
        "dealer": SEATS[hand.dealer],
    }
    data.update(hand._record_start())
    data["actions"] = [list(a) for a in hand.actions]
    if getattr(hand, "result", None) is not None:
        data["result"] = hand.result.to_json()
    return data


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise RecordError(f"missing key {key!r}")
    if not isinstance(data[key], kind):
        raise RecordError(f"key {key!r} has the wrong type ({type(data[key]).__name__})")
    return data[key]


def hand_from_json(data: dict[str, Any] | str) -> Any:
    """Rebuild a hand from a record, checking everything; raises :class:`RecordError`."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise RecordError(f"not JSON: {e}") from None
    if not isinstance(data, dict):
        raise RecordError("a hand record must be a JSON object")
    if data.get("format") != HAND_FORMAT:
        raise RecordError(f"not a hand record (format {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"unsupported version {data.get('version')!r}")
    game = _need(data, "game", str)
    classes = _hand_classes()
    if game not in classes:
        raise RecordError(f"unknown game {game!r}")
    try:
        rules = rules_for(game, data.get("rules") or {})
    except (RuleOptionError, TypeError) as e:
        raise RecordError(str(e)) from None
    actions = _need(data, "actions", list)
    try:
        hand = classes[game]._from_record_start(data, rules)
    except (CardParseError, IllegalAction, IllegalPlay, ValueError) as e:
        raise RecordError(str(e)) from None
    for i, act in enumerate(actions):
        trick = hand.trick_number if hand.contract is not None else None
        if not (isinstance(act, list) and len(act) == 3 and all(isinstance(x, str) for x in act)):
            raise RecordError(f"malformed action {act!r}", i, trick)
        kind, seat, value = act
        try:
            if kind == "play":
                hand.play(value, seat)
            elif kind == "call":
                hand.call(value, seat)
            else:
                hand._record_action(kind, seat, value)
        except (CardParseError, IllegalAction, IllegalPlay, ValueError) as e:
            raise RecordError(str(e), i, trick) from None
    if "result" in data and data["result"] is not None:
        if getattr(hand, "result", None) is None:
            raise RecordError("the record has a result but its hand is not finished")
        if hand.result.to_json() != data["result"]:
            raise RecordError(
                f"the recorded result {data['result']} differs from the replayed one "
                f"{hand.result.to_json()}"
            )
    return hand


def game_to_json(game: Any) -> dict[str, Any]:
    """A whole game as a record: its finished hands and the current one."""
    hands = [hand_to_json(h) for h in game.hands]
    if not game.is_over:
        hands.append(hand_to_json(game.hand))
    return {
        "format": GAME_FORMAT,
        "version": VERSION,
        "game": game.hand.game,
        "rules": game.rules.changed(),
        "seed": game.seed,
        "hands": hands,
        "totals": dict(game.totals),
    }


def game_from_json(data: dict[str, Any] | str) -> Any:
    """Rebuild a game from a record; every hand is replayed and the totals checked."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise RecordError(f"not JSON: {e}") from None
    if not isinstance(data, dict) or data.get("format") != GAME_FORMAT:
        raise RecordError("not a game record")
    from belote_lab.games import game_classes

    game_name = _need(data, "game", str)
    if game_name not in game_classes():
        raise RecordError(f"unknown game {game_name!r}")
    cls = game_classes()[game_name]
    try:
        rules = rules_for(game_name, data.get("rules") or {})
    except RuleOptionError as e:
        raise RecordError(str(e)) from None
    records = _need(data, "hands", list)
    hands = []
    for k, rec in enumerate(records):
        try:
            hands.append(hand_from_json(rec))
        except RecordError as e:
            raise RecordError(f"hand {k + 1}: {e}") from None
    try:
        g = cls._from_hands(rules, data.get("seed"), hands)
        if (
            "totals" in data
            and data["totals"] != g.totals
            and not g.is_over
            and getattr(g.hand, "is_over", False)
        ):
            # the last hand is finished and the recorded totals count it: next_hand() was called
            g.next_hand()
    except (CardParseError, IllegalAction, IllegalPlay, ValueError) as e:
        raise RecordError(str(e)) from None
    if "totals" in data and data["totals"] != g.totals:
        raise RecordError(f"recorded totals {data['totals']} differ from replayed {g.totals}")
    return g


def save(obj: Any, path: str | Path) -> None:
    """Write a hand or a game as JSON."""
    data = obj.to_json()
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def load(path: str | Path) -> Any:
    """Read a hand or game record written by :func:`save`."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON: {e}") from None
    if isinstance(data, dict) and data.get("format") == GAME_FORMAT:
        return game_from_json(data)
    return hand_from_json(data)


def cards_json(mask: int) -> list[str]:
    return [c.text for c in mask_cards(mask)]

