"""``python -m cli`` runs the ``pmn`` command."""

from cli.main import main

main()
