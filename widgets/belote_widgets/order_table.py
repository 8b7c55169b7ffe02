"""``CardOrderTable``: the order and points of every suit under a chosen contract.

Four columns (♠ ♥ ♦ ♣), strongest card first, each card with its points, the suit totals
underneath and the hand totals below: 62 + 3 × 30 = 152 with a trump suit, 4 × 38 = 152 in
no trump or all trump, and 162 with the 10 points of the last trick.  A dropdown switches the
contract.  Orders and points come from :class:`belote_lab.contract.Contract`.

>>> t = CardOrderTable("H")
>>> t.totals
{'S': 30, 'H': 62, 'D': 30, 'C': 30}
>>> t.card_points, t.hand_total
(152, 162)
>>> t.dropdown.value = "NT"; t.totals["H"]
38
>>> [c.text for c in t.order("H")][:3]
['AH', 'TH', 'KH']
"""

from __future__ import annotations

import ipywidgets as widgets

from belote_lab.cards import Card, Suit
from belote_lab.contract import Contract, ContractKind
from belote_widgets._base import LocalizedWidget, html_widget
from belote_widgets.cards_view import card_html, esc
from belote_widgets.i18n import contract_name, suit_name, text

__all__ = ["CardOrderTable", "CONTRACT_CODES"]

CONTRACT_CODES = ("S", "H", "D", "C", "NT", "AT")
LAST_TRICK_BONUS = 10


class CardOrderTable(LocalizedWidget):
    """The order and points of trump and plain suits side by side, with totals.

    ``contract`` is ``S``, ``H``, ``D``, ``C`` (that suit is trump), ``NT`` or ``AT``.
    """

    def __init__(self, contract: str = "H", language: str | None = None) -> None:
        super().__init__(language)
        self.add_class("bw-order-table")
        self.dropdown = widgets.Dropdown(
            options=self._options(), value=Contract.parse(contract).code
        )
        self.dropdown.add_class("bw-contract")
        self.dropdown.observe(lambda _c: self.refresh(), names="value")
        self.title = html_widget("bw-title")
        self.table = html_widget("bw-order")
        self.summary = html_widget("bw-summary")
        self.children = [
            self.style_html,
            widgets.HBox(
                [self.title, self.language_picker],
                layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
            ),
            self.dropdown,
            self.table,
            self.summary,
        ]
        self._ready()

    # --- values -----------------------------------------------------------------------------------
    @property
    def contract(self) -> Contract:
        """The contract on show."""
        return Contract.parse(self.dropdown.value)

    def set_contract(self, contract: str | Contract) -> None:
        """Show ``contract`` (as if chosen in the dropdown)."""
        self.dropdown.value = Contract.parse(contract).code

    def order(self, suit: Suit | str) -> list[Card]:
        """The cards of ``suit``, strongest first, under the contract on show."""
        s = Suit.parse(suit) if isinstance(suit, str) else suit
        return self.contract.order(s)

    @property
    def totals(self) -> dict[str, int]:
        """Card points of each suit (``{'S': 30, 'H': 62, …}``)."""
        c = self.contract
        return {s.name: sum(c.points(x) for x in c.order(s)) for s in Suit}

    @property
    def card_points(self) -> int:
        """All card points of the deck (152)."""
        return sum(self.totals.values())

    @property
    def hand_total(self) -> int:
        """Card points plus the last trick's 10 (162)."""
        return self.card_points + LAST_TRICK_BONUS

    def static_text(self) -> str:
        """The short text a page without a kernel shows (the contract on show).

        >>> CardOrderTable("NT", language="en").static_text()
        'CardOrderTable: no trump'
        """
        return f"CardOrderTable: {contract_name(self.contract, self.language)}"

    # --- drawing ----------------------------------------------------------------------------------
    def _options(self) -> list[tuple[str, str]]:
        return [(contract_name(code, self.language), code) for code in CONTRACT_CODES]

    def _render(self) -> None:
        lang = self.language
        value = self.dropdown.value
        options = self._options()
        if list(self.dropdown.options) != options:
            self.dropdown.options = options
            self.dropdown.value = value
        self.dropdown.description = text("contract", lang)
        c = self.contract
        self.title.value = f"<h3>{esc(text('order_title', lang))}</h3>"
        orders = {s: c.order(s) for s in Suit}
        head = [f"<th>{esc(text('order_rank', lang))}</th>"]
        for s in Suit:
            kind = self._kind(c, s)
            cls = ' class="bw-trumpcol"' if kind == "trump" else ""
            name = esc(f"{s.symbol} {suit_name(s, lang)}")
            head.append(f"<th{cls}>{name}<br><small>{esc(text(kind, lang))}</small></th>")
        rows = ["<tr>" + "".join(head) + "</tr>"]
        depth = max(len(o) for o in orders.values())
        for i in range(depth):
            cells = [f"<td>{i + 1}</td>"]
            for s in Suit:
                cls = ' class="bw-trumpcol"' if self._kind(c, s) == "trump" else ""
                card = orders[s][i]
                trump = c.kind is ContractKind.SUIT and s == c.trump
                pts = c.points(card)
                cells.append(
                    f"<td{cls}>{card_html(card, trump, lang)} "
                    f'<span class="bw-points">{pts}</span></td>'
                )
            rows.append("<tr>" + "".join(cells) + "</tr>")
        totals = self.totals
        foot = [f"<th>{esc(text('suit_total', lang))}</th>"]
        for s in Suit:
            cls = ' class="bw-trumpcol"' if self._kind(c, s) == "trump" else ""
            foot.append(
                f'<th{cls}><span class="bw-total total-{s.name}">{totals[s.name]}</span></th>'
            )
        rows.append("<tr>" + "".join(foot) + "</tr>")
        caption = esc(f"{contract_name(c, lang)} — {text('strongest_first', lang)}")
        self.table.value = (
            f'<table class="bw-table"><caption>{caption}</caption>{"".join(rows)}</table>'
        )
        self.summary.value = (
            '<p><b class="bw-card-points">'
            f"{esc(text('card_points_total', lang, n=self.card_points))}"
            f'</b><br><b class="bw-hand-total">'
            f"{esc(text('hand_total', lang, n=self.hand_total))}</b></p>"
        )

    @staticmethod
    def _kind(c: Contract, suit: Suit) -> str:
        if c.kind is ContractKind.ALL_TRUMP:
            return "trump"
        if c.kind is ContractKind.SUIT and suit == c.trump:
            return "trump"
        return "plain"
