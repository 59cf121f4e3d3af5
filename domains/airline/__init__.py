"""Airline customer service on real data (tau-bench airline): models, tools and bundled data."""
