"""Playing HeroVsGuardianApp as the Hero the way a newcomer would: only through what the
app shows, its buttons (the ★ where there is one, else the first), clicks on the lit
locations of the dungeon and on the Adventurer cards. ``play_to_end(app)`` plays until the
game is over and returns how many presses and clicks it took; each button is pressed
through the app's own handler (its on_click), never by applying actions directly."""

from __future__ import annotations

import random

from dungeoncraft_widgets.hero_vs_guardian.actions import Scout, Venture


def _buttons(app):
    """(Choice, its Button) pairs: the question's, then the side panel's."""
    pairs = list(zip(app.choices(app.view), app.choice_box.children, strict=True))
    side = [c for _title, group in app._side_groups(app.view) for c in group]
    buttons = [b for row in app.more_box.children for part in row.children
               for b in getattr(part, "children", ()) if hasattr(b, "click")]
    return pairs + list(zip(side, buttons, strict=True))


def play_to_end(app, seed: int = 0, most: int = 600) -> int:
    """Play as the Hero until the game is over (at most ``most`` presses)."""
    rng = random.Random(seed)
    for presses in range(most):
        if app.state.is_over:
            return presses
        legal = app._my_legal()
        assert legal, "the Hero has nothing to do but the game is not over"
        at = app.state.attempt
        if at is not None and at.get("stage") == "order" and not at["order"]:
            adv = next(a for a in app.state.party[app.state.active])
            app.cards_board.simulate("click", f"adv-{adv}")      # an Order Token on a card
            continue
        lit = sorted({a.loc for a in legal if isinstance(a, (Scout, Venture))})
        if lit and app.selected is None and rng.random() < 0.7:
            app.mode.value = rng.choice(["scout", "venture"])
            app.board.simulate("click", f"loc-{rng.choice(lit)}")  # odds shown, not paid
        pairs = _buttons(app)
        assert pairs, "no button to press"
        starred = [p for p in pairs if p[0].best]
        choice, button = starred[0] if starred else pairs[0]
        assert button.description == choice.text
        button.click()
    raise AssertionError(f"not over after {most} presses")
