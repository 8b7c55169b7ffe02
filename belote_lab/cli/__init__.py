"""The ``belote-lab`` command line (``main``) and its solver command (``solve``).
"""
