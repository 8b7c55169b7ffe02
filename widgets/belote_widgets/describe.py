"""Words and small HTML pieces about a hand of any game, shared by the stepper and the table.

Everything is read from the engine's public state (``phase``, ``contract``, ``tricks``,
``won_points``, ``events``, ``result``, ``seat_view``…); nothing here decides a rule.  The words
are the catalogue's (:mod:`belote_lab.words`): the ``table.`` labels and this module's own
``describe.`` sentences.

>>> from belote_lab.simulation.selfplay import play_hand
>>> h = play_hand("belote", "2,2,2,2", seed=1, dealer="N")
>>> running_points(h)
{'NS': 90, 'EW': 72}
>>> result_text(h, "en")
"The contract made: North–South, the attack, has 90, more than East–West's 72."
>>> result_text(h, "ko")
'공격 팀인 남북 팀은 90점으로 동서 팀의 72점보다 많으므로 계약에 성공했습니다.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from belote_lab.cards import SEATS, Card, CardSet, Rank, parse_seat
from belote_lab.games import Game, get
from belote_lab.games.belote import HandResult
from belote_lab.games.belote2 import Belote2Result
from belote_lab.games.callbreak import CallbreakResult
from belote_lab.games.coinche import Bid, CoincheResult, round_half_up
from belote_lab.trick import trick_winner
from belote_lab.words import text as catalogue_text
from belote_widgets.cards_view import backs_html, card_html, cards_html, esc
from belote_widgets.i18n import (
    bid_words,
    call_label,
    contract_name,
    event_text,
    seat_name,
    seat_word,
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
    "draws_text",
    "drawn_card",
    "events_html",
    "trick_html",
    "last_trick_html",
    "hand_cards",
    "seat_hand_html",
]


NAMESPACE = "describe"
"""The catalogue's namespace of this module's own sentences (``describe.contract_taker`` …)."""


def _w(key: str, language: str, **values: Any) -> str:
    """The sentence ``key`` in ``language``: the catalogue's ``describe.<key>``."""
    return catalogue_text(f"{NAMESPACE}.{key}", language, **values)


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


def result_text(hand: Any, language: str) -> str:
    """Why the hand ended as it did, in words (seats and teams by name, bids in words), in
    English or Korean: four-player Belote's own ``result.why()``; the other games' sentences
    built here from the result's fields (Coinche: the bid, its outcome and how each team's
    score adds up)."""
    r = hand.result
    if r is None:
        return ""
    if isinstance(r, HandResult):  # four-player Belote explains itself in both languages
        return _team_codes_named(str(r.why(language)), language)
    if isinstance(r, CallbreakResult):
        return _calls_words(r, language)
    if isinstance(r, CoincheResult):
        return _auction_words(r, get(hand.game), language)
    if isinstance(r, Belote2Result):
        return _belote2_words(r, len(hand.tricks), language)
    return _team_codes_named(str(r.why()), language)


def _team_codes_named(words: str, language: str) -> str:
    """The engine's sentence with its team codes (``NS``, ``EW``) in words."""
    return _TEAM_CODE.sub(lambda m: side_name(m.group(), language), words)


_TEAM_CODE = re.compile(r"\b(NS|EW)\b")


def _with_belote(points: int, belote: int, language: str) -> str:
    """A total, saying so when a belote is in it: ``91 with its belote``."""
    n = points + belote
    return text("with_belote", language, n=n) if belote else str(n)


def _belote2_words(r: Belote2Result, tricks: int, language: str) -> str:
    """The two-player outcome: capot, made, failed or tie (a belote named only when scored);
    a tie names each seat with its points: ``북쪽(벨로트 포함 91점)과 남쪽(91점)의 점수가``."""
    if r.capot:
        return text(
            "r2_capot",
            language,
            seat=seat_word(r.capot, language),
            n=tricks,
            points=r.score[r.capot],
        )
    t = r.taker
    o = next(s for s in r.points if s != t)
    a = _with_belote(r.points[t], r.belote[t], language)
    b = _with_belote(r.points[o], r.belote[o], language)
    if r.made is None:
        return text(
            "r2_tie",
            language,
            taker=text("r2_score", language, seat=seat_word(t, language), points=a),
            other=text("r2_score", language, seat=seat_word(o, language), points=b),
        )
    return text(
        "r2_made" if r.made else "r2_failed",
        language,
        taker=seat_word(t, language),
        other=seat_word(o, language),
        a=a,
        b=b,
        score=r.score[o],
    )


def _calls_words(r: CallbreakResult, language: str) -> str:
    """Each seat's call, tricks and score, a line a seat."""
    lines = []
    for s, call in r.calls.items():
        took = r.tricks_won[s]
        key = "cb_under" if took < call else "cb_exact" if took == call else "cb_over"
        if took == 0 < call:
            key = "cb_none"  # "took no trick", not "took only 0"
        lines.append(
            text(
                key,
                language,
                seat=seat_word(s, language),
                call=call,
                took=took,
                extra=took - call,
                score=str(r.score[s]),
            )
        )
    return "\n".join(lines)


def _auction_words(r: CoincheResult, game: Game, language: str) -> str:
    """The bid in words, whether it was made and why, then how each team's score adds up."""
    score = _coinche_score(r, game, language)
    return _coinche_outcome(r, game, language) + ("\n" + score if score else "")


def _coinche_outcome(r: CoincheResult, game: Game, language: str) -> str:
    """``North–South bid 80 in hearts and made it: 118 points reach 80 and beat …``."""
    bidder = parse_seat(r.bidder)
    att = game.sides[game.side_of(bidder)]
    dfn = next(t for t in game.sides if t != att)
    bid = Bid.parse(r.bid)
    mult = {2: "co_mult2", 4: "co_mult4"}.get(r.multiplier)
    bid_said = bid_words(bid, language)
    if mult is not None:
        bid_said = text("co_bid_mult", language, bid=bid_said, mult=text(mult, language))
    words = {
        "side": side_name(att, language),
        "bid": bid_said,
        "dfn": side_name(dfn, language),
        "value": bid.value,
        "a": _coinche_points(r.points[att], r.belote[att], language),
        "d": _coinche_points(r.points[dfn], r.belote[dfn], language),
    }
    if not bid.all_tricks:
        a = r.points[att] + r.belote[att]
        key = "co_made" if r.made else "co_short" if a < bid.value else "co_not_beat"
        return text(key, language, **words)
    alone = bid.kind.startswith("generale")
    who = seat_word(bidder, language)
    won = sum(
        n
        for s, n in r.tricks.items()
        if (s == r.bidder if alone else game.sides[game.side_of(parse_seat(s))] == att)
    )
    n = sum(r.tricks.values())
    # a générale's bidder wins every trick alone; a capot's side is the sentence's subject
    if r.made:
        key = "co_all_made_alone" if alone else "co_all_made"
    elif won == n:  # every trick, but not the belote: the sentence says so
        key = "co_all_no_belote_alone" if alone else "co_all_no_belote"
        return text(key, language, who=who, n=n, **words)
    else:
        key = "co_all_failed_alone" if alone else "co_all_failed"
    out = text(key, language, who=who, n=n, won=won, **words)
    if bid.needs_belote:
        out += " " + text("co_belote_yes" if r.belote[att] else "co_belote_no", language)
    return out


def _coinche_points(points: int, belote: int, language: str) -> str:
    """``112 points with its belote`` / ``벨로트 포함 112`` (the template adds 점)."""
    key = "co_points_belote" if belote else "co_points"
    return text(key, language, n=points + belote)


def _coinche_parts(
    r: CoincheResult, team: str, attack: bool, language: str
) -> list[tuple[int, str]]:
    """What ``team`` scores, part by part: ``(points, words)``."""
    bid = Bid.parse(r.bid)
    value, m = bid.value, r.multiplier
    if m == 1:
        bid_part = (value, text("co_part_bid", language, v=value))
    else:
        bid_part = (value * m, text("co_part_bid_mult", language, v=value, m=m, vm=value * m))
    parts: list[tuple[int, str]] = []
    if r.made:
        rounded = round_half_up(r.points[team])
        parts.append((rounded, text("co_part_cards", language, pts=r.points[team], r=rounded)))
        if attack:
            parts.append(bid_part)
    elif attack:
        parts.append((0, text("co_part_nothing", language)))
    else:
        base = r.score[team] - value * m - r.belote[team] - r.declarations[team]
        parts += [(base, text("co_part_failed", language, n=base)), bid_part]
    if r.belote[team]:
        parts.append((r.belote[team], text("co_part_belote", language, n=r.belote[team])))
    if r.declarations[team]:
        parts.append((r.declarations[team], text("co_part_decl", language, n=r.declarations[team])))
    return parts


def _coinche_score(r: CoincheResult, game: Game, language: str) -> str:
    """``Score — North–South: 118 card points rounded to 120 + 80 for the bid = 200; …``;
    ``""`` if the parts do not add up to the engine's score (a rule this text does not know)."""
    att = game.sides[game.side_of(parse_seat(r.bidder))]
    teams = []
    for team in game.sides:
        parts = _coinche_parts(r, team, team == att, language)
        if sum(v for v, _ in parts) != r.score[team]:
            return ""
        joined = " + ".join(w for _, w in parts)
        if len(parts) > 1:
            joined = text("co_total", language, parts=joined, total=r.score[team])
        teams.append(text("co_team", language, side=side_name(team, language), parts=joined))
    return text("co_score", language, parts="; ".join(teams))


def contract_text(hand: Any, language: str) -> str:
    """The contract and who holds it, e.g. ``♥ trump — taker: East``; ``""`` before."""
    how = get(hand.game).bidding
    if how == "auction":
        return _bid_text(hand, language)
    contract = hand.contract or get(hand.game).known_contract  # Callbreak: ♠ from the start
    if contract is None:
        return ""
    if how != "taking":  # every seat calls, or nobody: no taker
        return contract_name(contract, language)
    return _w("contract_taker", language, contract=contract_name(hand.contract, language),
              seat=seat_name(hand.taker, language))


def _bid_text(hand: Any, language: str) -> str:
    """The highest bid so far, its doubling and its bidder: ``110 ♠ ×2 — bidder: East``."""
    bid = hand.bid
    if bid is None:
        return ""
    who = hand.bidder if hand.bidder is not None else -1
    if who < 0 and hand.auction is not None and hand.auction.bidder >= 0:
        who = hand.auction.bidder
    mult = {1: "", 2: " ×2", 4: " ×4"}[hand.multiplier]
    said = f"{call_label(bid.text, language)}{mult}"
    if who < 0:
        return said
    return _w("bid_bidder", language, bid=said, seat=seat_name(who, language))


def calls_of(hand: Any) -> list[tuple[str, str]]:
    """Every call so far as ``(seat letter, call)`` (calls are public)."""
    view = hand.seat_view(hand.seat_order[0])
    return [(str(s), str(c)) for s, c in view.get("calls", [])]


def calls_text(hand: Any, language: str) -> str:
    """The calls so far, e.g. ``East: Pass, South: Take ♥``."""
    turned = hand.turned
    return ", ".join(
        text("action_call", language, seat=seat_name(s, language),
             call=call_label(c, language, turned))
        for s, c in calls_of(hand)
    )


def action_text(action: tuple[str, str, str], language: str, turned: Card | None = None) -> str:
    """A recorded action in words: ``East plays J♥`` / ``East: Take ♥``."""
    kind, seat, value = action
    if kind == "play":  # a sentence: "남쪽이 J♥를 냄"
        card = Card.parse(value).pretty
        return text("action_play", language, seat=seat_word(seat, language), card=card)
    who = seat_name(seat, language)  # a label: "남: 패스"
    return text("action_call", language, seat=who, call=call_label(value, language, turned))


def phase_text(hand: Any, language: str) -> str:
    """The phase in words; the bidding named as docs/TERMS.md names it for the game: 공수 결정
    (the four- and two-player Belote taking, seeds 000 and 004), 경매 (Coinche's auction, where
    each call is a 공약), 콜 (Callbreak, seed 003); ``bidding`` in English.

    >>> from belote_lab.simulation.selfplay import hand_class
    >>> h = hand_class("coinche")(seed=1)
    >>> phase_text(h, "en"), phase_text(h, "ko"), phase_text(hand_class("belote2")(seed=1), "ko")
    ('bidding', '경매', '공수 결정')
    """
    if hand.phase != "bidding":
        return text(f"phase_{hand.phase}", language)
    g = get(hand.game)
    key = f"phase_bidding_{g.bidding}"
    if key not in _PHASE_KEYS:
        key = "phase_bidding"
    return text(key, language)


_PHASE_KEYS = ("phase_bidding_taking", "phase_bidding_auction", "phase_bidding_calls")


PAIR_EVENTS = frozenset({"belote", "rebelote"})
"""The engine's event kinds of the trump king and queen announced (not game names)."""


def events_html(hand: Any, language: str, viewer: int | None = None,
                draws: bool = True) -> str:
    """The announcements so far as a list; the cards drawn from a stock are not announcements:
    only the last trick's draws are shown, on one line (``viewer`` hides another seat's card;
    ``draws=False``: none, where a play log lists them)."""
    items = []
    trump = hand.contract.trump if hand.contract is not None else None
    for e in hand.events:
        if e.kind in PAIR_EVENTS and trump is not None:
            # the announcement shows the pair, as a declaration shows its cards (seed 004)
            pair = " ".join(Card(16 * int(trump) + r).pretty for r in (Rank.KING, Rank.QUEEN))
            words = text(f"ev_{e.kind}_pair", language, seat=seat_name(e.seat, language),
                         cards=pair)
            items.append(f'<li class="bw-event ev-{e.kind}">{esc(words)}</li>')
        elif e.kind != "draw":
            words = event_text(e.kind, e.seat, e.points, e.detail, language)
            items.append(f'<li class="bw-event ev-{e.kind}">{esc(words)}</li>')
    last = [e.trick for e in hand.events if e.kind == "draw"]
    if draws and last:
        line = draws_text(hand, last[-1], language, viewer)
        items.append(f'<li class="bw-event ev-draw">{esc(line)}</li>')
    if not items:
        return f'<span class="bw-muted">{esc(text("no_announcements", language))}</span>'
    return '<ul class="bw-events">' + "".join(items) + "</ul>"


def draws_text(hand: Any, trick: int, language: str, viewer: int | None = None) -> str:
    """The cards drawn after trick number ``trick``: ``After trick 3: North draws K♦, South
    draws a card`` (``viewer`` sees only its own card; ``""`` when nobody drew then).

    >>> from belote_lab.games.belote2 import Belote2Hand
    >>> h = Belote2Hand(seed=1); h.call("take")
    >>> for _ in range(2): h.play(sorted(h.legal_cards())[0])
    >>> draws_text(h, 1, "en", viewer=2)  # doctest: +ELLIPSIS
    'After trick 1: ... draws ..., ... draws ...'
    >>> draws_text(h, 2, "en")
    ''
    """
    words = []
    for e in hand.events:
        if e.kind == "draw" and e.trick == trick:
            seat = seat_word(e.seat, language)
            if viewer not in (None, e.seat) or not e.detail:
                words.append(text("ev_draw_item_hidden", language, seat=seat))
            else:
                card = Card.parse(e.detail).pretty
                words.append(text("ev_draw_item", language, seat=seat, card=card))
    return text("ev_draws", language, n=trick, draws=", ".join(words)) if words else ""


def drawn_card(hand: Any, seat: int) -> Card | None:
    """The card ``seat`` drew after the last trick, while the next trick is being played
    (``None`` otherwise): the card a table marks as new in the hand."""
    if hand.phase != "play" or not hand.tricks:
        return None
    for e in hand.events:
        if e.kind == "draw" and e.seat == seat and e.trick == len(hand.tricks) and e.detail:
            return Card.parse(e.detail)
    return None


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
    head = esc(text("last_trick", language, seat=seat_word(t.winner, language)))
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


def seat_hand_html(
    hand: Any,
    seat: int,
    language: str,
    face_up: bool,
    marks: Mapping[Card, tuple[str, str]] | None = None,
) -> str:
    """One seat's cards: faces, or backs that name no card.  ``marks``: a face-up card's extra
    CSS classes (space-separated) and a note its screen-reader text ends with, e.g. the best
    cards and the card played at a reviewed moment (:meth:`HandStepper.open_moment`)."""
    if face_up:
        trump = _trump(hand)
        if not marks:
            cards = cards_html(hand_cards(hand, seat), trump, language)
        else:
            cards = "".join(
                card_html(c, trump, language, marks[c][0].split(), marks[c][1] or None)
                if c in marks else card_html(c, trump, language)
                for c in hand_cards(hand, seat)
            )
        return f'<span class="bw-cards">{cards}</span>'
    return backs_html(bin(hand.hands[seat]).count("1"), language)
