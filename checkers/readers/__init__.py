"""File readers of recorded sessions for ``checkers score`` (``KIND:PATH`` sources).

Each streams :class:`~checkers.sessions.RecordedSession` (or a
:class:`~checkers.score.DeadLetter` for a record it cannot load at all), never holding its whole
input: a JSONL file is read line by line, a folder file by file.

- ``jsonl:SESSIONS.jsonl`` (:mod:`checkers.readers.jsonl`): one session a line, as
  ``checkers score`` reads them (``benchmarks/synthetic_sessions.py`` writes them);
- ``tau-bench:RUNS.jsonl`` (:mod:`checkers.readers.tau_bench`): runs tau-bench recorded;
- ``adk-eval-history:PATH`` (:mod:`checkers.readers.eval_history`): the
  ``*.evalset_result.json`` files ``adk eval`` writes under ``<agent>/.adk/eval_history/``;
- ``bq-eval-view:EXPORT.jsonl`` (:mod:`checkers.readers.bigquery`): JSONL exports of the
  ``v_eval_session`` (or ``v_eval_turn``) view of ADK's BigQuery agent analytics.

They are registered in :data:`checkers.sources.READERS`.
"""
