#!/usr/bin/env python3
"""Writes a kernel file too large to keep in the tree, for the tests of simtc's limits.

usage: generate_kernel.py KIND N
  parens    a kernel computing (((...1...))) with N nested parentheses
  switch    a kernel with a switch of N cases
  slices    a kernel taking N simt::Slice<const int> parameters
  ints      a kernel taking N int parameters
"""
import sys


def parens(n):
    return ["[[kernel]] void deep(simt::DisjointSlice<int> out) {",
            "  auto i = simt::thread::index_1d();",
            "  int x = " + "(" * n + "1" + ")" * n + ";",
            "  if (auto o = out.get_mut(i)) *o = x;",
            "}"]


def switch(n):
    lines = ["[[kernel]] void cases(simt::Slice<const int> in, simt::DisjointSlice<int> out) {",
             "  auto i = simt::thread::index_1d();",
             "  int y = 0;",
             "  switch (in[i.get()]) {"]
    lines += ["    case %d: y = %d; break;" % (k, 7 * k + 1) for k in range(n)]
    lines += ["    default: y = -1; break;",
              "  }",
              "  if (auto o = out.get_mut(i)) *o = y;",
              "}"]
    return lines


def many_params(n, param, first):
    params = ", ".join(param % k for k in range(n))
    return ["[[kernel]] void many(%s, simt::DisjointSlice<int> out) {" % params,
            "  auto i = simt::thread::index_1d();",
            "  if (auto o = out.get_mut(i)) *o = %s;" % first,
            "}"]


def slices(n):
    return many_params(n, "simt::Slice<const int> s%d", "s0[i.get()]")


def ints(n):
    return many_params(n, "int v%d", "v0")


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    body = {"parens": parens, "switch": switch, "slices": slices, "ints": ints}[kind](n)
    print("\n".join(["#include <simt/kernel.hpp>", ""] + body))


if __name__ == "__main__":
    main()
