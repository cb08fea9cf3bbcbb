"""The ``pmn`` command line: one module per command, attached to the root group in ``main``."""
