"""Inline parameters (`:id.:format`, `<algorithm>:<hash>`) and catch-alls followed by more
of the pattern (`/*namespace/:project/-/issues`), through Router.add (SEMANTICS.md §2, §3)."""

from typing import Dict, Iterator, Optional

import pytest

from switchyard import PatternError, Router


@pytest.fixture(scope="module")
def router() -> Iterator[Router]:
    r = Router()
    r.add("/*namespace/:project/-/issues", "Issues")
    r.add("/v2/<path:name>/blobs/<algorithm>:<hash>", "Blob")
    r.add("/files/:id.:format", "File")
    r.add("/files/:id", "FilePlain")
    r.add("/*id.:format", "Any")
    yield r


@pytest.mark.parametrize(
    "url, target, params",
    [
        ("/gitlab-org/sub/gitlab/-/issues", "Issues", {"namespace": "gitlab-org/sub", "project": "gitlab"}),
        ("/v2/library/ubuntu/blobs/sha256:ab12", "Blob",
         {"name": "library/ubuntu", "algorithm": "sha256", "hash": "ab12"}),
        ("/files/1.2.json", "File", {"id": "1", "format": "2.json"}),
        ("/files/12", "FilePlain", {"id": "12"}),
        ("/a/b/c.tar.gz", "Any", {"id": "a/b/c", "format": "tar.gz"}),
        ("/gitlab/-/issues", None, None),
    ],
)
def test_resolves(router: Router, url: str, target: Optional[str], params: Optional[Dict[str, str]]) -> None:
    m = router.resolve(url)
    if target is None:
        assert not m
        return
    assert m.target == target
    assert m.path_params == params


def test_adjacent_parameters_are_an_error() -> None:
    with pytest.raises(PatternError) as e:
        Router().add("/a/:a:b", "T")
    assert "two parameters need literal text between them at 5" in str(e.value)
