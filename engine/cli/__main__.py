"""`python -m engine.cli ...`: the `sortie` command from a checkout or an environment whose
scripts folder is not on PATH."""

import sys

from . import main

sys.exit(main())
