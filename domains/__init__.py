"""Domain packages: one per domain, each with its models, checks, metrics, data and agents."""
