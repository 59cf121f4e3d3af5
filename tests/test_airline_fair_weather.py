"""Fair weather is no reason to cancel (``policy_valid``, :func:`domains.airline.policy
.covered_reason`).

Insurance covers a cancellation for a health or weather reason the customer gives. "Weather
conditions" was read as that reason wherever it stood, so "I want to cancel; the weather
conditions there are perfect though" let an insured cancellation through (a known limit until
2026-12-06: a weather word that is not a reason). Now a clause that names only the weather and
praises it gives no reason; one that denies the praise ("not good for flying") still does, as
does bad weather beside praise of something else.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from domains.airline.policy import covered_reason

WEATHER = ("weather conditions", "the weather conditions there", "weather conditions at home")
PRAISE = ("perfect", "great", "lovely", "fine", "ideal", "nice", "beautiful", "pleasant")
OPENINGS = ("I want to cancel my trip", "Please cancel the reservation", "I need to cancel")
JOINS = ("; ", ". ", ", but ", " even though ")


@given(
    opening=st.sampled_from(OPENINGS),
    join=st.sampled_from(JOINS),
    weather=st.sampled_from(WEATHER),
    praise=st.sampled_from(PRAISE),
)
def test_weather_praised_is_no_reason(opening: str, join: str, weather: str, praise: str) -> None:
    said = f"{opening}{join}{weather} are {praise}."
    assert not covered_reason(said), said


@given(
    opening=st.sampled_from(OPENINGS),
    weather=st.sampled_from(WEATHER),
    praise=st.sampled_from(PRAISE),
)
def test_weather_whose_praise_is_denied_is_a_reason(
    opening: str, weather: str, praise: str
) -> None:
    said = f"{opening} because the {weather.removeprefix('the ')} are not {praise}."
    assert covered_reason(said), said


def test_bad_weather_beside_praise_of_something_else_is_a_reason() -> None:
    assert covered_reason("Please cancel because of bad weather. The hotel was lovely though.")
    assert covered_reason("I need to cancel due to weather conditions, thanks, you are great.")
