"""ipywidgets for belote_lab: card order, rule explorer and quiz, hand stepper, play table
(with its settings panel: ``play("belote2", mode="run")`` in one line).

Every widget only calls the engine's public API (:mod:`belote_lab`); labels are in English
and Korean (:func:`set_language` for all widgets, or ``language="ko"`` for one).

>>> import belote_widgets as bw
>>> t = bw.CardOrderTable("S")
>>> t.totals["S"], t.hand_total
(62, 162)
"""

from belote_widgets.cards_view import CardButtons, backs_html, card_button, card_html, cards_html
from belote_widgets.hand_stepper import HandStepper
from belote_widgets.i18n import LANGUAGES, get_language, set_language
from belote_widgets.order_table import CardOrderTable
from belote_widgets.play_table import PlayApp, PlayTable, play
from belote_widgets.problem import Problem
from belote_widgets.rule_explorer import QuizResult, RuleExplorer, Situation
from belote_widgets.settings import SettingsPanel
from belote_widgets.story import DealStory

__all__ = [
    "CardOrderTable",
    "RuleExplorer",
    "Situation",
    "QuizResult",
    "HandStepper",
    "PlayTable",
    "PlayApp",
    "play",
    "Problem",
    "SettingsPanel",
    "DealStory",
    "set_language",
    "get_language",
    "LANGUAGES",
    "CardButtons",
    "card_button",
    "card_html",
    "cards_html",
    "backs_html",
]
