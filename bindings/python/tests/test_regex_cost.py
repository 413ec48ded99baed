"""What a regexp may cost from Python (docs/SECURITY.md, "Regular expressions"): one
resolve's Pike VM steps are bounded whatever the routes, and the groups inside a urlpattern
regexp count against max_parameters."""

import pytest

from switchyard import LimitError, Router, SwitchyardError


def test_resolve_past_the_step_budget_is_a_limit_error() -> None:
    # Twenty constraints at one place that no automaton serves, against a 32 KB segment.
    with Router() as r:
        for k in range(20):
            r.add("/r/<re:x:[ab]*a[ab]{1000}%s>" % chr(ord("c") + k), "T")
        url = "/r/" + "ab" * ((32760 - 3) // 2)
        with pytest.raises(LimitError) as caught:
            r.resolve(url)
        assert isinstance(caught.value, SwitchyardError)
        assert "regular expressions" in caught.value.message
        assert "1048576 steps" in caught.value.message
        # The budget is one resolve's: short URLs resolve as usual afterwards.
        assert r.resolve("/r/ab").matched is False
        assert r.resolve("/r/a" + "b" * 1000 + "e").matched is True


def test_inner_groups_count_against_max_parameters() -> None:
    pattern = "/x/(" + "".join("(?<n%d>a)" % k for k in range(400)) + ")"
    with Router() as r:
        with pytest.raises(LimitError) as caught:
            r.add(pattern, "T", dialect="urlpattern")
        assert "64 parameters" in caught.value.message
        position = caught.value.position
        assert position is not None and 0 <= position < len(pattern)
        assert r.routes == []
        # Within the limit the route is added; inner groups only match, so the pattern's own
        # group is the one parameter.
        r.add("/y/(" + "".join("(?<n%d>a)" % k for k in range(3)) + ")", "Y", dialect="urlpattern")
        m = r.resolve("/y/aaa")
        assert m.target == "Y"
        assert {name: str(value) for name, value in m.path_params.items()} == {"0": "aaa"}
