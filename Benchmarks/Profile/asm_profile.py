"""Per-instruction cost of one function, next to its disassembly (docs/PERFORMANCE.md).

    python3 Benchmarks/Profile/asm_profile.py <callgrind.out> <lib.so> <symbol substring> <divisor>

<callgrind.out> must come from `valgrind --tool=callgrind --dump-instr=yes --dump-line=no
--compress-pos=no --compress-strings=no`; <divisor> is the number of resolves, so costs
print per resolve. Inlined code shows where it really runs, which line-level annotation of
optimised Swift does not."""
import sys, re, subprocess, collections
out, lib, want, div = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
costs = collections.defaultdict(int); calls = collections.defaultdict(int)
fn = ob = None; skip_next = False; fnname = None
for line in open(out):
    if line.startswith('ob='): ob = line[3:].strip(); continue
    if line.startswith('fn='): fn = line[3:].strip(); continue
    if line.startswith('calls='): skip_next = True; continue
    if line.startswith(('cfn=','cob=','cfi=','cfl=','fl=','fi=','fe=')): continue
    m = re.match(r'^(0x[0-9a-f]+) (\d+)', line)
    if not m: continue
    if fn and want in fn and ob == lib:
        fnname = fn
        if skip_next: calls[int(m.group(1),16)] += int(m.group(2))
        else: costs[int(m.group(1),16)] += int(m.group(2))
    skip_next = False
if not costs: sys.exit("no such function")
# symbol offset in the library
nm = subprocess.run(['nm', '-D', '--defined-only', lib], capture_output=True, text=True).stdout + subprocess.run(['nm', lib], capture_output=True, text=True).stdout
off = None
for l in nm.splitlines():
    p = l.split()
    if len(p) == 3 and p[2] == fnname: off = int(p[0], 16); break
lo = min(costs); base = lo - off if off is not None else None
print(f"function {fnname[:80]} total self {sum(costs.values())/div:.1f}, calls incl {sum(calls.values())/div:.1f}")
dis = subprocess.run(['objdump', '-d', '--no-show-raw-insn', f'--start-address={off:#x}', f'--stop-address={off+20000:#x}', lib], capture_output=True, text=True).stdout
for l in dis.splitlines():
    m = re.match(r'^\s+([0-9a-f]+):\s+(.*)', l)
    if not m: 
        if re.match(r'^[0-9a-f]+ <', l) and off is not None and int(l.split()[0],16) > off: break
        continue
    a = int(m.group(1),16) + base
    c = costs.get(a, 0) / div; cc = calls.get(a, 0) / div
    print(f"{c:7.2f} {('+%.0f' % cc) if cc else '':>6}  {m.group(2)[:110]}")
