// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- HostValues.h - The values a host expression can have ---------------===//
//
// A launch's block shape, byte count and kernel are host expressions, often
// not constants where they are written: a local set in two branches
// (`nwarps = 4` or `8`), `?:`, `std::min` of constants, a helper returning
// one of a few values, a parameter of a launch wrapper (its value comes
// from each call), a member of a parameter struct (from the constructor's
// arguments or the aggregate's initialiser), a `cudaLaunchConfig_t` filled
// member by member, a kernel in a function pointer or an array of them.
// HostValues follows each of these to the finite set of values the
// expression can take, or says it cannot. Assignments count wherever they
// are in the function (not in order): the set may hold a value that is
// overwritten before the launch, never misses one. A variable whose address
// escapes, that is incremented, or passed by non-const reference, is not
// followed.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_HOSTVALUES_H
#define BANKFIX_HOSTVALUES_H

#include "core/model/BlockShape.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bankfix {

/// The calls of each function of the translation unit's own code.
class CallSites {
public:
  struct Call {
    const clang::CallExpr *Expr;
    const clang::FunctionDecl *Caller;
  };
  void add(const clang::FunctionDecl *Callee, Call C) {
    Calls[Callee].push_back(C);
  }
  const std::vector<Call> &of(const clang::FunctionDecl *Callee) const;

private:
  std::map<const clang::FunctionDecl *, std::vector<Call>> Calls;
};

/// A function and, when known, the call that entered it (its parameters
/// are that call's arguments, evaluated in Outer).
struct CallChain {
  const clang::FunctionDecl *Function = nullptr;
  const clang::CallExpr *Call = nullptr;
  const CallChain *Outer = nullptr;
};

/// The path from a value to the part of it wanted: members by name, "[]"
/// for any element of an array.
using MemberPath = std::vector<std::string>;

class HostValues {
public:
  /// At most this many values are followed; more is "not known".
  static constexpr size_t MaxValues = 16;

  /// A parameter's values come from the call of the CallChain it is asked
  /// in (the chains are built from CallSites).
  explicit HostValues(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The integers \p E (its member \p Path) can be in \p Chain.
  std::optional<std::vector<uint64_t>> integers(const clang::Expr *E,
                                                const CallChain &Chain,
                                                const MemberPath &Path = {});
  /// The block shapes (a dim3 or an integer) \p E can be; shapes that
  /// cannot launch (a zero extent, more than 1024 threads) are left out.
  std::optional<std::vector<BlockShape>> shapes(const clang::Expr *E,
                                                const CallChain &Chain,
                                                const MemberPath &Path = {});
  /// The kernels \p E (a function, a pointer to one, a variable or an
  /// array holding them) can name; null pointers are left out.
  std::optional<std::vector<const clang::FunctionDecl *>>
  kernels(const clang::Expr *E, const CallChain &Chain);

  /// Whether \p E reads a parameter of \p F (its value depends on the call).
  static bool readsParameter(const clang::Expr *E,
                             const clang::FunctionDecl *F);

private:
  struct Term {
    const clang::Expr *E;
    const CallChain *Chain;
  };
  /// The expressions \p E's member \p Path can be, each in its own chain;
  /// false when one cannot be followed.
  bool terms(const clang::Expr *E, const CallChain &Chain, MemberPath Path,
             std::vector<Term> &Out, unsigned Depth);
  bool memberOf(const clang::Expr *E, const CallChain &Chain,
                const MemberPath &Path, std::vector<Term> &Out, unsigned Depth);
  bool variable(const clang::VarDecl *V, const CallChain &Chain,
                const MemberPath &Path, std::vector<Term> &Out, unsigned Depth);
  std::optional<std::vector<uint64_t>> integerTerm(const Term &T,
                                                   unsigned Depth);
  std::optional<std::vector<uint64_t>> integers(const clang::Expr *E,
                                                const CallChain &Chain,
                                                const MemberPath &Path,
                                                unsigned Depth);
  /// What the body of \p F assigns to its variable \p V: each member
  /// path with the value given it, or Opaque when \p V changes in a way
  /// not followed. Worked out once per variable: every launch in a host
  /// function asks about the same few variables of its body.
  struct Assignments {
    std::vector<std::pair<MemberPath, const clang::Expr *>> Writes;
    bool Opaque = false;
  };
  const Assignments &assignmentsOf(const clang::VarDecl *V,
                                   const clang::FunctionDecl *F);
  /// The chains a call of \p Callee at \p Call in \p Chain opens.
  const CallChain *enter(const clang::CallExpr *Call,
                         const clang::FunctionDecl *Callee,
                         const CallChain &Chain);

  clang::ASTContext &Ctx;
  std::vector<std::unique_ptr<CallChain>> Entered;
  std::map<std::pair<const clang::VarDecl *, const clang::FunctionDecl *>,
           Assignments>
      KnownAssignments;
};

} // namespace bankfix

#endif // BANKFIX_HOSTVALUES_H
