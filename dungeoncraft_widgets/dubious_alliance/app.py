"""Dubious Alliance in a notebook: trade, bluff and survive against bots.

Click a card of your hand (or its button) to set it face down as your Unrevealed
card; click another chief's face-down card (or a button) to offer them a trade:
the words in "Your claim" go with the offer (true or not, nobody checks; a card's
name or a number is not allowed). When a bot offers you a trade, the question
above the table says what they claim, and the buttons give the exact chance that
each card is harmless. The odds panel gives, from what you have seen, the exact
chance your card hurts you, that you survive the round, that each chief reaches
their goal, and how far each claim can be trusted (Bayes' rule on the claimant's
record), with the assumptions they rest on.

>>> app = DubiousAllianceApp(players=["You", "Bot", "Bot", "Bot"], seed=2)
>>> app.state.current_player == app.seat          # the bots have played up to you
True
>>> app.question(app.view).startswith("Set one card of your hand face down")
True
>>> app.board.simulate("click", "hand-" + app.state.hands[0][0])
>>> app.state.unrevealed[0] is not None
True
>>> app.act("offer 0 I trade with myself")
False
>>> app.message.value.startswith("✗ offer:")
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as w

from ..core.bots import Bot
from ..core.engine import Action, Event, GameState
from ..core.english import count, listing, objective, possessive, says, subject, verb_form
from ..core.scene import Scene
from ..widgets.app import Choice, FinalSummary, GameApp, split_level
from ..widgets.panels import probability_latex
from .actions import Accept, Decline, Done, DrawPower, Force, Offer, Pass, SetCard, Use
from .bots import TEMPERAMENTS, TemperamentBot
from .effects import VOCABULARY, effect_text
from .odds import (
    chance_reveal_hurts,
    claim_belief,
    claim_record,
    claim_tone,
    odds_report,
    record_tally,
)
from .rules import UNKNOWN, DubiousAllianceState, new_game
from .scene import action_for_click, short_values, table_scene, values_text
from .trading import claim_problem, must_accept

ODDS_LINES = (("hurts", "your Revealed card lowers your Survival"),
              ("survive", "you survive this round"),
              ("someone_wins", "someone reaches their Prestige goal this round"))
#: Log lines that say nothing a player needs in the summary (they stay in the log).
QUIET_KINDS = ("trading", "trading_over", "shuffle")


def plain(text: str) -> str:
    """Text from data (names, claims) for an HTMLMath panel: escaped as HTML, and kept
    away from MathJax, so a ``$`` in a card or player name is never typeset.

    >>> plain("Snarl's $x$ <b>")
    '<span class="mathjax_ignore tex2jax_ignore">Snarl&#x27;s $x$ &lt;b&gt;</span>'
    """
    # MathJax 3 (JupyterLab 4) skips "mathjax_ignore", MathJax 2 "tex2jax_ignore".
    return f'<span class="mathjax_ignore tex2jax_ignore">{html.escape(text)}</span>'


class DubiousAllianceApp(GameApp):
    """Play from seat 0; the other seats are bots of mixed temperaments by default."""

    search_game: ClassVar[str | None] = "dubious_alliance"  # the Bots: levels search this game

    def __init__(self, players: int | Sequence[str] = ("You", "Bot", "Bot", "Bot"),
                 seed: int | None = None, *, bots: Mapping[int, Bot] | str | None = None,
                 state: DubiousAllianceState | None = None, **kwargs: Any) -> None:
        if state is None:
            state = new_game(players if isinstance(players, int) else list(players), seed=seed)
        bots, level = split_level(bots)  # "hard": the default bots, searching
        if bots is None:
            bots = {p: TemperamentBot(TEMPERAMENTS[(p - 1) % len(TEMPERAMENTS)], seed=p)
                    for p in range(1, len(state.players))}
        self.claim = w.Text(description="Your claim:",
                            placeholder="said with your next offer, e.g. 'a fine weapon'",
                            style={"description_width": "initial"},
                            layout=w.Layout(width="calc(100% - 4px)"))
        self.claim_note = w.Label()
        self.claim_note.add_class("dcw-message")
        self.claim.observe(lambda _change: self._check_claim(), names="value")
        self.odds_view = w.HTMLMath()
        self.odds_view.add_class("dcw-da-odds")
        super().__init__(state, seat=0, bots=bots, **kwargs, bot_level=level)
        self.side.children = [self.claim, self.claim_note, self.odds_view]
        self.refresh()

    # ----------------------------------------------------------------- drawing
    def draw(self, view: GameState) -> Scene:
        assert isinstance(view, DubiousAllianceState)
        return table_scene(view)

    def action_for_click(self, shape_id: str) -> Action | str | None:
        action = action_for_click(self.state, shape_id)
        if isinstance(action, Offer):
            action = self._offer(action.to)
        if action is None and self.state.current_player == self.seat:
            self.show_error("that does nothing now: the question above the table says what "
                            "you may do")
        return action

    def act(self, action: Action | str | None) -> bool:
        done = super().act(action)
        if done and isinstance(self._last_action, Offer):  # said: the box is free again
            self.claim.value = ""
        return done

    def _offer(self, to: int) -> Offer:
        return Offer(to, " ".join(self.claim.value.split()))

    def _check_claim(self) -> None:
        text = " ".join(self.claim.value.split())
        problem = claim_problem(self.state.deck_data, text) if text else None
        self.claim_note.value = f"✗ This claim cannot be said: {problem}" if problem else ""

    def refresh(self) -> None:
        super().refresh()
        if hasattr(self, "odds_view"):  # GameApp.__init__ refreshes before these exist
            self._refresh_odds()

    # ------------------------------------------------------------------- words
    def goal(self, view: GameState) -> str:
        """The goal, the two ways the game ends and how far each is for the seat."""
        assert isinstance(view, DubiousAllianceState)
        me = self.seat
        if view.is_over:
            return ("Goal: be the first to reach your chief's Prestige goal; if any chief's "
                    "Survival falls to 0, the whole band loses. The game is over.")
        closest = min(range(view.n), key=lambda q: view.goal(q) - view.prestige(q))
        other = ("" if closest == me else
                 f" Closest of all: {view.players[closest]}, "
                 f"{count(max(0, view.goal(closest) - view.prestige(closest)), 'point')} short.")
        return ("Goal: be the first to reach your chief's Prestige goal, checked at the end of "
                "each round; if any chief's Survival falls to 0, the game ends and the whole "
                f"band loses. Round {max(1, view.round)}: you have Prestige "
                f"{view.prestige(me)} of {view.goal(me)} and Survival {view.survival(me)}."
                + other)

    def describe(self, view: GameState) -> str:
        assert isinstance(view, DubiousAllianceState)
        head = super().describe(view)
        if view.is_over:
            return head
        return (f"Round {view.round_in_turn} of 4 ({says(view.players[view.dealer], 'deal')}). "
                f"{head}")

    def action_label(self, action: Action) -> str:
        state = self.state
        names = state.players
        if isinstance(action, SetCard):
            card = state.card(action.card)
            return f"Set {card.name} face down ({values_text(card)})"
        if isinstance(action, Offer):
            said = f", saying “{action.claim}”" if action.claim else ""
            return f"Offer {objective(names[action.to])} a trade{said}"
        if isinstance(action, Accept):
            return "Accept the trade"
        if isinstance(action, Decline):
            return "Decline the trade"
        if isinstance(action, Force):
            return (f"Force a trade with {objective(names[action.target])} "
                    f"({state.power_name(action.source)})")
        if isinstance(action, DrawPower):
            return f"Draw a card ({state.power_name(action.source)})"
        if isinstance(action, Done):
            return "Done: no more trades this round"
        if isinstance(action, Use):
            return f"Use {state.power_name(action.source)}"
        if isinstance(action, Pass):
            return "Pass (use no power)"
        return str(action)

    def question(self, view: GameState) -> str | None:
        assert isinstance(view, DubiousAllianceState)
        me = self.seat
        if view.is_over or view.current_player != me:
            return None
        if view.phase == "choose":
            return ("Set one card of your hand face down: it is the card you trade or reveal "
                    "this round. Click it below the table, or choose here.")
        if view.phase == "trade" and view.pending:
            offer = view.pending
            who = view.players[offer["from"]]
            said = (f"saying: “{offer['claim']}”" if offer["claim"] else "without a word")
            text = f"{who} offers you a trade, {said}. "
            if self._must_accept(view):
                return text + "You are on Must Trade, so you must accept."
            return text + "Accept or decline?"
        if view.phase == "trade":
            text = ("Trading: offer another chief a trade (type a claim first if you like), "
                    "use a power, or say Done.")
            if self._must_accept(view):
                text += " You are on Must Trade: you must accept the first trade offered."
            return text
        if view.phase == "resolve" and view.window:
            entry = view.revealed[view.window["entry"]]
            card = view.card(entry["card"])
            holder = view.players[entry["holder"]]
            whose = "your" if entry["holder"] == me else possessive(holder)
            sources = [a.source for a in view.legal_actions() if isinstance(a, Use)]
            power = view.power_name(sources[0]) if len(sources) == 1 else "one of your powers"
            return (f"{whose[0].upper() + whose[1:]} Revealed {card.name} ({values_text(card)}) "
                    f"is being Resolved. Use {power} on {card.name}?")
        return None

    def _harmless(self, view: DubiousAllianceState, other: int) -> Any:
        """The exact chance that ``other``'s face-down card does not lower Survival, from
        what the seat has seen, ``other``'s latest claim this round and record (Bayes)."""
        said = next((c["claim"] for c in reversed(view.claims) if c["from"] == other), "")
        return 1 - claim_belief(view, other, said, player=self.seat).posterior_hurts

    def _must_accept(self, view: DubiousAllianceState) -> bool:
        return must_accept(view.tracker[self.seat], view.traded[self.seat])

    def choices(self, view: GameState) -> list[Choice]:
        assert isinstance(view, DubiousAllianceState)
        me = self.seat
        legal = self.state.legal_actions() if self.state.current_player == me else []
        if not legal:
            return []
        if view.phase == "choose":
            return [Choice(self.action_label(a), a, tooltip=effect_text(view.card(a.card)))
                    for a in legal]
        if view.phase == "trade" and view.pending:
            offer = view.pending
            belief = claim_belief(view, offer["from"], offer["claim"], player=me)
            theirs = 1 - belief.posterior_hurts
            mine = 1 - chance_reveal_hurts(view, me)
            if self._must_accept(view):
                return [Choice("Accept (you must: you have not traded yet this round) — "
                               "chance their card is harmless", Accept(), odds=theirs)]
            # Declining leaves both of you untraded: if Trading ends so, the Dealer's Revealed
            # card is Discarded. The harmless chances do not weigh what the Dealer loses (its
            # values, Prestige included), so then neither button is starred.
            dealer_at_stake = view.dealer in (me, offer["from"]) or not all(
                t for q, t in enumerate(view.traded) if q not in (me, offer["from"]))
            dealer = "you" if view.dealer == me else view.players[view.dealer]
            weighed = (" Weighed: only the chance the card you end up with lowers your "
                       "Survival.")
            lose = (f" If Trading then ends with someone untraded, the Dealer ({dealer}) "
                    "Discards their Revealed card: its values do not count."
                    if dealer_at_stake else "")
            accept = Choice("Accept — chance their card is harmless", Accept(), odds=theirs,
                            best=not dealer_at_stake and theirs > mine,
                            tooltip="Their face-down card does not lower Survival with this "
                            "chance, given their claim and their record (Bayes' rule: see "
                            "the odds panel)." + weighed)
            decline_label = "Decline — chance your card is harmless"
            if dealer_at_stake:
                who = ("you are the Dealer: you may lose your card" if view.dealer == me
                       else "the Dealer may lose their card")
                decline_label = f"Decline ({who}) — chance your card is harmless"
            return [accept, Choice(decline_label, Decline(), odds=mine,
                                   best=not dealer_at_stake and mine > theirs,
                                   tooltip="The card in front of you does not lower Survival "
                                   "with this chance." + lose + weighed)]
        if view.phase == "trade":
            out = []
            for a in legal:
                if isinstance(a, Offer):
                    who = view.players[a.to]
                    out.append(Choice(f"Offer {objective(who)} a trade — chance their card is "
                                      "harmless", lambda to=a.to: self.act(self._offer(to)),
                                      odds=self._harmless(view, a.to),
                                      tooltip="Your claim (the box beside the table) goes "
                                      f"with the offer. The chance is for the card "
                                      f"{subject(who)} would give you if they accept, from what "
                                      "you have seen, their claims and their record."))
                elif isinstance(a, Force):
                    out.append(Choice(f"{self.action_label(a)} — chance their card is harmless",
                                      a, odds=self._harmless(view, a.target),
                                      tooltip="The chance is for the card you take, from what "
                                      "you have seen, their claims and their record."))
                else:
                    out.append(Choice(self.action_label(a), a))
            return out
        if view.phase == "resolve" and view.window:
            entry = view.revealed[view.window["entry"]]
            name = view.card(entry["card"]).name
            out = []
            for a in legal:
                if isinstance(a, Use):
                    power = view.card(a.source).powers("respond")[0][1]
                    out.append(Choice(f"Use {view.power_name(a.source)}: "
                                      f"{VOCABULARY.words(power, name)}", a,
                                      tooltip=effect_text(view.card(a.source))))
                else:
                    out.append(Choice(f"Pass: let {name} be Resolved", a))
            return out
        return [Choice(self.action_label(a), a) for a in legal]

    def summarize(self, events: list[Event], view: GameState) -> list[str]:
        lines: list[str] = []
        group: list[Event] = []

        def flush() -> None:
            if not group:
                return
            if len(group) == 1:
                lines.append(group[0].text)
            else:
                who = [view.players[e.player] for e in group]
                names = [subject(who[0])] + [objective(n) for n in who[1:]]
                lines.append(f"{listing(names)} "
                             + ("set a card face down." if group[0].kind == "set"
                                else "are Done (Tusks up)."))
            group.clear()

        for e in events:
            if e.kind in QUIET_KINDS:
                continue
            if e.kind in ("set", "done") and (not group or group[0].kind == e.kind):
                group.append(e)
                continue
            flush()
            if e.kind in ("set", "done"):
                group.append(e)
            else:
                lines.append(e.text)
        flush()
        return lines

    def moved_ids(self, events: list[Event], view: GameState) -> set[str]:
        ids: set[str] = set()
        for e in events:
            if e.kind == "trade":
                ids.update(f"unrevealed-{p}" for p in e.data["players"])
            elif e.kind in ("set",) and e.player is not None:
                ids.add(f"unrevealed-{e.player}")
            elif e.kind in ("take", "use", "draw", "discard", "active") and e.player is not None:
                ids.add(f"active-{e.player}")
            elif e.kind == "dealer_discard":
                ids.add("discard")
        return ids

    def holdings(self, view: GameState) -> list[tuple[str, str]]:
        assert isinstance(view, DubiousAllianceState)
        me = self.seat

        def cards(ids: Sequence[str]) -> str:
            return ", ".join(f"{view.card(c).name} ({short_values(view.card(c))})"
                             for c in ids) or "none"

        mine = view.unrevealed[me]
        if mine is None:
            face_down = "none now"
        elif mine == UNKNOWN:
            face_down = "unknown (you traded: nobody looks until the Reveal)"
        else:
            face_down = f"{view.card(mine).name} ({values_text(view.card(mine))})"
        chief = view.deck_data.player_cards[view.characters[me]]
        rows = [("Your chief", f"{chief.name}: {chief.text}"),
                ("Your Survival", f"{view.survival(me)} (began with {chief.survival}; "
                                  "at 0 or lower at a check you die and everyone loses)"),
                ("Your Prestige", f"{view.prestige(me)} (goal {view.goal(me)})"),
                ("Your hand", cards(view.hands[me])),
                ("Your face-down card", face_down),
                ("Your Active cards", cards(list(reversed(view.active[me]))))]
        for q in range(view.n):
            if q == me:
                continue
            other = view.deck_data.player_cards[view.characters[q]]
            rows.append((view.players[q],
                         f"{other.name}: Survival {view.survival(q)} (began with "
                         f"{other.survival}), Prestige {view.prestige(q)} (goal "
                         f"{view.goal(q)}), {count(len(view.active[q]), 'Active card')}"))
        return rows

    def final_summary(self, view: GameState) -> FinalSummary:
        assert isinstance(view, DubiousAllianceState)
        out = view.outcome or {}
        winner, dead = out.get("winner"), out.get("dead")
        if winner is not None:
            name = view.players[winner]
            chief = view.card(view.characters[winner]).name
            headline = (f"{says(name, 'win')} with Prestige {view.prestige(winner)} (goal "
                        f"{view.goal(winner)}): {chief} commands the tribe.")
        elif dead is not None:
            name = view.players[dead]
            headline = (f"Nobody wins: {subject(name)} "
                        f"{verb_form(name, 'die')} (Survival {view.survival(dead)}) and the "
                        "band loses.")
        else:
            headline = f"Nobody wins: {out.get('reason', 'the game is over.')}"
        seats = sorted(range(view.n), key=lambda q: (q != winner, -view.prestige(q), q))
        # Four columns, so the table fits a narrow window: who won (or died) beside the name.
        mark = {winner: " (wins)", dead: " (died)"}
        rows = tuple((view.players[q] + mark.get(q, ""), view.card(view.characters[q]).name,
                      view.survival(q), f"{view.prestige(q)} of {view.goal(q)}")
                     for q in seats)
        return FinalSummary(headline, ("Player", "Chief", "Survival", "Prestige of goal"), rows)

    # -------------------------------------------------------------------- odds
    def _refresh_odds(self) -> None:
        view = self.view
        me = self.seat
        parts = [self._claims_html(view)]
        if view.phase != "trade" or view.is_over:
            parts.insert(0, "<p><i>Your exact odds appear here during Trading, once every "
                         "Unrevealed card is face down.</i></p>")
            self.odds_view.value = "".join(parts)
            return
        report = odds_report(view, me)
        odds = report["summary"]
        lines = "".join(f"<li>{html.escape(text)}: {probability_latex(odds[key])}</li>"
                        for key, text in ODDS_LINES)
        reach = "".join(
            f"<tr><td>{plain(view.players[q])}</td><td>{view.goal(q) - view.prestige(q)}</td>"
            f"<td>{probability_latex(report['reaches_goal'][q])}</td></tr>"
            for q in view.order() if q != me)
        model = report["model"]
        parts.insert(0, (
            '<div class="dcw-da-odds-title"><b>Your odds this round (exact)</b></div>'
            f"<ul>{lines}</ul>"
            "<div><b>Each other chief reaches their goal this round</b></div>"
            '<table class="dcw-table"><thead><tr><th>Chief</th><th>Prestige to go</th>'
            f"<th>Chance</th></tr></thead><tbody>{reach}</tbody></table>"
            f'<p class="dcw-da-model">{plain(model.note())}</p>'))
        if view.pending and view.pending["to"] == me:
            parts.insert(1, self._bayes_html(view))
        self.odds_view.value = "".join(parts)

    def _bayes_html(self, view: DubiousAllianceState) -> str:
        offer = view.pending
        who = view.players[offer["from"]]
        belief = claim_belief(view, offer["from"], offer["claim"], player=self.seat)
        tone = {1: "praise", -1: "a warning", 0: "neither praise nor a warning"}[belief.tone]
        given_hurts, given_safe = belief.likelihood
        rows = (f"<tr><td>before the claim: the card hurts</td>"
                f"<td>{probability_latex(belief.prior_hurts)}</td></tr>"
                f"<tr><td>{plain(who)} says {tone} about a card that hurts</td>"
                f"<td>{probability_latex(given_hurts)}</td></tr>"
                f"<tr><td>… about a harmless card</td>"
                f"<td>{probability_latex(given_safe)}</td></tr>"
                f"<tr><td>after the claim: the card hurts</td>"
                f"<td>{probability_latex(belief.posterior_hurts)}</td></tr>")
        return (f"<div><b>Can you trust {plain(who)}? Bayes' rule</b></div>"
                f"<p>{plain(belief.sentence(who))}</p>"
                f'<table class="dcw-table"><tbody>{rows}</tbody></table>'
                f"<p class='dcw-da-model'>{plain(belief.assumes)}</p>")

    def _claims_html(self, view: DubiousAllianceState) -> str:
        if not view.claims:
            return ""
        items = []
        for c in view.claims:
            who, to = view.players[c["from"]], view.players[c["to"]]
            tally = record_tally(claim_record(view, c["from"]))
            history = (f" ({possessive(who)} record: {tally['true']} of "
                       f"{count(tally['claims'], 'earlier claim')} true)" if tally["claims"]
                       else "")
            said = f"“{c['claim']}”" if c["claim"] else "(no claim)"
            tone = {1: " — praise", -1: " — a warning", 0: ""}[claim_tone(c["claim"])]
            items.append(f"<li>{plain(f'{subject(who)} to {objective(to)}: {said}{tone}')}"
                         f"{plain(history)}</li>")
        return f"<div><b>Claims this round</b></div><ul>{''.join(items)}</ul>"


#: The play widget of this game (GAMES[name].APP: the apps are registered with the games).
APP = DubiousAllianceApp
