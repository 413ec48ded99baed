// The version `switchyard --version` prints: the library's, from VERSION at the repository root
// (tests/build/check_version.py checks that this line agrees with it).
let switchyardVersion = "0.1.0"
