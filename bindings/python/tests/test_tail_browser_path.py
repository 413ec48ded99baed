"""A urlpattern tail matches the path a browser reads (SEMANTICS.md "The urlpattern
dialect"): dot segments removed (``%2e`` is a dot with decode_path=False too) and the path
percent-encode set encoded, so neither the tail nor a redirect built from it sees a path
that ``..`` leads out of."""

from typing import Optional

import pytest

from switchyard import Router


@pytest.mark.parametrize("decode_path", [True, False])
@pytest.mark.parametrize("url, target, param, value", [
    ("/a/../files/x", "Segment", "name", "x"),
    ("/files/%2e%2e/x", None, None, None),
    ("/a/../tail/x/y", "Tail", "0", "x/y"),
    ("/tail/x/%2E./y", "Tail", "0", "y"),
    ("/tail/x/%2e/y", "Tail", "0", "x/y"),
    ("/tail/%2e%2e/etc", None, None, None),
    ("https://ex.com/tail/a/%2e%2e/b", "Tail", "0", "b"),
    ("/tail/caf\u00e9 x", "Tail", "0", "caf%C3%A9%20x"),
])
def test_tails_read_the_browser_path(decode_path: bool, url: str, target: Optional[str],
                                     param: Optional[str], value: Optional[str]) -> None:
    with Router(decode_path=decode_path) as r:
        r.add("/files/:name", "Segment", dialect="urlpattern")
        r.add("/tail/*", "Tail", dialect="urlpattern")
        m = r.resolve(url)
        if target is None:
            assert m.matched is False
            return
        assert m.target == target
        assert param is not None
        assert str(m.path_params[param]) == value


@pytest.mark.parametrize("url, final", [
    ("https://ex.com/files/a/../b", "https://ex.com/dl/b/view"),
    ("https://ex.com/files/%2e%2e%2fsecret", "https://ex.com/dl/..%2Fsecret/view"),
    ("https://ex.com/files/x/%2e%2e/%2e%2e/etc", None),
])
def test_redirect_from_a_tail_stays_inside_its_template(url: str, final: Optional[str]) -> None:
    with Router() as r:
        r.add("/files/:rest(.*)", redirect="https://ex.com/dl/{rest}/view", dialect="urlpattern",
              append_params=False)
        m = r.resolve(url)
        if final is None:
            assert len(m.redirects) <= 1
        else:
            assert m.redirects[-1] == final
