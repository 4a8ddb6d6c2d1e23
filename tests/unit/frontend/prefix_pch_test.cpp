// Which kernel files may load the precompiled simt/kernel.hpp: those where the include is the
// first thing Clang would see. Everything else must parse the header itself.
#include "frontend/prefix_pch.hpp"

#include <gtest/gtest.h>

namespace {

using simtc::frontend::starts_with_kernel_include;

TEST(PrefixPch, IncludeFirst) {
  EXPECT_TRUE(starts_with_kernel_include("#include <simt/kernel.hpp>\n[[kernel]] void k() {}\n"));
  EXPECT_TRUE(starts_with_kernel_include("#include <simt/kernel.hpp>"));
  EXPECT_TRUE(starts_with_kernel_include("  #  include\t<simt/kernel.hpp>  \r\n"));
  EXPECT_TRUE(starts_with_kernel_include("#include <simt/kernel.hpp>  // the kernel language\n"));
}

TEST(PrefixPch, CommentsAndByteOrderMarkBefore) {
  EXPECT_TRUE(starts_with_kernel_include("// saxpy\n//\n\n#include <simt/kernel.hpp>\n"));
  EXPECT_TRUE(starts_with_kernel_include("/* one\n   two */ #include <simt/kernel.hpp>\n"));
  EXPECT_TRUE(starts_with_kernel_include("\xEF\xBB\xBF#include <simt/kernel.hpp>\n"));
  // A line comment continued by a backslash hides the next line.
  EXPECT_FALSE(starts_with_kernel_include("// note \\\n#include <simt/kernel.hpp>\n"));
  EXPECT_FALSE(starts_with_kernel_include("/* never closed\n#include <simt/kernel.hpp>\n"));
}

TEST(PrefixPch, SomethingElseFirst) {
  EXPECT_FALSE(starts_with_kernel_include("#define N 4\n#include <simt/kernel.hpp>\n"));
  EXPECT_FALSE(starts_with_kernel_include("#pragma once\n#include <simt/kernel.hpp>\n"));
  EXPECT_FALSE(starts_with_kernel_include("#include \"common.hpp\"\n#include <simt/kernel.hpp>\n"));
  EXPECT_FALSE(starts_with_kernel_include("int x;\n#include <simt/kernel.hpp>\n"));
  EXPECT_FALSE(starts_with_kernel_include(""));
}

TEST(PrefixPch, OnlyThatDirective) {
  // Quotes search the file's own directory first: another header may be found.
  EXPECT_FALSE(starts_with_kernel_include("#include \"simt/kernel.hpp\"\n"));
  EXPECT_FALSE(starts_with_kernel_include("#include <simt/kernel.hpp> int x;\n"));
  EXPECT_FALSE(starts_with_kernel_include("#include <simt/kernel.hpp>/* a */ int x;\n"));
  EXPECT_FALSE(starts_with_kernel_include("#include <simt/kernel.hpp\n"));
  EXPECT_FALSE(starts_with_kernel_include("#include <simt/host.hpp>\n"));
  EXPECT_FALSE(starts_with_kernel_include("#include_next <simt/kernel.hpp>\n"));
  EXPECT_FALSE(starts_with_kernel_include("#import <simt/kernel.hpp>\n"));
  EXPECT_FALSE(starts_with_kernel_include("#include \\\n<simt/kernel.hpp>\n"));
}

}  // namespace
