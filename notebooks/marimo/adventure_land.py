# A marimo app: Adventure Land. Open it with
#     marimo run notebooks/marimo/adventure_land.py      (an app, no code shown)
#     marimo edit notebooks/marimo/adventure_land.py     (the notebook)
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
    # Adventure Land

    Play against a bot: click one of your adventurers, then a field to move to. Below the board: what just happened, every legal action, and Undo.
    """)
    return


@app.cell
def _(dcw_mo):
    from dungeoncraft_widgets.adventure_land import AdventureLandApp

    game = AdventureLandApp(players=["You", "Bot"], seed=7)
    dcw_mo.show(game)
    return (game,)


@app.cell
def _(mo):
    mo.md("""
    ## The odds of a fog fight: type what your adventurer has
    """)
    return


@app.cell
def _(dcw_mo):
    from dungeoncraft_widgets.adventure_land import FightCalculator

    calculator = FightCalculator()
    dcw_mo.show(calculator)
    return (calculator,)


if __name__ == "__main__":
    app.run()
