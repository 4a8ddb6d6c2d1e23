// The corpus's shared-memory kernels (tests/corpus/, each labelled racy simt-shared-race or
// race-free for the checker) run on the host with the race detector on: the racy ones report
// a race, the race-free ones none, in index order and in a shuffled one.
#include <simt/host.hpp>

#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

namespace aliasing_const_reference_alias {
#include "../../corpus/aliasing/const_reference_alias.cpp"
}  // namespace aliasing_const_reference_alias

namespace aliasing_dynamic_view_in_helper {
#include "../../corpus/aliasing/dynamic_view_in_helper.cpp"
}  // namespace aliasing_dynamic_view_in_helper

namespace aliasing_generic_lambda_after_barrier {
#include "../../corpus/aliasing/generic_lambda_after_barrier.cpp"
}  // namespace aliasing_generic_lambda_after_barrier

namespace aliasing_helper_missing_trailing_barrier {
#include "../../corpus/aliasing/helper_missing_trailing_barrier.cpp"
}  // namespace aliasing_helper_missing_trailing_barrier

namespace aliasing_helper_reads_after_barrier {
#include "../../corpus/aliasing/helper_reads_after_barrier.cpp"
}  // namespace aliasing_helper_reads_after_barrier

namespace aliasing_helper_reads_neighbour {
#include "../../corpus/aliasing/helper_reads_neighbour.cpp"
}  // namespace aliasing_helper_reads_neighbour

namespace aliasing_helper_with_its_own_barrier {
#include "../../corpus/aliasing/helper_with_its_own_barrier.cpp"
}  // namespace aliasing_helper_with_its_own_barrier

namespace aliasing_helpers_write_and_read {
#include "../../corpus/aliasing/helpers_write_and_read.cpp"
}  // namespace aliasing_helpers_write_and_read

namespace aliasing_index_copy_arithmetic {
#include "../../corpus/aliasing/index_copy_arithmetic.cpp"
}  // namespace aliasing_index_copy_arithmetic

namespace aliasing_index_copy_own_slot {
#include "../../corpus/aliasing/index_copy_own_slot.cpp"
}  // namespace aliasing_index_copy_own_slot

namespace aliasing_lambda_reads_neighbour {
#include "../../corpus/aliasing/lambda_reads_neighbour.cpp"
}  // namespace aliasing_lambda_reads_neighbour

namespace aliasing_lambda_writes_then_barrier {
#include "../../corpus/aliasing/lambda_writes_then_barrier.cpp"
}  // namespace aliasing_lambda_writes_then_barrier

namespace aliasing_second_dynamic_view {
#include "../../corpus/aliasing/second_dynamic_view.cpp"
}  // namespace aliasing_second_dynamic_view

namespace aliasing_second_dynamic_view_barrier {
#include "../../corpus/aliasing/second_dynamic_view_barrier.cpp"
}  // namespace aliasing_second_dynamic_view_barrier

namespace aliasing_second_dynamic_view_own_slot {
#include "../../corpus/aliasing/second_dynamic_view_own_slot.cpp"
}  // namespace aliasing_second_dynamic_view_own_slot

namespace aliasing_static_and_dynamic {
#include "../../corpus/aliasing/static_and_dynamic.cpp"
}  // namespace aliasing_static_and_dynamic

namespace aliasing_struct_view_reads {
#include "../../corpus/aliasing/struct_view_reads.cpp"
}  // namespace aliasing_struct_view_reads

namespace aliasing_template_helper_barrier {
#include "../../corpus/aliasing/template_helper_barrier.cpp"
}  // namespace aliasing_template_helper_barrier

namespace aliasing_two_arrays_distinct {
#include "../../corpus/aliasing/two_arrays_distinct.cpp"
}  // namespace aliasing_two_arrays_distinct

namespace atomics_atomic_ticket_reads {
#include "../../corpus/atomics/atomic_ticket_reads.cpp"
}  // namespace atomics_atomic_ticket_reads

namespace barrier_and_barrier_separates {
#include "../../corpus/barrier/and_barrier_separates.cpp"
}  // namespace barrier_and_barrier_separates

namespace barrier_barrier_in_unsafe_block {
#include "../../corpus/barrier/barrier_in_unsafe_block.cpp"
}  // namespace barrier_barrier_in_unsafe_block

namespace loops_unrolled_constant_rounds {
#include "../../corpus/loops/unrolled_constant_rounds.cpp"
}  // namespace loops_unrolled_constant_rounds

namespace reduction_dynamic_shared_tree {
#include "../../corpus/reduction/dynamic_shared_tree.cpp"
}  // namespace reduction_dynamic_shared_tree

namespace reduction_interleaved_correct {
#include "../../corpus/reduction/interleaved_correct.cpp"
}  // namespace reduction_interleaved_correct

namespace reduction_interleaved_no_barrier {
#include "../../corpus/reduction/interleaved_no_barrier.cpp"
}  // namespace reduction_interleaved_no_barrier

namespace reduction_tree_then_pair_read {
#include "../../corpus/reduction/tree_then_pair_read.cpp"
}  // namespace reduction_tree_then_pair_read

namespace reduction_tree_then_pair_read_no_round_barrier {
#include "../../corpus/reduction/tree_then_pair_read_no_round_barrier.cpp"
}  // namespace reduction_tree_then_pair_read_no_round_barrier

namespace reduction_two_arrays_missing_barrier {
#include "../../corpus/reduction/two_arrays_missing_barrier.cpp"
}  // namespace reduction_two_arrays_missing_barrier

namespace reduction_warp_synchronous_tail {
#include "../../corpus/reduction/warp_synchronous_tail.cpp"
}  // namespace reduction_warp_synchronous_tail

namespace reduction_warp_synchronous_tail_syncwarp {
#include "../../corpus/reduction/warp_synchronous_tail_syncwarp.cpp"
}  // namespace reduction_warp_synchronous_tail_syncwarp

namespace strided_broadcast_barrier {
#include "../../corpus/strided/broadcast_barrier.cpp"
}  // namespace strided_broadcast_barrier

namespace strided_broadcast_no_barrier {
#include "../../corpus/strided/broadcast_no_barrier.cpp"
}  // namespace strided_broadcast_no_barrier

namespace strided_byte_index_wraps {
#include "../../corpus/strided/byte_index_wraps.cpp"
}  // namespace strided_byte_index_wraps

namespace strided_byte_neighbour_no_barrier {
#include "../../corpus/strided/byte_neighbour_no_barrier.cpp"
}  // namespace strided_byte_neighbour_no_barrier

namespace strided_double_stride_barrier {
#include "../../corpus/strided/double_stride_barrier.cpp"
}  // namespace strided_double_stride_barrier

namespace strided_double_stride_no_barrier {
#include "../../corpus/strided/double_stride_no_barrier.cpp"
}  // namespace strided_double_stride_no_barrier

namespace strided_even_writers_odd_readers {
#include "../../corpus/strided/even_writers_odd_readers.cpp"
}  // namespace strided_even_writers_odd_readers

namespace strided_even_writers_odd_slots {
#include "../../corpus/strided/even_writers_odd_slots.cpp"
}  // namespace strided_even_writers_odd_slots

namespace strided_float_computed_index {
#include "../../corpus/strided/float_computed_index.cpp"
}  // namespace strided_float_computed_index

namespace strided_guarded_low_writers {
#include "../../corpus/strided/guarded_low_writers.cpp"
}  // namespace strided_guarded_low_writers

namespace strided_half_index_no_barrier {
#include "../../corpus/strided/half_index_no_barrier.cpp"
}  // namespace strided_half_index_no_barrier

namespace strided_halfword_own_slots {
#include "../../corpus/strided/halfword_own_slots.cpp"
}  // namespace strided_halfword_own_slots

namespace strided_mask_own_slot {
#include "../../corpus/strided/mask_own_slot.cpp"
}  // namespace strided_mask_own_slot

namespace strided_min_clamped_neighbour {
#include "../../corpus/strided/min_clamped_neighbour.cpp"
}  // namespace strided_min_clamped_neighbour

namespace strided_quarter_shift_guarded {
#include "../../corpus/strided/quarter_shift_guarded.cpp"
}  // namespace strided_quarter_shift_guarded

namespace strided_reverse_barrier {
#include "../../corpus/strided/reverse_barrier.cpp"
}  // namespace strided_reverse_barrier

namespace strided_reverse_no_barrier {
#include "../../corpus/strided/reverse_no_barrier.cpp"
}  // namespace strided_reverse_no_barrier

namespace strided_rotate_33_of_64 {
#include "../../corpus/strided/rotate_33_of_64.cpp"
}  // namespace strided_rotate_33_of_64

namespace strided_rotate_full_turn {
#include "../../corpus/strided/rotate_full_turn.cpp"
}  // namespace strided_rotate_full_turn

namespace strided_shift_minus_one_barrier {
#include "../../corpus/strided/shift_minus_one_barrier.cpp"
}  // namespace strided_shift_minus_one_barrier

namespace strided_shift_minus_one_no_barrier {
#include "../../corpus/strided/shift_minus_one_no_barrier.cpp"
}  // namespace strided_shift_minus_one_no_barrier

namespace strided_shift_plus_one_barrier {
#include "../../corpus/strided/shift_plus_one_barrier.cpp"
}  // namespace strided_shift_plus_one_barrier

namespace strided_shift_plus_one_no_barrier {
#include "../../corpus/strided/shift_plus_one_no_barrier.cpp"
}  // namespace strided_shift_plus_one_no_barrier

namespace strided_stride_32_no_barrier {
#include "../../corpus/strided/stride_32_no_barrier.cpp"
}  // namespace strided_stride_32_no_barrier

namespace strided_turn_by_turn_write {
#include "../../corpus/strided/turn_by_turn_write.cpp"
}  // namespace strided_turn_by_turn_write

namespace strided_upper_half_unwritten {
#include "../../corpus/strided/upper_half_unwritten.cpp"
}  // namespace strided_upper_half_unwritten

namespace strided_war_read_barrier_write {
#include "../../corpus/strided/war_read_barrier_write.cpp"
}  // namespace strided_war_read_barrier_write

namespace strided_war_read_then_write {
#include "../../corpus/strided/war_read_then_write.cpp"
}  // namespace strided_war_read_then_write

namespace strided_xor_one_barrier {
#include "../../corpus/strided/xor_one_barrier.cpp"
}  // namespace strided_xor_one_barrier

namespace strided_xor_one_no_barrier {
#include "../../corpus/strided/xor_one_no_barrier.cpp"
}  // namespace strided_xor_one_no_barrier

namespace strided_xor_sixteen_barrier {
#include "../../corpus/strided/xor_sixteen_barrier.cpp"
}  // namespace strided_xor_sixteen_barrier

namespace unsafe_pairwise_tree_at_mut {
#include "../../corpus/unsafe/pairwise_tree_at_mut.cpp"
}  // namespace unsafe_pairwise_tree_at_mut

namespace unsafe_safe_write_unsafe_read {
#include "../../corpus/unsafe/safe_write_unsafe_read.cpp"
}  // namespace unsafe_safe_write_unsafe_read

namespace unsafe_strided_at_mut {
#include "../../corpus/unsafe/strided_at_mut.cpp"
}  // namespace unsafe_strided_at_mut

namespace unsafe_unsafe_broadcast_early_read {
#include "../../corpus/unsafe/unsafe_broadcast_early_read.cpp"
}  // namespace unsafe_unsafe_broadcast_early_read

namespace unsafe_unsafe_write_safe_read {
#include "../../corpus/unsafe/unsafe_write_safe_read.cpp"
}  // namespace unsafe_unsafe_write_safe_read

namespace warp_shared_exchange_no_sync {
#include "../../corpus/warp/shared_exchange_no_sync.cpp"
}  // namespace warp_shared_exchange_no_sync

namespace warp_shared_exchange_syncwarp {
#include "../../corpus/warp/shared_exchange_syncwarp.cpp"
}  // namespace warp_shared_exchange_syncwarp

namespace warp_syncwarp_across_warps {
#include "../../corpus/warp/syncwarp_across_warps.cpp"
}  // namespace warp_syncwarp_across_warps

namespace {

struct Case {
  const char* file;
  void (*kernel)(simt::DisjointSlice<float>);
  std::uint32_t threads;
  bool racy;
};

// Dynamic shared memory: 16 bytes a thread, enough for the views these kernels take.
const Case kCases[] = {
    {"aliasing/const_reference_alias.cpp", aliasing_const_reference_alias::k, 128, true},
    {"aliasing/dynamic_view_in_helper.cpp", aliasing_dynamic_view_in_helper::k, 64, true},
    {"aliasing/generic_lambda_after_barrier.cpp", aliasing_generic_lambda_after_barrier::k, 64, false},
    {"aliasing/helper_missing_trailing_barrier.cpp", aliasing_helper_missing_trailing_barrier::k, 64, true},
    {"aliasing/helper_reads_after_barrier.cpp", aliasing_helper_reads_after_barrier::k, 64, false},
    {"aliasing/helper_reads_neighbour.cpp", aliasing_helper_reads_neighbour::k, 64, true},
    {"aliasing/helper_with_its_own_barrier.cpp", aliasing_helper_with_its_own_barrier::k, 64, false},
    {"aliasing/helpers_write_and_read.cpp", aliasing_helpers_write_and_read::k, 64, false},
    {"aliasing/index_copy_arithmetic.cpp", aliasing_index_copy_arithmetic::k, 64, true},
    {"aliasing/index_copy_own_slot.cpp", aliasing_index_copy_own_slot::k, 64, false},
    {"aliasing/lambda_reads_neighbour.cpp", aliasing_lambda_reads_neighbour::k, 64, true},
    {"aliasing/lambda_writes_then_barrier.cpp", aliasing_lambda_writes_then_barrier::k, 64, false},
    {"aliasing/second_dynamic_view.cpp", aliasing_second_dynamic_view::k, 128, true},
    {"aliasing/second_dynamic_view_barrier.cpp", aliasing_second_dynamic_view_barrier::k, 128, false},
    {"aliasing/second_dynamic_view_own_slot.cpp", aliasing_second_dynamic_view_own_slot::k, 128, false},
    {"aliasing/static_and_dynamic.cpp", aliasing_static_and_dynamic::k, 64, false},
    {"aliasing/struct_view_reads.cpp", aliasing_struct_view_reads::k, 64, true},
    {"aliasing/template_helper_barrier.cpp", aliasing_template_helper_barrier::k, 32, false},
    {"aliasing/two_arrays_distinct.cpp", aliasing_two_arrays_distinct::k, 64, false},
    {"atomics/atomic_ticket_reads.cpp", atomics_atomic_ticket_reads::k, 64, false},
    {"barrier/and_barrier_separates.cpp", barrier_and_barrier_separates::k, 128, false},
    {"barrier/barrier_in_unsafe_block.cpp", barrier_barrier_in_unsafe_block::k, 128, false},
    {"loops/unrolled_constant_rounds.cpp", loops_unrolled_constant_rounds::k, 128, false},
    {"reduction/dynamic_shared_tree.cpp", reduction_dynamic_shared_tree::k, 128, false},
    {"reduction/interleaved_correct.cpp", reduction_interleaved_correct::k, 128, false},
    {"reduction/interleaved_no_barrier.cpp", reduction_interleaved_no_barrier::k, 128, true},
    {"reduction/tree_then_pair_read.cpp", reduction_tree_then_pair_read::k, 256, false},
    {"reduction/tree_then_pair_read_no_round_barrier.cpp", reduction_tree_then_pair_read_no_round_barrier::k, 256, true},
    {"reduction/two_arrays_missing_barrier.cpp", reduction_two_arrays_missing_barrier::k, 64, true},
    {"reduction/warp_synchronous_tail.cpp", reduction_warp_synchronous_tail::k, 256, true},
    {"reduction/warp_synchronous_tail_syncwarp.cpp", reduction_warp_synchronous_tail_syncwarp::k, 256, false},
    {"strided/broadcast_barrier.cpp", strided_broadcast_barrier::k, 128, false},
    {"strided/broadcast_no_barrier.cpp", strided_broadcast_no_barrier::k, 128, true},
    {"strided/byte_index_wraps.cpp", strided_byte_index_wraps::k, 256, true},
    {"strided/byte_neighbour_no_barrier.cpp", strided_byte_neighbour_no_barrier::k, 128, true},
    {"strided/double_stride_barrier.cpp", strided_double_stride_barrier::k, 256, false},
    {"strided/double_stride_no_barrier.cpp", strided_double_stride_no_barrier::k, 128, true},
    {"strided/even_writers_odd_readers.cpp", strided_even_writers_odd_readers::k, 128, true},
    {"strided/even_writers_odd_slots.cpp", strided_even_writers_odd_slots::k, 128, false},
    {"strided/float_computed_index.cpp", strided_float_computed_index::k, 64, true},
    {"strided/guarded_low_writers.cpp", strided_guarded_low_writers::k, 64, false},
    {"strided/half_index_no_barrier.cpp", strided_half_index_no_barrier::k, 128, true},
    {"strided/halfword_own_slots.cpp", strided_halfword_own_slots::k, 128, false},
    {"strided/mask_own_slot.cpp", strided_mask_own_slot::k, 64, false},
    {"strided/min_clamped_neighbour.cpp", strided_min_clamped_neighbour::k, 64, true},
    {"strided/quarter_shift_guarded.cpp", strided_quarter_shift_guarded::k, 64, true},
    {"strided/reverse_barrier.cpp", strided_reverse_barrier::k, 128, false},
    {"strided/reverse_no_barrier.cpp", strided_reverse_no_barrier::k, 128, true},
    {"strided/rotate_33_of_64.cpp", strided_rotate_33_of_64::k, 64, true},
    {"strided/rotate_full_turn.cpp", strided_rotate_full_turn::k, 128, false},
    {"strided/shift_minus_one_barrier.cpp", strided_shift_minus_one_barrier::k, 128, false},
    {"strided/shift_minus_one_no_barrier.cpp", strided_shift_minus_one_no_barrier::k, 128, true},
    {"strided/shift_plus_one_barrier.cpp", strided_shift_plus_one_barrier::k, 128, false},
    {"strided/shift_plus_one_no_barrier.cpp", strided_shift_plus_one_no_barrier::k, 128, true},
    {"strided/stride_32_no_barrier.cpp", strided_stride_32_no_barrier::k, 256, true},
    {"strided/turn_by_turn_write.cpp", strided_turn_by_turn_write::k, 64, true},
    {"strided/upper_half_unwritten.cpp", strided_upper_half_unwritten::k, 64, false},
    {"strided/war_read_barrier_write.cpp", strided_war_read_barrier_write::k, 64, false},
    {"strided/war_read_then_write.cpp", strided_war_read_then_write::k, 64, true},
    {"strided/xor_one_barrier.cpp", strided_xor_one_barrier::k, 64, false},
    {"strided/xor_one_no_barrier.cpp", strided_xor_one_no_barrier::k, 64, true},
    {"strided/xor_sixteen_barrier.cpp", strided_xor_sixteen_barrier::k, 64, false},
    {"unsafe/pairwise_tree_at_mut.cpp", unsafe_pairwise_tree_at_mut::k, 128, false},
    {"unsafe/safe_write_unsafe_read.cpp", unsafe_safe_write_unsafe_read::k, 64, true},
    {"unsafe/strided_at_mut.cpp", unsafe_strided_at_mut::k, 64, false},
    {"unsafe/unsafe_broadcast_early_read.cpp", unsafe_unsafe_broadcast_early_read::k, 128, true},
    {"unsafe/unsafe_write_safe_read.cpp", unsafe_unsafe_write_safe_read::k, 64, true},
    {"warp/shared_exchange_no_sync.cpp", warp_shared_exchange_no_sync::k, 64, true},
    {"warp/shared_exchange_syncwarp.cpp", warp_shared_exchange_syncwarp::k, 64, false},
    {"warp/syncwarp_across_warps.cpp", warp_syncwarp_across_warps::k, 64, true},
};

class HostRacecheckCorpus : public testing::TestWithParam<Case> {};

TEST_P(HostRacecheckCorpus, RacyOnesReportRaceFreeOnesDoNot) {
  const Case& c = GetParam();
  for (int shuffled = 0; shuffled < 2; ++shuffled) {
    std::vector<float> out(4096, 0.0f);
    simt::host::LaunchOptions o;
    o.detect_races = true;
    if (shuffled) o.schedule_seed = 7;
    testing::internal::CaptureStderr();
    const auto r = simt::host::launch_with(o, simt::host::LaunchSpec{{1, 1, 1}, {c.threads, 1, 1}, 16 * c.threads},
                                           c.kernel, simt::host::disjoint(out));
    const std::string err = testing::internal::GetCapturedStderr();
    if (c.racy)
      EXPECT_GT(r.race_count, 0u) << c.file << (shuffled ? " (shuffled)" : "");
    else
      EXPECT_EQ(r.race_count, 0u) << c.file << (shuffled ? " (shuffled)" : "") << "\n" << err;
  }
}

INSTANTIATE_TEST_SUITE_P(Corpus, HostRacecheckCorpus, testing::ValuesIn(kCases),
                         [](const testing::TestParamInfo<Case>& info) {
                           std::string name = info.param.file;
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

}  // namespace
