"""Every error a learner can see, in natural Korean too (the errors of bad files and rules).

A file that cannot be read raises :class:`~belote_lab.play.record_io.RecordError`, bad rule options
:class:`~belote_lab.rules.RuleOptionError`: ``str(e)`` stays the English message (other tests
compare it) and ``e.text("ko")`` is Korean: Hangul, no particle fallback (``(를)`` …), no
English word of three letters or more and no card code outside what is quoted (``‘…’``: what
the file holds, a field's path), except the names ``JSON``, ``UTF-8`` and ``BOM``.

(a) a corpus of bad files of every game, and of the game, match, run, journey and session
    formats (derived from ``test_records.py`` and ``test_session.py``), plus mutated records;
(b) the rule options' errors, named by their codes or by the labels a panel gives them;
(c) the learner's table: a bad file resumed at a Korean table shows the Korean sentence and
    leaves the table as it was; a hint that fails says so in Korean.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote_lab.cards import SEATS, full_deck
from belote_lab.games.belote import BeloteGame, BeloteHand
from belote_lab.games.belote2 import Belote2Hand, Belote2Match
from belote_lab.games.callbreak import CallbreakGame, CallbreakHand
from belote_lab.games.coinche import CoincheGame, CoincheHand
from belote_lab.play.ladder import Belote2Run, CallbreakJourney, Ladder
from belote_lab.play.record_io import (
    RecordError,
    game_from_json,
    hand_from_json,
    hand_record,
    loads,
    run_from_json,
)
from belote_lab.play.session import Session
from belote_lab.players import RandomPlayer
from belote_lab.rules import (
    Belote2Rules,
    BeloteRules,
    CallbreakRules,
    CoincheRules,
    RuleOptionError,
)

FALLBACKS = ("(를)", "(을)", "(가)", "(이)", "(는)", "(은)", "(으)로", "(와)", "(과)")
ALLOWED = {"JSON", "UTF", "BOM"}
QUOTED = re.compile(r"‘[^’]*’")
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])[SHDC](?![A-Za-z0-9])")
RAW_BID = re.compile(r"\b(capot|generale|\d+(S|H|D|C|NT|AT))\b")


def assert_korean(words: str, where: str = "") -> None:
    """A Korean text a learner may read: Hangul, no particle fallback, and outside quotes no
    English word (but JSON, UTF-8, BOM), no card code and no raw bid."""
    assert words.strip(), where
    assert re.search("[가-힣]", words), f"{where}: no Hangul in {words!r}"
    for fallback in FALLBACKS:
        assert fallback not in words, f"{where}: {fallback} in {words!r}"
    bare = QUOTED.sub("", words)
    english = [w for w in re.findall(r"[A-Za-z]{3,}", bare) if w not in ALLOWED]
    assert not english, f"{where}: English {english} in {words!r}"
    assert not CARD_CODE.search(bare), f"{where}: card code in {words!r}"
    assert not RAW_BID.search(bare), f"{where}: raw bid in {words!r}"
    assert words.rstrip().endswith((".", ")", "…")), f"{where}: not a sentence: {words!r}"


GENERAL = (
    "항목을 읽을 수 없습니다.", "기록된 내용을 규칙에 맞게", "파일의 내용을 기록으로",
    "기록에 적힌 내용으로는", "기록의 형식이 맞지 않으므로", "규칙에 맞지 않으므로 다시 할 수",
    "규칙 옵션이 올바르지 않으므로", "JSON으로 읽을 수 없는 값이", "컴퓨터 레벨로는",
)
"""The general sentences said when an error has no Korean words of its own."""


def assert_record_error(e: RecordError, where: str = "") -> None:
    """Korean words of its own (not a general sentence), and the English unchanged."""
    words = e.text("ko")
    assert_korean(words, where)
    assert not any(g in words for g in GENERAL), f"{where}: a general sentence: {words!r}"
    assert e.text("en") == e.text() == str(e)


# --- the records the bad files are made from ------------------------------------------------
HANDS4 = {
    "N": "JH 9H AH TH KH QH 8H 7H",
    "E": "AS TS KS QS JS 9S 8S 7S",
    "S": "AD TD KD QD JD 9D 8D 7D",
    "W": "AC TC KC QC JC 9C 8C 7C",
}
HANDS2 = {"N": "JH 9H AH TH KH QH 8H 7H AS", "S": "TS KS QS JS 9S 8S 7S AD TD"}
STOCK2 = "KD QD JD 9D 8D 7D AC TC KC QC JC 9C 8C 7C"


def _json(obj: Any) -> Any:
    return json.loads(json.dumps(obj.to_json()))


def _levels() -> dict[int, Callable[[int], Any]]:
    return {k: (lambda seed: RandomPlayer(seed=seed)) for k in range(1, 5)}


def _step(obj: Any, rng: random.Random) -> bool:
    """One random legal action of a hand, a game or a ladder; ``False`` at its end."""
    if isinstance(obj, Ladder):
        inner = obj.current
        if obj.is_over:
            return False
        if inner.is_over:
            obj.next()
            return True
        return _step(inner, rng)
    if hasattr(obj, "next_hand"):
        if obj.is_over:
            return False
        if obj.hand.is_over:
            obj.next_hand()
            return True
        return _step(obj.hand, rng)
    if obj.phase == "bidding":
        calls = obj.legal_calls()
        obj.call("pass" if "pass" in calls and rng.random() < 0.6 else rng.choice(calls[:3]))
        return True
    if obj.phase == "play":
        obj.play(rng.choice(list(obj.legal_cards())))
        return True
    return False


def _played(obj: Any, steps: int, seed: int = 1) -> Any:
    rng = random.Random(seed)
    for _ in range(steps):
        if not _step(obj, rng):
            break
    return obj


def belote_start() -> dict[str, Any]:
    h = BeloteHand.from_hands(HANDS4, "H", taker="N", first_leader="N")
    h.play("JH")
    return _json(h)


def illegal_play(cls: type, seed: int) -> dict[str, Any]:
    """A hand record of ``cls`` whose last action plays a card of the hand the rules refuse
    (the suit led not followed, a trump not played …)."""
    for k in range(seed, seed + 200):
        h = cls(seed=k)
        rng = random.Random(k)
        while h.phase in ("bidding", "play"):
            if h.phase == "play" and h.trick:
                own = h.hand(h.current_player) if hasattr(h, "hand") else None
                bad = [c for c in own or () if c not in h.legal_cards()]
                if bad:
                    rec = _json(h)
                    rec["actions"].append(["play", SEATS[h.current_player], bad[0].text])
                    return rec
            _step(h, rng)
    raise AssertionError("no illegal card found")


def belote_dealt() -> dict[str, Any]:
    return _json(_played(BeloteHand(seed=5), 3))


def belote_game() -> dict[str, Any]:
    g = BeloteGame(seed=3)
    rng = random.Random(1)
    while not g.hands or g.hand.actions == []:
        _step(g, rng)
    return _json(g)


def coinche_start() -> dict[str, Any]:
    return _json(CoincheHand.from_hands(HANDS4, "80H", "N", "W"))


def coinche_game() -> dict[str, Any]:
    return _json(_played(CoincheGame(CoincheRules(target=500), seed=2), 60))


def belote2_start() -> dict[str, Any]:
    return _json(Belote2Hand.from_hands(HANDS2, STOCK2, "H", "N", "S"))


def belote2_match() -> dict[str, Any]:
    m = Belote2Match(seed=4)
    rng = random.Random(2)
    while len(m.hands) < 1:
        _step(m, rng)
    _step(m, rng)
    return _json(m)


def callbreak_start() -> dict[str, Any]:
    deck = [c.text for c in full_deck()]
    random.Random(1).shuffle(deck)
    hands = {s: " ".join(deck[13 * k : 13 * (k + 1)]) for k, s in enumerate(SEATS)}
    return _json(CallbreakHand.from_hands(hands, [1, 2, 3, 4], "S"))


def callbreak_dealt() -> dict[str, Any]:
    return _json(CallbreakHand(seed=2))


def callbreak_game() -> dict[str, Any]:
    g = CallbreakGame(CallbreakRules(rounds=3), seed=1)
    rng = random.Random(0)
    while len(g.hands) < 1:
        _step(g, rng)
    _step(g, rng)
    return _json(g)


def belote2_run() -> dict[str, Any]:
    run = Belote2Run(_levels(), "S", Belote2Rules(hands_per_match=1), seed=3)
    rng = random.Random(4)
    while len(run.matches) < 1 and not run.is_over:
        _step(run, rng)
    return _json(run)


def callbreak_journey() -> dict[str, Any]:
    j = CallbreakJourney(_levels(), 1, CallbreakRules(rounds=3), seed=2)
    _played(j, 10_000, 4)
    return _json(j)


def session() -> dict[str, Any]:
    s = Session("belote", mode="game", seat="S", levels={"N": 3}, seed=1)
    s.advance()
    return json.loads(json.dumps(s.to_json()))


def run_session() -> dict[str, Any]:
    return json.loads(json.dumps(Session("belote2", mode="run", seat="S", seed=1).to_json()))


def _read(kind: str) -> Callable[[Any], Any]:
    return {
        "any": loads,
        "hand": hand_from_json,
        "game": game_from_json,
        "run": lambda d: run_from_json(d, _levels()),
        "session": Session.from_json,
        "hand_record": hand_record,
        "belote_hand": BeloteHand.from_json,
        "belote_game": BeloteGame.from_json,
        "run_class": lambda d: CallbreakJourney.from_json(d, _levels()),
    }[kind]


def _set(path: str, value: Any) -> Callable[[Any], Any]:
    """A change that sets the value at ``path`` (keys and indexes separated by dots)."""

    def change(rec: Any) -> None:
        *head, last = path.split(".")
        for p in head:
            rec = rec[int(p)] if isinstance(rec, list) else rec[p]
        rec[int(last) if isinstance(rec, list) else last] = value

    return change


def _pop(path: str) -> Callable[[Any], Any]:
    def change(rec: Any) -> None:
        *head, last = path.split(".")
        for p in head:
            rec = rec[int(p)] if isinstance(rec, list) else rec[p]
        rec.pop(last)

    return change


def _actions(*acts: list[str]) -> Callable[[Any], Any]:
    def change(rec: Any) -> None:
        rec["actions"] = [*rec["actions"], *acts]

    return change


def _as_list(rec: dict[str, Any]) -> dict[str, Any]:
    rec["start"]["hands"] = [rec["start"]["hands"][s] for s in SEATS]
    return rec


Change = Callable[[Any], Any]
CORPUS: list[tuple[str, str, Callable[[], Any], Change]] = [
    # four-player Belote hands (test_records.py's malformed records)
    ("hands-null", "any", belote_start,
     lambda r: _as_list(r)["start"]["hands"].__setitem__(2, None)),
    ("hands-five", "any", belote_start, lambda r: _as_list(r)["start"]["hands"].append([])),
    ("hands-extra-seat", "any", belote_start, lambda r: r["start"]["hands"].update(X=[])),
    ("hands-no-seat", "any", belote_start, _set("start.hands", {})),
    ("hands-card", "any", belote_start, _set("start.hands.E.0", 7)),
    ("hands-zz", "any", belote_start, _set("start.hands.E.0", "ZZ")),
    ("hands-twice", "any", belote_start, _set("start.hands.E.0", "JH")),
    ("hands-twice-one-seat", "any", belote_start, _set("start.hands.E.1", "AS")),
    ("hands-2S", "any", belote_start, _set("start.hands.E.0", "2S")),
    ("hands-text", "any", belote_start, _set("start.hands", "JH 9H")),
    ("dealer-inconsistent", "any", belote_start, _set("dealer", "E")),
    ("dealer-type", "any", belote_start, _set("dealer", 0)),
    ("dealer-letter", "any", belote_start, _set("dealer", "X")),
    ("start-extra", "any", belote_start, _set("start.dealer", "N")),
    ("start-lacks", "any", belote_start, _pop("start.taker")),
    ("taker", "any", belote_start, _set("start.taker", None)),
    ("contract-callbreak", "any", belote_start, _set("start.contract", "callbreak")),
    ("contract-X", "any", belote_start, _set("start.contract", "X")),
    ("contract-number", "any", belote_start, _set("start.contract", 3)),
    ("version-99", "any", belote_start, _set("version", 99)),
    ("version-true", "any", belote_start, _set("version", True)),
    ("version-float", "any", belote_start, _set("version", 1.0)),
    ("version-missing", "any", belote_start, _pop("version")),
    ("format-other", "hand", belote_start, _set("format", "belote_lab/tarot")),
    ("game-unknown", "any", belote_start, _set("game", "tarot")),
    ("game-number", "any", belote_start, _set("game", 3)),
    ("deck-and-start", "any", belote_start, _set("deck", [])),
    ("no-deck-no-start", "any", belote_start, _pop("start")),
    ("unknown-key", "any", belote_start, _set("note", 1)),
    ("reserve-bool", "any", belote_start, _set("reserve", True)),
    ("reserve-negative", "any", belote_start, _set("reserve", -10)),
    ("rules-list", "any", belote_start, _set("rules", [1])),
    ("rules-unknown", "any", belote_start, _set("rules", {"no_such_rule": True})),
    ("rules-value", "any", belote_start, _set("rules", {"first_lead": "nobody"})),
    ("rules-target", "any", belote_start, _set("rules", {"target": -5})),
    ("result-type", "any", belote_start, _set("result", [1])),
    ("result-unfinished", "any", belote_start, _set("result", {"score": 1})),
    ("actions-missing", "any", belote_start, _pop("actions")),
    ("actions-text", "any", belote_start, _set("actions", "JH")),
    ("action-malformed", "any", belote_start, _actions(["play", "E"])),
    ("action-number", "any", belote_start, _actions(3)),
    ("action-zz", "any", belote_start, _actions(["play", "E", "ZZ"])),
    ("action-not-in-hand", "any", belote_start, _actions(["play", "E", "AD"])),
    ("action-illegal-belote", "any", lambda: illegal_play(BeloteHand, 1), lambda r: None),
    ("action-illegal-coinche", "any", lambda: illegal_play(CoincheHand, 2), lambda r: None),
    ("action-illegal-belote2", "any", lambda: illegal_play(Belote2Hand, 3), lambda r: None),
    ("action-illegal-callbreak", "any", lambda: illegal_play(CallbreakHand, 4), lambda r: None),
    ("action-out-of-turn", "any", belote_start, _actions(["play", "S", "AD"])),
    ("action-bad-seat", "any", belote_start, _actions(["play", "Q", "AS"])),
    ("action-call-in-play", "any", belote_start, _actions(["call", "E", "pass"])),
    ("action-kind", "any", belote_start, _actions(["deal", "E", "1"])),
    ("dealt-call", "any", belote_dealt, _actions(["call", "W", "sing"])),
    ("dealt-deck-short", "any", belote_dealt, lambda r: r["deck"].pop()),
    ("dealt-deck-type", "any", belote_dealt, _set("deck", {"a": 1})),
    ("dealt-deck-card", "any", belote_dealt, _set("deck.3", "1H")),
    ("dealt-deck-twice", "any", belote_dealt, lambda r: r["deck"].__setitem__(3, r["deck"][4])),
    ("dealt-deck-52", "any", belote_dealt, _set("deck.3", "2C")),
    ("dealt-card-early", "any", belote_dealt,
     lambda r: r.update(actions=[["play", SEATS[(SEATS.index(r["dealer"]) + 1) % 4], "JH"]])),
    ("not-a-belote-hand", "belote_hand", callbreak_dealt, lambda r: None),
    ("not-an-object", "any", belote_start, lambda r: r.clear()),
    # four-player Belote games
    ("seed-list", "any", belote_game, _set("seed", [1, 2])),
    ("seed-bool", "any", belote_game, _set("seed", True)),
    ("game-hands-null", "any", belote_game, _set("hands", [None])),
    ("game-hands-empty", "any", belote_game, _set("hands", [])),
    ("game-version", "any", belote_game, _set("version", 2)),
    ("game-totals-missing", "any", belote_game, _pop("totals")),
    ("game-totals-bool", "any", belote_game, lambda r: r["totals"].update(NS=True)),
    ("game-totals-differ", "any", belote_game, lambda r: r["totals"].update(NS=999)),
    ("game-other-hand", "any", belote_game, _set("hands.0.game", "callbreak")),
    ("game-first-reserve", "any", belote_game,
     lambda r: (r["hands"][0].update(reserve=10), r["hands"][0].pop("result"))),
    ("game-hand-action", "any", belote_game,
     lambda r: r["hands"][-1]["actions"].append(["play", "N", "ZZ"])),
    ("game-result-differs", "any", belote_game,
     lambda r: r["hands"][0]["result"].update(score={"NS": 1, "EW": 2})),
    ("not-a-belote-game", "belote_game", callbreak_game, lambda r: None),
    # Coinche
    ("coinche-bid-xyz", "any", coinche_start, _set("start.bid", "xyz")),
    ("coinche-bid-85", "any", coinche_start, _set("start.bid", "85H")),
    ("coinche-bid-callbreak", "any", coinche_start, _set("start.bid", "callbreak")),
    ("coinche-multiplier", "any", coinche_start, _set("start.multiplier", 3)),
    ("coinche-bidder", "any", coinche_start, _set("start.bidder", "Z")),
    ("coinche-reserve", "any", coinche_start, _set("reserve", 0)),
    ("coinche-dealer", "any", coinche_start, _set("dealer", "N")),
    ("coinche-no-start", "any", coinche_start, _pop("start")),
    ("coinche-game-rules", "any", coinche_game, _set("rules", {"min_bid": 90, "max_bid": 80})),
    ("coinche-game-totals", "any", coinche_game, _set("totals", {"NS": 1})),
    # two-player Belote
    ("belote2-contract-NT", "any", belote2_start, _set("start.contract", "NT")),
    ("belote2-seat-E", "any", belote2_start,
     lambda r: r["start"].update(hands={"N": r["start"]["hands"]["N"], "E": []})),
    ("belote2-redeals", "any", belote2_start, _set("redeals", 1)),
    ("belote2-dealer", "any", belote2_start, _set("dealer", "S")),
    ("belote2-dealer-E", "any", belote2_start, _set("dealer", "E")),
    ("belote2-stock", "any", belote2_start, lambda r: r["start"]["stock"].pop()),
    ("belote2-stock-twice", "any", belote2_start, _set("start.stock.0", "JH")),
    ("belote2-play-E", "any", belote2_start, _actions(["play", "E", "TS"])),
    ("belote2-rules", "any", belote2_start, _set("rules", {"hands_per_match": 0})),
    ("belote2-match-rules", "any", belote2_match,
     _set("hands.1.rules", {"forced_after_redeals": 5})),
    ("belote2-match-redeal", "any", belote2_match, _set("hands.0.redeals", 1)),
    ("belote2-match-dealer", "any", belote2_match,
     lambda r: r["hands"][1].update(dealer=r["hands"][0]["dealer"])),
    ("belote2-match-extra", "any", belote2_match,
     lambda r: r["hands"].extend(copy.deepcopy(r["hands"][-1:]) * 3)),
    # Callbreak
    ("callbreak-calls-type", "any", callbreak_start, _set("start.calls", "1 2 3 4")),
    ("callbreak-calls-keys", "any", callbreak_start, _set("start.calls", {"N": 1})),
    ("callbreak-call-0", "any", callbreak_start, _set("start.calls.N", 0)),
    ("callbreak-call-9", "any", callbreak_start, _set("start.calls.S", 9)),
    ("callbreak-dealer", "any", callbreak_start, _set("dealer", "N")),
    ("callbreak-13", "any", callbreak_start, lambda r: r["start"]["hands"]["N"].pop()),
    ("callbreak-deck-type", "any", callbreak_dealt, _set("deck", 52)),
    ("callbreak-deck-short", "any", callbreak_dealt, lambda r: r["deck"].pop()),
    ("callbreak-call-0-action", "any", callbreak_dealt, _actions(["call", "N", "0"])),
    ("callbreak-call-x", "any", callbreak_dealt, _actions(["call", "E", "x"])),
    ("callbreak-call-turn", "any", callbreak_dealt, _actions(["call", "W", "3"])),
    ("callbreak-play-early", "any", callbreak_dealt, _actions(["play", "E", "AS"])),
    ("callbreak-kind", "any", callbreak_dealt, _actions(["deal", "E", "1"])),
    ("callbreak-rules", "any", callbreak_dealt, _set("rules", {"rounds": 4})),
    ("callbreak-game-seed", "any", callbreak_game,
     lambda r: r.update(seed=(r["seed"] or 0) + 1)),
    ("callbreak-game-unfinished", "any", callbreak_game,
     lambda r: r["hands"][0].update(actions=r["hands"][0]["actions"][:3], result=None)),
    ("callbreak-game-dealer", "any", callbreak_game,
     lambda r: (r["hands"][1].update(dealer=r["hands"][0]["dealer"]),
                r.update(seed=None))),
    ("callbreak-game-rules", "any", callbreak_game, _set("hands.1.rules", {"max_call": 5})),
    ("callbreak-game-totals", "any", callbreak_game, _set("totals", {"N": 0, "E": 0})),
    # runs (two-player Belote) and journeys (Callbreak)
    ("run-level", "run", belote2_run, lambda r: r.update(level=r["level"] + 1)),
    ("run-over", "run", belote2_run, lambda r: r.update(over=not r["over"])),
    ("run-over-type", "run", belote2_run, _set("over", "yes")),
    ("run-seat", "run", belote2_run, _set("seat", "E")),
    ("run-seed", "run", belote2_run,
     lambda r: r["games"][0].update(seed=(r["games"][0]["seed"] or 0) + 1)),
    ("run-games-empty", "run", belote2_run, _set("games", [])),
    ("run-wins-missing", "run", belote2_run, _pop("wins")),
    ("run-game-other", "run", belote2_run, _set("games.0.game", "belote")),
    ("run-game-bad", "run", belote2_run, _set("games.0.totals", {"N": 1, "S": 0})),
    ("run-game-dealer", "run", belote2_run,
     lambda r: r["games"][0]["hands"][0].update(
         dealer="N" if r["games"][0]["hands"][0]["dealer"] == "S" else "S")),
    ("run-rules", "run", belote2_run, _set("games.0.rules", {"hands_per_match": 3})),
    ("journey-points", "run", callbreak_journey, lambda r: r.update(over=False)),
    ("journey-seat", "run", callbreak_journey, _set("seat", "X")),
    ("journey-format", "run", callbreak_journey, _set("format", "belote_lab/game")),
    ("journey-game", "run", callbreak_journey, _set("game", "belote")),
    ("journey-class", "run_class", belote2_run, lambda r: None),
    # sessions (test_session.py's bad session records)
    ("session-format", "session", session, _set("format", "belote_lab/hand")),
    ("session-version", "session", session, _set("version", 2)),
    ("session-mode-run", "session", session, _set("mode", "run")),
    ("session-mode-unknown", "session", session, _set("mode", "tournament")),
    ("session-seat", "session", session, _set("seat", "X")),
    ("session-level", "session", session, _set("levels", {"N": 7})),
    ("session-level-seat", "session", session, _set("levels", {"Q": 1})),
    ("session-seed", "session", session, _set("seed", "one")),
    ("session-number", "session", session, _set("number", 0)),
    ("session-extra", "session", session, _set("extra", 1)),
    ("session-record-missing", "session", session, _pop("record")),
    ("session-record-game", "session", session, _set("record.game", "tarot")),
    ("session-record-format", "session", session, _set("record.format", "belote_lab/run")),
    ("session-record-action", "session", session,
     lambda d: d["record"]["hands"][0]["actions"].append(["play", "S", "ZZ"])),
    ("session-record-totals", "session", session, _set("record.totals", {"NS": 5, "EW": 0})),
    ("session-run-seat", "session", run_session, _set("seat", "N")),
    ("session-run-level", "session", run_session,
     lambda d: d["record"].update(level=d["record"]["level"] + 1)),
]


@pytest.mark.parametrize(
    ("kind", "base", "change"), [c[1:] for c in CORPUS], ids=[c[0] for c in CORPUS]
)
def test_every_bad_file_is_refused_in_korean_too(
    kind: str, base: Callable[[], Any], change: Change
) -> None:
    rec = base()
    change(rec)
    with pytest.raises(RecordError) as err:
        _read(kind)(rec)
    assert "unexpected" not in str(err.value)
    assert_record_error(err.value, kind)


def test_the_corpus_covers_every_game_and_format() -> None:
    assert len({c[0] for c in CORPUS}) == len(CORPUS) >= 40
    bases = {c[2].__name__ for c in CORPUS}
    for game in ("belote", "coinche", "belote2", "callbreak"):
        assert any(b.startswith(game) for b in bases), game
    assert {"belote_game", "coinche_game", "belote2_match", "callbreak_game", "belote2_run",
            "callbreak_journey", "session", "run_session"} <= bases


def test_the_english_messages_are_unchanged() -> None:
    """``str(e)`` is the English message other tests (and users' scripts) compare."""
    cases = [
        (belote_start, lambda r: _as_list(r)["start"]["hands"].__setitem__(2, None),
         "start.hands[2]: expected a list of 8 cards, got null"),
        (belote_start, _set("start.hands.E.0", "JH"), "start.hands.E: card 'JH' is dealt twice"),
        (belote_start, _actions(["play", "E", "ZZ"]), "action 2 (trick 1): unknown card 'ZZ'"),
        (belote_game, _set("hands.0.game", "callbreak"),
         "hand 1: a belote game holds belote hands, not the text 'callbreak'"),
        (belote_start, _set("version", True),
         "version: unsupported version: expected 1, got true"),
    ]
    for base, change, words in cases:
        rec = base()
        change(rec)
        with pytest.raises(RecordError) as err:
            loads(rec)
        assert str(err.value).startswith(words), str(err.value)


@pytest.mark.parametrize(
    ("kind", "base", "change"), [c[1:] for c in CORPUS], ids=[c[0] for c in CORPUS]
)
def test_the_english_messages_show_json_values_not_python_ones(
    kind: str, base: Callable[[], Any], change: Change
) -> None:
    """Issue 25 item 5: a record's values in English as JSON writes them (true, null,
    "made"), never Python's reprs (True, None, 'made'), and no doubled period."""
    rec = base()
    change(rec)
    with pytest.raises(RecordError) as err:
        _read(kind)(rec)
    words = str(err.value)
    assert not re.search(r"\b(True|False|None)\b|'made'|\.\.(?!\.)", words), words


def test_the_place_of_an_error_in_korean() -> None:
    """The action and the trick, the hand of a game and the session's record are named in
    Korean before the sentence."""
    rec = belote_start()
    rec["actions"].append(["play", "E", "ZZ"])
    with pytest.raises(RecordError) as err:
        loads(rec)
    assert err.value.text("ko") == (
        "2번째 동작(첫 번째 트릭): ‘ZZ’는 카드로 읽을 수 없습니다(카드는 J♥, 10♠처럼 숫자나 "
        "문자 뒤에 무늬를 붙여 씁니다)."
    )
    data = session()
    data["record"]["hands"][0]["actions"].append(["play", "S", "ZZ"])
    with pytest.raises(RecordError) as err:
        Session.from_json(data)
    words = err.value.text("ko")
    assert words.startswith("저장된 기록, 첫 번째 판, 2번째 동작: ‘ZZ’는"), words
    assert err.value.action is not None and err.value.field == "record.hands[0]"
    # an illegal card says which card and why, in the words of the rules
    rec = belote_start()
    rec["actions"].append(["play", "E", "AD"])
    with pytest.raises(RecordError) as err:
        loads(rec)
    assert "A♦는 손패에 없으므로 낼 수 없습니다" in err.value.text("ko")


def test_a_raise_site_without_korean_words_still_reads_as_korean() -> None:
    """An error raised with English words only (a game added from outside) is named by its
    field in Korean, or by a general sentence."""
    words = RecordError("deck: no", field="deck").text("ko")
    assert words == "파일의 ‘deck’ 항목을 읽을 수 없습니다."
    assert_korean(RecordError("anything").text("ko"))
    assert RecordError("no", 2, 1).text("ko").startswith("3번째 동작(첫 번째 트릭): ")
    assert_korean(RecordError("no", 2, 1).text("ko"))
    with pytest.raises(ValueError, match="unknown language"):
        RecordError("x").text("fr")


def test_korean_details_are_kept_short() -> None:
    e = RecordError("x" * 2000, ko="가" * 2000 + ".")
    assert len(str(e)) < 900 and len(e.text("ko")) < 900


# --- bad texts ----------------------------------------------------------------------------------
def _good_text() -> str:
    return json.dumps(belote_game())


BAD_TEXTS: list[tuple[str, Callable[[], bytes]]] = [
    ("not-utf8", lambda: b"\xff\xfe\x00{"),
    ("utf16", lambda: _good_text().encode("utf-16")),
    ("bom", lambda: b"\xef\xbb\xbf" + _good_text().encode()),
    ("deep-list", lambda: b"[" * 100_000 + b"]" * 100_000),
    ("deep-object", lambda: ('{"a": ' * 3000 + "1" + "}" * 3000).encode()),
    ("long-number", lambda: _good_text().replace('"seed": 3', '"seed": ' + "7" * 5000).encode()),
    ("huge-number", lambda: _good_text().replace('"seed": 3', '"seed": 1e400').encode()),
    ("nan", lambda: _good_text().replace('"seed": 3', '"seed": NaN').encode()),
    ("empty", lambda: b""),
    ("null", lambda: b"null"),
    ("cut", lambda: _good_text()[:-3].encode()),
    ("list", lambda: b"[1, 2]"),
]


@pytest.mark.parametrize("make", [b[1] for b in BAD_TEXTS], ids=[b[0] for b in BAD_TEXTS])
def test_bad_texts_are_refused_in_korean_too(make: Callable[[], bytes]) -> None:
    raw = make()
    for read in (loads, Session.from_json, hand_record):
        with pytest.raises(RecordError) as err:
            read(raw)
        assert_record_error(err.value)
    if raw.startswith(b"\xef\xbb\xbf"):
        with pytest.raises(RecordError) as err:
            loads(raw.decode("utf-8"))
        assert_record_error(err.value)


def test_hand_record_refusals_in_korean() -> None:
    game = belote_game()
    for source, index in (({"format": "belote_lab/game", "hands": []}, 0), (game, 40),
                          ({**game, "hands": [None]}, 0), ({"format": "x"}, 0), ([1], 0)):
        with pytest.raises(RecordError) as err:
            hand_record(source, index)
        assert_record_error(err.value)


# --- mutated records ----------------------------------------------------------------------------
MAKERS: list[tuple[Callable[[], Any], str]] = [
    *((m, "any") for m in (belote_start, belote_dealt, coinche_start, belote2_start,
                           callbreak_start, callbreak_dealt, belote_game, coinche_game,
                           belote2_match, callbreak_game)),
    (belote2_run, "run"), (callbreak_journey, "run"), (session, "session"),
    (run_session, "session"),
]


@functools.cache
def _base(maker: Callable[[], Any]) -> str:
    return json.dumps(maker())
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=6),
    st.sampled_from(["N", "E", "S", "W", "JH", "7S", "2C", "AS", "take", "pass", "80H",
                     "belote", "callbreak", "play", "call", "NT", "AT", "H"]),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(),
                                                         max_size=2),
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out.extend(_paths(v, (*path, k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out.extend(_paths(v, (*path, i)))
    return out


@settings(
    max_examples=200, derandomize=True, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_mutated_records_are_refused_in_korean_too(data: st.DataObject) -> None:
    maker, kind = data.draw(st.sampled_from(MAKERS), label="record")
    rec = json.loads(_base(maker))
    for _ in range(data.draw(st.integers(min_value=1, max_value=2), label="mutations")):
        paths = [p for p in _paths(rec) if p]
        path = data.draw(st.sampled_from(paths), label="where")
        parent = rec
        for p in path[:-1]:
            parent = parent[p]
        if data.draw(st.booleans(), label="delete"):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(VALUES, label="value")
    try:
        _read(kind)(rec)
    except RecordError as e:
        assert_record_error(e, json.dumps(rec)[:200])


# --- rule options -------------------------------------------------------------------------------
RULES: list[tuple[Callable[[], Any], str]] = [
    (lambda: BeloteRules.from_json({"no_such_rule": 1}), "unknown rule option 'no_such_rule'"),
    (lambda: BeloteRules.from_json([1]), "rule options must be an object"),  # type: ignore[arg-type]
    (lambda: CoincheRules(target=-5), "rule option 'target' must be a whole number"),
    (lambda: BeloteRules(first_lead="nobody"), "rule option 'first_lead' must be"),
    (lambda: BeloteRules(declarations=3), "must be true or false, not 3"),  # type: ignore[arg-type]
    (lambda: CoincheRules(min_bid=90, max_bid=80), "multiples of 10 with min_bid ≤ max_bid"),
    (lambda: CoincheRules(min_bid=85), "multiples of 10"),
    (lambda: CallbreakRules(rounds=4), "rule option 'rounds' must be 3 or 5, not 4"),
    (lambda: CallbreakRules(target_score=0), "or null, not 0"),
    (lambda: Belote2Rules(hands_per_match=None), "not null"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("make", "english"), RULES)
def test_rule_option_errors_in_korean(make: Callable[[], Any], english: str) -> None:
    with pytest.raises(RuleOptionError) as err:
        make()
    e = err.value
    assert english in str(e) and e.text("en") == e.text() == str(e)
    assert_korean(e.text("ko"))


def test_rule_options_named_by_a_panel() -> None:
    with pytest.raises(RuleOptionError) as err:
        CoincheRules(min_bid=150, max_bid=100)
    names = {"min_bid": "가장 낮은 공약", "max_bid": "가장 높은 점수 공약"}
    assert err.value.text("ko", names=names) == (
        "규칙 옵션 ‘가장 낮은 공약’과 ‘가장 높은 점수 공약’은 10의 배수여야 하고 ‘가장 낮은 "
        "공약’이 ‘가장 높은 점수 공약’보다 크면 안 되는데 지금은 150과 100입니다."
    )
    assert err.value.text("ko") == (
        "규칙 옵션 ‘min_bid’와 ‘max_bid’는 10의 배수여야 하고 ‘min_bid’가 ‘max_bid’보다 크면 "
        "안 되는데 지금은 150과 100입니다."
    )
    assert_korean(RuleOptionError("plain English").text("ko"))


# --- the widgets ----------------------------------------------------------------------------------
def test_a_bad_file_at_a_korean_table() -> None:
    import belote_widgets as bw

    t = bw.PlayTable("callbreak", seat="E", seed=1, language="ko")
    state = t.session.to_json()
    hand = t.hand
    data = session()
    data["record"]["hands"][0]["actions"].append(["play", "S", "ZZ"])
    bad = [b"\xff{", "{}", json.dumps({**data, "mode": "journey"}), "[1, 2]", json.dumps(data)]
    for raw in bad:
        assert t.resume(raw) is False
        shown = re.sub(r"<[^>]+>", "", t.file_message.value)
        assert shown.startswith("이 파일로는 이어 할 수 없습니다. ")
        assert shown.endswith(" 테이블은 그대로입니다.")
        assert_korean(shown.replace("&#x27;", "'").replace("&quot;", '"'))
        assert t.session.to_json() == state and t.hand == hand  # the table is unchanged
    assert "‘ZZ’는 카드로 읽을 수 없습니다" in t.file_message.value
    t.language_picker.value = "en"
    assert t.resume("{}") is False
    assert "This file cannot be resumed: not a session record" in t.file_message.value


def test_a_failed_hint_in_korean() -> None:
    import belote_widgets as bw
    from belote_widgets.table_view import View, hint_failed_words, hint_html

    error, failure = "advice is for the bidding", ValueError("advice is for")
    assert hint_failed_words(error, failure, "ko") == "이 상황에서는 힌트를 계산할 수 없습니다."
    assert hint_failed_words(error, failure, "en") == "No hint: advice is for the bidding"
    failure = RecordError("x", ko="기록을 읽을 수 없습니다.")
    said = "힌트를 낼 수 없습니다. 기록을 읽을 수 없습니다."
    assert hint_failed_words(error, failure, "ko") == said
    t = bw.PlayTable("belote", seat="S", seed=3, language="ko")  # the table draws the same words
    shown = hint_html(View(t.session, "ko", hint_error=error, hint_failure=failure))
    assert said in shown


def test_a_settings_panel_names_its_own_options() -> None:
    import belote_widgets as bw

    p = bw.SettingsPanel("coinche", language="ko")
    p.rule_inputs["min_bid"].value = 150
    p.rule_inputs["max_bid"].value = 100
    assert p.start() is None
    shown = re.sub(r"<[^>]+>", "", p.message.value)
    assert "‘가장 낮은 공약’과 ‘가장 높은 점수 공약’은 10의 배수여야" in shown
    assert_korean(shown)
