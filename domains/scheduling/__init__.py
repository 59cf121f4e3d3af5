"""Scheduling: can everyone attend the proposed meeting slot? On NATURAL PLAN calendar tasks.

Scaffolded by ``checkers new scheduling`` and edited into this domain; README.md says what each
file holds.
"""

from checkers.plugin import DomainPlugin

PLUGIN = DomainPlugin(
    name="scheduling",
    subject_noun="participant",
    package=__name__,
    oracle="meta:reference_oracle",
)
