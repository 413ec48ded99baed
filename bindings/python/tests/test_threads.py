"""Threads: many resolvers on one router while another thread adds and removes routes.

The C router publishes whole tables, so every answer must be one of the two consistent
states (with or without the extra route), and each thread's Match objects must hold
their own values however the threads interleave.
"""

from __future__ import annotations

import threading

from switchyard import Match, Router

RESOLVERS = 4
ROUNDS = 400


def test_resolvers_see_whole_tables_while_a_writer_changes_the_router() -> None:
    r = Router()
    r.add("/a/:x", "Param")
    for i in range(50):
        r.add(f"/static/{i}", f"S{i}")
    stop = threading.Event()
    errors = []

    def writer() -> None:
        try:
            while not stop.is_set():
                r.add("/a/b", "Literal", defaults={"v": 1})
                r.remove("/a/b")
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    def resolver(seed: int) -> None:
        try:
            kept = []
            for i in range(ROUNDS):
                m = r.resolve("/a/b?i=%d" % i)
                # one table or the other, never a mix of the two routes
                if m.target == "Literal":
                    assert m.pattern == "/a/b" and m.params == {"i": str(i), "v": 1}, m.to_dict()
                else:
                    assert m.target == "Param" and m.pattern == "/a/:x", m.to_dict()
                    assert m.params == {"x": "b", "i": str(i)}, m.to_dict()
                s = r.resolve(f"/static/{(seed + i) % 50}")
                assert s.target == f"S{(seed + i) % 50}"
                if i % 40 == 0:
                    kept.append((i, m))
            # the kept matches still hold their own values
            for i, m in kept:
                assert m.query == {"i": (str(i),)}
        except BaseException as exc:
            errors.append(exc)

    w = threading.Thread(target=writer)
    threads = [threading.Thread(target=resolver, args=(n,)) for n in range(RESOLVERS)]
    w.start()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stop.set()
    w.join()
    r.close()
    assert not errors, errors[0]


def test_matches_alive_at_once_on_several_threads_have_their_own_c_matches() -> None:
    r = Router()
    r.add("/t/:n", "T")
    kept: dict[int, list[Match]] = {}
    barrier = threading.Barrier(3)

    def run(n: int) -> None:
        barrier.wait()
        for i in range(200):
            m = r.resolve(f"/t/{n}-{i}")
            assert m.params == {"n": f"{n}-{i}"}
            kept.setdefault(n, []).append(m)
            if i % 7:
                kept[n].pop(0)  # some dropped, so the pool is used across threads

    threads = [threading.Thread(target=run, args=(n,)) for n in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    alive = [m for ms in kept.values() for m in ms]
    assert len({id(m._ref) for m in alive}) == len(alive)
    for n, ms in kept.items():
        assert all(str(m.params["n"]).startswith(f"{n}-") for m in ms)
    r.close()


def test_a_match_read_on_another_thread() -> None:
    r = Router()
    r.add("/m/:v", "M")
    m = r.resolve("/m/here")
    seen = []
    t = threading.Thread(target=lambda: seen.append((m.params, m.target)))
    # the resolving thread moves on before the other thread reads
    for i in range(20):
        r.resolve(f"/m/{i}")
    t.start()
    t.join()
    assert seen == [({"v": "here"}, "M")]
    r.close()


def test_close_while_other_threads_resolve_never_crashes() -> None:
    # close() drops the binding's reference; a resolve in flight keeps the C router
    # alive until it returns. Every call either answers or says the router is closed.
    from switchyard import SwitchyardError

    for _ in range(20):
        r = Router()
        r.add("/x/:y", "X")
        outcomes = []
        go = threading.Event()

        def resolver() -> None:
            go.wait()
            for i in range(200):
                try:
                    assert r.resolve(f"/x/{i}").params == {"y": str(i)}
                    outcomes.append("ok")
                except SwitchyardError as exc:
                    assert "closed" in exc.message
                    outcomes.append("closed")
                    return

        threads = [threading.Thread(target=resolver) for _ in range(3)]
        for t in threads:
            t.start()
        go.set()
        r.close()
        for t in threads:
            t.join()
        assert outcomes and set(outcomes) <= {"ok", "closed"}
