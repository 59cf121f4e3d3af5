"""Customer service on real retail data (tau-bench retail): models, tools, checks, metrics."""
