"""``python -m belote_lab`` runs the command line."""

import sys

from belote_lab.cli import main

sys.exit(main())
