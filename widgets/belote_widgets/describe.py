"""Words and small HTML pieces about a hand of any game, shared by the stepper and the table.

Everything is read from the engine's public state (``phase``, ``contract``, ``tricks``,
``won_points``, ``events``, ``result``, ``seat_view``…); nothing here decides a rule.

>>> from belote_lab.selfplay import play_hand
>>> h = play_hand("belote", "2,2,2,2", seed=1, dealer="N")
>>> running_points(h)
{'NS': 90, 'EW': 72}
>>> result_text(h, "en")
"The contract made: NS, the attack, has 90, more than EW's 72."
>>> result_text(h, "ko")
'계약 성공: 공격하는 남북 팀은 90점으로 동서 팀의 72점보다 많습니다.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from belote_lab.cards import SEATS, Card, CardSet, parse_seat
from belote_lab.games import Game, get
from belote_lab.games.belote import HandResult
from belote_lab.games.callbreak import CallbreakResult
from belote_lab.games.coinche import CoincheResult
from belote_lab.trick import trick_winner
from belote_widgets._game import bidding
from belote_widgets.cards_view import backs_html, card_html, cards_html, esc
from belote_widgets.i18n import (
    call_label,
    contract_name,
    event_text,
    seat_name,
    side_name,
    text,
)

__all__ = [
    "sides",
    "sides_html",
    "turned_html",
    "running_points",
    "score_of",
    "result_text",
    "contract_text",
    "calls_of",
    "calls_text",
    "action_text",
    "phase_text",
    "events_html",
    "trick_html",
    "last_trick_html",
    "hand_cards",
    "seat_hand_html",
]


def sides(game: str) -> tuple[str, ...]:
    """The scoring sides: ``NS``/``EW``, ``N``/``S`` or the four seats."""
    return get(game).sides


def sides_html(values: Mapping[str, Any], language: str) -> str:
    """One value per side, each in its side's colour: ``North–South 90, East–West 72``."""
    return ", ".join(
        f'<span class="bw-side side-{side}">{esc(side_name(side, language))} {v}</span>'
        for side, v in values.items()
    )


def running_points(hand: Any) -> dict[str, int]:
    """Card points won so far per side (tricks won in Callbreak)."""
    g = get(hand.game)
    per_seat = hand.won_tricks if g.counts == "tricks" else hand.won_points
    out = dict.fromkeys(g.sides, 0)
    for seat in hand.seat_order:
        out[g.sides[g.side_of(seat)]] += per_seat[seat]
    return out


def score_of(hand: Any) -> dict[str, str]:
    """The final score per side as text (tenths in Callbreak), or ``{}`` before the end."""
    r = hand.result
    if r is None:
        return {}
    return {side: str(r.score[side]) for side in sides(hand.game)}


def _points_words(points: dict[str, int], lang: str) -> str:
    return ", ".join(f"{side_name(s, lang)} {n}" for s, n in points.items())


def result_text(hand: Any, language: str) -> str:
    """Why the hand ended as it did: the engine's ``result.why()`` in English (four-player Belote:
    in either language); in Korean the same facts (made, failed, capot, litige, calls and
    tricks) put in Korean words."""
    r = hand.result
    if r is None:
        return ""
    if isinstance(r, HandResult):  # four-player Belote explains itself in both languages
        return str(r.why(language))
    if language == "en":
        return str(r.why())
    if isinstance(r, CallbreakResult):
        return _calls_words(r, language)
    pts = _points_words(dict(r.points), language)
    if r.capot:
        return text("res_capot", language, side=side_name(r.capot, language))
    if isinstance(r, CoincheResult):
        return _auction_words(r, get(hand.game), pts, language)
    if r.made is None:
        return text("res_tie", language, points=pts)
    return text("res_made" if r.made else "res_failed", language, points=pts)


def _calls_words(r: CallbreakResult, language: str) -> str:
    """Each seat's call, tricks and score, a line a seat."""
    lines = [
        text(
            "res_callbreak",
            language,
            seat=seat_name(s, language),
            call=r.calls[s],
            took=r.tricks_won[s],
            score=str(r.score[s]),
        )
        for s in r.calls
    ]
    return "\n".join(lines)


def _auction_words(r: CoincheResult, game: Game, pts: str, language: str) -> str:
    """The bid, its doubling and whether it was made."""
    team = game.sides[game.side_of(parse_seat(r.bidder))]
    mult = {
        1: "",
        2: " (" + text("call_coinche", language) + ")",
        4: " (" + text("call_surcoinche", language) + ")",
    }[r.multiplier]
    outcome = text("result_made" if r.made else "result_failed", language)
    return text(
        "res_coinche",
        language,
        side=side_name(team, language),
        bid=call_label(r.bid, language),
        mult=mult,
        outcome=outcome,
        points=pts,
    )


def contract_text(hand: Any, language: str) -> str:
    """The contract and who holds it, e.g. ``♥ trump — taker: East``; ``""`` before."""
    how = bidding(hand.game)
    if how == "auction":
        return _bid_text(hand, language)
    if hand.contract is None:
        return ""
    if how != "taking":  # every seat calls, or nobody: no taker
        return contract_name(hand.contract, language)
    return (
        f"{contract_name(hand.contract, language)} — {text('taker', language)}: "
        f"{seat_name(hand.taker, language)}"
    )


def _bid_text(hand: Any, language: str) -> str:
    """The highest bid so far, its doubling and its bidder: ``110 ♠ ×2 — bidder: East``."""
    bid = hand.bid
    if bid is None:
        return ""
    who = hand.bidder if hand.bidder is not None else -1
    if who < 0 and hand.auction is not None and hand.auction.bidder >= 0:
        who = hand.auction.bidder
    mult = {1: "", 2: " ×2", 4: " ×4"}[hand.multiplier]
    by = f" — {text('bidder', language)}: {seat_name(who, language)}" if who >= 0 else ""
    return f"{call_label(bid.text, language)}{mult}{by}"


def calls_of(hand: Any) -> list[tuple[str, str]]:
    """Every call so far as ``(seat letter, call)`` (calls are public)."""
    view = hand.seat_view(hand.seat_order[0])
    return [(str(s), str(c)) for s, c in view.get("calls", [])]


def calls_text(hand: Any, language: str) -> str:
    """The calls so far, e.g. ``East: Pass, South: Take ♥``."""
    turned = hand.turned
    return ", ".join(
        f"{seat_name(s, language)}: {call_label(c, language, turned)}" for s, c in calls_of(hand)
    )


def action_text(action: tuple[str, str, str], language: str, turned: Card | None = None) -> str:
    """A recorded action in words: ``East plays J♥`` / ``East: Take ♥``."""
    kind, seat, value = action
    who = seat_name(seat, language)
    if kind == "play":
        return text("action_play", language, seat=who, card=Card.parse(value).pretty)
    return text("action_call", language, seat=who, call=call_label(value, language, turned))


def phase_text(hand: Any, language: str) -> str:
    return text(f"phase_{hand.phase}", language)


def events_html(hand: Any, language: str, viewer: int | None = None) -> str:
    """The announcements so far as a list; ``viewer`` hides the cards another seat drew."""
    items = []
    for e in hand.events:
        hidden = e.kind == "draw" and viewer is not None and e.seat != viewer
        words = event_text(e.kind, e.seat, e.points, e.detail, language, hidden)
        items.append(f'<li class="bw-event ev-{e.kind}">{esc(words)}</li>')
    if not items:
        return f'<span class="bw-muted">{esc(text("no_announcements", language))}</span>'
    return '<ul class="bw-events">' + "".join(items) + "</ul>"


def turned_html(hand: Any, language: str) -> str:
    """The card turned up for the bidding, while the bidding lasts (else ``""``)."""
    turned = hand.turned
    if turned is None or hand.contract is not None:
        return ""
    return f"<div>{esc(text('turned', language))}: {card_html(turned, False, language)}</div>"


def _trump(hand: Any) -> Any:
    c = hand.contract
    return None if c is None else c.trump


def _trick_seats(hand: Any, leader: int, n: int) -> list[int]:
    order = hand.seat_order
    i = order.index(leader)
    return [order[(i + k) % len(order)] for k in range(n)]


def _trick_cells(hand: Any, cards: list[Card], leader: int, winner_pos: int, lang: str) -> str:
    trump = _trump(hand)
    out = []
    for k, (seat, c) in enumerate(zip(_trick_seats(hand, leader, len(cards)), cards, strict=True)):
        extra = ("bw-winning",) if k == winner_pos else ()
        out.append(
            f'<span class="bw-played seat-{SEATS[seat]}">'
            f'<span class="bw-seat">{esc(seat_name(seat, lang))}</span>'
            f"{card_html(c, trump, lang, extra)}</span> "
        )
    return "".join(out)


def trick_html(hand: Any, language: str) -> str:
    """The cards of the current trick with their seats; the card winning so far is marked."""
    cards = list(hand.trick)
    if not cards:
        return ""
    win = -1
    if hand.contract is not None:
        win = trick_winner(cards, hand.contract)
    return _trick_cells(hand, cards, hand.leader, win, language)


def last_trick_html(hand: Any, language: str) -> str:
    """The last completed trick with its winner, or ``""``."""
    if not hand.tricks:
        return ""
    t = hand.tricks[-1]
    seats = _trick_seats(hand, t.leader, len(t.cards))
    head = esc(text("last_trick", language, seat=seat_name(t.winner, language)))
    return (
        f'<div class="bw-last-trick"><span class="bw-muted">{head}:</span> '
        f"{_trick_cells(hand, list(t.cards), t.leader, seats.index(t.winner), language)}</div>"
    )


def hand_cards(hand: Any, seat: int) -> list[Card]:
    """The cards of ``seat``, by suit and then by strength under the contract (if any)."""
    cards = list(CardSet(hand.hands[seat]))
    c = hand.contract
    if c is None:
        return cards
    power = {}
    for s in {x.suit for x in cards}:
        for i, x in enumerate(c.order(s)):
            power[x] = i
    return sorted(cards, key=lambda x: (int(x.suit), power.get(x, 99)))


def seat_hand_html(hand: Any, seat: int, language: str, face_up: bool) -> str:
    """One seat's cards: faces, or backs that name no card."""
    if face_up:
        return cards_html(hand_cards(hand, seat), _trump(hand), language)
    return backs_html(bin(hand.hands[seat]).count("1"), language)
