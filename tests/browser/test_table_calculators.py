"""The Dobbers and AlderQuest calculators at the table: notebooks/table/ in Voila on a phone
(390 x 844), driven by clicks; the numbers shown are compared with the library's for the
same inputs, everything fits the phone's width, and bad input is refused in words.
Screenshots at 390 px and 1400 px go to the artifacts folder."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from servers import fits_width

from dungeoncraft_widgets.alderquest.calculator import AlderQuestCalculator
from dungeoncraft_widgets.core.english import percent
from dungeoncraft_widgets.dobbers.calculator import DobbersCalculator
from dungeoncraft_widgets.widgets.fallback import plain_math


def menu(calculator, label: str):
    return calculator.locator(".widget-dropdown", has_text=label).locator("select")


def assert_fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert fits_width(page, ".dcw-calculator") == []


def screenshots(page, artifacts, name: str) -> None:
    """The whole calculator a phone screen at a time (the page made tall, the same width),
    then at 1400 px."""
    page.wait_for_timeout(500)
    assert_fits(page)
    page.set_viewport_size({"width": 390, "height": 4000})
    page.wait_for_timeout(500)
    assert_fits(page)
    height = page.evaluate("document.querySelector('.dcw-calculator').getBoundingClientRect()"
                           ".bottom")
    for part, top in enumerate(range(0, int(height) + 1, 844), 1):
        page.screenshot(path=str(artifacts / f"voila-phone-{name}-{part}.png"),
                        clip={"x": 0, "y": top, "width": 390, "height": 844})
    page.set_viewport_size({"width": 1400, "height": 2400})
    page.wait_for_timeout(500)
    page.screenshot(path=str(artifacts / f"voila-wide-{name}.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)


def test_dobbers_at_the_table_on_a_phone(phone, voila, artifacts):
    phone.goto(voila + "voila/render/dobbers.ipynb")
    calculator = phone.locator(".dcw-calculator")
    calculator.wait_for(timeout=90_000)
    assert phone.get_by_text("from dungeoncraft_widgets").count() == 0  # no code shown
    # the same clicks in the library: a Silver Sword, then Strength and Helpful drawn
    expected = DobbersCalculator()
    expected.equipment["weapon"].value = "silver_sword"
    expected.piles["hand"].value = (*expected.piles["hand"].value, "strength", "helpful")
    assert expected.message.value == "" and expected.challenge.chance > 0
    menu(calculator, "Weapon:").select_option(label="Silver Sword")
    menu(calculator, "Hand:").select_option(label="Strength")
    menu(calculator, "Hand:").select_option(label="Helpful")
    expect(calculator.locator(".widget-html", has_text="Hand: 7 cards")).to_have_count(
        1, timeout=30_000)
    line = plain_math(expected.challenge_view.value)
    line = re.sub(r"<[^>]+>", "", line)
    shown = calculator.locator(".widget-htmlmath", has_text="Clear the stack on")
    # typeset by MathJax: the fraction is drawn, its percentage is text
    expect(shown).to_contain_text(percent(expected.challenge.chance), timeout=30_000)
    assert "play Helpful and Strength and use Silver Sword" in shown.inner_text()
    assert f"{expected.challenge.chance}" in line
    for quantity, dist in expected.hands.items():
        row = calculator.locator("tr", has_text=quantity.capitalize())
        assert ", ".join(f"{v}: {p}" for v, p in dist.items()) in row.first.inner_text()
    screenshots(phone, artifacts, "dobbers")
    # a 9th Bottle Cap: refused in words, the old answer greyed out
    menu(calculator, "Deck:").select_option(label="Bottle Cap")
    expect(calculator.locator(".dcw-message")).to_contain_text(
        "8 Bottle Caps at most (the starting deck's), not 9", timeout=30_000)
    expect(calculator).to_have_class(re.compile("dcw-stale"))
    phone.wait_for_timeout(300)
    assert_fits(phone)
    phone.screenshot(path=str(artifacts / "voila-phone-dobbers-refused.png"))


def test_alderquest_at_the_table_on_a_phone(phone, voila, artifacts):
    phone.goto(voila + "voila/render/alderquest.ipynb")
    calculator = phone.locator(".dcw-calculator")
    calculator.wait_for(timeout=90_000)
    assert phone.get_by_text("from dungeoncraft_widgets").count() == 0
    expected = AlderQuestCalculator()
    expected.brush.value = "G"
    expected.cell("C1").click()
    best = expected.plans[0]
    menu(calculator, "Piece to place:").select_option(label="Guardians rune (G)")
    calculator.locator("button[title^='C1:']").click()
    expect(calculator.locator("button[title^='C1:']")).to_have_text("G", timeout=30_000)
    headline = calculator.locator(".dcw-calc-headline")
    expect(headline).to_contain_text(
        f"{best.words({'B': 'Bards', 'G': 'Guardians', 'H': 'Hunters', 'T': 'Thieves'})}: "
        f"{best.expected_collected} ", timeout=30_000)
    first = calculator.locator("tbody tr").first   # the drops table: plain exact fractions
    expect(first).to_contain_text(str(best.expected_collected))
    reveal = calculator.locator(".widget-htmlmath", has_text="Chance the next 3 runes")
    expect(reveal).to_contain_text(percent(expected.reveal), timeout=30_000)
    screenshots(phone, artifacts, "alderquest")
    # a 4th revealed rune: refused in words
    menu(calculator, "Revealed above the Board:").select_option(label="Bards rune (B)")
    expect(calculator.locator(".dcw-message")).to_contain_text(
        "3 runes at most are revealed above the Board, not 4", timeout=30_000)
    expect(calculator).to_have_class(re.compile("dcw-stale"))
    phone.wait_for_timeout(300)
    assert_fits(phone)
