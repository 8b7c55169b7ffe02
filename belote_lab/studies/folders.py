"""Where the studies' files are: the tables shipped inside the package, read by default, and
the user's data folder, written by default — never the installation.

* :data:`SHIPPED` — ``belote_lab/studies/data/`` (package data, in the wheel too): the tip
  table ``tip_study.json`` and the taking table ``taking_study.json`` that
  :func:`belote_lab.studies.tipstudy.load` and :func:`belote_lab.studies.taking_study.load`
  read when given no path.  Only the maintainers' ``make tips`` and ``make studies`` write
  there, by naming the file.
* :func:`data_folder` — where a study writes when the user names no file or folder:
  ``$BELOTE_LAB_DATA`` if set; else on Windows ``%LOCALAPPDATA%\\belote_lab``; else
  ``$XDG_DATA_HOME/belote_lab``, or ``~/.local/share/belote_lab`` (the XDG default).

>>> data_folder({"BELOTE_LAB_DATA": "/srv/bl", "XDG_DATA_HOME": "/d"}).as_posix()
'/srv/bl'
>>> data_folder({"XDG_DATA_HOME": "/d", "HOME": "/srv/a"}, windows=False).as_posix()
'/d/belote_lab'
>>> data_folder({"XDG_DATA_HOME": "relative", "HOME": "/srv/a"}, windows=False).as_posix()
'/srv/a/.local/share/belote_lab'
>>> (SHIPPED / "tip_study.json").is_file()
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

__all__ = ["SHIPPED", "NAME", "data_folder", "user_file"]

SHIPPED = Path(__file__).with_name("data")
"""The folder of the tables shipped with the package (``belote_lab/studies/data/``)."""

NAME = "belote_lab"
"""The name of the data folder under ``XDG_DATA_HOME`` or ``%LOCALAPPDATA%``."""


def data_folder(environ: Mapping[str, str] | None = None, windows: bool | None = None) -> Path:
    """The user's data folder of belote_lab (not created here): ``$BELOTE_LAB_DATA`` if set
    (``~`` expanded); else, on Windows, ``%LOCALAPPDATA%\\belote_lab``; else
    ``$XDG_DATA_HOME/belote_lab`` when that is an absolute path (the XDG rule: a relative one
    is ignored), or ``~/.local/share/belote_lab``.  ``environ``: the environment to read
    (default ``os.environ``); ``windows``: default whether this is Windows."""
    env = os.environ if environ is None else environ
    windows = os.name == "nt" if windows is None else windows
    if env.get("BELOTE_LAB_DATA"):
        return Path(env["BELOTE_LAB_DATA"]).expanduser()
    home = Path(env["HOME"]) if env.get("HOME") else Path.home()
    if windows:
        local = env.get("LOCALAPPDATA")
        return (Path(local) if local else home / "AppData" / "Local") / NAME
    xdg = env.get("XDG_DATA_HOME", "")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg) / NAME
    return home / ".local" / "share" / NAME


def user_file(*parts: str, environ: Mapping[str, str] | None = None) -> Path:
    """``parts`` under :func:`data_folder` (of ``environ``), its parent folders made: a
    study's file or folder of chunks where the user named none.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = user_file("studies", "selfplay-belote", environ={"BELOTE_LAB_DATA": d})
    ...     print(p.relative_to(d).as_posix(), p.parent.is_dir(), p.exists())
    studies/selfplay-belote True False
    """
    path = data_folder(environ).joinpath(*parts)
    path.parent.mkdir(parents=True, exist_ok=True)
    return path
