"""``python -m notation.cli`` runs the ``pmn`` command."""

from .main import main

main()
