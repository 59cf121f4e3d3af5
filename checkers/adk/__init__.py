"""Everything that imports google-adk (or google-genai): the boundary between the checkers and ADK.

The rest of the framework (requirements, results, transcripts, answer reading, metrics as pure
judging plumbing, details and reports, the meta-test harness, the command line) imports without
ADK, which ``tests/test_adk_boundary.py`` proves with ADK's imports blocked. Each module here
does one ADK-facing job:

- :mod:`~checkers.adk.invocations`: ADK invocations read as transcripts, and which scenario a
  case names;
- :mod:`~checkers.adk.custom_metric`: a :class:`~checkers.metric.Metric` as the ADK custom-metric
  function an eval config names (``adk_metric``);
- :mod:`~checkers.adk.eval_checks`: eval configs and eval sets loaded strictly;
- :mod:`~checkers.adk.gate`: the pytest deployment gate around ``AgentEvaluator``;
- :mod:`~checkers.adk.web_registration`: a domain's metrics in ``adk web``'s Eval tab;
- :mod:`~checkers.adk.scripted_model`: the offline ``BaseLlm`` whose every step a scripted
  policy decides, and the vocabulary policies are written in (``call``, ``say``,
  ``register_policy``: registering a policy is meaningful only where the model is registered);
- :mod:`~checkers.adk.variation`: scripted agents that vary: seeded, per-turn slips from a steady
  policy into a flawed one, so repeated runs differ and the same seed repeats them;
- :mod:`~checkers.adk.repeat`: an eval set run N times on ADK's own eval service in one process
  (``checkers eval``), each run saving its eval history as ``adk eval`` does;
- :mod:`~checkers.adk.agents`: a domain's demo agents (a scripted ``LlmAgent``) and the
  ``App`` ``adk eval`` runs them in, with tool faults injected through ADK's environment
  simulation;
- :mod:`~checkers.adk.choice_agent`: a demo agent for any choice domain, derived from the kit
  (what ``checkers new`` starts a domain with);
- :mod:`~checkers.adk.model_judges`: rubric judges backed by a model (Gemini through
  google-genai, any model of ADK's registry);
- :mod:`~checkers.adk.metric_calls`: the meta-tests' calls of a metric exactly as ``adk eval``
  makes them.

This package imports none of them itself, so importing one module costs only what it needs.
"""
