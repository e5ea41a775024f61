# A marimo app: Dubious Alliance. Open it with
#     marimo run notebooks/marimo/dubious_alliance.py      (an app, no code shown)
#     marimo edit notebooks/marimo/dubious_alliance.py     (the notebook)
# dungeoncraft_widgets.marimo.show draws the library's own app and calculator:
# the same Python answers every click, as in JupyterLab.

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    import dungeoncraft_widgets.marimo as dcw_mo
    return dcw_mo, mo


@app.cell
def _(mo):
    mo.md("""
    # Dubious Alliance

    Trade, bluff and survive against three bots: click a card of your hand to set it face down, then another chief's card to offer a trade. Your exact odds are beside the table.
    """)
    return


@app.cell
def _(dcw_mo):
    from dungeoncraft_widgets.dubious_alliance import DubiousAllianceApp

    game = DubiousAllianceApp(players=["You", "Bot", "Bot", "Bot"], seed=7)
    dcw_mo.show(game)
    return (game,)


if __name__ == "__main__":
    app.run()
