"""Random kernels in simtc's subset, free of undefined behaviour by construction.

A kernel is a tree of statements over typed variables: declarations, assignments and
compound assignments, if/else, counted loops (with breaks), local arrays, a struct and
helper functions, warp operations. Every expression has one known type and is wrapped in
an explicit conversion to it, so C++'s promotions never decide a type the generator did
not choose. Where C++ leaves an operation undefined the generated code steers around it:
division and remainder go through guards (no zero divisor, no MIN / -1), shift counts are
masked below the promoted width, float-to-integer conversions are range-checked first,
array indices are masked. Signed overflow stays: simtc defines it as wrapping and the host
reference is built with -fwrapv.

Kernels have one signature (the harness launches any of them the same way):

    (Slice<const uint64_t> bits, Slice<const float> fl, Slice<const double> db, int32_t s,
     DisjointSlice<uint64_t> o0, ..., o5)

and each output slot holds the bits of one variable's final value (zero- or sign-extended
integers, the IEEE bits of floats), with its kind recorded for the comparison.
"""

import random
import re

INTS = ["std::int8_t", "std::uint8_t", "std::int16_t", "std::uint16_t",
        "std::int32_t", "std::uint32_t", "std::int64_t", "std::uint64_t"]
FLOATS = ["float", "double"]
HALVES = ["simt::half", "simt::bfloat16"]
ALL = INTS + FLOATS + HALVES + ["bool"]
OUTPUTS = 6

WIDTH = {t: int(t.split("int")[1].split("_")[0]) for t in INTS}
SIGNED = {t: not t.startswith("std::u") for t in INTS}
SHORT = {"std::int8_t": "i8", "std::uint8_t": "u8", "std::int16_t": "i16", "std::uint16_t": "u16",
         "std::int32_t": "i32", "std::uint32_t": "u32", "std::int64_t": "i64", "std::uint64_t": "u64",
         "float": "f32", "double": "f64", "simt::half": "f16", "simt::bfloat16": "bf16", "bool": "b"}
# The types the warp shuffles take (simt/device/warp.hpp), and those match_any takes.
SHUFFLE_TYPES = ["std::int32_t", "std::uint32_t", "std::int64_t", "std::uint64_t", "float", "double"]
MATCH_TYPES = ["std::int32_t", "std::uint32_t", "std::int64_t", "std::uint64_t"]


def promoted_width(t):
    return 64 if WIDTH[t] == 64 else 32


def int_literal(rng, t):
    w = WIDTH[t]
    pick = rng.random()
    if pick < 0.4:
        v = rng.randint(0, 20)
    elif pick < 0.6:
        v = (1 << rng.randint(0, w - 1)) + rng.choice([-1, 0, 1])
    elif pick < 0.7:
        v = (1 << w) - rng.randint(1, 3)  # -1, -2, -3 (or the top values)
    else:
        v = rng.getrandbits(w)
    v &= (1 << w) - 1
    return f"{t}({v:#x}ull)"


FLOAT_LITERALS = ["0.0f", "-0.0f", "1.0f", "-1.0f", "0.5f", "3.0f", "0x1.8p+1f", "1e-3f", "0x1p-149f",
                  "0x1p-126f", "0x1.fffffep+127f", "-7.25f", "1e30f", "100.0f", "0x1.99999ap-4f"]
DOUBLE_LITERALS = ["0.0", "-0.0", "1.0", "-1.0", "0.5", "3.0", "0x1.8p+1", "1e-3", "0x1p-1074",
                   "0x1p-1022", "0x1.fffffffffffffp+1023", "-7.25", "1e300", "100.0", "0.1", "1e-300"]


# A float expression that is the literal +0 (maybe converted): see float_expr.
POSITIVE_ZERO = re.compile(r"^(\(*(float|double)\()*0\.0f?\)*$")


class Var:
    def __init__(self, name, type_, kind="scalar", length=0, fields=None):
        self.name, self.type, self.kind, self.length, self.fields = name, type_, kind, length, fields


class Stmt:
    """A statement: its text lines (with `{body}` markers for compound ones), the variables it
    reads and writes, and whether its write replaces the whole value (a kill for slicing)."""

    def __init__(self, text, reads=(), writes=(), kills=False, body=None, orelse=None, is_loop=False,
                 is_break=False, declares=False):
        self.text, self.reads, self.writes, self.kills = text, set(reads), set(writes), kills
        self.declares = declares
        self.body, self.orelse, self.is_loop, self.is_break = body, orelse, is_loop, is_break


class Kernel:
    def __init__(self, name):
        self.name = name
        self.prelude = []       # helper functions and structs, as text
        self.body = []          # Stmt list
        self.outputs = []       # (var name, type)


class Scope:
    def __init__(self, parent=None):
        self.parent, self.vars = parent, []

    def all(self):
        out, s = [], self
        while s:
            out += s.vars
            s = s.parent
        return out


class Generator:
    def __init__(self, rng, name, allow_warp=True):
        self.rng = rng
        self.k = Kernel(name)
        self.counter = 0
        self.allow_warp = allow_warp
        self.reads = set()      # variables read by the expression being built
        self.helpers = []       # (name, return type, [param types])
        self.struct = None      # (name, [(field, type)])
        self.loop_depth = 0

    def fresh(self, prefix="v"):
        self.counter += 1
        return f"{prefix}{self.counter}"

    # ---- expressions ----------------------------------------------------------------------

    def scalars(self, scope, types=None):
        return [v for v in scope.all() if v.kind == "scalar" and (types is None or v.type in types)]

    def use(self, var):
        self.reads.add(var.name)
        return var.name

    def leaf(self, scope, t):
        rng = self.rng
        same = self.scalars(scope, [t])
        arrays = [v for v in scope.all() if v.kind == "array" and v.type == t]
        structs = [v for v in scope.all() if v.kind == "struct"]
        r = rng.random()
        if same and r < 0.5:
            return self.use(rng.choice(same))
        if arrays and r < 0.6:
            a = rng.choice(arrays)
            return f"{self.use(a)}[{self.index(scope, a.length)}]"
        if structs and r < 0.65:
            s = rng.choice(structs)
            fields = [f for f, ft in s.fields if ft == t]
            if fields:
                return f"{self.use(s)}.{rng.choice(fields)}"
        if r < 0.8:
            return self.literal(t)
        other = self.scalars(scope)
        if other:
            v = rng.choice(other)
            return self.convert(f"{self.use(v)}", v.type, t)
        return self.literal(t)

    def literal(self, t):
        rng = self.rng
        if t in INTS:
            return int_literal(rng, t)
        if t == "bool":
            return rng.choice(["true", "false"])
        if t == "double":
            return rng.choice(DOUBLE_LITERALS)
        lit = rng.choice(FLOAT_LITERALS)
        return lit if t == "float" else f"{t}({lit})"

    def index(self, scope, length):
        """An in-range index of a local array of `length` (a power of two)."""
        e = self.expr(scope, "std::uint32_t", 1)
        return f"({e} & {length - 1}u)" if self.rng.random() < 0.7 else f"({e} % {length}u)"

    def convert(self, e, src, dst):
        """`e` of type src as a dst, without undefined behaviour."""
        if src == dst:
            return e
        if dst in INTS and src in FLOATS + HALVES:
            # In range (NaN compares false): truncated; else 0 (dk_f2i_*, common_prelude()).
            return f"dk_f2i_{SHORT[dst]}(double({e}))"
        if dst == "bool":
            return f"bool(float({e}))" if src in HALVES else f"bool({e})"
        if src in HALVES and dst in HALVES:
            return f"{dst}(float({e}))"
        if src == "bool" and dst in HALVES:
            return f"{dst}(int({e}))"
        return f"{dst}({e})"

    def expr(self, scope, t, depth):
        if depth <= 0 or self.rng.random() < 0.25:
            return self.leaf(scope, t)
        if t in INTS:
            return self.int_expr(scope, t, depth)
        if t == "bool":
            return self.bool_expr(scope, depth)
        if t in FLOATS:
            return self.float_expr(scope, t, depth)
        return self.half_expr(scope, t, depth)

    def any_int(self):
        return self.rng.choice(INTS)

    def int_expr(self, scope, t, depth):
        rng = self.rng
        d = depth - 1
        r = rng.random()
        if r < 0.35:
            op = rng.choice(["+", "-", "*", "&", "|", "^", "+", "-"])
            a, b = self.any_int(), self.any_int()
            return f"{t}({self.expr(scope, a, d)} {op} {self.expr(scope, b, d)})"
        if r < 0.45:
            a, b = self.any_int(), self.any_int()
            m = promoted_width(a) - 1
            op = rng.choice(["<<", ">>"])
            return f"{t}({self.expr(scope, a, d)} {op} ({self.expr(scope, b, d)} & {m}))"
        if r < 0.55:
            kind = rng.choice(["i32", "u32", "i64", "u64"])
            ct = {"i32": "std::int32_t", "u32": "std::uint32_t", "i64": "std::int64_t", "u64": "std::uint64_t"}[kind]
            fn = rng.choice(["dk_div", "dk_rem"])
            return f"{t}({fn}_{kind}({ct}({self.expr(scope, self.any_int(), d)}), {ct}({self.expr(scope, self.any_int(), d)})))"
        if r < 0.6:
            a = self.any_int()
            c = rng.choice([2, 3, 7, 10, 13, 16, 1000, 65537])
            op = rng.choice(["/", "%"])
            return f"{t}({self.expr(scope, a, d)} {op} {c})"
        if r < 0.68:
            return f"({self.expr(scope, 'bool', d)} ? {self.expr(scope, t, d)} : {self.expr(scope, t, d)})"
        if r < 0.73:
            return f"{t}(~{self.expr(scope, self.any_int(), d)})"
        if r < 0.76:
            return f"{t}(-({self.expr(scope, self.any_int(), d)}))"
        if r < 0.8:
            return f"{t}(__builtin_popcount(std::uint32_t({self.expr(scope, self.any_int(), d)})))"
        if r < 0.92:
            src = rng.choice(FLOATS + HALVES)
            return self.convert(self.expr(scope, src, d), src, t)
        if self.helpers and r < 0.97:
            return self.call(scope, t, d)
        src = self.any_int()
        return self.convert(self.expr(scope, src, d), src, t)

    def bool_expr(self, scope, depth):
        rng = self.rng
        d = depth - 1
        r = rng.random()
        if r < 0.5:
            t = rng.choice(INTS + FLOATS + HALVES)
            op = rng.choice(["<", "<=", ">", ">=", "==", "!="])
            a, b = self.expr(scope, t, d), self.expr(scope, t, d)
            if a == b:  # Clang warns about comparing a value with itself
                b = self.literal(t)
            return f"({a} {op} {b})"
        if r < 0.65:
            op = rng.choice(["&&", "||"])
            return f"({self.expr(scope, 'bool', d)} {op} {self.expr(scope, 'bool', d)})"
        if r < 0.75:
            return f"!{self.expr(scope, 'bool', d)}"
        if r < 0.85:
            t = rng.choice(FLOATS)
            fn = rng.choice(["isnan", "isinf", "isfinite"])
            return f"simt::{fn}({self.expr(scope, t, d)})"
        t = self.any_int()
        return f"(({self.expr(scope, t, d)} & {t}({1 << rng.randint(0, WIDTH[t] - 1):#x}ull)) != 0)"

    def float_expr(self, scope, t, depth):
        rng = self.rng
        d = depth - 1
        r = rng.random()
        if r < 0.4:
            op = rng.choice(["+", "-", "*", "/"])
            a, b = self.expr(scope, t, d), self.expr(scope, t, d)
            if op == "-" and POSITIVE_ZERO.match(a):
                # GCC 12 folds `0.0 - double(i)` into `-double(i)`, which is -0.0 for i == 0
                # (IEEE 754 gives +0.0, as the GPU does): the host reference would be wrong.
                a = "1.0" if t == "double" else "1.0f"
            return f"{t}({a} {op} {b})"
        if r < 0.55:
            fn = rng.choice(["fabs", "floor", "ceil", "trunc", "rint", "round"])
            return f"simt::{fn}({self.expr(scope, t, d)})"
        if r < 0.6:
            return f"simt::sqrt(simt::fabs({self.expr(scope, t, d)}))"
        if r < 0.65:
            return f"simt::fma({self.expr(scope, t, d)}, {self.expr(scope, t, d)}, {self.expr(scope, t, d)})"
        if r < 0.72:
            fn = rng.choice(["copysign", "fmod", "fmin", "fmax"])
            # A NaN's sign differs between the CPU and the GPU (their default NaNs): the
            # copysign of the prelude takes the sign of any other value.
            call = f"dk_copysign_{SHORT[t]}" if fn == "copysign" else f"simt::{fn}"
            e = f"{call}({self.expr(scope, t, d)}, {self.expr(scope, t, d)})"
            # fmin/fmax may return either zero of a pair of zeros: adding +0 makes both +0.
            return f"{t}({e} + {t}(0))" if fn in ("fmin", "fmax") else e
        if r < 0.78:
            return f"({self.expr(scope, 'bool', d)} ? {self.expr(scope, t, d)} : {self.expr(scope, t, d)})"
        if r < 0.82:
            return f"{t}(-({self.expr(scope, t, d)}))"
        if r < 0.92:
            src = rng.choice(INTS + FLOATS + HALVES)
            return self.convert(self.expr(scope, src, d), src, t)
        if self.helpers:
            return self.call(scope, t, d)
        return self.leaf(scope, t)

    def half_expr(self, scope, t, depth):
        rng = self.rng
        d = depth - 1
        r = rng.random()
        if r < 0.45:
            op = rng.choice(["+", "-", "*", "/"])
            return f"{t}({self.expr(scope, t, d)} {op} {self.expr(scope, t, d)})"
        if r < 0.55:
            return f"({self.expr(scope, 'bool', d)} ? {self.expr(scope, t, d)} : {self.expr(scope, t, d)})"
        src = rng.choice(["float", "double", "std::int32_t", "std::int64_t", "std::uint16_t"] + HALVES)
        return self.convert(self.expr(scope, src, d), src, t)

    def call(self, scope, t, d):
        fits = [h for h in self.helpers if h[1] == t]
        if not fits:
            return self.leaf(scope, t)
        name, _, params = self.rng.choice(fits)
        args = []
        for p in params:
            if p == self.struct_name():
                structs = [v for v in scope.all() if v.kind == "struct"]
                if not structs:
                    return self.leaf(scope, t)
                args.append(self.use(self.rng.choice(structs)))
            else:
                args.append(self.expr(scope, p, d))
        return f"{name}({', '.join(args)})"

    def struct_name(self):
        return self.struct[0] if self.struct else None

    def take_reads(self):
        r, self.reads = self.reads, set()
        return r

    # ---- statements -----------------------------------------------------------------------

    def block(self, scope, count, depth, top=False):
        out = []
        for _ in range(count):
            out.append(self.statement(scope, depth, top))
        return out

    def statement(self, scope, depth, top):
        rng = self.rng
        r = rng.random()
        scalars = [v for v in self.scalars(scope) if not v.name.startswith("k")]
        if r < 0.3 or not scalars:
            t = rng.choice(ALL)
            e = self.expr(scope, t, rng.randint(1, 4))
            v = Var(self.fresh(), t)
            scope.vars.append(v)
            return Stmt(f"{t} {v.name} = {e};", self.take_reads(), {v.name}, kills=True, declares=True)
        if r < 0.5:
            v = rng.choice(scalars)
            e = self.expr(scope, v.type, rng.randint(1, 4))
            return Stmt(f"{v.name} = {e};", self.take_reads(), {v.name}, kills=True)
        if r < 0.6:
            v = rng.choice(scalars)
            if v.type in INTS:
                op = rng.choice(["+=", "-=", "*=", "^=", "|=", "&="])
            elif v.type == "bool":
                op = rng.choice(["|=", "&=", "^="])
            else:
                op = rng.choice(["+=", "-=", "*=", "/="])
            rt = v.type if v.type != "bool" else "bool"
            e = self.expr(scope, rt, rng.randint(1, 3))
            return Stmt(f"{v.name} {op} {e};", self.take_reads() | {v.name}, {v.name})
        if r < 0.65 and depth > 0:
            return self.if_stmt(scope, depth)
        if r < 0.72 and depth > 0:
            return self.loop(scope, depth)
        if r < 0.76:
            return self.array(scope)
        if r < 0.8:
            arrays = [v for v in scope.all() if v.kind == "array"]
            if arrays:
                a = rng.choice(arrays)
                idx = self.index(scope, a.length)
                e = self.expr(scope, a.type, rng.randint(1, 3))
                return Stmt(f"{a.name}[{idx}] = {e};", self.take_reads() | {a.name}, {a.name})
        if r < 0.84 and self.struct:
            structs = [v for v in scope.all() if v.kind == "struct"]
            if structs:
                s = rng.choice(structs)
                f, ft = rng.choice(s.fields)
                e = self.expr(scope, ft, rng.randint(1, 3))
                return Stmt(f"{s.name}.{f} = {e};", self.take_reads() | {s.name}, {s.name})
            return self.struct_decl(scope)
        if r < 0.9 and self.loop_depth > 0:
            c = self.expr(scope, "bool", 2)
            return Stmt(f"if ({c}) break;", self.take_reads(), is_break=True)
        if top and self.allow_warp and r < 0.97:
            return self.warp_op(scope)
        t = rng.choice(ALL)
        v = Var(self.fresh(), t)
        e = self.expr(scope, t, 2)
        scope.vars.append(v)
        return Stmt(f"{t} {v.name} = {e};", self.take_reads(), {v.name}, kills=True, declares=True)

    def if_stmt(self, scope, depth):
        c = self.expr(scope, "bool", 3)
        reads = self.take_reads()
        then = self.block(Scope(scope), self.rng.randint(1, 3), depth - 1)
        orelse = self.block(Scope(scope), self.rng.randint(1, 2), depth - 1) if self.rng.random() < 0.5 else None
        return Stmt(f"if ({c})", reads, body=then, orelse=orelse)

    def loop(self, scope, depth):
        k = Var(self.fresh("k"), "std::int32_t")
        if self.rng.random() < 0.6:
            bound = str(self.rng.randint(1, 6))
        else:
            bound = f"std::int32_t({self.expr(scope, 'std::uint32_t', 2)} & 7u)"
        reads = self.take_reads()
        inner = Scope(scope)
        inner.vars.append(k)
        self.loop_depth += 1
        body = self.block(inner, self.rng.randint(1, 3), depth - 1)
        self.loop_depth -= 1
        return Stmt(f"for (std::int32_t {k.name} = 0; {k.name} < {bound}; ++{k.name})", reads, {k.name},
                    body=body, is_loop=True)

    def array(self, scope):
        t = self.rng.choice(INTS + FLOATS)
        n = self.rng.choice([2, 4, 8])
        elems = [self.expr(scope, t, 2) for _ in range(n)]
        v = Var(self.fresh("a"), t, "array", n)
        scope.vars.append(v)
        return Stmt(f"{t} {v.name}[{n}] = {{{', '.join(elems)}}};", self.take_reads(), {v.name}, kills=True, declares=True)

    def struct_decl(self, scope):
        name, fields = self.struct
        inits = [self.expr(scope, ft, 2) for _, ft in fields]
        v = Var(self.fresh("p"), name, "struct", fields=fields)
        scope.vars.append(v)
        return Stmt(f"{name} {v.name}{{{', '.join(inits)}}};", self.take_reads(), {v.name}, kills=True, declares=True)

    def warp_op(self, scope):
        rng = self.rng
        r = rng.random()
        mask = "simt::warp::full_mask"
        if r < 0.5:
            t = rng.choice(SHUFFLE_TYPES)
            x = self.expr(scope, t, 2)
            width = rng.choice(["", "", "", ", 16", ", 8"])
            kind = rng.choice(["xor", "up", "down", "idx"])
            if kind == "xor":
                call = f"simt::warp::shuffle_xor({mask}, {x}, {rng.choice([1, 2, 4, 8, 16, 5, 31])}{width})"
            elif kind == "up":
                call = f"simt::warp::shuffle_up({mask}, {x}, {rng.randint(1, 17)}u{width})"
            elif kind == "down":
                call = f"simt::warp::shuffle_down({mask}, {x}, {rng.randint(1, 17)}u{width})"
            else:
                src = self.expr(scope, "std::int32_t", 1) if rng.random() < 0.5 else str(rng.randint(0, 40))
                call = f"simt::warp::shuffle({mask}, {x}, std::int32_t({src} & 31){width})"
        elif r < 0.7:
            t = rng.choice(["std::int32_t", "std::uint32_t"])
            fn = rng.choice(["redux_add", "redux_min", "redux_max", "redux_and", "redux_or"])
            call = f"simt::warp::{fn}({mask}, {t}({self.expr(scope, t, 2)}))"
        elif r < 0.85:
            t = "std::uint32_t"
            fn = rng.choice(["ballot", "any", "all"])
            call = f"simt::warp::{fn}({mask}, {self.expr(scope, 'bool', 2)})"
            if fn != "ballot":
                t = "bool"
        else:
            t = "std::uint32_t"
            mt = rng.choice(MATCH_TYPES)
            call = f"simt::warp::match_any({mask}, {mt}({self.expr(scope, mt, 2)} & {mt}(7)))"
        v = Var(self.fresh(), t)
        scope.vars.append(v)
        return Stmt(f"{t} {v.name} = {call};", self.take_reads(), {v.name}, kills=True, declares=True)

    # ---- the kernel ----------------------------------------------------------------------------

    def make_prelude(self):
        rng = self.rng
        base = self.k.name
        if rng.random() < 0.5:
            fields = [(f"m{j}", rng.choice(INTS + FLOATS)) for j in range(rng.randint(2, 4))]
            self.struct = (f"{base}_s", fields)
            self.k.prelude.append(f"struct {base}_s {{ " + " ".join(f"{ft} {f};" for f, ft in fields) + " };")
        for j in range(rng.randint(0, 2)):
            rt = rng.choice(INTS + FLOATS)
            params = [rng.choice(INTS + FLOATS) for _ in range(rng.randint(1, 3))]
            if self.struct and rng.random() < 0.4:
                params.append(self.struct[0])
            scope = Scope()
            for n, p in enumerate(params):
                if p == self.struct_name():
                    scope.vars.append(Var(f"x{n}", p, "struct", fields=self.struct[1]))
                else:
                    scope.vars.append(Var(f"x{n}", p))
            e = self.expr(scope, rt, 3)
            self.take_reads()
            name = f"{base}_h{j}"
            sig = ", ".join(f"{p} x{n}" for n, p in enumerate(params))
            self.k.prelude.append(f"static {rt} {name}({sig}) {{ return {e}; }}")
            self.helpers.append((name, rt, params))

    def generate(self):
        rng = self.rng
        self.make_prelude()
        top = Scope()
        inputs = [
            ("w0", "std::uint64_t", "bits[t]"),
            ("w1", "std::uint64_t", "bits[(t * 13 + 5) % bits.size()]"),
            ("f0", "float", "fl[t]"),
            ("f1", "float", "fl[(t + 7) % fl.size()]"),
            ("d0", "double", "db[t]"),
            ("c0", "std::int32_t", "s"),
            ("t0", "std::uint32_t", "std::uint32_t(t)"),
        ]
        for name, t, init in inputs:
            top.vars.append(Var(name, t))
            self.k.body.append(Stmt(f"{t} {name} = {init};", (), {name}, kills=True, declares=True))
        self.k.body += self.block(top, rng.randint(6, 16), 2, top=True)
        if self.struct and not any(v.kind == "struct" for v in top.vars) and rng.random() < 0.7:
            self.k.body.append(self.struct_decl(top))
        candidates = [v for v in top.vars if v.kind == "scalar"]
        picks = candidates[-OUTPUTS:] if len(candidates) >= OUTPUTS else candidates
        rng.shuffle(picks)
        self.k.outputs = [(v.name, v.type) for v in picks]
        return self.k


def common_prelude():
    """Guarded division and remainder, range-checked float-to-integer conversions, and a
    copysign that ignores a NaN's sign."""
    out = []
    for short, t, lo in [("i32", "std::int32_t", "-2147483647 - 1"), ("u32", "std::uint32_t", None),
                         ("i64", "std::int64_t", "-9223372036854775807LL - 1"), ("u64", "std::uint64_t", None)]:
        bad = "b == 0" + (f" || (a == {lo} && b == -1)" if lo else "")
        out.append(f"static {t} dk_div_{short}({t} a, {t} b) {{ return {bad} ? a : {t}(a / b); }}")
        out.append(f"static {t} dk_rem_{short}({t} a, {t} b) {{ return {bad} ? a : {t}(a % b); }}")
    for t in FLOATS:
        out.append(f"static {t} dk_copysign_{SHORT[t]}({t} x, {t} y) {{ return simt::isnan(y) ? x : simt::copysign(x, y); }}")
    for t in INTS:
        w, signed = WIDTH[t], SIGNED[t]
        cond = f"x >= -0x1p{w - 1} && x < 0x1p{w - 1}" if signed else f"x > -1.0 && x < 0x1p{w}"
        out.append(f"static {t} dk_f2i_{SHORT[t]}(double x) {{ return {cond} ? {t}(x) : {t}(0); }}")
    return "\n".join(out)


def output_expr(name, t):
    if t in INTS or t == "bool":
        return f"std::uint64_t({name})"
    bits = {"float": "std::uint32_t", "double": "std::uint64_t", "simt::half": "std::uint16_t",
            "simt::bfloat16": "std::uint16_t"}[t]
    return f"std::uint64_t(__builtin_bit_cast({bits}, {name}))"


def slice_statements(stmts, needed, top):
    """The statements of `stmts` that the values of `needed` at their end depend on; returns
    (kept statements, variables needed at their start)."""
    kept = []
    needed = set(needed)
    declare = set()  # variables assigned whole at the top level: their declarations stay
    for s in reversed(stmts):
        if s.body is not None:
            # A compound statement: iterate its body to a fixed point (a loop feeds itself).
            inner_needed = set(needed)
            while True:
                body, start = slice_statements(s.body, inner_needed, False)
                orelse, start2 = (slice_statements(s.orelse, inner_needed, False) if s.orelse else ([], set()))
                grown = inner_needed | (start | start2 if s.is_loop else set())
                if grown == inner_needed:
                    break
                inner_needed = grown
            if body or orelse:
                kept.append(Stmt(s.text, s.reads, s.writes, s.kills, body, orelse or None, s.is_loop))
                needed |= start | start2 | s.reads
            continue
        if s.is_break:
            kept.append(s)
            needed |= s.reads
            continue
        if s.writes & (needed | declare):
            kept.append(s)
            if s.kills and top:
                # The value before this statement is not needed; the declaration still is.
                needed -= s.writes
                if not s.declares:
                    declare |= s.writes
            needed |= s.reads
    kept.reverse()
    return kept, needed


def render_block(stmts, indent):
    out = []
    pad = "  " * indent
    for s in stmts:
        if s.body is None:
            out += [pad + line for line in s.text.split("\n")]
            continue
        out.append(pad + s.text + " {")
        out += render_block(s.body, indent + 1)
        if s.orelse:
            out.append(pad + "} else {")
            out += render_block(s.orelse, indent + 1)
        out.append(pad + "}")
    return out


SIGNATURE = ("simt::Slice<const std::uint64_t> bits, simt::Slice<const float> fl, simt::Slice<const double> db, "
             "std::int32_t s, " + ", ".join(f"simt::DisjointSlice<std::uint64_t> o{j}" for j in range(OUTPUTS)))


def render_kernel(k, only_output=None):
    body = k.body
    outputs = list(enumerate(k.outputs))
    if only_output is not None:
        outputs = [outputs[only_output]]
        body, _ = slice_statements(k.body, {outputs[0][1][0]}, True)
    lines = list(k.prelude)
    lines.append(f"[[kernel]] void {k.name}({SIGNATURE}) {{")
    lines.append("  auto i = simt::thread::index_1d();")
    lines.append("  const std::size_t t = i.get();")
    lines += render_block(body, 1)
    for j, (name, t) in outputs:
        lines.append(f"  if (auto o = o{j}.get_mut(i)) *o = {output_expr(name, t)};")
    lines.append("}")
    return "\n".join(lines)


def renamed(k, name):
    """`k` under another entry name (its helpers and struct keep theirs)."""
    out = Kernel(name)
    out.prelude, out.body, out.outputs = [], k.body, k.outputs
    return out


def kernel_kinds(k):
    return [SHORT[t] for _, t in k.outputs]


def make_kernel(seed, index, name):
    rng = random.Random(f"{seed}:{index}")
    return Generator(rng, name).generate()
