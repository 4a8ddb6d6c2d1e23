// The host rules, each in a file of its own, run on the AST of a host file.  [Clang]
#pragma once

#include <clang/AST/ASTContext.h>

namespace simtc::host {

/// simt-launch-alias (launch_alias.cpp): a launch that passes one buffer as a kernel's written
/// output and as another of its arguments.
void check_launch_alias(clang::ASTContext& context);

}  // namespace simtc::host
