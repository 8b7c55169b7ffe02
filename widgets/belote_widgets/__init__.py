"""ipywidgets for belote_lab (see issue 5)."""
