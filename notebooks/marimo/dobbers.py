# A marimo app: Dobbers: Quest for the Key. Open it with
#     marimo run notebooks/marimo/dobbers.py      (an app, no code shown)
#     marimo edit notebooks/marimo/dobbers.py     (the notebook)
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
    # Dobbers: Quest for the Key

    You race a bot to the Key: buy cards, travel, take on the Challenge stacks, with the exact odds of your next hand and of each stack.
    """)
    return


@app.cell
def _(dcw_mo):
    from dungeoncraft_widgets.dobbers import DobbersApp

    game = DobbersApp(players=["You", "Bot"], seed=7)
    dcw_mo.show(game)
    return (game,)


@app.cell
def _(mo):
    mo.md("""
    ## At a real table: your turn's exact odds, and what to buy
    """)
    return


@app.cell
def _(dcw_mo):
    from dungeoncraft_widgets.dobbers import DobbersCalculator

    calculator = DobbersCalculator()
    dcw_mo.show(calculator)
    return (calculator,)


if __name__ == "__main__":
    app.run()
