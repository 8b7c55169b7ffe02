"""``PlayTable``: the learner plays one seat against computer players.

During the bidding the learner's legal calls are buttons (Coinche bids: a dropdown and a Bid
button); during play the learner's cards are buttons.  A card the rules refuse is dimmed and
carries the engine's reason as its tooltip; clicking it shows the reason and changes
nothing.  After each of the learner's moves the computer seats (level 1: random legal
play, level 2: the game's level-2 player) act at once, synchronously, until it is the
learner's turn again or the hand is over.  Undo goes back to the learner's previous
decision.  New hand records the hand in the game (``BeloteGame``, ``CoincheGame``,
``Belote2Match``, ``CallbreakGame``) and deals the next; the scoreboard lists every hand.
Show hint gives each playable card's value (:func:`belote_lab.hints.hint`, a small budget)
and what the level-2 player would do.

>>> t = PlayTable("belote", level=2, seat="S", seed=3)
>>> t.hand.phase, t.is_learner_turn
('bidding', True)
>>> sorted(t.call_buttons)
['pass', 'take']
>>> t.call_buttons["take"].click(); t.hand.phase, t.hand.contract is not None
('play', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from belote_lab.cards import SEATS, Card, CardParseError, parse_seat
from belote_lab.games import get
from belote_lab.games.base import step
from belote_lab.hints import Hint, hint
from belote_lab.selfplay import make_players
from belote_lab.trick import Reason
from belote_widgets._base import LocalizedWidget, html_widget
from belote_widgets._game import bidding
from belote_widgets.cards_view import CardButtons, card_html, esc
from belote_widgets.describe import (
    action_text,
    calls_text,
    contract_text,
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
from belote_widgets.i18n import call_label, game_name, seat_name, side_name, text

__all__ = ["PlayTable"]

Message = Callable[[str], str]  # a message drawn in the language of the moment
_MAX_STEPS = 2000  # computer actions between two learner decisions (a guard, never reached)


class PlayTable(LocalizedWidget):
    """Play ``game`` from ``seat`` against computer players of ``level`` (1 or 2).

    Public state: :attr:`hand` (the engine's hand being played), :attr:`match` (the game
    object), :attr:`cards` (the learner's card buttons), :attr:`call_buttons`,
    :attr:`reason_label`, :attr:`status_label`, :attr:`scoreboard`, :attr:`hint_html`.
    """

    def __init__(
        self,
        game: str = "belote",
        level: int = 1,
        seat: str = "S",
        seed: int = 0,
        language: str | None = None,
        rules: dict[str, Any] | None = None,
        dealer: str | None = None,
        show_legal: bool = True,
        hint_samples: int = 8,
        hint_budget: float = 0.5,
    ) -> None:
        g = get(game)
        if level not in (1, 2):
            raise ValueError("the computer level is 1 or 2")
        if parse_seat(seat) not in g.seats:
            shown = " and ".join(SEATS[s] for s in g.seats)
            raise ValueError(f"{g.title} is played by the seats {shown}")
        super().__init__(language)
        self.add_class("bw-play-table")
        self.game = g.name
        self.level = level
        self.seat = parse_seat(seat)
        self.seed = seed
        self.show_legal = show_legal
        self.hint_samples = hint_samples
        self.hint_budget = hint_budget
        self._game = g
        self._bidding = bidding(g)
        self._rules = g.rules(rules or {})
        self._dealer = dealer
        self.game_number = 1
        self.finished_games: list[dict[str, Any]] = []
        self.match = self._new_match()
        players = make_players(self.game, level, seed)
        self.players = {s: p for s, p in players.items() if s != self.seat}
        self.advisor = make_players(self.game, 2, seed)[self.seat]
        self._decisions: list[int] = []
        self._status: Message | None = None
        self._log: list[tuple[str, str, str]] = []  # computer actions since the last decision
        self._refused: tuple[Card, Reason | str] | None = None
        self._clear_hint()
        self._call_made: dict[str, widgets.Button] = {}
        self._build_widgets()
        self.children = self._layout()
        self._advance()
        self._ready()

    def _layout(self) -> list[widgets.Widget]:
        return [
            self.style_html,
            widgets.HBox([self.header, self.language_picker]),
            self.status_label,
            self._table_box(),
            self.bidding_html,
            self.call_box,
            self.reason_label,
            widgets.HBox([self.undo_button, self.hint_button, self.new_hand_button]),
            self.hint_html,
            self.info_html,
            self.scoreboard,
        ]

    def _build_widgets(self) -> None:
        self.header = html_widget("bw-header")
        self.status_label = html_widget("bw-status")
        self.seat_html = {s: html_widget(f"bw-seat-box seat-{SEATS[s]}") for s in range(4)}
        self.center = html_widget("bw-center")
        self.cards = CardButtons(self._card_clicked, "bw-my-hand")
        self.bidding_html = html_widget("bw-bidding")
        self.call_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.call_box.add_class("bw-calls-box")
        self.bid_input = widgets.Dropdown(options=[], layout=widgets.Layout(width="12em"))
        self.bid_input.add_class("bw-bid-input")
        self.bid_button = self._action_button(
            "bw-bid", lambda: self.call(self.bid_input.value), button_style="primary"
        )
        self.reason_label = html_widget("bw-reason-label")
        self.undo_button = self._action_button("bw-undo", self.undo, icon="undo")
        self.hint_button = self._action_button("bw-hint", self.show_hint, icon="lightbulb-o")
        self.new_hand_button = self._action_button(
            "bw-new-hand", self.new_hand, button_style="success"
        )
        self.hint_html = html_widget("bw-hint-box")
        self.info_html = html_widget("bw-info")
        self.scoreboard = html_widget("bw-scoreboard")

    @staticmethod
    def _action_button(css: str, action: Callable[[], Any], **kwargs: Any) -> widgets.Button:
        b = widgets.Button(**kwargs)
        b.add_class(css)
        b.on_click(lambda _b: action())
        return b

    def _table_box(self) -> widgets.VBox:
        """The seats around the felt, the learner's at the bottom with its cards."""
        top, left, right = self._around()

        def box(s: int | None) -> widgets.HTML:
            return self.seat_html[s] if s is not None else html_widget("bw-empty")

        table = widgets.VBox(
            [
                box(top),
                widgets.HBox([box(left), self.center, box(right)]),
                self.seat_html[self.seat],
                self.cards.box,
            ]
        )
        table.add_class("bw-play-area")
        self.center.layout = widgets.Layout(min_width="22em", flex="1 1 auto")
        for s in (left, right):
            if s is not None:
                self.seat_html[s].layout = widgets.Layout(width="13em")
        return table

    # --- the game ---------------------------------------------------------------------------------
    def _new_match(self) -> Any:
        seed = random.Random(f"{self.seed}:game:{self.game_number}").getrandbits(32)
        kwargs: dict[str, Any] = {"seed": seed}
        if self._dealer is not None:
            kwargs["dealer"] = self._dealer
        return self._game.match_class(self._rules, **kwargs)

    @property
    def hand(self) -> Any:
        """The hand being played (an engine hand object)."""
        return self.match.hand

    @property
    def is_learner_turn(self) -> bool:
        h = self.hand
        return not h.is_over and h.current_player == self.seat

    def _around(self) -> tuple[int | None, int | None, int | None]:
        """The seats shown on top, left and right of the learner (at the bottom)."""
        g, me = self._game, self.seat
        if g.players == 2:
            return g.next_seat(me), None, None
        return g.next_seat(me, 2), g.next_seat(me, 1), g.next_seat(me, 3)

    def _advance(self) -> None:
        """Let the computer seats act until the learner's turn or the end of the hand."""
        for _ in range(_MAX_STEPS):
            h = self.hand
            if h.is_over:
                if h.phase == "redeal" and not self.match.is_over:
                    self.match.next_hand()
                    self._decisions = []
                    self._log = []
                    self._status = lambda lang: text("redealt", lang)
                    continue
                return
            cur = h.current_player
            if cur == self.seat:
                return
            player = self.players[cur]
            before = len(h.actions)
            step(h, player)  # the computer decides on what its seat may see
            self._log.extend(h.actions[before:])
        raise RuntimeError("the computer players did not stop")

    # --- the learner's decisions ------------------------------------------------------------------
    def play(self, card: Card | str) -> bool:
        """Play ``card`` for the learner; a refused card shows why and changes nothing."""
        h = self.hand
        try:
            c = Card.parse(card)
        except CardParseError as e:
            self._refuse_message(str(e))
            return False
        if h.phase != "play":
            self._refuse_message(
                None, lambda lang: text("no_card_now", lang, phase=phase_text(h, lang))
            )
            return False
        if h.current_player != self.seat:
            who = h.current_player
            self._refuse_message(
                None, lambda lang: text("not_your_turn", lang, seat=seat_name(who, lang))
            )
            return False
        why = h.why_not(c, self.seat)
        if why is not None:
            self._refused = (c, why)
            self._status = None
            self.refresh()
            return False
        self._decide()
        h.play(c, self.seat)
        self._status = lambda lang: text("you_played", lang, card=c.pretty)
        self._after_move()
        return True

    def call(self, call: str | int) -> bool:
        """Make the learner's call (``take``, ``pass``, ``H``, ``90S``, ``coinche``, ``3`` …)."""
        h = self.hand
        if h.phase != "bidding" or h.current_player != self.seat:
            cur = h.current_player
            self._refuse_message(
                None,
                (lambda lang: text("not_your_turn", lang, seat=seat_name(cur, lang)))
                if cur is not None
                else (lambda lang: text("hand_over", lang)),
            )
            return False
        value: Any = call
        if self._bidding == "calls":  # a number of tricks
            try:
                value = int(call)
            except ValueError:
                self._refuse_message(f"unknown call {call!r}: call a number of tricks")
                return False
        if not h.can_call(value, self.seat):
            try:
                h.verify_call(value, self.seat)
            except ValueError as e:
                self._refuse_message(str(e))
            return False
        self._decide()
        h.call(value, self.seat)
        turned = h.turned
        self._status = lambda lang: text(
            "you_called", lang, call=call_label(str(call), lang, turned)
        )
        self._after_move()
        return True

    def _decide(self) -> None:
        self._decisions.append(len(self.hand.actions))
        self._forget_notes()

    def _forget_notes(self) -> None:
        """Forget the refused card, the hint and the computer actions on show."""
        self._refused = None
        self._clear_hint()
        self._log = []

    def _clear_hint(self) -> None:
        self._hint: Hint | None = None
        self._hint_pick: Message | None = None
        self._hint_error: str | None = None

    def _after_move(self) -> None:
        self._advance()
        self.refresh()

    def _refuse_message(self, plain: str | None, message: Message | None = None) -> None:
        self._refused = None
        self._status = message if message is not None else (lambda _lang: plain or "")
        self.refresh()

    def _card_clicked(self, card: Card) -> None:
        self.play(card)

    def undo(self) -> bool:
        """Go back to just before the learner's previous decision.

        Once the hand is counted in the game (New hand ended the game), the engine refuses to
        take it back: its reason is shown, nothing changes and Undo is disabled."""
        if not self._decisions:
            self._status = lambda lang: text("nothing_to_undo", lang)
            self.refresh()
            return False
        why = self.hand.undo_refused()
        if why is not None:
            self._decisions = []
            self._refuse_message(why)
            return False
        target = self._decisions.pop()
        h = self.hand
        while len(h.actions) > target:
            h.undo()
        self._forget_notes()
        self._status = lambda lang: text("undone", lang)
        self.refresh()
        return True

    def new_hand(self) -> bool:
        """Record the finished hand and deal the next (a new game once the game is over)."""
        h = self.hand
        if not h.is_over:
            self._status = lambda lang: text("hand_not_over", lang)
            self.refresh()
            return False
        if self.match.is_over:
            self.game_number += 1
            self.match = self._new_match()
        else:
            self.match.next_hand()
            if self.match.is_over:
                self.finished_games.append(
                    {"game": self.game_number, "totals": self._totals(), "winner": self._winner()}
                )
                self._status = lambda lang: text("game_over", lang, winner=self._winner_words(lang))
                self.refresh()
                return True
        self._decisions = []
        self._forget_notes()
        self._status = None
        self._advance()
        self.refresh()
        return True

    def show_hint(self) -> bool:
        """Each legal card's value (play) and the level-2 player's choice (play or bidding)."""
        h = self.hand
        self._clear_hint()
        if not self.is_learner_turn:
            self._hint_error = ""
            self.refresh()
            return False
        if h.phase == "bidding":
            pick = self.advisor.choose_call(h.observation(self.seat))
            turned = h.turned
            self._hint_pick = lambda lang: text(
                "hint_level2_call", lang, call=call_label(str(pick), lang, turned)
            )
        else:
            card = self.advisor.choose_card(h.observation(self.seat))
            self._hint_pick = lambda lang: text("hint_level2_card", lang, card=card.pretty)
            try:
                self._hint = hint(
                    h, samples=self.hint_samples, time_budget=self.hint_budget, seed=0
                )
            except (RuntimeError, ValueError) as e:
                self._hint_error = str(e)
        self.refresh()
        return True

    # --- scores -----------------------------------------------------------------------------------
    def _hand_number(self) -> int:
        """1-based number of the hand on show in this game (redeals not counted)."""
        return len(self._done_hands()) + (0 if self.hand.is_over else 1)

    def _done_hands(self) -> list[Any]:
        done = [x for x in self.match.hands if x.phase == "done"]
        h = self.hand
        if h.phase == "done" and all(x is not h for x in done):
            done.append(h)
        return done

    def _totals(self) -> dict[str, Any]:
        """Each side's total over the hands of this game (the current one too once over)."""
        totals: dict[str, Any] = {}
        for x in self._done_hands():
            for side in self._game.sides:
                v = x.result.score[side]
                totals[side] = v if side not in totals else totals[side] + v
        return totals

    def _winner(self) -> str | None:
        w = getattr(self.match, "winner", None)
        return w if isinstance(w, str) else None

    def _winner_words(self, lang: str) -> str:
        w = self._winner()
        return text("draw_game", lang) if w is None else text("wins", lang, side=side_name(w, lang))

    # --- drawing ----------------------------------------------------------------------------------
    def _render(self) -> None:
        lang = self.language
        h = self.hand
        self.undo_button.description = text("undo", lang)
        self.hint_button.description = text("hint", lang)
        self.new_hand_button.description = text("new_hand", lang)
        self.bid_button.description = text("bid", lang)
        self.undo_button.disabled = not self._decisions
        self.new_hand_button.disabled = not h.is_over
        self.hint_button.disabled = not self.is_learner_turn
        self.header.value = self._header_html(h, lang)
        self.status_label.value = self._status_html(lang)
        for s in h.seat_order:
            self.seat_html[s].value = self._seat_html(h, s, lang)
        self.center.value = self._center_html(h, lang)
        self._render_cards(h, lang)
        self._render_calls(h, lang)
        self.reason_label.value = self._reason_html(lang)
        self.hint_html.value = self._hint_html(lang)
        self.info_html.value = self._info_html(h, lang)
        self.scoreboard.value = self._scoreboard_html(lang)

    def _header_html(self, h: Any, lang: str) -> str:
        head = [
            f"<b>{esc(game_name(self.game, lang))}</b>",
            esc(text("game_no", lang, n=self.game_number)),
            f"{esc(text('hand_no', lang))} {self._hand_number()}",
            esc(text("learner", lang, seat=seat_name(self.seat, lang))),
            esc(text("level", lang, n=self.level)),
            f"{esc(text('dealer', lang))}: {esc(seat_name(h.dealer, lang))}",
            f"{esc(text('phase', lang))}: {esc(phase_text(h, lang))}",
        ]
        contract = contract_text(h, lang)
        if contract:
            head.append(f'<span class="bw-contract-text">{esc(contract)}</span>')
        return " · ".join(head)

    def _seat_html(self, h: Any, s: int, lang: str) -> str:
        """One seat's panel: its name, turn, tricks, call and (another seat's) card backs."""
        mark = ' <span class="bw-turn">▶</span>' if h.current_player == s else ""
        name = seat_name(s, lang) + (f" ({text('you', lang)})" if s == self.seat else "")
        extra = f" · {esc(text('tricks_won', lang, n=h.won_tricks[s]))}"
        if self._bidding == "calls":
            call = h.call_of(s)
            if call is not None:
                extra += f" · {esc(text('calls', lang))} {call}"
        if h.dealer == s:
            extra += f" · {esc(text('dealer', lang))}"
        cards = "" if s == self.seat else seat_hand_html(h, s, lang, face_up=False)
        return (
            f'<div class="bw-seat-panel"><span class="bw-seat">{esc(name)}</span>{mark}'
            f'<span class="bw-muted">{extra}</span><br>{cards}</div>'
        )

    @staticmethod
    def _center_html(h: Any, lang: str) -> str:
        """The felt: the current trick, the last trick and the turned card."""
        current = trick_html(h, lang)
        center = f'<div class="bw-muted">{esc(text("current_trick", lang))}</div>'
        center += f'<div class="bw-current">{current}</div>' if current else ""
        center += last_trick_html(h, lang)
        center += turned_html(h, lang)
        return f'<div class="bw-felt">{center}</div>'

    def _render_cards(self, h: Any, lang: str) -> None:
        cards = hand_cards(h, self.seat)
        states: dict[Card, str] = {}
        notes: dict[Card, str] = {}
        if h.phase == "play" and h.current_player == self.seat:
            for c in cards:
                why = h.why_not(c, self.seat)
                if why is None:
                    states[c] = "bw-legal" if self.show_legal else ""
                    notes[c] = text("playable_mark", lang)
                else:
                    states[c] = "bw-illegal"
                    notes[c] = why.text(lang) if isinstance(why, Reason) else str(why)
        trump = h.contract.trump if h.contract is not None else None
        self.cards.show(cards, trump, lang, states, notes)

    def _call_button(self, call: str) -> widgets.Button:
        b = self._call_made.get(call)
        if b is None:
            b = widgets.Button()
            b.add_class("bw-call")
            b.add_class(f"call-{call}")
            b.on_click(lambda _b, c=call: self.call(c))
            self._call_made[call] = b
        return b

    @property
    def call_buttons(self) -> dict[str, widgets.Button]:
        """The call buttons on show, by call (Coinche bids are in :attr:`bid_input`)."""
        return {c: b for c, b in self._call_made.items() if b in self.call_box.children}

    def _render_calls(self, h: Any, lang: str) -> None:
        turned = h.turned
        calls = calls_text(h, lang)
        parts = []
        if h.phase == "bidding" or calls:
            parts.append(f"<b>{esc(text('calls', lang))}</b>: {esc(calls or '—')}")
        self.bidding_html.value = "<br>".join(parts)
        if not (self.is_learner_turn and h.phase == "bidding"):
            self.call_box.children = []
            return
        legal = [str(c) for c in h.legal_calls()]
        children: list[widgets.Widget] = []
        bids = [c for c in legal if c[:1].isdigit() or c.startswith(("capot", "generale"))]
        if self._bidding == "auction":
            options = [(call_label(c, lang), c) for c in bids]
            if list(self.bid_input.options) != options:
                keep = self.bid_input.value
                self.bid_input.options = options
                if keep in bids:
                    self.bid_input.value = keep
            if bids:
                children += [self.bid_input, self.bid_button]
            plain = [c for c in legal if c not in bids]
        else:
            plain = legal
        for c in plain:
            b = self._call_button(c)
            b.description = call_label(c, lang, turned)
            children.append(b)
        self.call_box.children = children

    def _status_html(self, lang: str) -> str:
        h = self.hand
        lines = []
        if self._status is not None:
            lines.append(esc(self._status(lang)))
        if self._log:
            turned = h.turned
            lines.append(
                '<span class="bw-muted">'
                + esc(", ".join(action_text(a, lang, turned) for a in self._log))
                + "</span>"
            )
        if h.is_over:
            if self.match.is_over:
                lines.append(esc(text("game_over", lang, winner=self._winner_words(lang))))
            else:
                lines.append(esc(text("hand_over", lang)))
        elif self.is_learner_turn:
            key = "your_turn" if h.phase == "play" else "your_call"
            lines.append(
                f'<b class="bw-turn">{esc(text(key, lang, seat=seat_name(self.seat, lang)))}</b>'
            )
        return "<br>".join(lines)

    def _reason_html(self, lang: str) -> str:
        if self._refused is None:
            return ""
        c, why = self._refused
        words = why.text(lang) if isinstance(why, Reason) else str(why)
        return f'<span class="bw-reason">{esc(c.pretty)}: {esc(words)}</span>'

    def _hint_html(self, lang: str) -> str:
        if self._hint_error == "":
            return f'<span class="bw-muted">{esc(text("hint_not_now", lang))}</span>'
        parts = []
        if self._hint is not None:
            hn = self._hint
            unit = text("hint_unit_tricks" if hn.unit == "tricks" else "hint_unit_points", lang)
            kind = (
                text("hint_exact", lang) if hn.exact else text("hint_sampled", lang, n=hn.samples)
            )
            if hn.horizon:
                kind += "; " + text("hint_rollout", lang, k=hn.horizon)
            rows = [
                f"<tr><th>{esc(text('hint_card', lang))}</th>"
                f"<th>{esc(text('hint_mean', lang))}</th>"
                f"<th>{esc(text('hint_range', lang))}</th></tr>"
            ]
            best = hn.best
            trump = self.hand.contract.trump if self.hand.contract is not None else None
            for v in hn.ranked():
                style = ' class="bw-best"' if v.card == best else ""
                rows.append(
                    f"<tr{style}><td>{card_html(v.card, trump, lang)}</td>"
                    f'<td class="hint-{v.card.text}">{v.mean:.1f}</td>'
                    f"<td>{v.low}–{v.high}</td></tr>"
                )
            parts.append(
                f"{esc(text('hint_values', lang, unit=unit, kind=kind))}"
                f'<table class="bw-table">{"".join(rows)}</table>'
            )
        if self._hint_error:
            parts.append(esc(text("hint_failed", lang, error=self._hint_error)))
        if self._hint_pick is not None:
            parts.append(f'<span class="bw-level2">{esc(self._hint_pick(lang))}</span>')
        return "".join(parts)

    def _info_html(self, h: Any, lang: str) -> str:
        parts = []
        g = self._game
        unit = f" ({esc(text('tricks', lang))})" if g.counts == "tricks" else ""
        parts.append(
            f"<b>{esc(text('points_so_far', lang))}</b>{unit}: "
            + sides_html(running_points(h), lang)
        )
        if g.has_stock and h.contract is not None:
            stock = len(h.stock_left)
            phase = text("stock_phase" if stock else "strict_phase", lang)
            parts.append(
                f'<span class="bw-stock-info">{esc(text("stock", lang, n=stock))} — '
                f"{esc(phase)}</span>"
            )
        if self._bidding == "calls" and h.contract is not None:
            rows = ", ".join(
                f"{seat_name(s, lang)}: "
                + text("made_call", lang, call=h.call_of(s), took=h.won_tricks[s])
                for s in g.seats
            )
            parts.append(f'<span class="bw-callbreak-info">{esc(rows)}</span>')
        events = events_html(h, lang, self.seat)
        parts.append(f"<b>{esc(text('announcements', lang))}</b>: {events}")
        if h.phase == "done":
            why = esc(result_text(h, lang)).replace("\n", "<br>")
            parts.append(f'<div class="bw-final"><span class="bw-why">{why}</span></div>')
        return "<br>".join(parts)

    def _scoreboard_html(self, lang: str) -> str:
        names = self._game.sides
        mine = names[self._game.side_of(self.seat)]
        head = "".join(
            f"<th>{esc(side_name(s, lang))}"
            + (f" ({esc(text('you', lang))})" if s == mine else "")
            + "</th>"
            for s in names
        )
        rows = [f"<tr><th>{esc(text('hand_no', lang))}</th>{head}</tr>"]
        for i, x in enumerate(self._done_hands(), start=1):
            cells = "".join(f"<td>{x.result.score[s]}</td>" for s in names)
            rows.append(f'<tr class="bw-score-row"><td>{i}</td>{cells}</tr>')
        totals = self._totals()
        cells = "".join(f'<th class="bw-total-{s}">{totals.get(s, 0)}</th>' for s in names)
        rows.append(f"<tr><th>{esc(text('total', lang))}</th>{cells}</tr>")
        done = ""
        if self.finished_games:
            done = esc(text("games_won", lang, n=len(self.finished_games)))
        return (
            f"<b>{esc(text('scoreboard', lang))}</b>"
            f'<table class="bw-table">{"".join(rows)}</table>{done}'
        )
