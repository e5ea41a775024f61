# A marimo app: AlderQuest. Open it with
#     marimo run notebooks/marimo/alderquest.py      (an app, no code shown)
#     marimo edit notebooks/marimo/alderquest.py     (the notebook)
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
    # AlderQuest

    Red against Blue: match runes on the Board, then march your minions on the Battlefield, with the exact odds of every drop.
    """)
    return


@app.cell
def _(dcw_mo):
    from dungeoncraft_widgets.alderquest import AlderQuestApp

    game = AlderQuestApp(seed=7)
    dcw_mo.show(game)
    return (game,)


@app.cell
def _(mo):
    mo.md("""
    ## At a real table: the Matching Board's exact odds
    """)
    return


@app.cell
def _(dcw_mo):
    from dungeoncraft_widgets.alderquest import AlderQuestCalculator

    calculator = AlderQuestCalculator()
    dcw_mo.show(calculator)
    return (calculator,)


if __name__ == "__main__":
    app.run()
