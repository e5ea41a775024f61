"""FightCalculator: the exact odds of a fight against a fog creature, and advice mid-fight.

A player types what their adventurer has (companions, sword values, herb values,
gold) and the creature's strength; the calculator shows the exact chance to win
with the best swords, the strength distribution with the target marked, the
chance by number of swords, what the gold is worth, and, once the dice are
rolled, what to do next.

Numbers out of the game's range are refused, naming the field and the range (a
creature of -4 is not quietly made 1; herbs are 2 to 4), and while an input is
invalid the last answer is greyed out.

>>> calc = FightCalculator()
>>> calc.creature.value, calc.companions.value = 12, 2
>>> calc.swords.value = "2, 1"
>>> calc.odds.p_win
13/18
>>> calc.dice.value = "3, 2"
>>> calc.gold.value = 1
>>> calc.advice.best.describe()
'stop and win: pay 1 gold as +1'
>>> calc.herbs.value = "3, x"
>>> calc.message.value
"✗ herbs: 'x' is not a whole number"
>>> calc.herbs.value = "7"
>>> calc.message.value
'✗ herbs: 7 is above 4, the largest allowed'
>>> calc.herbs.value, calc.creature.value = "", -4
>>> calc.message.value
'✗ creature: -4 is below 1, the smallest allowed'
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..core.charts import bar_chart
from ..core.english import count, percent
from ..core.errors import DungeoncraftError
from ..widgets.board import BoardView
from ..widgets.panels import (
    LiveCalculator,
    NumberField,
    parse_numbers,
    probability_latex,
    table_html,
)
from .battle import MAX_SWORDS
from .odds import (
    HERB_VALUES,
    MAX_COMPANIONS,
    MAX_CREATURE,
    MAX_GOLD,
    SWORD_VALUES,
    FightAdvice,
    FightOdds,
    fight_advice,
    fight_odds,
)


class FightCalculator(LiveCalculator):
    """See the module docstring. ``calc.odds`` / ``calc.advice`` hold the last answers."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.odds: FightOdds | None = None
        self.advice: FightAdvice | None = None
        narrow = w.Layout(width="200px")
        self.creature = NumberField(12, minimum=1, maximum=MAX_CREATURE, description="Creature:",
                                    layout=narrow, tooltip="the fog creature's strength (8 to "
                                    "16 in the game)")
        self.companions = NumberField(0, minimum=0, maximum=MAX_COMPANIONS,
                                      description="Companions:", layout=narrow)
        self.gold = NumberField(0, minimum=0, maximum=MAX_GOLD, description="Gold:",
                                layout=narrow)
        self.swords = w.Text("", description="Swords:",
                             placeholder="extra values, e.g. 2, 0, 3 (each 0 to 3)")
        self.herbs = w.Text("", description="Herbs:",
                            placeholder="values, e.g. 3, 4 (each 2 to 4)")
        self.choose = w.Checkbox(True, description="choose the best swords (at most 3)")
        self.dice = w.Text("", description="Dice rolled:",
                           placeholder="after rolling, e.g. 2, 5")
        self.headline = w.HTMLMath()
        # Its text is never drawn below 9 px; drawn 230 units wide it fits a phone (360 px)
        # without scrolling, and grows to its box on a wider screen.
        self.chart = BoardView(min_text_px=9)
        self.by_swords = w.HTML()
        self.gold_line = w.HTMLMath()
        self.advice_box = w.HTML()
        intro = w.HTML("<div style='line-height:1.4'>Type what your adventurer has and the "
                       "fog creature's strength: the exact odds of winning with the best "
                       "swords; then, once the dice are rolled, the best next step.</div>")
        self.children = [
            intro,
            w.HBox([self.creature, self.companions, self.gold],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.swords, self.herbs], layout=w.Layout(flex_flow="row wrap")),
            self.choose,
            self.message, self.headline,
            w.HBox([w.Box([self.chart], layout=w.Layout(width="340px", max_width="100%",
                                                        min_width="0")),
                    w.VBox([self.by_swords, self.gold_line])],
                   layout=w.Layout(flex_flow="row wrap")),
            self.dice, self.advice_box,
        ]
        self.watch((self.creature, self.companions, self.gold, self.swords, self.herbs,
                    self.choose, self.dice))
        self.update()

    def compute(self) -> None:
        creature = self.number(self.creature)
        companions = self.number(self.companions)
        gold = self.number(self.gold)
        swords = parse_numbers(self.swords.value, "swords", minimum=SWORD_VALUES[0],
                               maximum=SWORD_VALUES[1])
        herbs = parse_numbers(self.herbs.value, "herbs", minimum=HERB_VALUES[0],
                              maximum=HERB_VALUES[1])
        dice = parse_numbers(self.dice.value, "dice", minimum=1, maximum=6)
        odds = fight_odds(creature, companions=companions, swords=swords,
                          herbs=herbs, gold=gold, choose_swords=self.choose.value)
        advice, bonus = None, 0
        if dice:
            if len(dice) > MAX_SWORDS:
                raise DungeoncraftError(f"dice: at most {MAX_SWORDS} dice (one per sword)")
            # One die per sword: the swords used are the advised ones when the count
            # matches, else the strongest that many.
            rolled_with = odds.swords_used if len(dice) == len(odds.swords_used) else \
                tuple(sorted(swords, reverse=True)[:len(dice)])
            bonus = sum(rolled_with)
            advice = fight_advice(creature, dice, companions=companions,
                                  sword_bonus=bonus, herbs=herbs, gold=gold)
        self.odds, self.advice = odds, advice
        used = ", ".join(f"+{v}" for v in odds.swords_used) or "none"
        self.headline.value = (f"<b>Chance to win</b> with swords {used}: "
                               f"{probability_latex(odds.p_win)}")
        self.chart.show(bar_chart(
            odds.strength.pmf(), target=creature, width=230, height=130,
            title="Strength before gold and herbs", x_label="strength"))
        rows = [(k, ", ".join(f"+{v}" for v in odds.swords_by_count[k]) or "-", str(p), percent(p))
                for k, p in sorted(odds.p_win_by_swords.items())]
        self.by_swords.value = "<b>By number of swords</b>" + table_html(
            ["swords", "which", "P(win)", "%"], rows)
        if not odds.gold:
            self.gold_line.value = "No gold: a gold piece would add +1 or reroll a die."
        else:
            self.gold_line.value = (
                f"Your {count(odds.gold, 'gold piece')} "
                f"add{'s' * (odds.gold == 1)} {probability_latex(odds.gold_worth)} to the "
                f"chance (without gold: {probability_latex(odds.p_win_no_gold)}); of that, "
                f"rerolling rather than only +1 adds {probability_latex(odds.reroll_worth)}.")
        if advice is None:
            self.advice_box.value = "<i>Enter the dice you rolled for advice.</i>"
        else:
            rows = [(o.describe(), str(o.p_win), percent(o.p_win)) for o in advice.options]
            best = html.escape(advice.best.describe())
            self.advice_box.value = (
                f"<b>Best next step</b> (strength now {advice.strength}, swords' extra "
                f"{bonus}): {best}" + table_html(["option", "P(win)", "%"], rows).replace(
                    "<td>", "<td style='text-align:left'>", 1).replace(
                    "<th>", "<th style='text-align:left'>", 1))
