"""The errors the library raises. All are ``ValueError`` subclasses, so
``except ValueError`` catches every one, and each message names the problem."""


class DungeoncraftError(ValueError):
    """Base class: bad input given to the library (an argument, an action, a file)."""


class IllegalActionError(DungeoncraftError):
    """An action the rules forbid now. The message says which rule forbids it.

    The state it was applied to is left exactly as it was.
    """


class InvalidArgumentError(DungeoncraftError):
    """An argument outside what a function accepts; the message names the argument."""


class SaveFormatError(DungeoncraftError):
    """A saved game or data file that cannot be read; the message says why."""


class DataFormatError(SaveFormatError):
    """A data file (cards, board, layout) that breaks its documented format; the message
    names the file, the card or field, and what is wrong."""


class ActionFailedError(DungeoncraftError):
    """The game's own code failed while performing an action (a defect, or data it cannot
    handle). The action is not applied: the game is exactly as it was before it, and the
    original exception is chained (``__cause__``) for the report."""
