// The pass pipeline the driver runs between irgen and codegen.
#pragma once

#include "passes/pipeline.hpp"

namespace simtc::passes {

/// simplify-cfg, then dce.
Pipeline default_pipeline();

}  // namespace simtc::passes
