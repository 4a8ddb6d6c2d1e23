// The text of the simt::ContractError that `f` throws, after checking its clause; a test
// failure when `f` throws something else or nothing.
#pragma once

#include <gtest/gtest.h>

#include <exception>
#include <string>

#include <simt/runtime/contract.hpp>

namespace simt_test {

template <class F>
std::string violation(simt::ContractClause clause, F&& f) {
  try {
    f();
  } catch (const simt::ContractError& e) {
    EXPECT_EQ(e.clause(), clause) << e.what();
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "threw something else: " << e.what();
    return {};
  }
  ADD_FAILURE() << "accepted";
  return {};
}

}  // namespace simt_test
