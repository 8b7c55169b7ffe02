"""Advice at bidding (``belote_lab/coaching/advice.py``): a row for every legal call in every game,
make rates that are rates and fall as a bid or call rises, the same answer for a seed, a
strong hand told to take and a weak one not, the review of the calls of a played hand, and
bad input refused with a reason.  No test here is timed: the speed is in
``benchmarks/bench_advice.py``."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from belote_lab.cards import mask_cards
from belote_lab.coaching.advice import (
    DOUBLE_DISTINCT,
    DOUBLE_KEPT,
    DOUBLE_MARGIN,
    DOUBLE_UNREAD,
    MAX_BUDGET,
    MAX_SAMPLES,
    Advice,
    advise,
    double_lead,
    review_calls,
)
from belote_lab.games import get
from belote_lab.games.belote import BeloteHand, shuffled_deck
from belote_lab.games.belote2 import Belote2Hand
from belote_lab.games.callbreak import CallbreakHand
from belote_lab.games.coinche import CoincheHand
from belote_lab.korean import ordinal
from belote_lab.rules import BeloteRules, CoincheRules
from belote_lab.simulation.selfplay import play_hand

GAMES = ("belote", "coinche", "belote2", "callbreak")
FAST = {"samples": 4, "time_budget": MAX_BUDGET}  # the cap, not the clock, ends the sampling


def first_call(game: str, seed: int = 1) -> Any:
    cls = {"belote": BeloteHand, "coinche": CoincheHand, "belote2": Belote2Hand,
           "callbreak": CallbreakHand}[game]
    return cls(seed=seed)


def belote_deal(east: str, turned: str, seed: int = 0) -> BeloteHand:
    """A Belote hand dealt by N in which E (first to speak) holds ``east`` and ``turned`` is
    turned up."""
    mine = east.split()
    rest = [c.text for c in shuffled_deck(seed) if c.text not in [*mine, turned]]
    return BeloteHand(dealer=0, deck=[*mine, *rest[:15], turned, *rest[15:]])


def check_rows(a: Advice, legal: list[Any]) -> None:
    assert [r.call for r in a.rows] == legal
    assert a.best in legal
    top = max(a.rows, key=lambda r: r.mean)
    lead = double_lead(a.rows, a.worth)
    distinct = a.reads_auction and a.worth >= DOUBLE_DISTINCT * a.draws
    if DOUBLE_KEPT in a.notes:  # a double of highest mean that does not lead clearly: not advised
        assert lead is not None and lead[1] <= DOUBLE_MARGIN and a.best == lead[3].call != top.call
    elif DOUBLE_UNREAD in a.notes:  # it leads clearly, but on deals that barely read the calls
        assert lead is not None and lead[1] > DOUBLE_MARGIN and distinct
        assert a.best == lead[3].call != top.call
    else:
        assert a.row(a.best).mean == top.mean
        assert lead is None or (lead[1] > DOUBLE_MARGIN and not distinct)
    for r in a.rows:
        assert r.deals == a.samples
        assert r.made is None or 0.0 <= r.made <= 1.0
        assert r.low <= r.mean <= r.high
        assert len(r.values) == a.draws >= r.deals


# --- every legal call, every game ----------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_one_row_per_legal_call(game: str) -> None:
    h = first_call(game)
    a = advise(h, **FAST)
    assert a.game == game and a.seat == h.current_player and a.samples == 4
    check_rows(a, h.legal_calls())
    assert json.loads(json.dumps(a.to_json()))["rows"][0]["call"] == a.rows[0].call


def test_belote_round_two_with_no_and_all_trump() -> None:
    h = BeloteHand(seed=4, rules=BeloteRules(allow_no_trump=True, allow_all_trump=True))
    for _ in range(5):
        h.call("pass")
    legal = h.legal_calls()
    assert {"NT", "AT", "pass"} <= set(legal) and len(legal) == 6
    a = advise(h, **FAST)
    check_rows(a, legal)
    assert a.row("pass").made is None and a.row("pass").mean == 0.0
    assert all(a.row(c).made is not None for c in legal if c != "pass")


def test_two_player_belote_round_two() -> None:
    h = Belote2Hand(seed=2)
    h.call("pass")
    h.call("pass")
    a = advise(h, **FAST)
    check_rows(a, h.legal_calls())


def test_coinche_every_bid_coinche_and_surcoinche() -> None:
    rules = CoincheRules(allow_no_trump=True, allow_all_trump=True, allow_generale=True)
    h = CoincheHand(seed=5, rules=rules)
    a = advise(h, **FAST)
    check_rows(a, h.legal_calls())
    assert "generale" in a.notes and "générale" in a.text()
    # one row a contract in the short table, one a call in the full one
    short, full = a.table(), a.table(full=True)
    assert len(full) == len(h.legal_calls()) > 60
    assert [r["contract"] for r in short if r["by_value"]] == ["S", "H", "D", "C", "NT", "AT"]
    assert len(short) == 7 and sum(r["best"] for r in short) == 1
    h.call("100H")  # E bids: S, an opponent, may coinche
    a = advise(h, **FAST)
    check_rows(a, h.legal_calls())
    assert a.row("coinche").contract == "100H×2" and a.row("pass").contract == "100H"
    assert a.row("pass").made is None and a.row("coinche").made is not None
    h.call("coinche")  # W, E's partner, may surcoinche
    a = advise(h, **FAST)
    check_rows(a, ["surcoinche", "pass"])
    # the same deals: surcoinche doubles the coinched contract again, for E–W
    sur, stay = a.row("surcoinche"), a.row("pass")
    assert sur.contract == "100H×4" and stay.contract == "100H×2"
    assert stay.made is None and sur.made is not None
    gains = [x > y for x, y in zip(sur.values, stay.values, strict=True)]
    assert sum(gains) / len(gains) == sur.made  # ×4 pays when the bid is made, costs if not


def coinche_spot(
    values: dict[str, list[float]], worth: float | None = None, reads: bool = False
) -> Advice:
    """The advice at S's call after E bid 100♥ (pass, coinche or a bid), its rows' values
    replaced: ``values`` by call, every other call far below; ``worth``: their effective number
    (default: every draw a different deal); ``reads``: deals read from the auction."""
    import dataclasses

    from belote_lab.coaching.advice import _advised

    h = CoincheHand(seed=5)
    h.call("100H")
    a = advise(h, **FAST)
    n = len(values["pass"])
    rows = []
    for r in a.rows:
        v = values.get(str(r.call), [-900.0] * n)
        m = sum(v) / n
        rows.append(dataclasses.replace(r, values=tuple(v), mean=m, low=m, high=m))
    a = dataclasses.replace(a, rows=tuple(rows), samples=n, reads_auction=reads,
                            effective=float(n) if worth is None else worth)
    best, note = _advised(a.rows, a.worth, reads)
    notes = tuple(x for x in a.notes if x not in (DOUBLE_KEPT, DOUBLE_UNREAD))
    return dataclasses.replace(a, best=best, notes=notes if note is None else (*notes, note))


def test_a_coinche_that_does_not_separate_is_not_advised_and_the_text_says_why() -> None:
    """The coinche's mean is higher, but its lead over the pass, deal by deal, straddles 0: the
    advice is the pass, and the text and the table say why, in English and Korean."""
    rng = random.Random(3)
    stay = [rng.choice([-160.0, 160.0]) for _ in range(40)]
    double = [2 * x + rng.choice([-60.0, 80.0]) for x in stay]
    a = coinche_spot({"pass": stay, "coinche": double})
    top = max(a.rows, key=lambda r: r.mean)
    lead = double_lead(a.rows, a.worth)
    assert top.call == "coinche" and lead is not None and lead[0] > 0 >= lead[1]
    assert a.best == "pass" and DOUBLE_KEPT in a.notes
    assert [r["call"] for r in a.table(full=True) if r["best"]] == ["pass"]
    en, ko = a.text(), a.text("ko")
    assert en.index("Best call: Pass") < en.index("Coinche (×2) averages")
    assert "not clearly above 41" in en and "the advice is Pass." in en
    assert "쿠앵슈(×2)는 이 딜들에서 패스보다 평균" in ko and "패스를 권합니다." in ko
    assert "not clearly above 41" in a.html() and "확신할 수 없습니다" in a.html("ko")
    # beside the table at full size, not in the small print of how the deals were simulated
    assert "</table><div>Coinche (×2) averages" in a.html()
    assert "</table><div>쿠앵슈(×2)는" in a.html("ko")
    # the review of a coinche made there: no cost (the pass is not shown to be better)
    from belote_lab.coaching.advice import _judge

    assert _judge(a, 2, a.seat, "coinche").cost == 0.0


def test_a_coinche_that_separates_is_advised() -> None:
    stay = [-160.0, 160.0] * 20
    a = coinche_spot({"pass": stay, "coinche": [2 * x + 300.0 for x in stay]})
    assert a.best == "coinche" and DOUBLE_KEPT not in a.notes
    assert "not clearly" not in a.text()
    # a tie is not a lead: the pass is advised
    b = coinche_spot({"pass": stay, "coinche": list(stay)})
    assert b.best == "pass" and DOUBLE_KEPT in b.notes
    # deals worth fewer than two independent ones tell nothing, however large the lead
    c = coinche_spot({"pass": stay, "coinche": [2 * x + 300.0 for x in stay]}, worth=1.5)
    assert c.best == "pass" and DOUBLE_KEPT in c.notes
    assert "fewer than two independent deals" in c.text() and "inf" not in c.text()
    assert "두 개만큼의 정보도 되지 않아" in c.text("ko")


def test_a_coinche_whose_lead_is_clear_of_0_but_not_of_the_margin_is_not_advised() -> None:
    """The advice's deals over-value a double (:data:`DOUBLE_MARGIN`): a lead whose interval is
    above 0 but not above the margin keeps the other call, and the text gives the margin."""
    stay = [-40.0, 40.0] * 20
    a = coinche_spot({"pass": stay, "coinche": [2 * x + 40.0 for x in stay]})
    lead = double_lead(a.rows, a.worth)
    assert lead is not None and 0 < lead[1] <= DOUBLE_MARGIN
    assert a.best == "pass" and DOUBLE_KEPT in a.notes
    assert "not clearly above 41" in a.text() and "over-value a double by about that much" in (
        a.text())
    assert "41점보다 크다고 확신할 수 없습니다" in a.text("ko")
    # the review of a coinche made there says why it is not the best call, and counts no cost
    from belote_lab.coaching.advice import _judge

    r = _judge(a, 2, a.seat, "coinche")
    assert r.cost == 0.0 and r.best == "pass"
    assert "averaged 40 points more than Pass" in r.text() and "no cost is counted" in r.text()
    assert "평균 40점 높았지만" in r.text("ko") and "패스를 권했습니다" in r.text("ko")
    assert "less on average" not in r.text()
    far = coinche_spot({"pass": stay, "coinche": [2 * x + 40.0 + DOUBLE_MARGIN for x in stay]})
    assert far.best == "coinche" and DOUBLE_KEPT not in far.notes


def test_a_coinche_on_deals_all_distinct_is_not_advised_and_the_text_says_why() -> None:
    """A clear lead, but the auction's weights left every draw a different deal
    (:data:`DOUBLE_DISTINCT`): the pass is advised, the text and the review say why."""
    stay = [-160.0, 160.0] * 20
    clear = {"pass": stay, "coinche": [2 * x + 300.0 for x in stay]}
    a = coinche_spot(clear, reads=True)  # 40 draws worth 40: all distinct
    lead = double_lead(a.rows, a.worth)
    assert lead is not None and lead[1] > DOUBLE_MARGIN
    assert a.best == "pass" and DOUBLE_UNREAD in a.notes and DOUBLE_KEPT not in a.notes
    en, ko = a.text(), a.text("ko")
    assert "the 40 deals drawn all different (40 independent deals' worth)" in en
    assert "score less than level 2's call" in en and "the advice is Pass." in en
    assert "뽑은 딜 40개가 모두 다릅니다(독립된 딜 40개만큼의 정보)" in ko
    assert "패스를 권합니다." in ko
    assert "</table><div>Coinche (×2) averages" in a.html()
    from belote_lab.coaching.advice import _judge

    r = _judge(a, 2, a.seat, "coinche")
    assert r.cost == 0.0 and r.best == "pass"
    assert "the deals were all different" in r.text() and "no cost is counted" in r.text()
    assert "딜이 모두 달라 경매를 거의 반영하지 못했고" in r.text("ko")
    # below the share, the same lead is advised; and deals that do not read the auction
    # (the old advice, kept for comparisons) are not held to it
    below = coinche_spot(clear, worth=DOUBLE_DISTINCT * 40 - 0.5, reads=True)
    assert below.best == "coinche" and not {DOUBLE_KEPT, DOUBLE_UNREAD} & set(below.notes)
    assert coinche_spot(clear).best == "coinche"


@pytest.mark.parametrize("seed", range(6))
def test_an_advised_double_separates_from_the_best_other_call(seed: int) -> None:
    """At real coinche and surcoinche spots, the advice's call obeys the rule."""
    h = CoincheHand(seed=seed)
    h.call("pass" if seed % 2 else "80S")
    while "coinche" not in h.legal_calls() and h.phase == "bidding":
        h.call(h.legal_calls()[1 if len(h.legal_calls()) > 1 else 0])
    for _ in range(2):  # the coinche spot, then the surcoinche one
        if h.phase != "bidding":
            break
        check_rows(advise(h, samples=12, time_budget=MAX_BUDGET, seed=seed), h.legal_calls())
        if "coinche" in h.legal_calls():
            h.call("coinche")


# --- make rates ----------------------------------------------------------------------------------
def test_coinche_make_rate_falls_as_the_value_rises() -> None:
    h = CoincheHand(seed=2)
    a = advise(h, samples=12, time_budget=MAX_BUDGET)
    by_trump: dict[str, list[tuple[int, float]]] = {}
    for r in a.rows:
        text = str(r.call)
        if r.group is not None and text[: -len(r.group)].isdigit():
            by_trump.setdefault(r.group, []).append((int(text[: -len(r.group)]), r.made or 0.0))
    assert set(by_trump) == {"S", "H", "D", "C"}
    for rates in by_trump.values():
        rates.sort()
        assert all(b[1] <= a_[1] for a_, b in itertools.pairwise(rates)), rates
    for row in a.table():
        if row["by_value"]:
            half = row["highest_half"]
            assert half is None or row["by_value"][str(half)] >= 0.5


def test_callbreak_make_rate_falls_as_the_call_rises() -> None:
    h = CallbreakHand(seed=3)
    h.call(2)
    a = advise(h, samples=12, time_budget=MAX_BUDGET)
    made = [a.row(c).made or 0.0 for c in h.legal_calls()]
    assert all(b <= x for x, b in itertools.pairwise(made)), made
    assert a.measure == "score" and a.own_call in h.legal_calls()


def test_a_strong_hand_takes_and_a_weak_one_passes() -> None:
    strong = advise(belote_deal("JH 9H AH TH AS", "7H"), samples=24, time_budget=MAX_BUDGET)
    weak = advise(belote_deal("7S 8S 7D 8D 7C", "8H"), samples=24, time_budget=MAX_BUDGET)
    assert strong.row("take").made >= 0.9 and strong.best == "take"
    assert weak.row("take").made <= 0.4 and weak.best == "pass"
    assert strong.row("take").mean > 100 > 0 > weak.row("take").mean
    assert strong.row("take").label("en") == "Take ♥"
    assert strong.row("take").label("ko") == "♥ 가져가기"


# --- determinism, what the seat sees --------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_advice(game: str) -> None:
    h = first_call(game, seed=6)
    a, b = advise(h, seed=5, **FAST), advise(h, seed=5, **FAST)
    assert a == b and [r.values for r in a.rows] == [r.values for r in b.rows]
    # only what the seat may see is read: its observation gives the same advice
    c = advise(h.observation(h.current_player), seed=5, **FAST)
    assert c == a


# --- words and pictures ---------------------------------------------------------------------------
def test_text_html_and_json() -> None:
    a = advise(belote_deal("JH 9H AH TH AS", "7H"), **FAST)
    en, ko = a.text(), a.text("ko")
    assert "Take ♥" in en and "level-2" in en and "pass counts as 0" in en.lower()
    assert ko.startswith("동쪽 자리 공수 결정 조언(4인 벨로트): 선택마다 표본 딜 4개로 "
                         "계산했습니다(")
    assert "가장 좋은 선택: ♥ 가져가기, 평균 +" in ko and "패스: 0점." in ko
    # four-player Belote has no bids: 계약 성공, not 공약 성공; 표본 딜, never 모의 딜
    assert "계약 성공" in ko and "공약" not in ko and "경매" not in ko and "모의 딜" not in ko
    assert "딜마다 끝까지 레벨 2 컴퓨터가 진행합니다" in ko and "다시 나누는지는" in ko
    assert " (" not in ko and "상대 팀 점수" in ko
    assert en.startswith("Bidding advice for East (four-player Belote): ")
    page = a._repr_html_()
    assert page.startswith("<div") and "<table" in page and "Take ♥" in page
    assert "font-weight:bold" in page  # the best call stands out without a notebook's CSS
    assert "패스" in a.html("ko") and "+0" not in a.html("ko") and "~" in a.html("ko")
    data = json.loads(json.dumps(a.to_json()))
    assert data["seat"] == "E" and data["best"] == "take" and len(data["rows"]) == 2


def test_a_pass_that_scores_0_is_written_0() -> None:
    weak = advise(belote_deal("7S 8S 7D 8D 7C", "8H"), samples=4, time_budget=MAX_BUDGET)
    assert weak.best == "pass"
    ko, en = weak.text("ko"), weak.text()
    assert "가장 좋은 선택: 패스, 0점." in ko and "+0" not in ko and "구간" not in ko
    assert "Best call: Pass, 0 points." in en and "+0" not in en


def test_coinche_and_callbreak_advice_words() -> None:
    h = CoincheHand(seed=1)
    a = advise(h, **FAST)
    ko, page = a.text("ko"), a.html("ko")
    assert ko.startswith("동쪽 자리 경매 조언(쿠앵슈): ")
    # a bid is written as the auction's refusals and results write it: 하트 80, not 80 ♥
    assert "하트 80" in page and "80 ♥" not in page
    assert "카포 0%" in page and "capot" not in page
    assert "있으면 지금 가장 높은 공약(쿠앵슈 포함)이 그대로 진행된다고 봅니다" in ko
    assert "쿠앵슈와 쉬르쿠앵슈의 성공률은 현재 공약의 성공률입니다" in ko
    assert "입찰" not in ko and "서 있는" not in ko and "공약 성공" not in ko
    assert "capot 0%" in a.html("en")
    cb = advise(CallbreakHand(seed=1), **FAST).text("ko")
    assert cb.startswith("동쪽 자리 콜 조언(콜브레이크): 콜마다 표본 딜 4개로 ")
    assert "이 자리가 얻는 점수" in cb and "내가" not in cb and "나는" not in cb


# --- review of the calls made ---------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_review_calls_of_a_played_hand(game: str) -> None:
    h = play_hand(game, 2, seed=3)
    calls = [a for a in h.actions if a[0] == "call"]
    rows = review_calls(h.to_json(), samples=3, time_budget=MAX_BUDGET)
    assert len(rows) == len(calls)
    for r, (_, seat, text) in zip(rows, calls, strict=True):
        assert str(r.made).lower() == text.lower()
        assert "NESW"[r.seat] == seat
        assert r.gap >= 0 and r.cost >= 0 and r.cost in (0.0, r.gap)
        assert r.best_mean >= r.made_mean
        assert r.advice.row(r.made).mean == r.made_mean
        assert json.loads(json.dumps(r.to_json()))["made"] == r.made
        turn = "콜" if game == "callbreak" else "차례"
        assert f"call {r.number} " in r.text() and f"{ordinal(r.number)} {turn}(" in r.text("ko")
        assert "모의 딜" not in r.text("ko") and "공약 성공" not in r.text("ko")
    assert [r.number for r in rows] == list(range(1, len(calls) + 1))
    # one seat only, from the hand object itself
    first = calls[0][1]
    mine = review_calls(h, seat=first, samples=3, time_budget=MAX_BUDGET)
    assert [r.number for r in mine] == [r.number for r in rows if "NESW"[r.seat] == first]


def test_a_costly_call_is_named() -> None:
    h = belote_deal("JH 9H AH TH AS", "7H")
    h.call("pass")  # E passes a hand that makes every time
    (r,) = review_calls(h, samples=24, time_budget=MAX_BUDGET)
    assert r.made == "pass" and r.best == "take" and r.cost == r.gap > 100
    assert r.text().startswith("call 1 (East): Pass cost ")
    assert r.text("ko").startswith(
        "첫 번째 차례(동쪽): 패스는 가장 좋은 선택(♥ 가져가기)보다 평균 ")
    assert "점 손해입니다(♥ 가져가기: 표본 딜 24개 중 " in r.text("ko")
    assert r.text("ko").endswith("% 계약 성공).")


# --- bad input ------------------------------------------------------------------------------------
def test_bad_input() -> None:
    h = BeloteHand(seed=4)
    with pytest.raises(ValueError, match="samples"):
        advise(h, samples=0)
    with pytest.raises(ValueError, match="samples"):
        advise(h, samples=MAX_SAMPLES + 1)
    with pytest.raises(ValueError, match="samples"):
        advise(h, samples=True)
    with pytest.raises(ValueError, match="time_budget"):
        advise(h, time_budget=0)
    with pytest.raises(ValueError, match="time_budget"):
        advise(h, time_budget=MAX_BUDGET + 1)
    with pytest.raises(ValueError, match="time_budget"):
        advise(h, time_budget="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        advise(h, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a hand"):
        advise("belote")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="view"):
        advise(h.observation("S"))
    a = advise(h, samples=2)
    with pytest.raises(ValueError, match="language"):
        a.text("fr")
    with pytest.raises(ValueError, match="not one of the calls"):
        a.row("H")
    h.call("take")
    with pytest.raises(ValueError, match="bidding: this hand is in its play phase"):
        advise(h)
    (r,) = review_calls(h, samples=2)
    with pytest.raises(ValueError, match="language"):
        r.text("de")
    with pytest.raises(ValueError, match="observation"):
        review_calls(h.observation("N"))


def test_a_standing_bid_is_read_into_its_bidders_hand_and_the_call_judged() -> None:
    from belote_lab.simulation.selfplay import play_hand

    h = play_hand("coinche", "2,2,2,2", seed=2)  # E 100♦, S 120♥, W pass, N pass, E pass
    (row,) = review_calls(h, "N", samples=6, time_budget=30.0)
    assert row.advice.reads_auction and not row.advice.bid_stands
    assert "Careful" not in row.advice.text()
    assert "as often as the calls made so far were likely" in row.advice.text()
    assert "지금까지 나온 선택이" in row.advice.text("ko")
    assert "is not judged" not in row.text()


def test_a_standing_bid_unread_is_said_and_its_calls_not_judged() -> None:
    from belote_lab.simulation.selfplay import play_hand

    h = play_hand("coinche", "2,2,2,2", seed=2)  # E 100♦, S 120♥, W pass, N pass, E pass
    rows = review_calls(h, "N", samples=6, time_budget=30.0, reads_auction=False)
    assert len(rows) == 1 and rows[0].advice.bid_stands and rows[0].cost == 0
    assert "is not judged: a bid stood" in rows[0].text()
    assert "판정하지 않습니다" in rows[0].text("ko")
    assert "Careful: a bid stands" in rows[0].advice.text()
    first = review_calls(h, "E", samples=6, time_budget=30.0, reads_auction=False)[0]
    # E opened: no bid stood
    assert not first.advice.bid_stands and "Careful" not in first.advice.text()


# --- the deals read the auction (issue 27) -------------------------------------------------------
def _slots(rest: list[Any], seat: int, size: int) -> dict[int, list[Any]]:
    """The other seats' cards in a ``rest`` of :func:`auction_rests` (after the cards still to
    come to ``seat``), by seat."""
    head = len(rest) - 3 * size
    others = [s for s in range(4) if s != seat]
    return {s: rest[head + k * size : head + (k + 1) * size] for k, s in enumerate(others)}


@pytest.mark.parametrize(("game", "size"), [("belote", 8), ("coinche", 8), ("callbreak", 13)])
def test_auction_rests_deal_every_unseen_card_once(game: str, size: int) -> None:
    from belote_lab.players.sim_bidder import SimBidder, auction_rests

    h = first_call(game, 3)
    seat = h.current_player
    unseen = get(game).deck_mask & ~h.hands[seat]
    if game == "belote":
        mine, turned = SimBidder.taking_cards(h, seat)
        unseen = get(game).deck_mask & ~mine & ~(1 << turned)
    got = list(auction_rests(h, seat, 12, random.Random(1), unseen, size))
    assert sum(k for _, k in got) == 12 and all(k >= 1 for _, k in got)
    for rest, _ in got:
        assert sorted(int(c) for c in rest) == sorted(int(c) for c in mask_cards(unseen))
        assert len(rest) - 3 * size == (2 if game == "belote" else 0)


def test_the_deals_read_an_opponents_bid_into_its_hand() -> None:
    """After an opening bid of 100 ♠, the deals the advice plays give its bidder more spades
    than deals dealt at random (the same number of draws)."""
    from belote_lab.players.sim_bidder import auction_rests

    h = CoincheHand(seed=2)
    bidder = h.current_player
    h.call("100S")
    seat = h.current_player
    unseen = get("coinche").deck_mask & ~h.hands[seat]

    def spades(reads: bool) -> float:
        got = list(auction_rests(h, seat, 200, random.Random(3), unseen, 8, reads_auction=reads))
        n = sum(k for _, k in got)
        return sum(k * sum(1 for c in _slots(rest, seat, 8)[bidder] if c.suit.name == "S")
                   for rest, k in got) / n

    read, unread = spades(True), spades(False)
    out = sum(1 for c in mask_cards(unseen) if c.suit.name == "S")  # the spades unseen
    assert unread == pytest.approx(8 * out / 24, abs=0.4)
    assert read > unread + 0.8, (read, unread)


def test_a_call_with_the_same_score_on_every_deal_shows_no_interval() -> None:
    """Every deal scored alike: the advice says so instead of "95% interval -162 to -162"."""
    import dataclasses

    a = advise(first_call("belote"), samples=4, time_budget=30.0)
    same = dataclasses.replace(a.rows[0], mean=-162.0, low=-162.0, high=-162.0, made=0.0,
                               values=(-162.0,) * a.draws)
    rest = [dataclasses.replace(r, mean=-500.0, low=-600.0, high=-400.0) for r in a.rows[1:]]
    b = dataclasses.replace(a, rows=(same, *rest), best=same.call)
    assert "on every deal" in b.text() and "-162 to -162" not in b.text()
    assert "모든 딜에서" in b.text("ko") and "-162~-162" not in b.text("ko")
    assert "-162~-162" not in b.html("ko") and "-162 to -162" not in b.html()


def test_four_player_belote_hands_are_played_out_by_level_2() -> None:
    """The advice plays the simulated hands to the end with level-2 players, as the level-4
    bidder does in every game, but Coinche's two tricks before the solver (its own
    :data:`ROLLOUT`), and its text says which."""
    from belote_lab import words
    from belote_lab.coaching.advice import ROLLOUT
    from belote_lab.players.sim_bidder import SimBidder

    a = advise(BeloteHand(seed=4), samples=3, time_budget=10)
    assert a.rollout == ROLLOUT["belote"] == get("belote").tricks
    for language in ("en", "ko"):
        assert words.text("advice.whole", language) in a.text(language)
    assert {g: ROLLOUT[g] for g in ("belote", "belote2", "callbreak")} == {
        g: SimBidder.ROLLOUT[g] for g in ("belote", "belote2", "callbreak")}
    for game in ("belote", "coinche", "belote2", "callbreak"):  # level 4 plays them out
        assert SimBidder(game).rollout == SimBidder.ROLLOUT[game] == get(game).tricks
    assert SimBidder("coinche", rollout=2).rollout == 2
    assert advise(Belote2Hand(seed=4), samples=3, time_budget=10).rollout == 16
    c = advise(CoincheHand(seed=4), samples=3, time_budget=10)
    assert c.rollout == ROLLOUT["coinche"] == 2
    assert words.text("advice.rollout", "en", k=2) in c.text("en")
    assert "모든 패를 공개한 계산(더블 더미)" in c.text("ko")
