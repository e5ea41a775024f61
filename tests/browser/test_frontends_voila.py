"""The calculators at the table: notebooks/table/ in Voila on a phone (390 x 844).

Every input and result fits the screen's width, and typing changes the exact answer.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect
from servers import fits_width


def field(calculator, label: str):
    return calculator.locator(".widget-inline-hbox", has_text=label).locator("input, textarea")


def assert_fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert fits_width(page, ".dcw-calculator") == []


def test_fog_fight_on_a_phone(phone, voila, artifacts):
    phone.goto(voila + "voila/render/fog_fight.ipynb")
    calculator = phone.locator(".dcw-calculator")
    calculator.wait_for(timeout=90_000)
    assert phone.get_by_text("from dungeoncraft_widgets").count() == 0  # no code shown
    field(calculator, "Swords:").fill("2, 1")
    field(calculator, "Swords:").press("Enter")
    companions = field(calculator, "Companions:")
    companions.fill("2")
    companions.press("Enter")
    # The exact answer, in the table of chances by number of swords.
    row = calculator.locator("tbody tr").nth(2)  # two swords
    # The row shows up with the swords typed; the answer follows the companions too.
    expect(row).to_contain_text("13/18", timeout=30_000)
    assert "72.2%" in row.inner_text()
    calculator.locator("[data-id=bar-18]").wait_for(timeout=20_000)
    phone.wait_for_timeout(500)
    assert_fits(phone)
    phone.screenshot(path=str(artifacts / "voila-phone-fog-fight.png"), full_page=True)


def test_scout_and_venture_on_a_phone(phone, voila, artifacts):
    phone.goto(voila + "voila/render/scout_venture.ipynb")
    calculator = phone.locator(".dcw-calculator")
    calculator.wait_for(timeout=90_000)
    calculator.locator("select[multiple]").select_option(["Cleric (A01)", "Warrior (A05)"])
    calculator.locator(".widget-dropdown", has_text="Room 1:").locator("select").select_option(
        "Evil")
    best = calculator.locator("tr", has_text="best")
    best.wait_for(timeout=30_000)
    phone.wait_for_function(
        "() => [...document.querySelectorAll('.dcw-calculator tr')]"
        ".some((r) => r.innerText.includes('best') && r.innerText.includes('11/12'))",
        timeout=30_000)
    assert "Cleric (A01) → Warrior (A05)" in best.inner_text()
    phone.wait_for_timeout(500)
    assert_fits(phone)
    phone.screenshot(path=str(artifacts / "voila-phone-scout-venture.png"), full_page=True)


def test_dubious_alliance_round_on_a_phone(phone, voila, artifacts):
    phone.goto(voila + "voila/render/dubious_alliance_round.ipynb")
    calculator = phone.locator(".dcw-calculator")
    calculator.wait_for(timeout=90_000)
    assert phone.get_by_text("from dungeoncraft_widgets").count() == 0  # no code shown
    # It opens with an answer (a card of the deck set face down), not an error (issue 26).
    expect(calculator.locator("tbody tr", has_text="the card hurts").first).to_be_visible(
        timeout=30_000)
    assert calculator.locator(".dcw-message").inner_text().strip() == ""
    for label, text in (("Your Active cards:", "chainmail"),
                        ("Your face-down card:", "cave troll")):
        field(calculator, label).fill(text)
        field(calculator, label).press("Tab")
    # Brokk Ironhide (first by name) keeps a Cave Troll (Survival -3): it hurts for sure;
    # 51 of the 119 cards unseen hurt, so a card traded for hurts with chance 3/7.
    row = calculator.locator("tbody tr", has_text="the card hurts")
    expect(row).to_contain_text("3/7 ≈ 42.9%", timeout=30_000)
    assert "1 = 100.0%" in row.inner_text()
    expect(calculator.locator(".dcw-da-advice")).to_contain_text(
        "Trade your card: a card you trade for is harmless with chance 4/7 ≈ 57.1%; "
        "yours is never harmless.")
    # An offer with praise: Bayes' rule on the record typed in (1 warning that was true:
    # P(praise | hurts) = 1/4, P(praise | harmless) = 1/3), so the card hurts with
    # chance (3/7 * 1/4) / (3/7 * 1/4 + 4/7 * 1/3) = 9/25.
    calculator.get_by_role("button", name="praises").click()
    warned = field(calculator, "warned, it hurt:")
    warned.fill("1")
    warned.press("Tab")
    expect(calculator.locator("tr", has_text="their card hurts, after the claim")
           ).to_contain_text("9/25 = 36.0%", timeout=30_000)
    calculator.locator("[data-id=bar--3]").wait_for(timeout=20_000)
    phone.wait_for_timeout(500)
    phone.screenshot(path=str(artifacts / "voila-phone-dubious-alliance-round.png"))
    assert_fits(phone)
    # The whole calculator, a phone screen at a time: the same width, the page made tall.
    phone.set_viewport_size({"width": 390, "height": 2600})
    phone.wait_for_timeout(500)
    assert_fits(phone)
    for part, top in enumerate((0, 844, 1688), 1):
        phone.screenshot(path=str(artifacts / f"voila-phone-dubious-alliance-round-{part}.png"),
                         clip={"x": 0, "y": top, "width": 390, "height": 844})
    # A card that is not in the deck: named, and the old answer greyed out.
    field(calculator, "Your Active cards:").fill("chainmail, golden thing")
    field(calculator, "Your Active cards:").press("Tab")
    expect(calculator.locator(".dcw-message")).to_contain_text(
        "'golden thing' is not a card of this deck", timeout=30_000)
    expect(calculator).to_have_class(re.compile("dcw-stale"))
    expect(row).to_contain_text("3/7 ≈ 42.9%")  # the old answer stays, greyed
    phone.wait_for_timeout(500)
    assert_fits(phone)
    phone.screenshot(path=str(artifacts / "voila-phone-dubious-alliance-round-stale.png"),
                     clip={"x": 0, "y": 700, "width": 390, "height": 844})
