"""Tools a dining agent calls, over the bundled catalog and groups.

Plain functions with typed arguments and docstrings, so ADK wraps them as function tools. Each
returns a JSON-able dict; a bad argument gets ``{"status": "error", "error": "..."}`` naming the
problem, as a real service would, never an exception into the agent loop.
"""

from __future__ import annotations

from typing import Any

from domains.dining.models import Restaurant, clock, parse_clock
from domains.dining.scenarios import bundled_groups, bundled_restaurants


def _error(message: str) -> dict[str, Any]:
    return {"status": "error", "error": message}


def _restaurant(restaurant_id: str) -> Restaurant | None:
    return next((r for r in bundled_restaurants() if r.id == restaurant_id), None)


def _unknown(restaurant_id: str) -> dict[str, Any]:
    return _error(f"unknown restaurant_id {restaurant_id!r}; call find_restaurants for valid ids")


def _open_for(restaurant: Restaurant, start: int, duration: int) -> bool:
    return restaurant.open_for(start, start + duration)


def _summary(restaurant: Restaurant) -> dict[str, Any]:
    return {
        "id": restaurant.id,
        "name": restaurant.name,
        "cuisine": restaurant.cuisine,
        "rating": restaurant.rating,
        "location": restaurant.location.model_dump(),
        "hours": [f"{clock(h.opens)}-{clock(h.closes)}" for h in restaurant.hours],
    }


def get_group(group_id: str) -> dict[str, Any]:
    """Get a dining group's guests and each guest's requirements (diet, allergies, budget,
    spice tolerance, maximum distance, availability window; times are minutes after midnight),
    the dinner's duration and the requested time."""
    group = bundled_groups().get(group_id)
    if group is None:
        return _error(f"unknown group_id {group_id!r}")
    return {"status": "ok", "group": group.model_dump(mode="json")}


def find_restaurants(cuisine: str = "", open_at: str = "") -> dict[str, Any]:
    """List restaurants, best rated first, with cuisine, rating, location and opening hours.

    Args:
        cuisine: only restaurants of this cuisine (case-insensitive); empty for all.
        open_at: only restaurants open at this 24-hour time, e.g. "19:00"; empty for any time.
    """
    start = parse_clock(open_at) if open_at else None
    if open_at and start is None:
        return _error(f"open_at {open_at!r} is not a 24-hour HH:MM time such as '19:00'")
    found = [
        r
        for r in bundled_restaurants()
        if (not cuisine or r.cuisine.casefold() == cuisine.casefold())
        and (start is None or _open_for(r, start, 1))
    ]
    found.sort(key=lambda r: (-r.rating, r.id))
    return {"status": "ok", "restaurants": [_summary(r) for r in found]}


def get_menu(restaurant_id: str) -> dict[str, Any]:
    """Get a restaurant's menu: each dish's price, diets it suits, allergens and spice (0-4)."""
    restaurant = _restaurant(restaurant_id)
    if restaurant is None:
        return _unknown(restaurant_id)
    return {
        "status": "ok",
        "restaurant_id": restaurant.id,
        "name": restaurant.name,
        "menu": [d.model_dump(mode="json") for d in restaurant.menu],
    }


def check_availability(restaurant_id: str, time: str, duration_minutes: int = 90) -> dict[str, Any]:
    """Check whether a restaurant is open for a whole dinner starting at `time` (24-hour HH:MM)
    and lasting `duration_minutes`."""
    restaurant = _restaurant(restaurant_id)
    if restaurant is None:
        return _unknown(restaurant_id)
    start = parse_clock(time)
    if start is None:
        return _error(f"time {time!r} is not a 24-hour HH:MM time such as '19:00'")
    return {
        "status": "ok",
        "restaurant_id": restaurant.id,
        "available": _open_for(restaurant, start, duration_minutes),
        "hours": _summary(restaurant)["hours"],
    }


def book_table(restaurant_id: str, time: str, party_size: int) -> dict[str, Any]:
    """Book a table for `party_size` people at a restaurant at `time` (24-hour HH:MM)."""
    restaurant = _restaurant(restaurant_id)
    if restaurant is None:
        return _unknown(restaurant_id)
    start = parse_clock(time)
    if start is None:
        return _error(f"time {time!r} is not a 24-hour HH:MM time such as '19:00'")
    if not 1 <= party_size <= 40:
        return _error(f"party_size must be between 1 and 40, got {party_size}")
    if not _open_for(restaurant, start, 1):
        return _error(f"{restaurant.name} is closed at {time}")
    return {
        "status": "confirmed",
        "booking_id": f"BK-{restaurant.id}-{time.replace(':', '')}-{party_size}",
        "restaurant_id": restaurant.id,
        "time": clock(start),
        "party_size": party_size,
    }


TOOLS = [get_group, find_restaurants, get_menu, check_availability, book_table]
