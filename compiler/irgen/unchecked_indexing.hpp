// [[simt::unchecked_indexing]]: where irgen leaves out the bounds checks of reads through
// simt's views. A view's checked accessor names its unchecked twin with
// SIMT_UNCHECKED_VARIANT("member") (Slice::operator[] -> get_unchecked); in a function that
// opts out of checks, a call to the accessor becomes a call to the twin. Nothing else changes:
// DisjointSlice::get_mut keeps its range check, which is what makes writes race-free.  [Clang]
#pragma once

namespace clang {
class FunctionDecl;
}

namespace simtc::irgen {

struct IrgenOptions;

/// True when reads in `fn` skip their bounds checks: under --unchecked-indexing, or when `fn`
/// (or the function a lambda `fn` is defined in) is marked [[simt::unchecked_indexing]].
bool unchecked_indexing(const IrgenOptions& options, const clang::FunctionDecl* fn);

/// The unchecked twin that `callee`'s SIMT_UNCHECKED_VARIANT names, or null.
const clang::FunctionDecl* unchecked_variant(const clang::FunctionDecl* callee);

}  // namespace simtc::irgen
