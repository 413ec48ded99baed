"""The routers of the Python benchmark, each behind the same small adapter.

An adapter is built from a list of `:name`-syntax patterns and offers:
  resolve(path)        -> the lookup alone, returning the router's own result object
  resolve_params(path) -> the lookup plus reading the parameters as a dict
  route_index(path)    -> index of the route the path hit, or None (for the hit check)

werkzeug and falcon always build their parameter dict during the lookup, so for them the
two timed operations are the same call. falcon (like RoutingKit) refuses two parameter
names at one position of one prefix, so its parameters are renamed by position (`s<i>`):
the same tree and the same number of captures. starlette tries its routes in the order
they are listed and takes the first that matches, as its Router does; the routes are listed
most literal first at each segment, the order a starlette user writes them in. Its lookup
needs an ASGI scope, which the adapter makes per request as a server would.
"""
import re

PARAM = re.compile(r"(?<=/):([A-Za-z_][A-Za-z0-9_]*)")


class SwitchyardAdapter:
    name = "switchyard"

    def __init__(self, patterns):
        import switchyard  # bindings/python (PYTHONPATH=bindings/python)

        self.router = switchyard.Router()
        self.index = {p: i for i, p in enumerate(patterns)}
        for i, p in enumerate(patterns):
            self.router.add(p, str(i))
        resolve = self.router.resolve
        self.resolve = resolve
        self.resolve_params = lambda path: resolve(path).params

    def route_index(self, path):
        m = self.router.resolve(path)
        return self.index.get(m.pattern) if m else None


class WerkzeugAdapter:
    name = "werkzeug"

    def __init__(self, patterns):
        from werkzeug.exceptions import HTTPException
        from werkzeug.routing import Map, Rule

        rules = [Rule(PARAM.sub(r"<\1>", p), endpoint=i) for i, p in enumerate(patterns)]
        adapter = Map(rules).bind("x")
        match = adapter.match

        def resolve(path):
            try:
                return match(path)
            except HTTPException:  # NotFound, or a RequestRedirect for a slash mismatch
                return None

        self.resolve = resolve
        self.resolve_params = lambda path: (resolve(path) or (None, None))[1]

    def route_index(self, path):
        r = self.resolve(path)
        return r[0] if r else None


class _Resource:
    def __init__(self, index):
        self.index = index

    def on_get(self, req, resp):  # falcon needs at least one responder
        pass


class FalconAdapter:
    name = "falcon"

    def __init__(self, patterns):
        from falcon.routing import CompiledRouter

        router = CompiledRouter()
        for i, p in enumerate(patterns):
            parts = p.split("/")
            renamed = "/".join(
                "{s%d}" % k if part.startswith(":") else part for k, part in enumerate(parts)
            )
            router.add_route(renamed, _Resource(i))
        find = router.find
        self.resolve = find
        self.resolve_params = lambda path: (find(path) or (None, None, None))[2]

    def route_index(self, path):
        r = self.resolve(path)
        return r[0].index if r else None


class StarletteAdapter:
    name = "starlette"

    def __init__(self, patterns):
        from starlette.routing import Match, Route

        async def endpoint(request):  # starlette needs an endpoint; never called
            pass

        order = sorted(range(len(patterns)),
                       key=lambda i: [part.startswith(":") for part in patterns[i].split("/")])
        routes = [(Route(PARAM.sub(r"{\1}", patterns[i]), endpoint), i) for i in order]
        full = Match.FULL

        def find(path):
            # starlette.routing.Router's loop, without its async dispatch.
            scope = {"type": "http", "path": path, "root_path": "", "method": "GET"}
            for route, i in routes:
                match, child = route.matches(scope)
                if match is full:
                    return i, child
            return None

        self.find = find
        self.resolve = find
        self.resolve_params = lambda path: (find(path) or (None, {"path_params": None}))[1]["path_params"]

    def route_index(self, path):
        r = self.find(path)
        return r[0] if r else None
