"""``python -m checkers.rubric --judge ...``: ``checkers calibrate`` on its own."""

import sys

from checkers.rubric.calibrate import main

sys.exit(main())
