"""Router methods: add (every keyword), remove, resolve, and the semantics Python users rely on."""

from __future__ import annotations

import inspect
from typing import Any, Callable

import pytest

import switchyard
from switchyard import Router


def test_add_and_resolve_target(router: Router) -> None:
    assert router.add("myapp://user/<int:id>", "UserProfile") is None  # type: ignore[func-returns-value]
    m = router.resolve("myapp://user/42?tab=a")
    assert m
    assert m.matched is True
    assert m.target == "UserProfile"
    assert m.pattern == "myapp://user/<int:id>"
    assert m.params == {"id": 42, "tab": "a"}


def test_miss_is_falsy_not_an_error(router: Router) -> None:
    router.add("/a", "A")
    m = router.resolve("/b")
    assert not m
    assert m.matched is False
    assert m.url == "/b"
    assert (m.pattern, m.target, m.name, m.fragment, m.remainder) == (None, None, None, None, None)
    assert (m.params, m.path_params, m.query, m.redirects) == ({}, {}, {}, ())


def test_add_with_name_priority_defaults(router: Router) -> None:
    router.add("/item/:id", "Generic")
    router.add("/item/:key", "Preferred", name="item", priority=5, defaults={"tab": "posts", "n": 3, "w": 0.5})
    m = router.resolve("/item/7")
    assert m.target == "Preferred"
    assert m.name == "item"
    assert m.params == {"key": "7", "tab": "posts", "n": 3, "w": 0.5}
    assert type(m.params["n"]) is int and type(m.params["w"]) is float


def test_query_beats_defaults_and_path_beats_query(router: Router) -> None:
    router.add("/u/:id", "U", defaults={"tab": "posts", "id": "never"})
    m = router.resolve("/u/1?id=2&tab=a")
    assert m.params == {"id": "1", "tab": "a"}
    assert m.query == {"id": ("2",), "tab": ("a",)}


def test_add_needs_exactly_one_of_target_and_redirect(router: Router) -> None:
    with pytest.raises(ValueError):
        router.add("/a")
    with pytest.raises(ValueError):
        router.add("/a", "A", redirect="/b")
    router.add("/a", redirect="/b")  # exactly one: fine


@pytest.mark.parametrize(
    "kwargs, exc",
    [
        ({"priority": "1"}, TypeError),
        ({"priority": True}, TypeError),
        ({"priority": 2**31}, ValueError),
        ({"defaults": {"x": [1]}}, TypeError),
        ({"defaults": {"x": True}}, TypeError),
        ({"defaults": {"x": None}}, TypeError),
        ({"defaults": {"x": 2**63}}, ValueError),
        ({"defaults": {"x": float("nan")}}, ValueError),
        ({"defaults": [("x", 1)]}, TypeError),
        ({"append_params": "no"}, TypeError),
        ({"name": 3}, TypeError),
    ],
)
def test_add_argument_checks(router: Router, kwargs: dict[str, Any], exc: type[Exception]) -> None:
    with pytest.raises(exc):
        router.add("/a/:b", "A", **kwargs)
    assert not router.resolve("/a/x"), "a rejected route must not be added"


# The public signatures, pinned: a rename, a new positional parameter or a changed
# default is an API change and must show up here (docs/PYTHON.md documents these).
P = inspect.Parameter


#: Router's options, each a keyword-only parameter with its default (docs/PYTHON.md's table).
# None: the preset's value, or the default without a preset (docs/PYTHON.md gives each default).
ROUTER_OPTIONS: list[tuple[str, object]] = [
    ("preset", None),
    ("strict_trailing_slash", None), ("keep_empty_segments", None), ("case_insensitive_literals", None),
    ("plus_as_space_in_path", None), ("plus_as_space_in_query", None), ("decode_path", None),
    ("trailing_wildcard_needs_segment", None), ("query_over_path", None), ("fragment_as_path", None),
    ("encoded_plus_as_space", None), ("case_sensitive_scheme", None), ("scheme_tables", None),
    ("parallel_build", None),
    ("host_handling", None), ("precedence", None), ("pattern_reading", None),
    ("dialect", None), ("max_url_length", None), ("max_segments", None),
    ("max_parameters", None), ("max_pattern_length", None), ("max_document_size", None), ("max_redirects", None),
    ("max_candidates", None), ("max_alternatives", None), ("web_schemes", None), ("host_prefixes", None),
    ("global_fallback_schemes", None),
]


@pytest.mark.parametrize("func, expected", [
    (Router, [(name, P.KEYWORD_ONLY, default) for name, default in ROUTER_OPTIONS]),
    (Router.add, [("self", P.POSITIONAL_OR_KEYWORD, P.empty),
                  ("pattern", P.POSITIONAL_OR_KEYWORD, P.empty),
                  ("target", P.POSITIONAL_OR_KEYWORD, None),
                  ("redirect", P.KEYWORD_ONLY, None),
                  ("name", P.KEYWORD_ONLY, None),
                  ("priority", P.KEYWORD_ONLY, 0),
                  ("defaults", P.KEYWORD_ONLY, None),
                  ("append_params", P.KEYWORD_ONLY, True),
                  ("data", P.KEYWORD_ONLY, None),
                  ("dialect", P.KEYWORD_ONLY, None),
                  ("ignore_case", P.KEYWORD_ONLY, False),
                  ("search", P.KEYWORD_ONLY, None),
                  ("hash", P.KEYWORD_ONLY, None),
                  ("parent", P.KEYWORD_ONLY, None), ("requires", P.KEYWORD_ONLY, None),
                  ("else_routes", P.KEYWORD_ONLY, None), ("stack", P.KEYWORD_ONLY, None)]),
    (Router.remove, [("self", P.POSITIONAL_OR_KEYWORD, P.empty), ("pattern", P.POSITIONAL_OR_KEYWORD, P.empty)]),
    (Router.resolve, [("self", P.POSITIONAL_OR_KEYWORD, P.empty), ("url", P.POSITIONAL_OR_KEYWORD, P.empty)]),
], ids=["Router", "add", "remove", "resolve"])
def test_public_signatures(func: Callable[..., object], expected: list[tuple[str, Any, object]]) -> None:
    params = inspect.signature(func).parameters.values()
    # the type too: a default of 0 is not False or 0.0, True is not 1
    assert [(p.name, p.kind, p.default, type(p.default)) for p in params] == [
        (name, kind, default, type(default)) for name, kind, default in expected]


def _unannotated(func: Callable[..., object]) -> str:
    """The signature as docs/PYTHON.md writes it: without the type hints."""
    sig = inspect.signature(func)
    params = [p.replace(annotation=P.empty) for p in sig.parameters.values()]
    return str(sig.replace(parameters=params, return_annotation=inspect.Signature.empty))


def test_public_signature_texts() -> None:
    assert _unannotated(Router) == "(*, " + ", ".join(f"{name}={default!r}" for name, default in ROUTER_OPTIONS) + ")"
    assert _unannotated(Router.add) == (
        "(self, pattern, target=None, *, redirect=None, name=None, priority=0, defaults=None, append_params=True,"
        " data=None, dialect=None, ignore_case=False, search=None, hash=None, parent=None,"
        " requires=None, else_routes=None, stack=None)")
    assert _unannotated(Router.remove) == "(self, pattern)"
    assert _unannotated(Router.resolve) == "(self, url)"


def test_public_signatures_are_annotated() -> None:
    # The package is typed (py.typed): every parameter and result of the public methods.
    for func in (Router.add, Router.add_routes, Router.remove, Router.resolve, Router.load_rules,
                 Router.load_rules_file, Router.handle, Router.dispatch, Router.url_for):
        sig = inspect.signature(func)
        assert sig.return_annotation is not inspect.Signature.empty, func
        assert all(p.annotation is not P.empty for p in sig.parameters.values() if p.name != "self"), func


def test_redirect_is_keyword_only(router: Router) -> None:
    with pytest.raises(TypeError):
        router.add("/a", None, "/b")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        router.add("/a", "A", "/b")  # type: ignore[call-arg]
    assert not router.resolve("/a"), "a rejected call must not add a route"
    router.add("/a", redirect="/b")  # by keyword: fine
    assert router.resolve("/a").redirects == ("/a", "/b")


def test_add_rejects_non_text_pattern(router: Router) -> None:
    with pytest.raises(TypeError):
        router.add(42, "A")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        router.add("/a", 42)  # type: ignore[arg-type]


def test_empty_texts_are_present_not_absent(router: Router) -> None:
    router.add("/e", "")  # an empty target is a target
    router.add("/n", "N", name="")
    assert router.resolve("/e").target == ""
    assert router.resolve("/n").name == ""
    assert router.resolve("/e").name is None


def test_embedded_nul_in_a_target_is_just_a_byte(router: Router) -> None:
    router.add("/z", "a\x00b")
    assert router.resolve("/z").target == "a\x00b"


def test_bytes_inputs_are_accepted(router: Router) -> None:
    router.add(b"/b/:x", b"B")
    m = router.resolve(b"/b/y")
    assert m.target == "B" and m.params == {"x": "y"}


def test_remove(router: Router) -> None:
    router.add("/a/:b", "A")
    assert router.remove("/a/:b") is True
    assert router.remove("/a/:b") is False
    assert not router.resolve("/a/x")
    # remove takes the pattern exactly as added, not an equivalent spelling
    router.add("/a/<b>", "A")
    assert router.remove("/a/:b") is False
    assert router.resolve("/a/x")


def test_remove_then_add_same_shape(router: Router) -> None:
    router.add("/a/:b", "A")
    router.remove("/a/:b")
    router.add("/a/:c", "C")
    assert router.resolve("/a/x").params == {"c": "x"}


def test_precedence_literal_beats_parameter_and_backtracks(router: Router) -> None:
    router.add("/a/b/c", "ABC")
    router.add("/a/:x/d", "AXD")
    assert router.resolve("/a/b/c").target == "ABC"
    assert router.resolve("/a/b/d").target == "AXD"


def test_typed_parameters_fall_through(router: Router) -> None:
    router.add("/n/<int:v>", "Int")
    router.add("/n/<float:v>", "Float")
    router.add("/n/:v", "Str")
    assert router.resolve("/n/-12").params == {"v": -12}
    assert router.resolve("/n/2.5").params == {"v": 2.5}
    assert router.resolve("/n/3e8").params == {"v": 3e8}
    assert router.resolve("/n/abc").params == {"v": "abc"}
    assert router.resolve("/n/9223372036854775807").params == {"v": 2**63 - 1}
    assert type(router.resolve("/n/9223372036854775808").params["v"]) is float


def test_path_pattern_matches_any_scheme(router: Router) -> None:
    router.add("/user/:id", "U")
    for url in ("myapp://user/1", "/user/1", "user/1", "other://user/1?x"):
        assert router.resolve(url).params["id"] == "1", url


def test_remainder_forms(router: Router) -> None:
    router.add("/files/*", "Files")
    router.add("/docs/<path:rest>", "Docs")
    m = router.resolve("/files/a/b%20c")
    assert m.remainder == "a/b c" and m.path_params == {}
    assert router.resolve("/files").remainder == ""
    m = router.resolve("/docs/x/y")
    assert m.remainder == "x/y" and m.path_params == {"rest": "x/y"}
    assert not router.resolve("/docs")


def test_fragment_kept_as_written(router: Router) -> None:
    router.add("/a", "A")
    assert router.resolve("/a#top%20x").fragment == "top%20x"
    assert router.resolve("/a#").fragment == ""
    assert router.resolve("/a").fragment is None


def test_trailing_slash_and_empty_segments_by_default(router: Router) -> None:
    router.add("/a/b", "AB")
    assert router.resolve("/a//b/").target == "AB"


def test_dot_segments_removed(router: Router) -> None:
    router.add("/admin", "Admin")
    assert router.resolve("/a/../admin").target == "Admin"
    assert router.resolve("/a/%2e%2E/admin").target == "Admin"


def test_repr_mentions_the_route(router: Router) -> None:
    router.add("/a/:b", "A")
    assert "A" in repr(router.resolve("/a/x"))
    assert "miss" in repr(router.resolve("/zzz"))
    assert "open" in repr(router)


def test_library_version_matches_binding_major() -> None:
    assert switchyard.library_version().split(".")[0] == "0"
    assert switchyard.__version__.split(".")[0] == switchyard.library_version().split(".")[0]


def test_independent_routers() -> None:
    a, b = Router(), Router()
    a.add("/x", "A")
    b.add("/x", "B")
    assert a.resolve("/x").target == "A" and b.resolve("/x").target == "B"
    a.close()
    assert b.resolve("/x").target == "B"
    b.close()


# A web-scheme pattern is read as a URL with the same text is read: refused (at its byte)
# where a browser reads another host or no URL could match, else matching what a browser reads.
@pytest.mark.parametrize(
    "pattern,position,words",
    [
        ("https:/a", 6, "'//'"),  # a browser reads host 'a': not a path pattern of any host
        ("https:///a", 6, "'//'"),
        ("https://[::1", 8, "IPv6"),  # unclosed: could never match
        ("https://h:65536/a", 10, "65535"),  # over 65535: could never match
        ("https://a\\b/c", 9, "'\\'"),
    ],
)
def test_patterns_read_as_urls_are_refused(router: Router, pattern: str, position: int, words: str) -> None:
    with pytest.raises(switchyard.PatternError) as info:
        router.add(pattern, target="T")
    assert info.value.position == position, info.value.message
    assert words in info.value.message


def test_pattern_default_port_with_leading_zeros_is_the_default(router: Router) -> None:
    router.add("https://h:0443/a", target="A")
    assert router.resolve("https://h/a").target == "A"
    assert router.resolve("https://h:0443/a").target == "A"
    assert not router.resolve("https://h:8443/a")
