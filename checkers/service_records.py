"""Records every tau-bench customer-service database holds alike (orders, airline): a person's
name and a postal address, field for field as the data files write them."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["Address", "Name"]


class Name(BaseModel):
    """A customer's name."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    first_name: str
    last_name: str


class Address(BaseModel):
    """A postal address, as the database stores it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    address1: str
    """Street and number, e.g. ``"763 Broadway"``."""
    address2: str
    """Suite or apartment, or ``""``."""
    city: str
    country: str
    state: str
    zip: str
    """Kept as text: zip codes may start with 0."""
