// httprouter, the Go router, on the router-bench sets, for `make bench` (Benchmarks/run.sh
// builds it when go can get the module: from the module proxy, or from a local copy of its
// source named by HTTPROUTER_SRC).
module switchyard.bench/httprouter-harness

go 1.18

require github.com/julienschmidt/httprouter v1.3.0
