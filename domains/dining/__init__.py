"""Group dining: does the proposed restaurant and time let every guest eat?"""

from checkers.plugin import DomainPlugin

PLUGIN = DomainPlugin(
    name="dining",
    subject_noun="guest",
    package=__name__,
    rubrics="rubrics:CHECKER_RUBRIC",
    oracle="meta:reference_oracle",
    labelled="data/labelled_explanations.jsonl",
)
