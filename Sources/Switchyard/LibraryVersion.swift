/// The library's version, `MAJOR.MINOR.PATCH`: the same text as C's `sy_version_string()`
/// and Python's `switchyard.library_version()` (the file `VERSION` is its one source;
/// `tests/build/check_version.py` checks this place too).
public let libraryVersion = "0.1.0"
