"""Play: a game at the table and what is kept of it (``session``, ``ladder``, ``record``).
"""
