"""``RuleExplorer``: which cards may be played to a trick, and why not the others.

A situation is a hand, the cards already on the table, the seat that led them, the contract
and the rule options.  The playable cards are outlined in green; every other card shows the
engine's reason on hover (its tooltip) and, when clicked, in a label.  In quiz mode the cards
are not marked: the learner selects the cards they think playable and presses Check; every
mistake is explained with the engine's reasons.  Situations are typed in (text fields),
generated at random (seeded) or loaded from a conformance case (the ``legal`` ask of
``conformance/FORMAT.md``).

A situation is read and checked by the engine
(:func:`belote_lab.games.situation.read_situation`: an empty hand, a card given twice, a seat
or contract the game does not have are refused there, in the explorer's language), and the
answer always comes from :func:`belote_lab.trick.analyse` / :func:`~belote_lab.trick.why_not`
(the same code path the games use), never from this module.

>>> x = RuleExplorer(hand="7H JH AC KD", trick="KS AS", leader="N", contract="H")
>>> x.legal.text(), x.seat
('JH 7H', 'S')
>>> x.click("AC"); x.reason_label.value  # doctest: +ELLIPSIS
'...You must trump: you have no ♠ and your partner is not winning; playable: J♥ 7♥...'
>>> x.quiz = True; x.click("JH"); x.check().correct
False
>>> x.click("7H"); x.check().correct
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets

from belote_lab.cards import (
    SEATS,
    Card,
    CardParseError,
    CardSet,
    mask_cards,
)
from belote_lab.contract import Contract
from belote_lab.games import get, names, rules_for
from belote_lab.games.situation import (
    UNDERTRUMP,
    Situation,
    contract_codes,
    has_option,
    read_situation,
    stock_most,
)
from belote_lab.play.record_io import korean_of
from belote_lab.rules import RuleOptionError
from belote_lab.trick import Analysis, Reason, trick_winner
from belote_widgets._base import LocalizedWidget, html_widget
from belote_widgets.cards_view import CardButtons, card_html, esc, set_class
from belote_widgets.i18n import contract_name, game_name, seat_name, seat_word, text

__all__ = ["RuleExplorer", "Situation", "QuizResult"]

_SUIT_CONTRACTS = ("S", "H", "D", "C")
_MOST_CARDS = 10  # the most cards in a random situation's hand


@dataclass
class QuizResult:
    """The grading of one quiz answer."""

    correct: bool
    right: int  # cards whose choice (selected or not) was right
    total: int
    wrongly_chosen: list[Card] = field(default_factory=list)
    missed: list[Card] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)


def _cards_field(cards: Iterable[Card], language: str) -> str:
    """Cards as a text field shows them: codes (``JH 9H``) in English, the cards themselves
    (``J♥ 9♥``) in Korean (both are read back)."""
    return " ".join(c.pretty if language == "ko" else c.text for c in cards)


def _rewrite_cards(field: str, language: str) -> str:
    """A card field written again for ``language`` (:func:`_cards_field`); a word that is not
    a card stays as typed.

    >>> _rewrite_cards("JH 9h ZZ", "ko"), _rewrite_cards("J♥ 10♠", "en")
    ('J♥ 9♥ ZZ', 'JH TS')
    """
    words = []
    for word in field.replace(",", " ").split():
        try:
            words.append(_cards_field([Card.parse(word)], language))
        except CardParseError:
            words.append(word)
    return " ".join(words)


def _error_words(error: Exception | None, language: str) -> str:
    """A bad entry in words: the engine's own words in ``language`` where it has them
    (cards, seats), else the widget's (they were written in the widget's language)."""
    if error is None:
        return ""
    if isinstance(error, CardParseError):
        return error.text(language)
    if language == "ko" and isinstance(error, json.JSONDecodeError):
        return text("bad_json", language)
    if language == "ko" and isinstance(error, RuleOptionError):
        return f"{text('bad_case_rules', language)} {error.text(language)}"
    if language == "ko":
        return korean_of(error) or str(error)
    return str(error)


def _asked(ask: object) -> str:
    """What a case asks, as its JSON writes it and in quotes (never a Python repr).

    >>> _asked("score"), _asked(None), _asked(True)
    ('‘score’', '‘null’', '‘true’')
    """
    return f"‘{ask if isinstance(ask, str) else json.dumps(ask, ensure_ascii=False)}’"


def _row(children: list[widgets.Widget]) -> widgets.HBox:
    """A row of controls that wraps on a narrow screen."""
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap", align_items="center"))


def _pair(*children: widgets.Widget) -> widgets.HBox:
    """A label and its field, kept on one line (the field shrinks on a narrow screen)."""
    box = widgets.HBox(
        list(children), layout=widgets.Layout(align_items="center", margin="0 8px 0 0")
    )
    box.add_class("bw-pair")
    return box


def _random_contract(codes: tuple[str, ...], rng: random.Random) -> str:
    """A random contract code: a suit three times as often as each other kind, if any."""
    if len(codes) == 1:
        return codes[0]
    suits = tuple(c for c in codes if c in _SUIT_CONTRACTS)
    others = tuple(c for c in codes if c not in _SUIT_CONTRACTS)
    return rng.choice(suits * 3 + others if others else suits)


class RuleExplorer(LocalizedWidget):
    """Explore (or be quizzed on) what may be played to a trick.

    Public state: :attr:`situation`, :attr:`legal`, :attr:`cards` (the card buttons),
    :attr:`reason_label` (the last explanation), :attr:`quiz` (on/off), :attr:`selected`
    (quiz choices) and :attr:`last_result` (the last :class:`QuizResult`).
    """

    def __init__(
        self,
        hand: str | Iterable[Card | str] = "JH 9H 7H AC KD 8C",
        trick: str | Iterable[Card | str] = "KS AS",
        leader: str = "N",
        contract: str = "H",
        game: str = "belote",
        must_undertrump: bool = False,
        stock: int = 0,
        seed: int = 0,
        quiz: bool = False,
        language: str | None = None,
    ) -> None:
        super().__init__(language)
        self.add_class("bw-rule-explorer")
        self.selected: set[Card] = set()
        self.last_result: QuizResult | None = None
        self._last_click: Card | None = None
        self._clicks = 0  # clicks answered: each one flashes the reason (even the same card's)
        self._syncing = False  # the controls are being set from the situation: no reaction
        self._input_error: Exception | None = None  # the last bad entry, shown in words
        self._cards_language = ""  # the language the card fields were written in
        self._build_inputs(game, must_undertrump, stock)
        self._build_buttons(seed, quiz)
        # outputs
        self.header = html_widget("bw-header")
        self.table = html_widget("bw-trick")
        self.cards = CardButtons(self._clicked, "bw-hand")
        self.reason_label = html_widget("bw-reason-label")
        self.rule_label = html_widget("bw-rule")
        self.quiz_label = html_widget("bw-quiz-label")
        self.error_label = html_widget("bw-error")
        self._labels: dict[str, widgets.Label] = {}
        self.children = [
            self.style_html,
            _row([self.header, self.language_picker]),
            self._form(),
            self.error_label,
            self.table,
            self.cards.box,
            _row([self.quiz_toggle, self.check_button]),
            self.quiz_label,
            self.rule_label,
            self.reason_label,
        ]
        self.game_input.observe(self._game_changed, names="value")
        self.situation = read_situation(
            game, hand, trick, leader, contract, must_undertrump, stock, language=self.language
        )
        self._fill_inputs()
        self._ready()

    def _build_inputs(self, game: str, must_undertrump: bool, stock: int) -> None:
        """The fields of a situation: game, contract, leader, cards, options."""
        self.game_input = widgets.Dropdown(
            options=[(g, g) for g in names()], value=game, layout=widgets.Layout(width="14em")
        )
        self.game_input.add_class("bw-game")
        self.contract_input = widgets.Dropdown(
            options=list(_SUIT_CONTRACTS), value="H", layout=widgets.Layout(width="11em")
        )
        self.contract_input.add_class("bw-contract")
        self.leader_input = widgets.Dropdown(
            options=list(SEATS), value="N", layout=widgets.Layout(width="8em")
        )
        self.leader_input.add_class("bw-leader")
        self.hand_input = widgets.Text(layout=widgets.Layout(width="22em"))
        self.hand_input.add_class("bw-hand-input")
        self.trick_input = widgets.Text(layout=widgets.Layout(width="14em"))
        self.trick_input.add_class("bw-trick-input")
        self.undertrump_input = widgets.Checkbox(
            value=must_undertrump, indent=False, layout=widgets.Layout(width="auto")
        )
        self.undertrump_input.add_class("bw-undertrump")
        most = max(stock_most(g) for g in names())
        self.stock_input = widgets.BoundedIntText(
            value=stock, min=0, max=most, step=2, layout=widgets.Layout(width="5em")
        )
        self.stock_input.add_class("bw-stock")

    def _build_buttons(self, seed: int, quiz: bool) -> None:
        """Show, the seed and Random, the case and Load, Quiz and Check."""
        self.show_button = widgets.Button(icon="")
        self.show_button.add_class("bw-show")
        self.show_button.on_click(lambda _b: self.apply_inputs())
        self.seed_input = widgets.IntText(value=seed, layout=widgets.Layout(width="7em"))
        self.seed_input.add_class("bw-seed")
        self.random_button = widgets.Button()
        self.random_button.add_class("bw-random")
        self.random_button.on_click(lambda _b: self.random_situation())
        self.case_input = widgets.Text(layout=widgets.Layout(width="30em"))
        self.case_input.add_class("bw-case-input")
        self.case_button = widgets.Button()
        self.case_button.add_class("bw-load-case")
        self.case_button.on_click(lambda _b: self._load_case_text())
        self.quiz_toggle = widgets.ToggleButton(value=quiz)
        self.quiz_toggle.add_class("bw-quiz")
        self.quiz_toggle.observe(self._quiz_changed, names="value")
        self.check_button = widgets.Button(button_style="primary")
        self.check_button.add_class("bw-check")
        self.check_button.on_click(lambda _b: self.check())

    def _form(self) -> widgets.VBox:
        """Rows of fields; a label stays with its field when a narrow screen wraps a row."""
        lab = self._label
        rows = [
            [
                _pair(lab("game"), self.game_input),
                _pair(lab("contract"), self.contract_input),
                _pair(lab("leader"), self.leader_input),
            ],
            [_pair(lab("hand"), self.hand_input), _pair(lab("trick_cards"), self.trick_input)],
            [
                _pair(self.undertrump_input, lab("must_undertrump")),
                _pair(lab("stock_count"), self.stock_input),
                self.show_button,
            ],
            [_pair(lab("seed"), self.seed_input), self.random_button],
            [_pair(lab("case_json"), self.case_input), self.case_button],
        ]
        form = widgets.VBox([_row(r) for r in rows])
        form.add_class("bw-form")
        return form

    def _label(self, key: str) -> widgets.Label:
        lab = widgets.Label()
        lab.add_class(f"bw-label-{key}")
        self._labels[key] = lab
        return lab

    # --- the situation ----------------------------------------------------------------------------
    @property
    def legal(self) -> CardSet:
        """The cards the engine allows in this situation."""
        return self.situation.analysis().legal

    @property
    def seat(self) -> str:
        """The seat to play (a letter)."""
        return SEATS[self.situation.seat]

    @property
    def quiz(self) -> bool:
        return bool(self.quiz_toggle.value)

    @quiz.setter
    def quiz(self, on: bool) -> None:
        self.quiz_toggle.value = bool(on)

    def set_situation(
        self,
        hand: str | Iterable[Card | str],
        trick: str | Iterable[Card | str] = (),
        leader: str | int = "N",
        contract: str | Contract | None = "H",
        game: str | None = None,
        must_undertrump: bool | None = None,
        stock: int | None = None,
    ) -> None:
        """Show a new situation (unknown cards and the like raise :class:`ValueError`)."""
        g = game or self.situation.game
        mu = self.undertrump_input.value if must_undertrump is None else must_undertrump
        st = self.stock_input.value if stock is None else stock
        self._show(read_situation(g, hand, trick, leader, contract, mu, st, language=self.language))

    def apply_inputs(self) -> bool:
        """Read the text fields (the Show button); a bad entry shows why and changes nothing."""
        try:
            s = self._situation_from_inputs()
        except (CardParseError, ValueError) as e:
            self._input_error = e
            self.refresh()
            return False
        self._show(s)
        return True

    def _situation_from_inputs(self) -> Situation:
        return read_situation(
            self.game_input.value,
            self.hand_input.value,
            self.trick_input.value,
            self.leader_input.value,
            self.contract_input.value,
            self.undertrump_input.value,
            self.stock_input.value,
            language=self.language,
        )

    def random_situation(self, seed: int | None = None) -> Situation:
        """A random situation of the chosen game, from ``seed`` (default: the seed field,
        which then moves on by one so that the next click gives the next situation)."""
        if seed is None:
            seed = int(self.seed_input.value)
            self.seed_input.value = seed + 1
        game = self.game_input.value
        rng = random.Random(f"{game}:{seed}")
        s: Situation | None = None
        for _ in range(60):
            s = self._random_one(game, rng)
            legal = s.analysis().legal
            if 0 < len(legal) < len(s.hand):  # something to learn: some cards are refused
                break
        assert s is not None
        self._show(s)
        return s

    def _random_one(self, game: str, rng: random.Random) -> Situation:
        g = get(game)
        deck = mask_cards(g.deck_mask)
        rng.shuffle(deck)
        n_trick = rng.randrange(1, g.players)  # a lead allows anything: skip it
        most = min(g.hand_size, len(deck) // 4, _MOST_CARDS)
        size = rng.randint(min(3, most), most)
        hand, trick = list(CardSet(deck[:size])), deck[size : size + n_trick]  # sorted hand
        contract = _random_contract(contract_codes(g), rng)
        stock = rng.choice((0, 0, 0, 8)) if g.has_stock else 0
        return read_situation(
            game,
            hand,
            trick,
            rng.choice(g.seats),
            contract,
            bool(self.undertrump_input.value),
            stock,
            language=self.language,
        )

    def load_case(self, case: Mapping[str, Any] | str) -> Situation:
        """Show a conformance case (a dict or one JSON line) whose ``ask`` is ``legal``."""
        data = json.loads(case) if isinstance(case, str) else dict(case)
        ask = data.get("ask")
        if ask != "legal":
            raise ValueError(text("not_legal_ask", self.language, ask=_asked(ask)))
        game = data.get("game", "belote")
        rules = rules_for(game, data.get("rules") or {})  # RuleOptionError: a ValueError
        expect = (
            data.get("expect", {}).get("legal") if isinstance(data.get("expect"), dict) else None
        )
        s = read_situation(
            game,
            data.get("hand", []),
            data.get("trick", []),
            data.get("leader", "N"),
            data.get("trump"),
            has_option(game, UNDERTRUMP) and rules.must_undertrump,
            int(data.get("stock", 0)),
            case_id=str(data.get("id", "")),
            expect=expect,
            language=self.language,
        )
        self._show(s)
        return s

    def _load_case_text(self) -> None:
        try:
            self.load_case(self.case_input.value)
        except (ValueError, CardParseError) as e:  # json.JSONDecodeError is a ValueError
            self._input_error = e
            self.refresh()

    def _show(self, s: Situation) -> None:
        self.situation = s
        self.selected = set()
        self.last_result = None
        self._last_click = None
        self._input_error = None
        self._fill_inputs()
        self.refresh()

    def _fill_inputs(self) -> None:
        self._syncing = True
        try:
            self._set_inputs(self.situation)
        finally:
            self._syncing = False

    def _set_inputs(self, s: Situation) -> None:
        if self.game_input.value != s.game:
            self.game_input.value = s.game
        self._game_controls(s.game)
        if len(contract_codes(s.game)) > 1:
            self.contract_input.value = s.contract.code
        self.leader_input.value = SEATS[s.leader]
        self.hand_input.value = _cards_field(s.hand, self.language)
        self.trick_input.value = _cards_field(s.trick, self.language)
        self._cards_language = self.language
        self.undertrump_input.value = s.must_undertrump
        self.stock_input.value = s.stock

    def _game_changed(self, change: dict[str, Any]) -> None:
        """A game chosen in the dropdown: the situation typed in, under the new game's rules,
        or (if it does not fit the game: cards, seats, trick) a random one of the new game."""
        if self._syncing:
            return
        self._game_controls(change["new"])
        try:
            s = self._situation_from_inputs()
        except (CardParseError, ValueError):
            self.random_situation()
        else:
            self._show(s)

    def _game_controls(self, game: str) -> None:
        """Fit the contract and leader choices (and their labels) to ``game``."""
        lang = self.language
        g = get(game)
        codes = contract_codes(g)
        options = [(contract_name(c, lang), c) for c in codes]
        if list(self.contract_input.options) != options:
            keep = self.contract_input.value
            self.contract_input.options = options
            self.contract_input.value = keep if keep in codes else codes[0]
        self.contract_input.disabled = len(codes) == 1
        seats = [(seat_name(s, lang), SEATS[s]) for s in g.seats]
        if list(self.leader_input.options) != seats:
            keep = self.leader_input.value
            self.leader_input.options = seats
            self.leader_input.value = keep if keep in [v for _, v in seats] else seats[0][1]
        self.undertrump_input.disabled = not has_option(g, UNDERTRUMP)
        self.stock_input.disabled = not g.has_stock

    # --- clicks and the quiz ----------------------------------------------------------------------
    def click(self, card: Card | str) -> None:
        """Click ``card`` (as a user would)."""
        self.cards.click(card)

    def _clicked(self, card: Card) -> None:
        if self.quiz:
            if self.last_result is not None:  # a new try after a check
                self.last_result = None
            self.selected ^= {card}
        else:
            self._last_click = card
            self._clicks += 1
        self.refresh()

    def _quiz_changed(self, _change: dict[str, Any]) -> None:
        self.selected = set()
        self.last_result = None
        self._last_click = None
        self.refresh()

    def check(self) -> QuizResult:
        """Grade the quiz choices: right if exactly the playable cards are selected."""
        s = self.situation
        legal = set(s.analysis().legal)
        wrong = [c for c in s.hand if c in self.selected and c not in legal]
        missed = [c for c in s.hand if c in legal and c not in self.selected]
        right = len(s.hand) - len(wrong) - len(missed)
        self.last_result = QuizResult(not wrong and not missed, right, len(s.hand), wrong, missed)
        self.last_result.messages = self._quiz_messages(self.last_result, self.language)
        self.refresh()
        return self.last_result

    def _quiz_messages(self, r: QuizResult, lang: str) -> list[str]:
        s = self.situation
        a = s.analysis()
        if r.correct:
            legal = " ".join(c.pretty for c in s.hand if c in a.legal)
            return [text("quiz_right", lang, legal=legal)]
        out = [text("quiz_score", lang, right=r.right, total=r.total)]
        for c in r.wrongly_chosen:
            reason = s.reason(c)
            assert reason is not None
            out.append(text("quiz_wrong_choice", lang, card=c.pretty, reason=reason.text(lang)))
        for c in r.missed:
            out.append(text("quiz_missed", lang, card=c.pretty, rule=self._rule_words(a, lang)))
        return out

    def _rule_words(self, a: Analysis, lang: str) -> str:
        """The rule deciding this trick in the engine's words, cards filled in.

        The engine explains refusals (:class:`~belote_lab.trick.Reason`); the rule that
        applies to the whole hand is the same text, so it is asked of a ``Reason`` built
        from the analysis (the card in it does not appear in these texts).
        """
        s = self.situation
        partners = "yes" if s.follow.partners else "no"
        r = Reason(s.hand[0], a.rule, a.legal, a.led, a.to_beat, a.trump, {"partners": partners})
        return r.text(lang)

    # --- drawing ----------------------------------------------------------------------------------
    def _render(self) -> None:
        lang = self.language
        s = self.situation
        a = s.analysis()
        if self._cards_language not in ("", lang):  # the card fields in the new language
            self._syncing = True
            try:
                self.hand_input.value = _rewrite_cards(self.hand_input.value, lang)
                self.trick_input.value = _rewrite_cards(self.trick_input.value, lang)
                self._cards_language = lang
            finally:
                self._syncing = False
        self._render_controls(s, lang)
        self.header.value = self._header_html(s, lang)
        self.table.value = self._table_html(s, lang)
        self._render_cards(s, a, lang)
        if self.quiz:
            self.rule_label.value = ""
            self.quiz_label.value = self._quiz_html(s, lang)
            self.reason_label.value = ""
        else:
            self.quiz_label.value = ""
            rule = self._rule_words(a, lang)
            self.rule_label.value = esc(text("rule_is", lang, rule=rule))
            self.reason_label.value = self._click_html(s, lang)
        self._acknowledge(s)
        self._expect_note(s, a, lang)

    def _acknowledge(self, s: Situation) -> None:
        """Show that a click was heard: the clicked card stays raised and the reason flashes
        (the flash class alternates, so a second click on the same card flashes again)."""
        clicked = None if self.quiz else self._last_click
        for c, b in self.cards.buttons.items():
            set_class(b, "bw-clicked", c == clicked)
        flash = ("bw-ack-a", "bw-ack-b")[self._clicks % 2] if clicked in s.hand else ""
        for cls in ("bw-ack-a", "bw-ack-b"):
            set_class(self.reason_label, cls, cls == flash)

    def _render_controls(self, s: Situation, lang: str) -> None:
        """The labels, choices and buttons of the form, and the last input error."""
        for key, label in self._labels.items():
            label.value = text(key, lang)
        options = [(game_name(g, lang), g) for g in names()]
        if list(self.game_input.options) != options:
            self._syncing = True
            try:
                self.game_input.options = options
                self.game_input.value = s.game
            finally:
                self._syncing = False
        self._game_controls(self.game_input.value)
        self.show_button.description = text("show", lang)
        self.random_button.description = text("random", lang)
        self.case_button.description = text("load_case", lang)
        self.quiz_toggle.description = text("quiz", lang)
        self.check_button.description = text("check", lang)
        self.check_button.disabled = not self.quiz
        self.error_label.value = (
            '<span class="bw-reason">'
            f"{esc(text('bad_input', lang, error=_error_words(self._input_error, lang)))}"
            "</span>"
            if self._input_error
            else ""
        )

    def _header_html(self, s: Situation, lang: str) -> str:
        """The game, the contract, the stock, the case and who plays."""
        head = [
            f"<b>{esc(game_name(s.game, lang))}</b>",
            esc(contract_name(s.contract, lang)),
        ]
        if get(s.game).has_stock:
            head.append(esc(text("stock", lang, n=s.stock)))
        if s.case_id:
            head.append(esc(text("case_loaded", lang, id=s.case_id)))
        who = seat_word(s.seat, lang)
        head.append(f'<span class="bw-turn">{esc(text("to_play", lang, seat=who))}</span>')
        return " · ".join(head)

    def _render_cards(self, s: Situation, a: Analysis, lang: str) -> None:
        """The hand's buttons: marked playable or not (explore), or as chosen (quiz)."""
        notes: dict[Card, str] = {}
        states: dict[Card, str] = {}
        for c in s.hand:
            r = s.reason(c)
            if self.quiz:
                notes[c] = ""
                states[c] = "bw-selected" if c in self.selected else ""
                if self.last_result is not None:
                    if c in self.last_result.wrongly_chosen:
                        states[c] = "bw-wrong"
                    elif c in self.last_result.missed:
                        states[c] = "bw-missed"
                    elif c in a.legal:
                        states[c] = "bw-legal"
                    notes[c] = r.text(lang) if r is not None else text("playable_mark", lang)
            else:
                states[c] = "bw-legal" if r is None else "bw-illegal"
                notes[c] = text("playable_mark", lang) if r is None else r.text(lang)
        self.cards.show(list(s.hand), s.contract.trump, lang, states, notes)

    def _quiz_html(self, s: Situation, lang: str) -> str:
        """The question and the cards chosen, or the grading once checked."""
        if self.last_result is None:
            chosen = " ".join(c.pretty for c in s.hand if c in self.selected) or text("none", lang)
            return (
                f"<b>{esc(text('quiz_question', lang, seat=seat_word(s.seat, lang)))}</b><br>"
                f"{esc(text('quiz_selected', lang, cards=chosen))}"
            )
        self.last_result.messages = self._quiz_messages(self.last_result, lang)
        cls = "bw-ok" if self.last_result.correct else "bw-reason"
        return "<br>".join(
            f'<span class="{cls}">{esc(m)}</span>' if i == 0 else esc(m)
            for i, m in enumerate(self.last_result.messages)
        )

    def _expect_note(self, s: Situation, a: Analysis, lang: str) -> None:
        if s.expect is None:
            return
        engine = CardSet(c for c in s.hand if c in a.legal)
        if engine == CardSet(s.expect):
            note = f'<span class="bw-ok">{esc(text("case_expect_ok", lang))}</span>'
        else:
            note = esc(
                text(
                    "case_expect_bad",
                    lang,
                    engine=engine.pretty(),
                    expect=CardSet(s.expect).pretty(),
                )
            )
            note = f'<span class="bw-reason">{note}</span>'
        self.rule_label.value = (
            self.rule_label.value + "<br>" if self.rule_label.value else ""
        ) + note

    def _click_html(self, s: Situation, lang: str) -> str:
        c = self._last_click
        if c is None or c not in s.hand:
            return f'<span class="bw-muted">{esc(text("click_a_card", lang))}</span>'
        r = s.reason(c)
        if r is None:
            return f'<span class="bw-ok">{esc(text("playable", lang, card=c.pretty))}</span>'
        words = text("not_playable", lang, card=c.pretty, reason=r.text(lang))
        return f'<span class="bw-reason">{esc(words)}</span>'

    def _table_html(self, s: Situation, lang: str) -> str:
        if not s.trick:
            body = esc(text("lead_empty", lang, seat=seat_word(s.seat, lang)))
            return f'<div class="bw-felt">{body}</div>'
        win = trick_winner(list(s.trick), s.contract)
        cells = []
        for k, (seat, c) in enumerate(zip(s.trick_seats(), s.trick, strict=True)):
            extra = ("bw-winning",) if k == win else ()
            note = text("winning", lang) if k == win else None
            cells.append(
                f'<span class="bw-played seat-{SEATS[seat]}"><span class="bw-seat">'
                f"{esc(seat_name(seat, lang))}</span>"
                f"{card_html(c, s.contract.trump, lang, extra, note)}</span> "
            )
        title = esc(text("current_trick", lang))
        return f'<div class="bw-felt"><div class="bw-muted">{title}</div>{"".join(cells)}</div>'
