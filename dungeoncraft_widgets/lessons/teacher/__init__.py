"""The teacher's tooling: the lessons' answers, the key that ships, nbgrader, the sites.

Nothing here is in the wheel or on the student site, and nothing a student's edition
imports (:func:`~dungeoncraft_widgets.lessons.check` and what it imports) imports it:
the expected answers are computed by the library only here, when the teacher writes the
key (``python -m dungeoncraft_widgets.lessons.editions``) or a test asks.

- :mod:`.answers`: every exercise, its answer and its recognised mistakes, each a small
  computation with the games' own functions;
- :mod:`.keys`: writes ``lessons/keys.json``, the salted digests ``check`` compares with;
- :mod:`.course`: an nbgrader course directory made from the teacher's editions;
- :mod:`.site`: the student site's files (the student editions and the library, without
  this folder or a teacher's edition).
"""
