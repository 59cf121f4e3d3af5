"""The careful agent while get_menu answers 503 for one restaurant (see ..outage)."""

from domains.dining.agents.outage import menu_outage_app

app = menu_outage_app("careful", "careful_menu_outage")
root_agent = app.root_agent
