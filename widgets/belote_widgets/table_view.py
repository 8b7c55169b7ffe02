"""The play table's drawing: pure functions from what the table shows (:class:`View`: the
session, the learner's seat, the language, the table's own notes) to HTML — testable without a
browser or a kernel.  :class:`~belote_widgets.play_table.PlayTable` is the controller: it holds
the widgets, takes the learner's clicks, drives the session and draws with these (its
messages, said once and drawn again in any language, are :mod:`belote_widgets.table_messages`).

>>> from belote_lab.play.session import Session
>>> s = Session("callbreak", seed=4, dealer="S"); _ = s.advance()  # West, North, East call
>>> v = View(s, "en")
>>> "bw-suit-S" in badge_html(v)     # spades are trump during the calls too
True
>>> next_key(v), turn_words(v)
('next_hand', 'Your turn (South): make your call.')
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from belote_lab.cards import Card, Suit, seat_in
from belote_lab.coaching.advice import Advice
from belote_lab.coaching.hints import Hint
from belote_lab.contract import ContractKind
from belote_lab.games import Game
from belote_lab.play.record_io import korean_of
from belote_lab.play.session import Action, Session
from belote_lab.trick import Reason
from belote_lab.words import section
from belote_lab.words import text as catalogue_text
from belote_widgets.cards_view import card_html, esc
from belote_widgets.declarations_view import declarations_html
from belote_widgets.describe import (
    action_text,
    calls_text,
    contract_text,
    drawn_card,
    draws_text,
    events_html,
    hand_cards,
    last_trick_html,
    phase_text,
    result_text,
    running_points,
    seat_hand_html,
    sides_html,
    trick_html,
    turned_html,
)
from belote_widgets.i18n import (
    LANGUAGES,
    contract_name,
    game_name,
    seat_name,
    seat_word,
    side_name,
    suit_name,
    text,
)
from belote_widgets.review_view import review_words
from belote_widgets.settings import mode_label

Message = Callable[[str], str]  # a message drawn in the language of the moment

NAMESPACE = "play"
"""The catalogue's namespace of the table's own labels (``play.next_hand`` …)."""

TABLE_TEXTS: dict[str, dict[str, str]] = {
    language: section(NAMESPACE, language) for language in LANGUAGES
}
"""The table's own labels in English and Korean, by key (those of :mod:`belote_widgets.i18n`
are used where they fit): a read copy of the catalogue's ``play.`` texts
(belote_lab/words/en/play.json, ko/play.json), where an editor changes them."""

FOUR_COLOURS = {"S": "#111111", "H": "#c40000", "D": "#0a58ca", "C": "#1e7b2a"}
TWO_COLOURS = {"S": "#111111", "H": "#c40000", "D": "#c40000", "C": "#111111"}
TABLE_CSS = """
.bw-status-bar {
  position: sticky; top: 0; z-index: 5; display: flex; flex-wrap: wrap; align-items: center;
  gap: 0.25em 1.2em; padding: 4px 10px; border-radius: 6px;
  background: var(--jp-layout-color2, #eef1f4); color: var(--jp-ui-font-color1, #111);
  border: 1px solid var(--jp-border-color1, #9aa4ad);
}
.bw-trump-badge {
  display: inline-block; min-width: 1.5em; padding: 0 0.25em; text-align: center;
  font-size: 2.1em; line-height: 1.15; font-weight: bold; border-radius: 8px;
  background: #fff; color: #111; border: 2px solid #c9970c;
}
.bw-trump-badge.bw-badge-words { font-size: 1.1em; padding: 0.35em 0.5em; }
.bw-trump-badge.bw-suit-H, .bw-trump-badge.bw-suit-D { color: #c40000; }
.bw-four-colour .bw-trump-badge.bw-suit-D { color: #0a58ca; }
.bw-four-colour .bw-trump-badge.bw-suit-C { color: #1e7b2a; }
/* the trick's cards at their players' places: North at the top, West left, East right, South
   (the learner, when South) at the bottom; the page keeps them in playing order */
.bw-felt .bw-current {
  display: grid; grid-template-areas: ". n ." "w . e" ". s .";
  grid-template-columns: 1fr auto 1fr; align-items: center; justify-items: center;
  gap: 2px 6px; margin: 2px 0 6px;
}
.bw-felt .bw-current .seat-N { grid-area: n; }
.bw-felt .bw-current .seat-W { grid-area: w; justify-self: end; }
.bw-felt .bw-current .seat-E { grid-area: e; justify-self: start; }
.bw-felt .bw-current .seat-S { grid-area: s; }
.bw-bar-turn { font-weight: bold; }
.bw-log-scroll {
  max-height: 14em; overflow-y: auto; display: flex; flex-direction: column-reverse;
}
.bw-log ol { margin: 2px 0; padding-left: 1.6em; }
"""


def _resume_css() -> str:
    """The Resume button's label: ipywidgets 8 writes a FileUpload's label as "description
    (count)", and the count (always 0 here: a file is read and forgotten) means nothing to a
    learner, so the button's own text is hidden and its label drawn after its icon, in the
    table's language (the table's root carries ``bw-lang-<language>``)."""
    rules = [
        ".bw-resume.widget-upload { font-size: 0 !important; }",
        ".bw-resume.widget-upload > i { font-size: var(--jp-widgets-font-size, 13px); "
        "margin-right: 0.4em; }",
    ]
    for lang, table in TABLE_TEXTS.items():
        label = json.dumps(table["resume"], ensure_ascii=False)
        rules.append(f".bw-lang-{lang} .bw-resume.widget-upload::after {{ content: {label}; "
                     "font-size: var(--jp-widgets-font-size, 13px); }")
    return "\n".join(rules) + "\n"


TABLE_CSS += _resume_css()


def play_text(key: str, language: str, **values: Any) -> str:
    """The table's label ``key`` in ``language``, filled in: the catalogue's ``play.<key>``
    (:func:`belote_lab.words.text`)."""
    return catalogue_text(f"{NAMESPACE}.{key}", language, **values)


def tricks_words(n: int, language: str) -> str:
    """``1 trick``, ``4 tricks`` / ``4트릭``."""
    return play_text("tricks_1" if n == 1 else "tricks_n", language, n=n)


def called_words(seat: int, call: int, language: str, took: int | None = None) -> str:
    """A seat's Callbreak call in words: ``East called 4 tricks`` / ``동 4트릭 콜`` (a label);
    with ``took``, a sentence with the tricks taken so far (the seat's sentence name).

    >>> called_words(1, 4, "en"), called_words(1, 4, "ko")
    ('East called 4 tricks', '동 4트릭 콜')
    >>> called_words(3, 1, "ko", took=2)
    '서쪽은 1트릭을 콜했고 지금까지 2트릭을 가져갔습니다'
    """
    tricks = tricks_words(call, language)
    if took is None:
        return play_text("called", language, seat=seat_name(seat, language), tricks=tricks)
    return play_text("called_took", language, seat=seat_word(seat, language), tricks=tricks,
              took=tricks_words(took, language))


# --- what the table shows ---------------------------------------------------------------------
@dataclass(frozen=True)
class View:
    """What the table draws: the session on show from the learner's ``seat`` (by default the
    session's), in ``language``, with the table's own state — ``busy`` (the computer plays,
    paced), ``status`` (the last message, drawn in any language), ``log`` (the computer's
    actions since the learner's last decision), ``peek`` (the last trick shown on demand),
    ``games_won`` (games finished at this table), ``refused`` (the card last refused and
    why), the hint asked for (``hint`` for a card, ``advice`` for a call, ``hint_pick`` the
    level-2 player's choice, ``hint_error`` why none was given — ``""``: not the learner's
    turn — and ``hint_failure`` the engine's error) and ``show_legal`` (outline the
    playable cards)."""

    session: Session
    language: str = "en"
    busy: bool = False
    status: Message | None = None
    log: tuple[Action, ...] = ()
    peek: bool = False
    games_won: int = 0
    refused: tuple[Card, Reason | str] | None = None
    hint: Hint | None = None
    advice: Advice | None = None
    hint_pick: Message | None = None
    hint_error: str | None = None
    hint_failure: Exception | None = None
    show_legal: bool = True

    @property
    def seat(self) -> int:
        return int(self.session.seat)

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def hand(self) -> Any:
        return self.session.hand

    @property
    def learner_turn(self) -> bool:
        return bool(self.session.is_learner_turn)

    @property
    def in_rounds(self) -> bool:
        """A game of a set number of rounds (Callbreak's quick game, journey): its hands are
        called rounds everywhere, as the status bar's "Round 1 of 5" calls them."""
        return self.session.status()["rounds"] is not None


def next_key(v: View) -> str:
    """What the Next button does now, as a key of the ``play.`` texts."""
    s = v.session
    ladder = s.ladder is not None
    next_hand = "next_round" if v.in_rounds else "next_hand"
    if s.can_next:
        if not s.match.is_over:
            return next_hand
        return "next_match" if s.mode == "run" else "next_game"
    if s.is_over:
        return {"hand": "new_hand", "game": "new_game", "match": "new_match",
                "run": "new_run", "journey": "new_journey"}[s.mode]
    return "next_match" if ladder and s.match.is_over else next_hand


def winner_words(v: View, lang: str) -> str:
    """Who won the game or match on show, in ``lang`` (a draw said so)."""
    w = v.session.status()["winner"]
    return text("draw_game", lang) if w is None else text("wins", lang, side=side_name(w, lang))


def level_words(v: View, lang: str) -> str:
    """The computer's level, or each seat's when they differ."""
    levels = v.session.status()["levels"]
    if len(set(levels.values())) == 1:
        return text("level", lang, n=next(iter(levels.values())))
    shown = ", ".join(f"{seat_name(k, lang)} {n}" for k, n in levels.items())
    return play_text("levels", lang, levels=shown)


def header_html(v: View) -> str:
    """The header: game, mode and numbers, the deal number, the learner, levels, dealer,
    phase and contract."""
    h, lang = v.hand, v.language
    s = v.session
    st = s.status()
    head = [f"<b>{esc(game_name(v.game.name, lang))}</b>"]
    if s.mode == "hand":
        head.append(esc(text("hand_number", lang, n=s.number)))
    elif s.ladder is None:
        head += [esc(mode_label(v.game, s.mode, lang)), esc(
            play_text("match_no", lang, n=s.number) if s.mode == "match"
            else text("game_no", lang, n=s.number)
        )]
    else:
        head.append(esc(play_text("run_no" if s.mode == "run" else "journey_no", lang, n=s.number)))
        head.append(esc(play_text("match_no", lang, n=st["match_no"]) if s.mode == "run"
                        else text("game_no", lang, n=st["match_no"])))
    if s.mode != "hand" and st["rounds"] is None:  # the bar counts a game's rounds
        head.append(esc(text("hand_number", lang, n=st["hand"])))
    head += [
        esc(play_text("deal_no", lang, n=s.seed)),
        esc(text("learner", lang, seat=seat_word(v.seat, lang))),
        esc(level_words(v, lang)),
        f"{esc(text('dealer', lang))}: {esc(seat_name(h.dealer, lang))}",
        f"{esc(text('phase', lang))}: {esc(phase_text(h, lang))}",
    ]
    contract = contract_text(h, lang)
    if contract:
        head.append(f'<span class="bw-contract-text">{esc(contract)}</span>')
    return " · ".join(head)


def badge_html(v: View) -> str:
    """The trump as a large badge (its suit symbol, or the contract in words)."""
    h, lang = v.hand, v.language
    c = h.contract or v.game.known_contract  # Callbreak: spades during the calls too
    label = play_text("trump_badge", lang)
    if c is None:
        words = play_text("no_trump_yet", lang)
        return (f'<span class="bw-trump-badge" title="{esc(words)}" '
                f'aria-label="{esc(words)}">?</span>')
    trump: Suit | None = c.trump
    if trump is None or c.kind in (ContractKind.NO_TRUMP, ContractKind.ALL_TRUMP):
        words = contract_name(c, lang)
        return (f'<span class="bw-trump-badge bw-badge-words" title="{esc(words)}">'
                f"{esc(words)}</span>")
    words = f"{label}: {suit_name(trump, lang)}"
    return (f'<span class="bw-trump-badge bw-suit-{trump.name}" role="img" '
            f'title="{esc(words)}" aria-label="{esc(words)}">{trump.symbol}</span>')


def turn_words(v: View) -> str:
    """Whose turn it is, in words (the computer busy, the hand over, the learner, a seat)."""
    h, lang = v.hand, v.language
    if v.busy:
        return play_text("busy", lang)
    if h.is_over:
        return play_text("round_done" if v.in_rounds else "hand_done", lang)
    if v.learner_turn:
        return play_text("your_turn_play" if h.phase == "play" else "your_turn_call", lang,
                  seat=seat_word(v.seat, lang))
    who = seat_word(h.current_player, lang)
    return text("to_play", lang, seat=who) if h.phase == "play" else play_text(
        "to_call", lang, seat=who
    )


def bar_html(v: View) -> str:
    """The fixed bar: trump badge, contract, whose turn, the score, round, run."""
    h, lang = v.hand, v.language
    st = v.session.status()
    score = " · ".join(
        f"{esc(side_label(v, side, lang))} {n}" for side, n in st["totals"].items()
    )
    contract = contract_text(h, lang) or "—"
    items = [
        badge_html(v),
        f'<span class="bw-bar-item"><b>{esc(text("contract", lang))}</b>: '
        f"{esc(contract)}</span>",
        f'<span class="bw-bar-item bw-bar-turn">{esc(turn_words(v))}</span>',
        f'<span class="bw-bar-item bw-bar-score"><b>{esc(play_text("score", lang))}</b>: '
        f"{score}</span>",
    ]
    if st["rounds"] is not None:
        rounds = play_text("round_of", lang, n=st["round"], total=st["rounds"])
        items.append(f'<span class="bw-bar-item">{esc(rounds)}</span>')
    if st["won"] is not None:
        key = "run_bar" if v.session.mode == "run" else "journey_bar"
        score_text = f"{st['run_score']:,}" if v.session.mode == "run" else st["run_score"]
        run = play_text(key, lang, level=st["level"], score=score_text, won=st["won"],
                 points=st["run_score"])
        items.append(f'<span class="bw-bar-item bw-bar-run">{esc(run)}</span>')
    return f'<div class="bw-status-bar" role="status">{"".join(items)}</div>'


def side_label(v: View, side: str, lang: str) -> str:
    """A side's name, the learner's marked: ``남북 팀(우리 팀)``, in Callbreak (no teams)
    ``남(직접 플레이)``."""
    g = v.game
    name = side_name(side, lang)
    if side != g.sides[g.side_of(v.seat)]:
        return name
    return text("you_side" if g.partnership else "you_seat", lang, name=name)


def seat_html(v: View, s: int) -> str:
    """One seat's panel: its name, turn, tricks, call and (another seat's) card backs."""
    h, lang = v.hand, v.language
    mark = ' <span class="bw-turn">▶</span>' if h.current_player == s else ""
    name = seat_name(s, lang)
    if s == v.seat:
        name = text("you_seat", lang, name=name)
    extra = f" · {esc(text('tricks_won', lang, n=h.won_tricks[s]))}"
    if v.game.bidding == "calls":
        call = h.call_of(s)
        if call is not None:
            extra += f" · {esc(play_text('seat_called', lang, tricks=tricks_words(call, lang)))}"
    if h.dealer == s:
        extra += f" · {esc(text('dealer', lang))}"
    cards = "" if s == v.seat else seat_hand_html(h, s, lang, face_up=False)
    return (
        f'<div class="bw-seat-panel"><span class="bw-seat">{esc(name)}</span>{mark}'
        f'<span class="bw-muted">{extra}</span><br>{cards}</div>'
    )


def fresh_last_trick(v: View) -> bool:
    """Was the last trick completed since the learner's last card (so not seen yet)?  Yes
    while the learner has no card in the trick being played: the seats of its cards are
    the ones after its leader (:meth:`Game.next_seat <belote_lab.games.spec.Game.next_seat>`).

    >>> from belote_lab.play.session import Session
    >>> s = Session("belote", seed=3, dealer="W"); _ = s.advance()  # E took; W, N, E played
    >>> len(s.hand.trick), fresh_last_trick(View(s))
    (3, False)
    >>> _ = s.play("JS"), s.advance()                               # the learner's card ends it
    >>> len(s.hand.tricks), len(s.hand.trick), fresh_last_trick(View(s))
    (1, 3, True)
    """
    h = v.hand
    if not h.tricks:
        return False
    in_trick = {v.game.next_seat(h.leader, k) for k in range(len(h.trick))}
    return v.seat not in in_trick


def center_html(v: View) -> str:
    """The felt: the current trick (each card at its player's place), the last trick (just
    completed, or peeked at) and the turned card."""
    h, lang = v.hand, v.language
    current = trick_html(h, lang)
    center = f'<div class="bw-muted">{esc(text("current_trick", lang))}</div>'
    center += f'<div class="bw-current">{current}</div>' if current else ""
    if v.peek or not current or fresh_last_trick(v):
        center += last_trick_html(h, lang)
    center += turned_html(h, lang)
    return f'<div class="bw-felt">{center}</div>'


def calls_line(v: View) -> str:
    """The calls so far in words (Callbreak: ``East called 4 tricks`` …)."""
    h, lang = v.hand, v.language
    if v.game.bidding != "calls":
        return calls_text(h, lang)
    return ", ".join(  # in the order the calls were made
        called_words(seat_in(s, v.game.seats), n, lang) for s, n in h.calls.items()
    )


def status_html(v: View) -> str:
    """The status lines: the last message, the computer's actions since, what to do now."""
    lang = v.language
    h = v.hand
    lines = []
    if v.status is not None:
        lines.append(esc(v.status(lang)))
    if v.log:
        turned = h.turned
        lines.append(
            '<span class="bw-muted">'
            + esc(", ".join(action_words(v, a, lang, turned) for a in v.log))
            + "</span>"
        )
    button = play_text(next_key(v), lang)
    if h.is_over and not v.session.match.is_over:
        over = "round_over" if v.in_rounds else "hand_over"
        lines.append(esc(play_text(over, lang, button=button)))
    elif v.learner_turn and not v.busy:
        key = "your_turn" if h.phase == "play" else "your_call"
        lines.append(
            f'<b class="bw-turn">{esc(text(key, lang, seat=seat_word(v.seat, lang)))}</b>'
        )
    return "<br>".join(lines)


def action_words(v: View, action: Action, lang: str, turned: Card | None) -> str:
    """An action in words (a Callbreak call: ``East called 4 tricks``): a call of tricks is
    the one the action record reads as a number (:attr:`Action.call
    <belote_lab.games.base.Action.call>`), in a game of calls."""
    call = action.call
    if v.game.bidding == "calls" and isinstance(call, int):
        return called_words(action.seat_index, call, lang)
    return action_text(action, lang, turned)


def hint_table(v: View, hn: Hint) -> str:
    """The hint as a table: each card's value (and range) from what the learner sees."""
    lang = v.language
    unit = text("hint_unit_tricks" if hn.unit == "tricks" else "hint_unit_points", lang)
    sampled = "hint_weighted" if hn.weighted else "hint_sampled"
    kind = text("hint_exact", lang) if hn.exact else text(sampled, lang, n=hn.samples)
    if hn.played_on == hn.samples and hn.horizon:
        kind += "; " + text("hint_rollout", lang, k=hn.horizon)
    elif hn.played_on:
        kind += "; " + text("hint_played_on", lang, m=hn.played_on, k=hn.horizon)
    if hn.tolerance:
        kind += "; " + text("hint_tolerance", lang, t=f"{hn.tolerance:g}", unit=unit)
    heads = ["hint_card", "hint_mean"] + (["hint_range"] if hn.shows_range else [])
    rows = ["<tr>" + "".join(f"<th>{esc(text(k, lang))}</th>" for k in heads) + "</tr>"]
    best = hn.best
    trump = v.hand.contract.trump if v.hand.contract is not None else None
    for row in hn.ranked():
        style = ' class="bw-best"' if row.card == best else ""
        spread = f"<td>{row.low:g}–{row.high:g}</td>" if hn.shows_range else ""
        rows.append(
            f"<tr{style}><td>{card_html(row.card, trump, lang)}</td>"
            f'<td class="hint-{row.card.text}">{row.mean:.1f}</td>{spread}</tr>'
        )
    note = "" if hn.shows_range else (
        f'<span class="bw-muted">{esc(text("hint_no_range", lang, n=hn.RANGE_SAMPLES))}'
        "</span>")
    values = "hint_values" if v.game.partnership else "hint_values_alone"
    return (
        f"{esc(text(values, lang, unit=unit, kind=kind))}"
        f'<table class="bw-table">{"".join(rows)}</table>{note}'
    )


def info_html(v: View) -> str:
    """Points so far, the stock, Callbreak's calls, the declarations shown, the
    announcements and, at the end, the result in words."""
    h, lang = v.hand, v.language
    parts = []
    g = v.game
    label = text("tricks_so_far" if g.counts == "tricks" else "points_so_far", lang)
    parts.append(
        f"<b>{esc(label)}</b>: "
        + sides_html(running_points(h), lang)
    )
    if g.has_stock and h.contract is not None:
        stock = len(h.stock_left)
        phase = text("stock_phase" if stock else "strict_phase", lang)
        parts.append(
            f'<span class="bw-stock-info">{esc(text("stock", lang, n=stock))} — '
            f"{esc(phase)}</span>"
        )
    if v.game.bidding == "calls" and h.contract is not None:
        rows = "<br>".join(
            esc(called_words(s, h.call_of(s), lang, took=h.won_tricks[s])) for s in g.seats
        )
        parts.append(f'<span class="bw-callbreak-info">{rows}</span>')
    shown = declarations_html(h, lang, seat=v.seat)  # the cards each seat declared
    if shown:
        parts.append(shown)
    events = events_html(h, lang, v.seat, draws=False)  # draws: in the play log
    parts.append(f"<b>{esc(text('announcements', lang))}</b>: {events}")
    if h.phase == "done":
        why = esc(result_text(h, lang)).replace("\n", "<br>")
        parts.append(f'<div class="bw-final"><span class="bw-why">{why}</span></div>')
    return "<br>".join(parts)


def log_html(v: View) -> str:
    """The hand trick by trick: the calls, then each trick's cards by seat and its winner."""
    h, lang = v.hand, v.language
    trump = h.contract.trump if h.contract is not None else None
    items = []
    calls = calls_line(v)
    if calls:
        items.append(f"<li><b>{esc(play_text('log_calls', lang))}</b>: {esc(calls)}</li>")
    tricks = [(t.leader, list(t.cards), t) for t in h.tricks]
    if h.trick:
        tricks.append((h.leader, list(h.trick), None))
    for n, (leader, cards, done) in enumerate(tricks, start=1):
        order = h.seat_order
        first = order.index(leader)
        played = ", ".join(
            f"{esc(seat_name(order[(first + k) % len(order)], lang))} "
            f"{card_html(c, trump, lang)}"
            for k, c in enumerate(cards)
        )
        end = ""
        if done is not None:
            who = seat_word(done.winner, lang)
            key = "log_won_points" if v.game.counts == "points" else "log_won"
            end = " — " + esc(play_text(key, lang, seat=who, points=done.points))
        items.append(f"<li><b>{esc(play_text('log_trick', lang, n=n))}</b>: {played}{end}</li>")
        draws = draws_text(h, n, lang, v.seat) if done is not None else ""
        if draws:  # two-player Belote: the learner's card by name, the other as "a card"
            items.append(f'<li class="bw-log-draw">{esc(draws)}</li>')
    # the newest trick in view: a reversed flex box starts scrolled to its end
    body = f'<div class="bw-log-scroll"><ol>{"".join(items)}</ol></div>' if items else ""
    return (f'<details class="bw-log" open><summary>{esc(play_text("log", lang))}</summary>'
            f"{body}</details>")


def scoreboard_html(v: View) -> str:
    """The scoreboard: a row a finished hand (or round), the totals, the games won."""
    lang = v.language
    names = v.game.sides
    head = "".join(f"<th>{esc(side_label(v, s, lang))}</th>" for s in names)
    column = "round_head" if v.session.status()["rounds"] is not None else "hand_no"
    rows = [f"<tr><th>{esc(text(column, lang))}</th>{head}</tr>"]
    for i, x in enumerate(v.session.done_hands(), start=1):
        cells = "".join(f"<td>{x.result.score[s]}</td>" for s in names)
        rows.append(f'<tr class="bw-score-row"><td>{i}</td>{cells}</tr>')
    totals = v.session.totals()
    cells = "".join(f'<th class="bw-total-{s}">{totals.get(s, 0)}</th>' for s in names)
    rows.append(f"<tr><th>{esc(text('total', lang))}</th>{cells}</tr>")
    done = ""
    if v.games_won:
        done = esc(text("games_won", lang, n=v.games_won))
    return (
        f"<b>{esc(text('scoreboard', lang))}</b>"
        f'<div class="bw-scroll-x"><table class="bw-table">{"".join(rows)}</table></div>'
        f"{done}"
    )


# --- the learner's side of the table --------------------------------------------------------------
def seats_around(game: Game, seat: int) -> tuple[int | None, int | None, int | None]:
    """The seats shown on top, left and right of the learner's (at the bottom): in a game of
    two, the other seat on top and no one at the sides.

    >>> from belote_lab.games import get
    >>> seats_around(get("belote"), 2), seats_around(get("belote2"), 2)
    ((0, 3, 1), (0, None, None))
    """
    if game.players == 2:
        return game.next_seat(seat), None, None
    return game.next_seat(seat, 2), game.next_seat(seat, 1), game.next_seat(seat, 3)


class HandMarks(NamedTuple):
    """How the learner's cards are shown: in order, under ``trump``; each playable card's
    CSS class in ``states`` and its note (the tooltip: playable, or the engine's reason why
    not) in ``notes``; ``drawn`` the card just drawn from the stock (two-player Belote)."""

    cards: list[Card]
    trump: Suit | None
    states: dict[Card, str]
    notes: dict[Card, str]
    drawn: Card | None


def hand_marks(v: View) -> HandMarks:
    """The learner's cards and their marks: on the learner's turn to play (the computer not
    busy) each card is playable (outlined when :attr:`View.show_legal`) or dimmed with the
    engine's reason as its note; a card just drawn says so.

    >>> from belote_lab.play.session import Session
    >>> s = Session("belote", seed=3, dealer="W"); _ = s.advance()  # ♠ led, ♣ trump
    >>> m = hand_marks(View(s))
    >>> m.trump.name, [c.text for c, state in m.states.items() if state == "bw-legal"]
    ('C', ['JS'])
    >>> m.notes[Card.parse("7H")], hand_marks(View(s, busy=True)).states
    ('You must follow suit: you hold ♠; playable: J♠.', {})
    """
    h, lang = v.hand, v.language
    cards = hand_cards(h, v.seat)
    states: dict[Card, str] = {}
    notes: dict[Card, str] = {}
    if h.phase == "play" and h.current_player == v.seat and not v.busy:
        for c in cards:
            why = h.why_not(c, v.seat, lang)
            if why is None:
                states[c] = "bw-legal" if v.show_legal else ""
                notes[c] = text("playable_mark", lang)
            else:
                states[c] = "bw-illegal"
                notes[c] = why.text(lang) if isinstance(why, Reason) else str(why)
    trump = h.contract.trump if h.contract is not None else None
    drawn = drawn_card(h, v.seat)  # two-player Belote: marked until the next trick
    if drawn is not None:
        mark = play_text("drawn_mark", lang, n=len(h.tricks))
        notes[drawn] = f"{notes[drawn]} · {mark}" if drawn in notes else mark
    return HandMarks(cards, trump, states, notes, drawn)


def button_words(v: View) -> dict[str, str]:
    """The words on the table's buttons, by button: ``undo``, ``hint``, ``next`` (what the
    Next button does now), ``bid``, ``last_trick``, ``review``, ``resume`` and the Resume
    button's tooltip ``resume_title``.

    >>> from belote_lab.play.session import Session
    >>> s = Session("belote", seed=3)
    >>> button_words(View(s))["next"], button_words(View(s, "ko"))["undo"]
    ('Next hand', '되돌리기')
    """
    lang = v.language
    return {
        "undo": text("undo", lang),
        "hint": text("hint", lang),
        "next": play_text(next_key(v), lang),
        "bid": text("bid", lang),
        "last_trick": play_text("last_trick_toggle", lang),
        "review": review_words("table_button", lang),
        "resume": play_text("resume", lang),
        "resume_title": play_text("resume_title", lang),
    }


def bidding_html(v: View) -> str:
    """The calls so far in words, shown from the bidding on (``—`` before the first)."""
    calls = calls_line(v)
    if v.hand.phase != "bidding" and not calls:
        return ""
    return f"<b>{esc(text('calls', v.language))}</b>: {esc(calls or '—')}"


def reason_html(v: View) -> str:
    """Why the card last clicked was refused: the card and the engine's reason."""
    if v.refused is None:
        return ""
    lang = v.language
    c, why = v.refused
    words = why.text(lang) if isinstance(why, Reason) else str(why)
    if lang == "ko":
        line = text("not_playable", lang, card=c.pretty, reason=words)
    else:
        line = f"{c.pretty}: {words}"
    return f'<span class="bw-reason">{esc(line)}</span>'


def hint_html(v: View) -> str:
    """The hint asked for: each card's value (:func:`hint_table`) or the call's advice, the
    level-2 player's choice, or why no hint was given."""
    lang = v.language
    if v.hint_error == "":
        return f'<span class="bw-muted">{esc(text("hint_not_now", lang))}</span>'
    parts = []
    if v.hint is not None:
        parts.append(hint_table(v, v.hint))
    if v.advice is not None:
        parts.append(f'<div class="bw-advice">{v.advice.html(lang)}</div>')
    if v.hint_error:
        parts.append(esc(hint_failed_words(v.hint_error, v.hint_failure, lang)))
    if v.hint_pick is not None:
        parts.append(f'<span class="bw-level2">{esc(v.hint_pick(lang))}</span>')
    return "".join(parts)


def hint_failed_words(error: str | None, failure: Exception | None, language: str) -> str:
    """Why no hint was given (``error``, the engine's ``failure``): the engine's words in
    ``language`` where it has them; in Korean a plain sentence otherwise (the English details
    are not shown).

    >>> hint_failed_words("advice is for the bidding", ValueError("advice is for"), "ko")
    '이 상황에서는 힌트를 계산할 수 없습니다.'
    >>> hint_failed_words("advice is for the bidding", None, "en")
    'No hint: advice is for the bidding'
    """
    if language == "en":
        return text("hint_failed", language, error=error)
    words = korean_of(failure) if failure is not None else None
    if words:
        return text("hint_failed", language, error=words)
    return text("hint_failed_plain", language)


def advice_note_html(advice: Any, language: str) -> str:
    """The advice's words under the question whether to show one's declarations."""
    return f'<span class="bw-muted">{esc(advice.text(language))}</span>'


# --- save ---------------------------------------------------------------------------------------
def session_json(session: Session) -> str:
    """The session as JSON text (what the Save link downloads)."""
    return json.dumps(session.to_json(), ensure_ascii=False)


def save_html(session: Session, language: str) -> str:
    """The Save link: the session's JSON in a ``data:`` address (downloaded, never sent).

    >>> from belote_lab.play.session import Session
    >>> link = save_html(Session("belote", seed=3), "en")
    >>> 'download="belote-lab-belote-hand-1.json"' in link, link.endswith("↓ Save</a>")
    (True, True)
    """
    data = base64.b64encode(session_json(session).encode("utf-8")).decode("ascii")
    name = f"belote-lab-{session.game.name}-{session.mode}-{session.number}.json"
    title = esc(play_text("save_title", language))
    return (
        f'<a class="bw-save-link jupyter-button" download="{name}" title="{title}" '
        f'href="data:application/json;charset=utf-8;base64,{data}">'
        f"↓ {esc(play_text('save', language))}</a>"
    )
