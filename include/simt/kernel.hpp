// The simt kernel language: everything a [[kernel]] function may use.
//
// Kernel files include this header and nothing from the host's standard library. The same
// header also compiles with a host C++ compiler (g++/clang++), where every device operation
// has a host implementation: editors understand kernel files, and tests run kernels on the
// CPU as a reference for the GPU (see simt/host.hpp).
#pragma once

#include "simt/device/config.hpp"
#include "simt/device/thread.hpp"
#include "simt/device/slice.hpp"
#include "simt/device/math.hpp"
#include "simt/device/bits.hpp"
#include "simt/device/print.hpp"
#include "simt/half.hpp"
#include "simt/device/atomic.hpp"
#include "simt/device/shared.hpp"
#include "simt/device/sync.hpp"
#include "simt/device/warp.hpp"
#include "simt/device/clock.hpp"
#include "simt/device/async_copy.hpp"
#include "simt/device/mma.hpp"
#include "simt/device/mbarrier.hpp"
#include "simt/device/pipeline.hpp"
#include "simt/device/tma.hpp"
#include "simt/device/warpgroup.hpp"
#include "simt/device/wgmma.hpp"
#include "simt/device/cluster.hpp"
#include "simt/device/constant.hpp"
