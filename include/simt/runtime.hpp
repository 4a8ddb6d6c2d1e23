// simt runtime: the host library generated kernel headers call to load PTX and launch kernels.
// Include this umbrella header, or the one header per concern under simt/runtime/.
#pragma once

#include "simt/half.hpp"
#include "simt/runtime/buffer.hpp"
#include "simt/runtime/context.hpp"
#include "simt/runtime/copy.hpp"
#include "simt/runtime/driver.hpp"
#include "simt/runtime/error.hpp"
#include "simt/runtime/event.hpp"
#include "simt/runtime/graph.hpp"
#include "simt/runtime/launch.hpp"
#include "simt/runtime/memory_pool.hpp"
#include "simt/runtime/module.hpp"
#include "simt/runtime/nccl.hpp"
#include "simt/runtime/stream.hpp"
#include "simt/runtime/stream_pool.hpp"
#include "simt/runtime/tensor_map.hpp"
#include "simt/runtime/view.hpp"
