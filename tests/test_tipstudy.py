"""The tip table (``belote_lab.studies.tipstudy``), its new tip players
(``belote_lab.players.tips``) and its HTML (``belote_widgets.tip_table``)."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from belote_widgets.tip_table import tip_table_html

from belote_lab.cards import SEATS, SUIT_MASK, Card, Rank, mask_of
from belote_lab.cli.main import main
from belote_lab.games import get
from belote_lab.games.base import step
from belote_lab.players import tips as T
from belote_lab.players.belote import BelotePlayer2
from belote_lab.players.belote2 import Belote2Player2
from belote_lab.players.callbreak import CallbreakPlayer2
from belote_lab.players.registry import level2
from belote_lab.simulation.selfplay import play_hand
from belote_lab.studies import tipstudy
from belote_lab.studies.tipstudy import TIPS, TipRow, TipStudy, holm, load, recompute, run

STORED = tipstudy.STORED_PATH


class View:
    """A stand-in state: one seat's view, its legal cards and calls."""

    def __init__(self, view: dict[str, Any], legal: str = "", calls: list[str] | None = None):
        self.view = view
        self.current_player = SEATS.index(view["seat"])
        self._legal = mask_of(legal.split() if legal else view["hand"])
        self._calls = calls or []

    def seat_view(self, seat: int) -> dict[str, Any]:
        return self.view

    def legal_mask(self) -> int:
        return self._legal

    def legal_calls(self) -> list[str]:
        return self._calls


def two(hand: str, trick: str = "", stock: int = 10, turned: str = "7H") -> View:
    """Seat S of two-player Belote (hearts trump) to play ``trick`` while the stock lasts."""
    return View({"seat": "S", "hand": hand.split(), "contract": "H", "turned": turned,
                 "taker": "N", "leader": "N" if trick else "S", "trick": trick.split(),
                 "tricks": [], "stock": stock})


def bid(hand: str, turned: str, calls: list[str]) -> View:
    return View({"seat": "S", "hand": hand.split(), "turned": turned, "contract": None,
                 "trick": [], "tricks": [], "stock": 14}, calls=calls)


# --- each new player differs from level 2 where it says ------------------------------------------
def test_taking_variants_judge_differently() -> None:
    take = ["take", "pass"]
    v = bid("8H 7H AS KD 8C 7C", "JH", take)  # the turned J makes it: 6 with 7 cards, 3 with 6
    assert (Belote2Player2().choose_call(v), T.SixCardJudge().choose_call(v)) == ("take", "pass")
    v = bid("9H 8H AS AD 8C 7C", "7H", take)  # 4 from trumps, 2 from side aces
    assert (Belote2Player2().choose_call(v), T.NoSideAceCount().choose_call(v)) == ("take", "pass")
    v = bid("KH QH AS 9C 8C 7C", "7H", take)  # 3 trumps, A, the hidden twenty
    assert (Belote2Player2().choose_call(v), T.NoHiddenTwenty().choose_call(v)) == ("take", "pass")
    v = bid("JS 8S 9D 8C 7C 7D", "7H", ["S", "D", "C", "pass"])  # spades reach 4 only
    assert (Belote2Player2().choose_call(v), T.Round2Eager().choose_call(v)) == ("pass", "S")
    # one threshold lower: where the turned card is a small trump, the six-card judge agrees
    v = bid("JH 8H AS KD 8C 7C", "7H", take)
    assert Belote2Player2().choose_call(v) == T.SixCardJudge().choose_call(v) == "take"


def test_stock_phase_variants() -> None:
    # the opponent led the 10 of spades: level 2 takes it with a cheap trump, the variant not
    s = two("7H AD 8C 9D QS", trick="TS")
    assert Belote2Player2().choose_card(s) == Card.parse("7H")
    assert T.NoCheapCapture().choose_card(s) not in (Card.parse("7H"), Card.parse("QS"))
    # a seven led: level 2 keeps its ace and throws a small card, the fighter spends the ace
    s = two("AS AD 8C 9D KH", trick="7S")
    assert Belote2Player2().choose_card(s) == Card.parse("8C")
    assert T.FightsForEveryTrick().choose_card(s) == Card.parse("AS")


def test_middle_trump_and_last_winner_in_the_strict_tricks() -> None:
    s = two("9H TH 7H AS", stock=0)
    s.view["tricks"] = [{"leader": "N", "cards": c.split()} for c in (
        "7S 8S", "9S JS", "TS KS", "QS 7D", "8D 9D", "TD JD", "QD KD", "AD 7C", "8C 9C",
        "TC JC", "QC KC", "AC QH")]
    # unseen (the opponent's): JH AH 8H KH
    assert T.MiddleTrumpLeader().choose_card(s) == Card.parse("TH")
    assert Belote2Player2().choose_card(s) != Card.parse("TH")
    # NoLastWinnerKept has the same play but for the bonus
    assert T.NoLastWinnerKept.last_sure == 0 and Belote2Player2.last_sure == 10


def test_signaller_signals_and_reads() -> None:
    disc = View({"seat": "E", "hand": ["AD", "8D", "7C", "9C"], "contract": "H", "taker": "S",
                 "leader": "N", "trick": ["KS"], "tricks": []})
    assert T.Signaller().choose_card(disc) == Card.parse("8D")
    assert BelotePlayer2().choose_card(disc) == Card.parse("7C")
    # W's partner E threw the 8D on a spade: W leads its lowest diamond
    lead = View({"seat": "W", "hand": ["KD", "7D", "QC", "8C", "7C"], "contract": "H",
                 "taker": "S", "leader": "W", "trick": [],
                 "tricks": [{"leader": "N", "cards": ["KS", "8D", "AS", "7S"]}]})
    assert T.partner_signal(lead.view) == 2
    assert T.Signaller().choose_card(lead) == Card.parse("7D")
    assert BelotePlayer2().choose_card(lead) == Card.parse("7C")  # its longest suit
    # once the ace of diamonds is out, the signal means nothing
    lead.view["tricks"].append({"leader": "N", "cards": ["AD", "9D", "TD", "QD"]})
    lead.view["hand"] = ["KD", "QC", "8C", "7C"]
    lead._legal = mask_of(lead.view["hand"])
    assert T.Signaller().choose_card(lead) == BelotePlayer2().choose_card(lead)


def decisions(game: str, seeds: range, opponent: Any = None) -> Iterator[tuple[Any, Any]]:
    """Every decision of level-2 players in self-play hands (``opponent``, if given, plays
    the first seat): ``(hand state, observation)``."""
    g = get(game)
    players = {s: level2(g)() for s in g.seats}
    if opponent is not None:
        players[g.seats[0]] = opponent()
    for seed in seeds:
        h = g.hand_class(dealer=g.seats[seed % len(g.seats)], seed=seed)
        while h.phase in ("bidding", "play"):
            if opponent is None or h.current_player != g.seats[0]:
                yield h, h.observation(h.current_player)
            step(h, players[h.current_player])


Trigger = Callable[[Any], bool]


@pytest.mark.parametrize(
    "game, variant, trigger",
    [
        # the free phase, a 10 or an ace led by the opponent
        ("belote2", T.NoCheapCapture,  # level 2 never leads a 10 or an ace early: T5's
         lambda h: h.phase == "play" and h.stock_left and h.trick  # common opponent does
         and Card(h.trick[0]).rank in (Rank.TEN, Rank.ACE)),
        ("belote2", T.FightsForEveryTrick,
         lambda h: h.phase == "play" and h.stock_left and bool(h.trick)),
        ("belote2", T.MiddleTrumpLeader,
         lambda h: h.phase == "play" and not h.stock_left and not h.trick),
        ("belote2", T.NoLastWinnerKept, lambda h: h.phase == "play" and not h.stock_left),
        ("belote2", T.SixCardJudge, lambda h: h.phase == "bidding"),
        ("belote2", T.Round2Eager, lambda h: h.phase == "bidding"
         and "take" not in h.legal_calls()),
        ("callbreak", T.WastesBigSpade,
         lambda h: h.phase == "play" and any(c >> 4 == 0 for c in h.trick)),
        ("callbreak", T.NoSpadeCount, lambda h: h.phase == "play" and any(
            c >> 4 == 0 for t in h.tricks for c in t.cards)),
        ("callbreak", T.LeadsIntoVoids,
         lambda h: h.phase == "play" and not h.trick and len(h.tricks) >= 7),
        ("callbreak", T.LongSuitDiscard, lambda h: h.phase == "play"),
        # discarding (no card of the led suit), or leading after the partner's signal
        ("belote", T.Signaller, lambda h: h.phase == "play" and (
            not h.hands[h.current_player] & SUIT_MASK[h.trick[0] >> 4] if h.trick
            else T.partner_signal(h.seat_view(h.current_player)) is not None)),
    ],
    ids=lambda x: getattr(x, "__name__", "") if isinstance(x, type) else "",
)
def test_variant_plays_like_level2_outside_its_behaviour(
    game: str, variant: type, trigger: Trigger
) -> None:
    """Along level-2 self-play hands, the variant's choice differs from level 2's only where
    its behaviour applies, and it does differ somewhere."""
    base, other = level2(get(game))(), variant()
    opponent = T.LeadsHighEarly if variant is T.NoCheapCapture else None
    differ = 0
    for h, obs in decisions(game, range(12 if game == "belote2" else 8), opponent):
        if h.phase == "play":
            a, b = base.choose_card(obs), other.choose_card(obs)
        else:
            a, b = base.choose_call(obs), other.choose_call(obs)
        if a != b:
            assert trigger(h), (h.phase, a, b)
            differ += 1
    assert differ > 0


def test_level2_call_hooks_are_unchanged() -> None:
    # the strength hook is taking_strength of the 7 cards, as before
    from belote_lab.players.estimates import taking_strength

    hand = [Card.parse(c) for c in ["JH", "8H", "AS", "KD", "8C", "7C"]]
    for trump in range(4):
        assert Belote2Player2()._strength(hand, Card.parse("9H"), trump) == taking_strength(
            [*hand, Card.parse("9H")], trump)
    cb = CallbreakPlayer2()
    assert cb._unseen(0b1, 0b10, 0b100) & 0b111 == 0


# --- the study -----------------------------------------------------------------------------------
def chunks_of(path: Path, tip_id: str) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["rows"][tip_id]["chunks"]


def test_chunks_do_not_depend_on_the_processes(tmp_path: Path) -> None:
    one, two_ = tmp_path / "one.json", tmp_path / "two.json"
    run(["C5"], deals=100, jobs=1, path=one)
    run(["C5"], deals=100, jobs=2, path=two_)
    assert chunks_of(one, "C5") == chunks_of(two_, "C5")
    assert [c["chunk"] for c in chunks_of(one, "C5")] == [0, 1]
    assert one.read_text() == two_.read_text()


def test_run_is_resumable_and_extends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "study.json"
    run(["C6"], deals=50, jobs=1, path=path)
    played: list[tuple[str, int]] = []
    real = tipstudy.recompute

    def counting(tip_id: str, chunk: int = 0, deals: int = tipstudy.CHUNK) -> dict[str, Any]:
        played.append((tip_id, chunk))
        return real(tip_id, chunk, deals)

    monkeypatch.setattr(tipstudy, "recompute", counting)
    study = run(["C6"], deals=100, jobs=1, path=path)
    assert played == [("C6", 1)]  # chunk 0 was stored already
    assert study.row("C6").n == 100
    run(["C6"], deals=100, jobs=1, path=path)
    assert played == [("C6", 1)]  # nothing left to do
    monkeypatch.undo()
    fresh = tmp_path / "fresh.json"
    run(["C6"], deals=100, jobs=1, path=fresh)
    assert chunks_of(fresh, "C6") == chunks_of(path, "C6")


def test_json_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "study.json"
    study = run(["C5", "B4"], deals=50, jobs=1, path=path)
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    assert list(data["rows"]) == ["B4", "C5"]  # the table's order
    assert tipstudy._dumps(data) == text  # stable: written again, the same bytes
    row = study.row("B4")
    (chunk,) = data["rows"]["B4"]["chunks"]
    assert row.n == chunk["n"] == 50 and row.mean == pytest.approx(chunk["sum"] / 50)
    assert chunk == recompute("B4", 0)
    from belote_lab.simulation.comparison import compare

    diffs = compare("belote", BelotePlayer2, T.SpendsLastTrump, 50,
                    seed=tipstudy.chunk_seed("B4", 0)).diffs
    assert chunk["sum"] == pytest.approx(diffs.sum()) and chunk["changed"] == (diffs != 0).sum()
    assert load(path).row("T4").n == 0  # not computed: an empty row


def test_holm_on_a_hand_made_study(tmp_path: Path) -> None:
    assert holm([0.01, 0.04, 0.03, 0.005]) == [0.03, 0.06, 0.06, 0.02]
    assert holm([0.5]) == [0.5] and holm([0.2, 0.9]) == [0.4, 0.9]

    def chunk(mean: float, sd: float, n: int = 400) -> dict[str, Any]:
        # n values: half mean + sd, half mean − sd (sample sd slightly above sd)
        s = mean * n
        ss = n * (mean * mean + sd * sd)
        return {"chunk": 0, "seed": 0, "n": n, "sum": s, "sumsq": ss, "changed": n,
                "sum_changed": s}

    # z = mean / (sd / 20): B3 z≈5 (pays), B4 z≈−2.2 (raw: costs; Holm over 3: unclear),
    # B5 z≈0.5 (no difference)
    rows = {"B3": chunk(5.0, 20.0), "B4": chunk(-2.2, 20.0), "B5": chunk(0.5, 20.0)}
    data = {"rows": {k: {**tipstudy.tip(k).meta(), "chunks": [c]} for k, c in rows.items()}}
    path = tmp_path / "made.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    study = load(path)
    b3, b4, b5 = (study.row(k) for k in ("B3", "B4", "B5"))
    assert len(study.family) == 3
    assert (b3.verdict, b3.verdict_raw) == ("pays", "pays")
    assert (b4.verdict_raw, b4.verdict) == ("costs", "no clear difference")
    assert 0.01 < b4.p < 0.05 and b4.p_holm == pytest.approx(min(1, 2 * b4.p))
    assert (b5.verdict, b5.verdict_raw) == ("no clear difference", "no clear difference")
    assert b3.p_holm == pytest.approx(3 * b3.p)
    assert math.isclose(b3.lo + b3.hi, 2 * b3.mean)
    assert "3 tips are tested" in study.note("en") and "홀름–본페로니 보정" in study.note("ko")
    assert "족별 오류율(FWER)" in study.note("ko") and "가족별" not in study.note("ko")
    assert "[홀름 보정 후: 이득]" in study.text("ko") and "홈 보정" not in study.text("ko")
    assert "판당 +5.00점(95% 신뢰구간 +3.04~+6.96점)" in study.text("ko")
    # a row stored for another version of its test is not used
    data["rows"]["B3"]["version"] = 0
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load(path).row("B3").n == 0


def test_first_lead_pairs() -> None:
    diffs, dropped = tipstudy.first_lead_diffs(5, 4)
    assert dropped == 0 and diffs.shape == (4,)
    g = get("belote")
    import random

    rng = random.Random("tips:5")
    for i, d in enumerate(diffs):
        seed, dealer = rng.getrandbits(32), g.seats[i % 4]
        a = play_hand("belote", "2,2,2,2", seed=seed, dealer=dealer,
                      rules={"first_lead": "dealer"})
        b = play_hand("belote", "2,2,2,2", seed=seed, dealer=dealer,
                      rules={"first_lead": "eldest"})
        assert (a.contract.code, a.taker) == (b.contract.code, b.taker)
        attack = g.side_of(a.taker)
        leads = a if g.side_of(a.tricks[0].leader) == attack else b
        defends = b if leads is a else a
        assert g.side_of(defends.tricks[0].leader) != attack
        side = g.sides[attack]
        assert d == leads.result.score[side] - defends.result.score[side]


def test_common_opponent_is_a_paired_difference() -> None:
    same = tipstudy.common_opponent_diffs("belote2", Belote2Player2, Belote2Player2,
                                          T.LeadsHighEarly, 3, 4)
    assert not same.any()
    d = tipstudy.common_opponent_diffs("belote2", Belote2Player2, T.NoCheapCapture,
                                       T.LeadsHighEarly, 3, 4)
    back = tipstudy.common_opponent_diffs("belote2", T.NoCheapCapture, Belote2Player2,
                                          T.LeadsHighEarly, 3, 4)
    assert (d == -back).all()


def test_the_cli_runs_a_row(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "cli.json"
    assert main(["tips", "--only", "C5", "--deals", "50", "--jobs", "1", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("C5   n=50 deals") and out.exists()
    from belote_lab.cli.main import build_parser

    usage = " ".join(
        build_parser()._subparsers._group_actions[0].choices["tips"].format_help().split())
    assert f"default {tipstudy.DEALS})" in usage and f"default {tipstudy.SOLVER_HANDS})" in usage
    with pytest.raises(SystemExit) as e:
        main(["tips", "--only", "T10"])
    assert e.value.code == 2
    assert "not tested" in capsys.readouterr().err


# --- the stored study and its table --------------------------------------------------------------
@pytest.mark.skipif(not STORED.exists(), reason="make tips has not been run")
def test_stored_row_equals_its_recomputation() -> None:
    stored = json.loads(STORED.read_text(encoding="utf-8"))["rows"]
    assert stored["C5"]["chunks"][0] == recompute("C5", 0)
    study = load()
    assert all(r.n >= 100 for r in study.rows if r.tip.tested)
    assert {r.verdict for r in study.family} <= {"pays", "costs", "no clear difference"}


@pytest.mark.parametrize("language", ["en", "ko"])
def test_table_html(language: str) -> None:
    study = load() if STORED.exists() else TipStudy([TipRow(t) for t in TIPS])
    html = tip_table_html(study, language)
    for t in TIPS:
        for q in t.quote_ko:
            assert q in html, (t.id, q)
        assert t.paraphrase(language) in html
        if not t.tested:
            assert t.why_not(language).split(": ", 1)[1] in html
    for fallback in ("(를)", "(을)", "(가)", "(이)", "(는)", "(은)", "(으)로", "(와)", "(과)"):
        assert fallback not in html
    assert "<script" not in html and "var(--jp-" in html and "keep-all" in html
    assert html.count("<tr") == len(TIPS) + 1
    assert study.note(language) in html


def test_every_tip_is_described() -> None:
    ids = [t.id for t in TIPS]
    assert len(ids) == len(set(ids))
    for t in TIPS:
        assert t.kind in tipstudy.KIND_NAMES and t.quote_ko and t.paraphrase_ko
        if t.tested:
            assert t.runner is not None and t.how("en") and t.how("ko")
        else:
            assert t.why_not("en").startswith("Not tested") and t.why_not("ko")


def test_no_class_name_reaches_a_reader() -> None:
    """The compared players are described (what they do), in both languages; the class
    names stay in code and in the stored study."""
    class_name = re.compile(r"[A-Z][a-z]+[A-Z][A-Za-z]*")
    for t in TIPS:
        for language in ("en", "ko"):
            shown = [t.method(language)]
            shown += [tipstudy.player_name(p, language) for p in (t.tip_player, t.other_player)
                      if p]
            for text in shown:
                assert not class_name.search(text), (t.id, language, text)
    assert tipstudy.player_name("NoTrumpPull", "ko") == "으뜸패를 먼저 빼지 않는 레벨 2"
    assert tipstudy.tip("B3").other_player == "NoTrumpPull"  # the stored study's key
    with pytest.raises(KeyError, match="no description of the player 'Nobody'"):
        tipstudy.player_name("Nobody")


def test_korean_statistics_and_design_words() -> None:
    design = tipstudy.tip("B3").design("ko")
    assert design.startswith("듀플리케이트 비교(같은 딜을 자리를 바꿔 두 번 치는 비교)입니다.")
    for t in TIPS:
        words = t.method("ko") + t.paraphrase("ko")
        assert "복식" not in words and "홈 보정" not in words and "시드" not in words, t.id
        assert "솔버" not in words, t.id
        if t.game == "belote2":  # the two-player taking is 공수 결정 (경매: only in quotes)
            assert "경매" not in words, t.id
