// simt's C++ attributes, registered with Clang's plugin attribute registry.
#pragma once

namespace simtc::frontend {

/// Makes sure the attribute registrations in attributes.cpp are linked in (a static
/// library drops an object file nothing refers to).
void ensure_attributes_registered();

}  // namespace simtc::frontend
