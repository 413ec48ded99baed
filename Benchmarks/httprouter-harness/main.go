// Command httprouter-harness times httprouter's Router.Lookup on the router-bench sets
// (matchit, path-tree, static), bare and with every parameter read, by the method of the
// C benchmark (Benchmarks/C/harness.h): a sample is one pass over the set's requests, ns per
// lookup = pass time / requests, median and p99 of the samples after a quarter of the
// budget of warm-up. Go cannot call Switchyard without cgo's cost on every call, nor
// Switchyard call Go without its own, so httprouter runs in a process of its own, in the
// same `make bench` run; merge_results.py sets its rows beside the C rows.
//
//	httprouter-harness <router-bench dir> <output.json> [seconds per measurement]
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/julienschmidt/httprouter"
)

type row struct {
	Suite           string  `json:"suite"`
	Router          string  `json:"router"`
	Language        string  `json:"language"`
	NsPerLookup     float64 `json:"ns_per_lookup"`
	P99Ns           float64 `json:"p99_ns"`
	AllocsPerLookup float64 `json:"allocs_per_lookup"`
	Samples         int     `json:"samples"`
	Routes          int     `json:"routes"`
	Requests        int     `json:"requests"`
	Mismatches      int     `json:"mismatches"`
	Note            string  `json:"note"`
}

// paths reads the PATH of every "METHOD PATH" line of file, skipping blanks and comments.
func paths(file string) ([]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := strings.TrimSpace(s.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if i := strings.IndexByte(line, ' '); i >= 0 {
			line = line[i+1:]
		}
		out = append(out, line)
	}
	return out, s.Err()
}

// build adds every route, each with a handle that records its index; httprouter panics
// on a route it refuses, which is returned as an error.
func build(routes []string, hit *int) (r *httprouter.Router, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	r = httprouter.New()
	for i, p := range routes {
		i := i
		r.Handle(http.MethodGet, p, func(http.ResponseWriter, *http.Request, httprouter.Params) { *hit = i })
	}
	return r, nil
}

var sink int

// measure times passes of pass over n lookups; allocations are counted after the samples.
func measure(pass func() int, n int, budget time.Duration) (median, p99, allocs float64, samples int) {
	warm := time.Now().Add(budget / 4)
	for time.Now().Before(warm) {
		sink += pass()
	}
	var xs []float64
	end := time.Now().Add(budget)
	t0 := time.Now()
	for t0.Before(end) || len(xs) < 30 {
		sink += pass()
		t1 := time.Now()
		xs = append(xs, float64(t1.Sub(t0).Nanoseconds())/float64(n))
		t0 = t1
	}
	sort.Float64s(xs)
	p := len(xs) * 99 / 100
	if p > len(xs)-1 {
		p = len(xs) - 1
	}
	passes := 20000 / n
	if passes < 10 {
		passes = 10
	}
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for i := 0; i < passes; i++ {
		sink += pass()
	}
	runtime.ReadMemStats(&m1)
	return xs[len(xs)/2], xs[p], float64(m1.Mallocs-m0.Mallocs) / float64(passes*n), len(xs)
}

func run(root string, budget time.Duration) ([]row, error) {
	sets := [][2]string{{"matchit", "matchit"}, {"path-tree", "path-tree"}, {"static", "go-http-routing-benchmark/static"}}
	var rows []row
	for _, set := range sets {
		dir := filepath.Join(root, set[1])
		routes, err := paths(filepath.Join(dir, "routes.txt"))
		if err != nil {
			return nil, err
		}
		requests, err := paths(filepath.Join(dir, "requests.txt"))
		if err != nil {
			return nil, err
		}
		hit := -1
		r, err := build(routes, &hit)
		if err != nil {
			fmt.Fprintf(os.Stderr, "httprouter %s: rows skipped: httprouter refuses the set: %v\n", set[0], err)
			continue
		}
		// Request i is meant for route i (the sets' README): check every answer first.
		mismatches := 0
		for i, req := range requests {
			hit = -1
			if h, _, _ := r.Lookup(http.MethodGet, req); h != nil {
				h(nil, nil, nil)
			}
			if hit != i && i < len(routes) {
				mismatches++
				if mismatches <= 5 {
					fmt.Fprintf(os.Stderr, "httprouter %s: %s -> route %d, expected %d\n", set[0], req, hit, i)
				}
			}
		}
		bare := func() int {
			found := 0
			for _, req := range requests {
				if h, _, _ := r.Lookup(http.MethodGet, req); h != nil {
					found++
				}
			}
			return found
		}
		params := func() int {
			found := 0
			for _, req := range requests {
				if h, ps, _ := r.Lookup(http.MethodGet, req); h != nil {
					found++
					for _, p := range ps {
						found += len(p.Key) + len(p.Value)
					}
				}
			}
			return found
		}
		for _, v := range []struct {
			name, note string
			pass       func() int
		}{
			{"httprouter", "Router.Lookup (Go, a process of its own)", bare},
			{"httprouter+params", "Router.Lookup + every parameter read (Go, a process of its own)", params},
		} {
			med, p99, allocs, samples := measure(v.pass, len(requests), budget)
			rows = append(rows, row{Suite: set[0], Router: v.name, Language: "go", NsPerLookup: med, P99Ns: p99,
				AllocsPerLookup: allocs, Samples: samples, Routes: len(routes), Requests: len(requests),
				Mismatches: mismatches, Note: v.note})
		}
		fmt.Fprintf(os.Stderr, "go: %s (%d routes)\n", set[0], len(routes))
	}
	return rows, nil
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintf(os.Stderr, "usage: %s <router-bench dir> <output.json> [seconds per measurement]\n", os.Args[0])
		os.Exit(2)
	}
	seconds := 1.0
	if len(os.Args) > 3 {
		if s, err := strconv.ParseFloat(os.Args[3], 64); err == nil && s > 0 {
			seconds = s
		}
	}
	rows, err := run(os.Args[1], time.Duration(seconds*float64(time.Second)))
	if err != nil {
		fmt.Fprintln(os.Stderr, "httprouter-harness:", err)
		os.Exit(1)
	}
	out, err := json.MarshalIndent(rows, "", " ")
	if err == nil {
		err = os.WriteFile(os.Args[2], append(out, '\n'), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "httprouter-harness:", err)
		os.Exit(1)
	}
}
