"""``SettingsPanel``: choose what to play before the table deals.

The game (every game of :func:`belote_lab.games.names`), its mode
(:func:`belote_lab.play.session.modes`: a single hand, a game to the target, a match, seed 001's
run, seed 003's quick game or journey of 3 or 5 rounds), every rule option of the game's rules class
with its default and a one-line explanation, the computer's level 1–4 at each other seat (partner
included), the learner's seat, the language, the computer's pace and four-colour suits.
:meth:`SettingsPanel.config` gives the choice as a plain dict, which
:class:`~belote_widgets.play_table.PlayTable` takes as keyword arguments; Start calls the callbacks
given to :meth:`SettingsPanel.on_start` with it.

Every label is a ``settings.`` text of the catalogue of words (:mod:`belote_lab.words`,
``belote_lab/words/en/settings.json`` and ``ko/settings.json``; :data:`TEXTS` is a read copy);
the allowed values and the default of an option come from the engine
(:func:`belote_lab.rules.describe`).

>>> p = SettingsPanel("callbreak", mode="journey", rounds=3)
>>> c = p.config()
>>> c["game"], c["mode"], c["rounds"], c["seat"], c["levels"]
('callbreak', 'journey', 3, 'S', {'N': 2, 'E': 2, 'W': 2})
>>> p.rule_inputs["big_call_8_wins"].value = True
>>> p.config()["rules"]
{'big_call_8_wins': True}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from belote_lab.cards import SEATS, seat_in
from belote_lab.games import Game, get, names
from belote_lab.play.session import modes
from belote_lab.rules import RuleOptionError
from belote_lab.sources import option_sources
from belote_lab.words import LANGUAGES, section
from belote_lab.words import text as catalogue_text
from belote_widgets._base import LocalizedWidget, html_widget
from belote_widgets.cards_view import esc
from belote_widgets.i18n import game_name, seat_name

__all__ = ["SettingsPanel", "TEXTS", "words", "LEVEL_WORDS"]

NAMESPACE = "settings"
"""The catalogue's namespace of the panel's labels (``settings.pace`` …)."""

TEXTS: dict[str, dict[str, str]] = {
    language: section(NAMESPACE, language) for language in LANGUAGES
}
"""Every label of the settings panel (and the table's mode names) in English and Korean, by
key: a read copy of the catalogue's ``settings.`` texts (belote_lab/words/en/settings.json,
ko/settings.json), where an editor changes them."""

LEVEL_WORDS = {level: f"level_{level}" for level in (1, 2, 3, 4)}
_SEPARATE = ("rounds",)  # options shown next to the mode rather than among the rules


def words(key: str, language: str, **values: Any) -> str:
    """The label ``key`` in ``language``: the catalogue's ``settings.<key>``
    (:func:`belote_lab.words.text`).

    >>> words("partner", "ko", seat="북"), words("partner", "en", seat="North")
    ('북(파트너)', 'North (your partner)')
    """
    return catalogue_text(f"{NAMESPACE}.{key}", language, **values)


def mode_label(game: object, mode: str, language: str, long: bool = False) -> str:
    """A mode in words; a game of a set number of rounds calls its game a quick game; ``long``
    adds what a run or a journey is.

    >>> mode_label("callbreak", "game", "en"), mode_label("belote", "game", "ko")
    ('Quick game', '목표 점수까지 한 게임')
    >>> mode_label("belote2", "run", "en", long=True)
    'Run — the computer rises a level with each match you win'
    """
    if mode == "game" and "rounds" in _option_names(get(game)):
        return words("mode_game_rounds", language)
    label = words(f"mode_{mode}", language)
    if long and f"mode_{mode}_help" in TEXTS["en"]:
        label += " — " + words(f"mode_{mode}_help", language)
    return label


def _option_names(g: Game) -> tuple[str, ...]:
    cls = g.rules_class
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        return ()
    return tuple(f.name for f in dataclasses.fields(cls))


def _fields(g: Game) -> list[dataclasses.Field[Any]]:
    """The rule options shown among the rules (in the class's order)."""
    cls = g.rules_class
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        return []
    return [f for f in dataclasses.fields(cls) if f.name not in _SEPARATE]


def _value_words(f: dataclasses.Field[Any], value: Any, language: str) -> str:
    """An option's value in words (``on``, ``the dealer``, ``1,000``, ``off``).

    >>> target = next(f for f in _fields(get("belote")) if f.name == "target")
    >>> _value_words(target, 1000, "ko"), _allowed_words(target, "ko"), _allowed_words(target, "en")
    ('1,000', '1~100,000', '1–100,000')
    """
    if isinstance(value, bool):
        return words("on" if value else "off", language)
    if value is None:
        return words("off", language)
    if isinstance(value, str):
        return words(f"val_{f.name}_{value}", language)
    return f"{value:,}"


def _allowed_words(f: dataclasses.Field[Any], language: str) -> str:
    """The values an option accepts, in words (empty for an on/off option: its checkbox
    says it)."""
    meta = f.metadata
    if "choices" in meta:
        return ", ".join(_value_words(f, c, language) for c in meta["choices"])
    if "range" in meta:
        lo, hi = meta["range"]
        extra = f", {words('off_zero', language)}" if meta.get("optional") else ""
        return words("range", language, lo=f"{lo:,}", hi=f"{hi:,}") + extra
    return ""


def _source_words(g: Game, f: dataclasses.Field[Any], language: str) -> str:
    """Where an option's values come from (a seed and its words, the FFB rule book or this
    package's choice), read from :mod:`belote_lab.sources`: one label when every value has the
    same source, else each value (the default first) with its own.

    >>> g = get("belote")
    >>> f = next(f for f in _fields(g) if f.name == "first_lead")
    >>> for part in _source_words(g, f, "en").split("; "):
    ...     print(part)
    Sources: the dealer — seeds 000 and 004: “첫 턴의 선은 딜러가 진행한다.”
    the player after the dealer — the FFB rule book
    """
    sources = option_sources(g.rules_class, f.name)
    pairs = sorted(sources.values, key=lambda pair: pair[0] != f.default)
    labels = [(_value_words(f, v, language), src.text(language)) for v, src in pairs]
    if sources.others is not None:
        labels.append((words("source_others", language), sources.others.text(language)))
    if len({text for _, text in labels}) == 1:
        return words("source", language, source=labels[0][1])
    each = "; ".join(f"{value} — {text}" for value, text in labels)
    return words("sources", language, sources=each)


def _wide(width: str = "34em") -> widgets.Layout:
    """Room for a whole choice in words (never wider than the page: 600 px screens)."""
    return widgets.Layout(width=width, max_width="100%")


class SettingsPanel(LocalizedWidget):
    """The choice of game, mode, rules, levels, seat, language, pace and suit colours.

    Public widgets: :attr:`game_picker`, :attr:`mode_picker`, :attr:`rounds_picker`,
    :attr:`seat_picker`, :attr:`level_pickers` (seat → dropdown), :attr:`rule_inputs` (option
    name → input), :attr:`rule_notes` (option name → its explanation and default),
    :attr:`pace_input`, :attr:`four_colour_box`, :attr:`seed_input`, :attr:`start_button`,
    :attr:`message`; :attr:`language_picker` is the language.
    """

    def __init__(
        self,
        game: str = "belote",
        mode: str | None = None,
        seat: str = "S",
        levels: int | Mapping[Any, int] | None = None,
        rules: Mapping[str, Any] | None = None,
        rounds: int | None = None,
        language: str | None = None,
        pace: float = 0.0,
        four_colour: bool = False,
        seed: int = 0,
        level: int = 2,
    ) -> None:
        super().__init__(language)
        self.add_class("bw-settings")
        self._callbacks: list[Callable[[dict[str, Any]], Any]] = []
        self._levels_wanted = levels if levels is not None else level
        self._rules_wanted = dict(rules or {})
        self._quiet = False  # options being relabelled: their value changes are not choices
        self._said: Callable[[str], str] | None = None  # the message, in any language
        self._followed: Any = None  # what follow() last showed
        self._build_static(pace, four_colour, seed)
        self.game_picker.value = get(game).name
        self._game_changed(mode, seat, rounds)
        self.game_picker.observe(self._on_choice(self._other_game), names="value")
        self.mode_picker.observe(self._on_choice(self.refresh), names="value")
        self.seat_picker.observe(self._on_choice(self._seat_changed), names="value")
        self.children = self._layout()
        self._ready()

    def _on_choice(self, action: Callable[[], Any]) -> Callable[[dict[str, Any]], None]:
        """An observer that calls ``action`` for a choice of the user's (not a relabelling)."""

        def observer(change: dict[str, Any]) -> None:
            if not self._quiet and change["new"] is not None:
                action()

        return observer

    def _set_options(self, picker: widgets.Dropdown, options: list[tuple[str, Any]],
                     value: Any = None) -> None:
        """Give ``picker`` new ``options`` keeping its value (or ``value``), quietly."""
        keep = picker.value if value is None else value
        values = [v for _label, v in options]
        if list(picker.options) == options and picker.value in values and value is None:
            return
        self._quiet = True
        try:
            picker.options = options
            picker.value = keep if keep in values else (values[0] if values else None)
        finally:
            self._quiet = False

    # --- building -------------------------------------------------------------------------------
    def _build_static(self, pace: float, four_colour: bool, seed: int) -> None:
        wide = {"description_width": "12em"}
        self.heading = html_widget("bw-settings-title")
        self.game_picker = widgets.Dropdown(
            options=[(n, n) for n in names()], style=wide, layout=_wide()
        )
        self.mode_picker = widgets.Dropdown(style=wide, layout=_wide())
        self.rounds_picker = widgets.ToggleButtons(options=[("3", 3), ("5", 5)], value=5)
        self.rounds_label = html_widget("bw-rounds-label")
        self.rounds_row = widgets.HBox([self.rounds_label, self.rounds_picker])
        self.seat_picker = widgets.Dropdown(style=wide, layout=_wide())
        self.levels_label = html_widget("bw-levels-label")
        self.levels_box = widgets.VBox()
        self.rules_label = html_widget("bw-rules-label")
        self.rules_box = widgets.VBox()
        self.pace_input = widgets.BoundedFloatText(
            value=float(pace), min=0.0, max=5.0, step=0.1, style={"description_width": "16em"},
            layout=_wide("24em"),
        )
        self.pace_help = html_widget("bw-muted bw-help")
        self.four_colour_box = widgets.Checkbox(value=bool(four_colour), indent=False,
                                                layout=widgets.Layout(width="auto"))
        self.seed_input = widgets.BoundedIntText(value=seed, min=0, max=2**31 - 1, style=wide)
        self.start_button = widgets.Button(button_style="primary", icon="play")
        self.start_button.add_class("bw-start")
        self.start_button.on_click(lambda _b: self.start())
        self.message = html_widget("bw-settings-message")
        self.level_pickers: dict[int, widgets.Dropdown] = {}
        self.rule_inputs: dict[str, widgets.Widget] = {}
        self.rule_notes: dict[str, widgets.HTML] = {}

    def _layout(self) -> list[widgets.Widget]:
        return [
            self.style_html,
            widgets.HBox([self.heading, self.language_picker]),
            self.game_picker,
            self.mode_picker,
            self.rounds_row,
            self.seat_picker,
            self.levels_label,
            self.levels_box,
            self.rules_label,
            self.rules_box,
            self.pace_input,
            self.pace_help,
            self.four_colour_box,
            self.seed_input,
            widgets.HBox([self.start_button, self.message]),
        ]

    @property
    def game(self) -> Game:
        """The game chosen."""
        return get(self.game_picker.value)

    def _other_game(self) -> None:
        """The learner chose another game: its own defaults, not the rules asked for at first."""
        self._rules_wanted = {}
        self._game_changed()

    def _game_changed(
        self, mode: str | None = None, seat: str | int | None = None, rounds: int | None = None
    ) -> None:
        """Fill the mode, rounds, seat, level and rule choices for the game chosen."""
        g = self.game
        ms = modes(g)
        keep = mode if mode in ms else self.mode_picker.value
        self._set_options(self.mode_picker, [(m, m) for m in ms], keep if keep in ms else ms[0])
        has_rounds = "rounds" in _option_names(g)
        if has_rounds:
            default = self._rules_wanted.get("rounds", g.rules_class().rounds)
            self.rounds_picker.value = rounds if rounds in (3, 5) else default
        old = seat if seat is not None else self.seat_picker.value
        try:
            mine = SEATS[seat_in(old, g.seats)]
        except ValueError:
            mine = SEATS[g.seats[-1]] if len(g.seats) == 2 else "S"
        self._set_options(self.seat_picker, [(SEATS[s], SEATS[s]) for s in g.seats], mine)
        self._build_rules(g)
        self._seat_changed()

    def _build_rules(self, g: Game) -> None:
        """One input per rule option, set to the option's wanted value or default."""
        self.rule_inputs = {}
        self.rule_notes = {}
        rows = []
        defaults = g.rules_class() if g.rules_class is not None else None
        for f in _fields(g):
            value = self._rules_wanted.get(f.name, getattr(defaults, f.name))
            w = self._rule_input(f, value)
            w.add_class(f"bw-rule-{f.name}")
            self.rule_inputs[f.name] = w
            self.rule_notes[f.name] = html_widget("bw-muted bw-help")
            rows.append(widgets.VBox([w, self.rule_notes[f.name]]))
        self.rules_box.children = rows

    @staticmethod
    def _rule_input(f: dataclasses.Field[Any], value: Any) -> widgets.Widget:
        meta = f.metadata
        style = {"description_width": "16em"}
        if "choices" in meta:
            return widgets.Dropdown(options=[(c, c) for c in meta["choices"]], value=value,
                                    style=style, layout=_wide())
        if "range" in meta:
            lo, hi = meta["range"]
            step = 10 if lo % 10 == 0 and (f.default or 0) % 10 == 0 and lo else 1
            if meta.get("optional"):
                lo = 0
                value = 0 if value is None else value
            return widgets.BoundedIntText(value=value, min=lo, max=hi, step=step, style=style)
        return widgets.Checkbox(
            value=bool(value), indent=False, layout=widgets.Layout(width="auto")
        )

    def _seat_changed(self) -> None:
        """One level choice per seat other than the learner's (the partner named as such)."""
        g = self.game
        me = seat_in(self.seat_picker.value, g.seats)
        wanted = self._levels_wanted
        old = {s: p.value for s, p in self.level_pickers.items()}
        self.level_pickers = {}
        for s in g.seats:
            if s == me:
                continue
            if isinstance(wanted, Mapping):
                level = {seat_in(k, g.seats): v for k, v in wanted.items()}.get(s, 2)
            else:
                level = wanted
            p = widgets.Dropdown(
                options=[(str(k), k) for k in (1, 2, 3, 4)], value=old.get(s, level),
                style={"description_width": "12em"}, layout=_wide(),
            )
            p.add_class(f"bw-level-{SEATS[s]}")
            self.level_pickers[s] = p
        self.levels_box.children = list(self.level_pickers.values())
        self.refresh()

    # --- the choice -----------------------------------------------------------------------------
    def _rules_values(self) -> dict[str, Any]:
        """The rule options that differ from the defaults (checked by the engine)."""
        g = self.game
        values: dict[str, Any] = {}
        for f in _fields(g):
            v = self.rule_inputs[f.name].value
            if f.metadata.get("optional") and v == 0:
                v = None
            values[f.name] = v
        if "rounds" in _option_names(g):
            values["rounds"] = self.rounds_picker.value
        changed: dict[str, Any] = g.rules(values).changed()
        changed.pop("rounds", None)
        return changed

    def config(self) -> dict[str, Any]:
        """The choice as a plain dict: ``game``, ``mode``, ``seat``, ``levels`` (seat letter →
        level, the other seats), ``rules`` (the options changed), ``rounds`` (3 or 5, or
        ``None``), ``language``, ``pace``, ``four_colour``, ``seed``.  Rules that do not go
        together raise :class:`~belote_lab.rules.RuleOptionError`."""
        g = self.game
        has_rounds = "rounds" in _option_names(g)
        return {
            "game": g.name,
            "mode": self.mode_picker.value,
            "seat": self.seat_picker.value,
            "levels": {SEATS[s]: p.value for s, p in self.level_pickers.items()},
            "rules": self._rules_values(),
            "rounds": self.rounds_picker.value if has_rounds else None,
            "language": self.language,
            "pace": float(self.pace_input.value),
            "four_colour": bool(self.four_colour_box.value),
            "seed": int(self.seed_input.value),
        }

    def _rules_error(self, error: Exception, lang: str) -> str:
        """Why the rules were refused, in ``lang``: the engine's words, the options named by
        their labels here (in Korean nothing of an English message)."""
        if isinstance(error, RuleOptionError):
            labels = TEXTS.get(lang, {})
            keys = {n: "rounds" if n == "rounds" else f"opt_{n}" for n in _option_names(self.game)}
            names = {n: labels[k] for n, k in keys.items() if k in labels}
            return error.text(lang, names=names)
        return str(error) if lang == "en" else ""

    def on_start(self, callback: Callable[[dict[str, Any]], Any]) -> None:
        """Call ``callback(config)`` when Start is pressed (with rules that go together)."""
        self._callbacks.append(callback)

    def start(self) -> dict[str, Any] | None:
        """Press Start: check the choice and hand it to the callbacks (``None`` if refused)."""
        try:
            config = self.config()
        except (RuleOptionError, ValueError) as e:
            self._said = lambda lang, err=e: (
                '<span class="bw-reason">'
                f'{esc(words("bad_rules", lang, error=self._rules_error(err, lang)).strip())}'
                "</span>"
            )
            self.message.value = self._said(self.language)
            return None
        self._said = lambda lang: esc(words(
            "started", lang, game=game_name(config["game"], lang),
            mode=mode_label(config["game"], config["mode"], lang),
        ))
        self.message.value = self._said(self.language)
        for callback in self._callbacks:
            callback(config)
        return config

    def follow(self, session: Any) -> None:
        """Show what ``session`` (a :class:`~belote_lab.play.session.Session`) plays now: its game,
        mode, seat, rules, rounds and each computer seat's level — a run's or a journey's
        level as the ladder raises it, a resumed game's as it was saved.  Nothing is redrawn
        while it stays the same, so the choices made here for the next Start are kept.

        >>> from belote_lab.play.session import Session
        >>> p = SettingsPanel("belote", language="en")
        >>> p.follow(Session("callbreak", mode="journey", levels=1))
        >>> p.game.name, p.mode_picker.value, sorted({x.value for x in p.level_pickers.values()})
        ('callbreak', 'journey', [1])
        """
        st = session.status()
        levels = {seat_in(k, session.game.seats): v for k, v in st["levels"].items()}
        rules = dict(session.rules.changed())
        key = (session.game.name, session.mode, session.seat, sorted(levels.items()),
               sorted(rules.items()), st["rounds"])
        if key == self._followed:
            return
        self._followed = key
        self._rules_wanted = rules
        self._levels_wanted = {SEATS[s]: v for s, v in levels.items()}
        self._quiet = True
        try:
            self.game_picker.value = session.game.name
        finally:
            self._quiet = False
        self.level_pickers = {}  # the levels of the session, not the old choices
        self._game_changed(session.mode, SEATS[session.seat], st["rounds"])

    # --- drawing --------------------------------------------------------------------------------
    def static_text(self) -> str:
        """The short text a page without a kernel shows (the game and the mode chosen).

        >>> SettingsPanel("callbreak", mode="journey", language="en").static_text()[:40]
        'SettingsPanel: Callbreak · Journey — the'
        """
        return f"SettingsPanel: {self.game_picker.label} · {self.mode_picker.label}"

    def _render(self) -> None:
        lang = self.language
        g = self.game
        self.heading.value = f"<b>{esc(words('title', lang))}</b>"
        self.game_picker.description = words("game", lang)
        self._set_options(self.game_picker, [(game_name(n, lang), n) for n in names()])
        self.mode_picker.description = words("mode", lang)
        self._set_options(
            self.mode_picker, [(mode_label(g, m, lang, long=True), m) for m in modes(g)]
        )
        shown = "rounds" in _option_names(g) and self.mode_picker.value != "hand"
        self.rounds_row.layout.display = None if shown else "none"
        self.rounds_label.value = (
            f"{esc(words('rounds', lang))} "
            f'<span class="bw-muted">{esc(words("rounds_help", lang))}</span>'
        )
        self.seat_picker.description = words("seat", lang)
        self._set_options(self.seat_picker, [(seat_name(s, lang), SEATS[s]) for s in g.seats])
        self._render_levels(g, lang)
        self._render_rules(g, lang)
        self.pace_input.description = words("pace", lang)
        self.pace_help.value = esc(words("pace_help", lang))
        self.four_colour_box.description = (
            f"{words('four_colour', lang)} — {words('four_colour_help', lang)}"
        )
        self.seed_input.description = words("seed", lang)
        self.start_button.description = words("start", lang)
        if self._said is not None:
            self.message.value = self._said(lang)

    def _render_levels(self, g: Game, lang: str) -> None:
        ladder = self.mode_picker.value in ("run", "journey")
        note = f' <span class="bw-muted">{esc(words("ladder_levels", lang))}</span>'
        self.levels_label.value = f"<b>{esc(words('levels', lang))}</b>" + (note if ladder else "")
        me = seat_in(self.seat_picker.value, g.seats)
        for s, p in self.level_pickers.items():
            name = seat_name(s, lang)
            p.description = words("partner", lang, seat=name) if g.partner(me) == s else name
            self._set_options(p, [(words(f"level_{k}", lang), k) for k in (1, 2, 3, 4)])
            p.disabled = ladder

    def _render_rules(self, g: Game, lang: str) -> None:
        self.rules_label.value = f"<b>{esc(words('rules', lang))}</b>"
        defaults = g.rules_class() if g.rules_class is not None else None
        for f in _fields(g):
            w = self.rule_inputs[f.name]
            w.description = words(f"opt_{f.name}", lang)
            if isinstance(w, widgets.Dropdown):
                self._set_options(w, [(_value_words(f, c, lang), c) for c in f.metadata["choices"]])
            default = _value_words(f, getattr(defaults, f.name), lang)
            help_ = words(f"help_{f.name}", lang)
            allowed = _allowed_words(f, lang)
            more = (
                words("default", lang, value=default, allowed=allowed)
                if allowed
                else words("default_only", lang, value=default)
            )
            source = _source_words(g, f, lang)
            self.rule_notes[f.name].value = f"{esc(help_)} {esc(more)}<br>{esc(source)}"
