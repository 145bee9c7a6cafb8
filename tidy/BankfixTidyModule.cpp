// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- BankfixTidyModule.cpp - The clang-tidy module of bankfix -----------===//
//
// Loaded into clang-tidy with --load=libbankfixTidy.so; registers the check
// bankfix-bank-conflict.
//
//===----------------------------------------------------------------------===//

#include "tidy/BankConflictTidyCheck.h"

#include "clang-tidy/ClangTidyModule.h"

namespace bankfix {
namespace {

class BankfixTidyModule : public clang::tidy::ClangTidyModule {
public:
  void
  addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<BankConflictTidyCheck>("bankfix-bank-conflict");
  }
};

} // namespace
} // namespace bankfix

static clang::tidy::ClangTidyModuleRegistry::Add<bankfix::BankfixTidyModule>
    X("bankfix-module", "Shared-memory bank conflicts in CUDA code.");
