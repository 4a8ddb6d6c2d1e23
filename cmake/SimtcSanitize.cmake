# SIMTC_SANITIZE=address builds every target with AddressSanitizer (LeakSanitizer included)
# and UndefinedBehaviorSanitizer. It applies to the whole build, so libraries loaded at run
# time (the runtime tests' fake driver, dlopen'd) carry the same instrumentation as the
# programs that load them. cmake/dev.sh test runs the runtime's unit tests this way.
# SIMTC_SANITIZE=thread builds with ThreadSanitizer (the host reference tells it about its
# fibers' stack switches: simt/device/host_fibers.hpp).
set(SIMTC_SANITIZE "" CACHE STRING "Sanitizers to build with: empty (none), 'address' (ASan, LSan, UBSan) or 'thread' (TSan)")
set_property(CACHE SIMTC_SANITIZE PROPERTY STRINGS "" address thread)
if(SIMTC_SANITIZE STREQUAL "address")
  # No recovery from undefined behaviour: the first report fails the test that ran into it.
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
elseif(SIMTC_SANITIZE STREQUAL "thread")
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
elseif(NOT SIMTC_SANITIZE STREQUAL "")
  message(FATAL_ERROR "SIMTC_SANITIZE='${SIMTC_SANITIZE}': the sanitizer builds are 'address' and 'thread' (or empty for none)")
endif()
