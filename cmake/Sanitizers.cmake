# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sanitizer and fuzzer builds (clang only).
#
#   -DBANKFIX_SANITIZE=address,undefined   instrument every target
#   -DBANKFIX_FUZZ=ON                      also build the libFuzzer fuzzers
#                                          in fuzz/ (implies coverage
#                                          instrumentation of bankfix's code)
#
# UBSan runs with -fno-sanitize-recover: the first report fails the test.
# LLVM and Clang themselves are the distribution's (not instrumented).

set(BANKFIX_SANITIZE "" CACHE STRING
    "Sanitizers to build with, e.g. address,undefined (clang only)")
option(BANKFIX_FUZZ "Build the libFuzzer fuzzers in fuzz/ (clang only)" OFF)

if(BANKFIX_SANITIZE OR BANKFIX_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "BANKFIX_SANITIZE and BANKFIX_FUZZ need clang "
                        "(-DCMAKE_CXX_COMPILER=clang++-22)")
  endif()
endif()

if(BANKFIX_SANITIZE)
  set(flags -fsanitize=${BANKFIX_SANITIZE} -fno-omit-frame-pointer
            -fno-sanitize-recover=all)
  # UBSan's vptr check needs RTTI, which bankfixFrontend (like LLVM) has off.
  if(BANKFIX_SANITIZE MATCHES "undefined")
    list(APPEND flags -fno-sanitize=vptr)
  endif()
  add_compile_options(${flags})
  add_link_options(${flags})
  message(STATUS "bankfix: building with -fsanitize=${BANKFIX_SANITIZE}")
endif()

if(BANKFIX_FUZZ)
  # Coverage for libFuzzer everywhere; the fuzzer targets add the driver.
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
