"""``python -m belote_lab`` runs the command line."""

import sys

from belote_lab.cli.main import main

sys.exit(main())
