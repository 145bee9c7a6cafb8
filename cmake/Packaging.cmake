# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installing and packaging.
#
#   cmake --install build --prefix DIR    bin/bankfix, lib/bankfix/libbankfixTidy.so
#                                         (the clang-tidy module),
#                                         share/man/man1/bankfix.1.gz,
#                                         share/doc/bankfix/copyright
#   cpack --config build/CPackConfig.cmake -B DIR
#                                         DIR/bankfix_VERSION_ARCH.deb
#
# The .deb's dependencies: the shared libraries bankfix and the module link
# (dpkg-shlibdeps finds libclang-cpp22, libllvm22, libstdc++6, libc6), and
# libclang-common-22-dev, which holds Clang's builtin headers that bankfix
# parses with (BANKFIX_CLANG_RESOURCE_DIR). libclang-cpp22's own shlibs file
# asks for at least the release it was built against (1:22.1.8), which
# rejects every other 22.1 release with the same soname, and every package of
# apt.llvm.org (its versions read 1:22.1.8~++DATE..., lower than 1:22.1.8);
# DebShlibsLocal.cmake replaces that with the soname's release, 1:22.1~.

install(TARGETS bankfix RUNTIME DESTINATION bin)
if(TARGET bankfixTidy)
  install(TARGETS bankfixTidy LIBRARY DESTINATION lib/bankfix)
endif()
install(FILES ${CMAKE_BINARY_DIR}/bankfix.1.gz DESTINATION share/man/man1)
# The licence, as a Debian copyright file (DEP-5); the full Apache-2.0 text
# is in /usr/share/common-licenses on Debian and in LICENSE.
install(FILES ${PROJECT_SOURCE_DIR}/cmake/copyright DESTINATION share/doc/bankfix)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/docs/ci.md
              ${PROJECT_SOURCE_DIR}/docs/bankfix-ci.yml
              ${PROJECT_SOURCE_DIR}/docs/bankfix-gitlab-ci.yml
        DESTINATION share/doc/bankfix)

# The package Clang's resource directory belongs to.
execute_process(
  COMMAND dpkg-query -S "${BANKFIX_CLANG_RESOURCE_DIR}/include/__clang_cuda_builtin_vars.h"
  OUTPUT_VARIABLE BANKFIX_RESOURCE_PACKAGE
  RESULT_VARIABLE BANKFIX_RESOURCE_PACKAGE_STATUS
  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(BANKFIX_RESOURCE_PACKAGE_STATUS EQUAL 0)
  string(REGEX REPLACE "[:,].*" "" BANKFIX_RESOURCE_PACKAGE
         "${BANKFIX_RESOURCE_PACKAGE}")
else()
  set(BANKFIX_RESOURCE_PACKAGE "libclang-common-${LLVM_VERSION_MAJOR}-dev")
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME bankfix)
set(CPACK_PACKAGE_VENDOR bankfix)
set(CPACK_PACKAGE_CONTACT "bankfix maintainers <bankfix@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "finds shared-memory bank conflicts in CUDA code and pads them away")
set(CPACK_PACKAGE_DESCRIPTION
    "bankfix reads CUDA sources, reports the shared-memory accesses whose\n\
lanes collide on a bank, and offers the padding fix. Includes the\n\
clang-tidy module libbankfixTidy.so (check bankfix-bank-conflict).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "${BANKFIX_RESOURCE_PACKAGE}")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clang-tidy-${LLVM_VERSION_MAJOR}, nvidia-cuda-toolkit")
set(CPACK_STRIP_FILES ON)
# The lowest release each LLVM library's soname accepts, for dpkg-shlibdeps.
set(BANKFIX_DEB_LLVM_RELEASE "${LLVM_VERSION_MAJOR}.${LLVM_VERSION_MINOR}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/DebShlibsLocal.cmake.in
  ${CMAKE_BINARY_DIR}/DebShlibsLocal.cmake @ONLY)
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_BINARY_DIR}/DebShlibsLocal.cmake)
include(CPack)
