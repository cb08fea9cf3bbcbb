"""The tournament desk: an event's games checked, ranked, reconciled and published.

:mod:`notation.desk.event` (an event's games and its strict checks),
:mod:`~notation.desk.submissions` (a set of submissions read once: the games, what could
not be read, the files a folder holds besides records),
:mod:`~notation.desk.standings` (crosstables and tie-breaks),
:mod:`~notation.desk.reconcile` (two score sheets of one game) and
:mod:`~notation.desk.publish` (the event's web site).

What it may import: every layer below it (errors, core, games, files, formats, render);
not the archive.
"""
