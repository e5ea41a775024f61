# A marimo app: Hero versus Guardian. Open it with
#     marimo run notebooks/marimo/hero_vs_guardian.py      (an app, no code shown)
#     marimo edit notebooks/marimo/hero_vs_guardian.py     (the notebook)
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
    # Hero versus Guardian

    You play the Hero against the Guardian bot: Scout and Venture with your Adventurers, with the exact odds before you commit.
    """)
    return


@app.cell
def _(dcw_mo):
    from dungeoncraft_widgets.hero_vs_guardian import HeroVsGuardianApp

    game = HeroVsGuardianApp(role="hero", seed=7)
    dcw_mo.show(game)
    return (game,)


@app.cell
def _(mo):
    mo.md("""
    ## Scout or Venture: the exact chance, and the best order
    """)
    return


@app.cell
def _(dcw_mo):
    from dungeoncraft_widgets.hero_vs_guardian import ScoutVentureCalculator

    calculator = ScoutVentureCalculator()
    dcw_mo.show(calculator)
    return (calculator,)


if __name__ == "__main__":
    app.run()
