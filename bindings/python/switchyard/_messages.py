"""The library's messages in Python's words.

The C layer names the C fields a message is about (``opts->max_redirects``,
``routes[2].pattern``); a Python caller wrote keyword arguments and dicts, so the binding
renames them where an error enters Python: a Router option by its keyword, a route field
by its argument name.
"""

import re

# "opts->max_redirects" -> "max_redirects"; "opts->web_schemes[1]" -> "web_schemes[1]".
_OPTION = re.compile(r"\bopts->")
# "route.pattern" -> "pattern" (Router.add's argument).
_ROUTE_FIELD = re.compile(r"(?<![\w.$\]])route\.(\w+)")
# "routes[2].pattern" -> "the pattern of routes[2]" (Router.add_routes' list).
# Not inside a rule document's JSON path ("$.routes[0].pattern"), which names the document.
_BATCH_FIELD = re.compile(r"(?<![\w.$\]])routes\[(\d+)\]\.(\w+)")


def python_words(message: str) -> str:
    """``message`` with the C field names it mentions replaced by the Python ones."""
    if "opts->" in message:
        message = _OPTION.sub("", message)
    if "route" in message:
        message = _BATCH_FIELD.sub(r"the \2 of routes[\1]", message)
        message = _ROUTE_FIELD.sub(r"\1", message)
    return message
