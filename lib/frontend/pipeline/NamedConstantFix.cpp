// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NamedConstantFix.cpp - Padding rows where their macro is defined ---===//

#include "frontend/pipeline/NamedConstantFix.h"

#include "frontend/fix/FixEdit.h"
#include "frontend/fix/KernelBudgets.h"
#include "frontend/fix/StatementStack.h"
#include "frontend/fix/UnsafeUses.h"
#include "frontend/parse/UserDecls.h"
#include "frontend/report/SourcePlace.h"
#include "frontend/walk/TensorTiles.h"

#include "clang/AST/Attr.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Regex.h"

#include <set>

using namespace clang;

namespace bankfix {

namespace {

std::string declKey(const SourceManager &SM, const VarDecl &V) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(V.getLocation()));
  if (P.isInvalid())
    return "";
  return std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) +
         ":" + std::to_string(P.getColumn());
}

/// Whether \p Parent has \p Child as an added term: either operand of
/// `+`, the left one of `-`, or all of a parenthesis or implicit cast.
bool addsTerm(const Stmt *Parent, const Stmt *Child) {
  if (const auto *B = dyn_cast<BinaryOperator>(Parent))
    return B->getOpcode() == BO_Add ||
           (B->getOpcode() == BO_Sub && B->getLHS() == Child);
  return isa<ParenExpr>(Parent) || isa<ImplicitCastExpr>(Parent);
}

/// A macro defined as one decimal number on its own line, whose number an
/// extent adds.
struct PaddingMacro {
  std::string Name;
  SourceLocation Number; ///< the number in its #define
  uint64_t Value = 0;
};

/// `#define NAME 16`, a comment allowed after it.
bool definedAsNumber(const SourceManager &SM, SourceLocation Number,
                     const std::string &Name) {
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(SM.getFileID(Number), &Invalid);
  if (Invalid)
    return false;
  unsigned Offset = SM.getFileOffset(Number);
  size_t Begin = Buffer.rfind('\n', Offset);
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  size_t End = Buffer.find('\n', Offset);
  StringRef Line = Buffer.slice(Begin, End).rtrim("\r");
  llvm::Regex Define("^[ \t]*#[ \t]*define[ \t]+" + Name +
                     "[ \t]+(0|[1-9][0-9]*)[ \t]*(//.*|/\\*([^*]|\\*+[^*/])*"
                     "\\*+/[ \t]*)?$");
  return Define.match(Line);
}

/// The integer literals that are added terms of \p E (\p E itself, or
/// through addsTerm).
void addedLiterals(const Expr *E, std::vector<const IntegerLiteral *> &Out) {
  if (const auto *L = dyn_cast<IntegerLiteral>(E)) {
    Out.push_back(L);
    return;
  }
  for (const Stmt *Child : E->children())
    if (const auto *C = dyn_cast_or_null<Expr>(Child); C && addsTerm(E, C))
      addedLiterals(C, Out);
}

/// The padding macros whose number \p Extent adds, in source order.
std::vector<PaddingMacro> paddingMacrosIn(ASTContext &Ctx, const Expr *Extent) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<PaddingMacro> Out;
  std::vector<const IntegerLiteral *> Added;
  // The macro must be a term of a sum: a macro that is the whole extent
  // (TILE_DIM) sizes the data, not the padding.
  if (!isa<IntegerLiteral>(Extent->IgnoreParenImpCasts()))
    addedLiterals(Extent, Added);
  for (const IntegerLiteral *L : Added) {
    SourceLocation Loc = L->getLocation();
    if (!Loc.isMacroID())
      continue;
    std::string Name =
        Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts()).str();
    SourceLocation Number = SM.getSpellingLoc(Loc);
    if (Name.empty() || SM.isInSystemHeader(Number) ||
        !definedAsNumber(SM, Number, Name))
      continue;
    Out.push_back({Name, Number, L->getValue().getZExtValue()});
  }
  return Out;
}

/// A number written by a macro in the user's code: the sums it is an
/// added term of, innermost first, the outermost of them (Top) and what
/// holds it (null at a declaration: an extent, an initialiser), and the
/// whole arithmetic expression around it (Outer).
struct MacroNumber {
  const IntegerLiteral *Literal = nullptr;
  std::vector<const BinaryOperator *> Sums;
  const Stmt *Top = nullptr, *Parent = nullptr, *Outer = nullptr;
  bool InDevice = false; ///< in a kernel or device function
};

/// Whether \p S holds a sizeof: a byte count.
bool countsBytes(const Stmt *S) {
  if (const auto *T = dyn_cast<UnaryExprOrTypeTraitExpr>(S))
    if (T->getKind() == UETT_SizeOf)
      return true;
  for (const Stmt *Child : S->children())
    if (Child && countsBytes(Child))
      return true;
  return false;
}

/// The shared arrays of the translation unit (each instantiation's too),
/// and every number of the user's code that a macro wrote.
class UnitScan : public StatementStackVisitor {
public:
  UnitScan() { ShouldVisitTemplateInstantiations = true; }
  bool TraverseDecl(Decl *D) override {
    // Dependent code is seen in its instantiations.
    if (const auto *DC = dyn_cast_or_null<DeclContext>(D))
      if (DC->isDependentContext() && !isa<TranslationUnitDecl>(D))
        return true;
    const FunctionDecl *Saved = Function;
    if (const auto *F = dyn_cast_or_null<FunctionDecl>(D))
      Function = F;
    bool Result = traverseDeclBelowNull(D);
    Function = Saved;
    return Result;
  }
  bool VisitVarDecl(VarDecl *V) override {
    if (V->hasAttr<CUDASharedAttr>() && V->getType()->isArrayType())
      Shared.push_back(V);
    return true;
  }
  /// Asynchronous copies (`cuda::memcpy_async`, `__pipeline_memcpy_async`)
  /// and the shared arrays their destination names.
  bool VisitCallExpr(CallExpr *Call) override {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F || !F->getIdentifier() || Call->getNumArgs() == 0 ||
        !F->getName().contains("memcpy_async"))
      return true;
    struct Names : DynamicRecursiveASTVisitor {
      std::vector<const VarDecl *> Found;
      bool VisitDeclRefExpr(DeclRefExpr *Ref) override {
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
          Found.push_back(V);
        return true;
      }
    };
    // Any argument: the destination comes first, or second after a
    // cooperative group.
    for (const Expr *Arg : Call->arguments()) {
      Names N;
      N.TraverseStmt(const_cast<Expr *>(Arg));
      for (const VarDecl *V : N.Found)
        AsyncCopies.push_back({Call, V});
    }
    return true;
  }
  bool VisitIntegerLiteral(IntegerLiteral *L) override {
    if (!L->getLocation().isMacroID())
      return true;
    MacroNumber N;
    N.Literal = L;
    N.InDevice = Function && (Function->hasAttr<CUDADeviceAttr>() ||
                              Function->hasAttr<CUDAGlobalAttr>());
    const Stmt *Child = L;
    size_t At = Stack.size() - 1;
    for (; At-- > 0;) {
      const Stmt *P = Stack[At];
      if (!P || !addsTerm(P, Child))
        break;
      if (const auto *B = dyn_cast<BinaryOperator>(P))
        N.Sums.push_back(B);
      Child = P;
    }
    N.Top = Child;
    N.Parent = At < Stack.size() ? Stack[At] : nullptr;
    // The arithmetic around it: products, comparisons and `?:` (a
    // `MAX(a, b)` of two phases' byte counts).
    for (size_t Up = At + 1; Up-- > 0;) {
      const Stmt *P = Up < Stack.size() ? Stack[Up] : nullptr;
      if (!P || !(isa<BinaryOperator>(P) || isa<ParenExpr>(P) ||
                  isa<CastExpr>(P) || isa<ConditionalOperator>(P)))
        break;
      Child = P;
    }
    N.Outer = Child;
    Numbers.push_back(std::move(N));
    return true;
  }
  std::vector<const VarDecl *> Shared;
  std::vector<MacroNumber> Numbers;
  const FunctionDecl *Function = nullptr;
  std::vector<std::pair<const CallExpr *, const VarDecl *>> AsyncCopies;
};

/// What changing a macro's number changes: the arrays whose rows it sets.
struct MacroReach {
  std::vector<const VarDecl *> Arrays;
  uint64_t ElementSize = 0;
  /// The step of the values tried: the alignment every row keeps.
  uint64_t Step = 0;
};

/// The row length of \p V (its innermost extent), in elements, and the
/// size of an element.
bool rowOf(const ASTContext &Ctx, const VarDecl &V, uint64_t &Length,
           uint64_t &ElementSize) {
  QualType T = V.getType();
  const ConstantArrayType *Innermost = nullptr;
  while (const ArrayType *A = Ctx.getAsArrayType(T)) {
    Innermost = dyn_cast<ConstantArrayType>(A);
    T = A->getElementType();
  }
  if (!Innermost || T->isIncompleteType() || T->isDependentType())
    return false;
  Length = Innermost->getSize().getZExtValue();
  ElementSize = Ctx.getTypeSizeInChars(T).getQuantity();
  return Length > 0 && ElementSize > 0;
}

/// Whether \p Text names \p Name as a whole word.
bool namesWord(StringRef Text, StringRef Name) {
  for (size_t At = Text.find(Name); At != StringRef::npos;
       At = Text.find(Name, At + 1)) {
    auto Word = [](char C) { return isAlphanumeric(C) || C == '_'; };
    bool Before = At > 0 && Word(Text[At - 1]);
    bool After = At + Name.size() < Text.size() && Word(Text[At + Name.size()]);
    if (!Before && !After)
      return true;
  }
  return false;
}

/// Why what the parse does not see of \p M may use it: its definition
/// is not the main file's, a directive reads it, or code a conditional
/// left out names it; empty when none.
std::string unseenUses(const SourceManager &SM, const PaddingMacro &M,
                       const DirectiveRecord &Directives) {
  FileID File = SM.getFileID(M.Number);
  if (!SM.getFileEntryRefForID(File))
    return "it is defined on the command line";
  if (File != SM.getMainFileID())
    return "it is defined in a header, which other files may include";
  if (Directives.ReadByDirectives.count(M.Name))
    return "a preprocessor directive reads or undefines it";
  for (const SourceRange &R : Directives.Skipped) {
    bool Invalid = false;
    FileID In = SM.getFileID(R.getBegin());
    StringRef Buffer = SM.getBufferData(In, &Invalid);
    unsigned Begin = SM.getFileOffset(R.getBegin());
    unsigned End = SM.getFileOffset(R.getEnd());
    if (Invalid || In != SM.getFileID(R.getEnd()) || End < Begin)
      continue;
    if (namesWord(Buffer.slice(Begin, End), M.Name))
      return "code at " + describePlace(SM, R.getBegin()) +
             " that a conditional leaves out of this parse names it";
  }
  return "";
}

/// Whether \p N is in one of the roles of a row length: an added term of
/// an extent of \p Extents, of a wmma call's ldm in device code, or of a
/// byte count (a sizeof product) in host code.
bool rowLengthRole(const MacroNumber &N,
                   const std::set<const Expr *> &Extents) {
  const auto *Top = dyn_cast<Expr>(N.Top);
  if (!Top)
    return false;
  if (!N.Parent && Extents.count(Top->IgnoreParenImpCasts()))
    return true;
  if (N.InDevice) {
    const auto *Call = dyn_cast_or_null<CallExpr>(N.Parent);
    const Expr *Ldm = nullptr;
    for (unsigned I = 0; Call && I < 2 && I < Call->getNumArgs() && !Ldm; ++I)
      Ldm = tileStrideArgument(Call, Call->getArg(I));
    return Ldm && Ldm->IgnoreParenImpCasts() == Top->IgnoreParenImpCasts();
  }
  return N.Outer && countsBytes(N.Outer);
}

/// The arrays \p M sets the rows of, when every use of it is an added
/// term of one of their row lengths in one of its roles (rowLengthRole),
/// nothing the parse does not see may use it, and the arrays have no use
/// the rows' change would break (\p Uses, views of another element type
/// aside) or that bankfix does not judge (\p Remarks); nullopt with \p Why
/// otherwise.
std::optional<MacroReach>
reachOf(ASTContext &Ctx, const UnitScan &Scan, const PaddingMacro &M,
        const DirectiveRecord &Directives, const ArrayUses &Uses,
        const std::vector<WalkRemark> &Remarks, std::string &Why) {
  const SourceManager &SM = Ctx.getSourceManager();
  Why = unseenUses(SM, M, Directives);
  if (!Why.empty())
    return std::nullopt;
  std::set<const Expr *> Extents;
  MacroReach Reach;
  std::set<uint64_t> Rows;
  for (const VarDecl *V : Scan.Shared) {
    const Expr *Extent = innermostExtent(*V);
    if (!Extent)
      continue;
    bool Sets = false;
    for (const PaddingMacro &In : paddingMacrosIn(Ctx, Extent))
      Sets = Sets || In.Number == M.Number;
    if (!Sets)
      continue;
    uint64_t Length = 0, Size = 0;
    if (!rowOf(Ctx, *V, Length, Size)) {
      Why = "the rows of '" + V->getNameAsString() + "' are not known";
      return std::nullopt;
    }
    if (Reach.ElementSize && Reach.ElementSize != Size) {
      Why = "it sets the rows of arrays with elements of different sizes";
      return std::nullopt;
    }
    // The alignment every row keeps: the least power of two, up to 16
    // bytes, that divides each.
    uint64_t Align = 16;
    while (Align > Size && (Length * Size) % Align != 0)
      Align /= 2;
    Reach.Step = Reach.Step ? std::min(Reach.Step, Align) : Align;
    Reach.ElementSize = Size;
    Reach.Arrays.push_back(V);
    Rows.insert(Length);
    Extents.insert(Extent->IgnoreParenImpCasts());
    if (auto It = Uses.Unsafe.find(V); It != Uses.Unsafe.end()) {
      Why = It->second;
      return std::nullopt;
    }
  }
  // An asynchronous copy's speed depends on the rows' alignment, which
  // bankfix does not judge (measured: NVIDIA's bf16 GEMM, its rows moved
  // by 16 bytes either way, its operand loads at their ideal and the
  // kernel 15% slower).
  for (const auto &[Call, V] : Scan.AsyncCopies)
    if (llvm::is_contained(Reach.Arrays, V)) {
      Why = "the rows of '" + V->getNameAsString() + "' are filled by '" +
            Call->getDirectCallee()->getNameAsString() + "' at " +
            describePlace(SM, SM.getExpansionLoc(Call->getBeginLoc())) +
            ", an asynchronous copy whose speed depends on the rows' "
            "alignment, which bankfix does not judge";
      return std::nullopt;
    }
  for (const VarDecl *V : Reach.Arrays) {
    std::string Quoted = "'" + V->getNameAsString() + "'";
    for (const WalkRemark &R : Remarks)
      if (StringRef(R.Message).contains(Quoted)) {
        Why = "a use of " + Quoted + " at " +
              describePlace(SM, SM.getExpansionLoc(R.Loc)) + " is not judged";
        return std::nullopt;
      }
  }
  if (Reach.Arrays.empty()) {
    Why = "it sets the rows of no array bankfix found";
    return std::nullopt;
  }
  for (const MacroNumber &N : Scan.Numbers) {
    if (SM.getSpellingLoc(N.Literal->getLocation()) != M.Number)
      continue;
    bool RowLength = false;
    for (const BinaryOperator *Sum : N.Sums) {
      std::optional<uint64_t> Value = nonNegativeConstant(Ctx, Sum, 32);
      RowLength = RowLength || (Value && Rows.count(*Value));
    }
    if (!RowLength || !rowLengthRole(N, Extents)) {
      Why = "'" + M.Name + "' at " +
            describePlace(SM, SM.getExpansionLoc(N.Literal->getLocation())) +
            " is not a term of a row length in an extent, a wmma ldm or a "
            "byte count";
      return std::nullopt;
    }
  }
  return Reach;
}

/// The totals of \p Keys, summed; false when one is missing or not
/// complete (with Out.Incomplete saying why).
bool sumOf(const std::map<std::string, ArrayTotals> &Totals,
           const std::set<std::string> &Keys, ArrayTotals &Out) {
  for (const std::string &Key : Keys) {
    auto It = Totals.find(Key);
    if (It == Totals.end() || !It->second.Complete) {
      Out.Incomplete = It == Totals.end() ? "an array it sets has no access"
                                          : It->second.Incomplete;
      return false;
    }
    Out.Wavefronts += It->second.Wavefronts;
    Out.Ideal += It->second.Ideal;
    Out.PerAccess.insert(Out.PerAccess.end(), It->second.PerAccess.begin(),
                         It->second.PerAccess.end());
  }
  return true;
}

/// The values tried for a macro of \p Value: the rows' alignment kept,
/// up to four steps more and four less (not below 0).
std::vector<uint64_t> candidateValues(const MacroReach &R, uint64_t Value) {
  uint64_t Step = std::max(R.Step, R.ElementSize);
  std::vector<uint64_t> Out;
  if (Step % R.ElementSize != 0)
    return Out;
  uint64_t Elements = Step / R.ElementSize;
  for (uint64_t K = 1; K <= 4; ++K)
    Out.push_back(Value + K * Elements);
  for (uint64_t K = 1; K <= 4 && K * Elements <= Value; ++K)
    Out.push_back(Value - K * Elements);
  return Out;
}

/// Whether \p After has the accesses of \p Before for each of \p Keys,
/// in the same order.
bool sameAccesses(const std::map<std::string, ArrayTotals> &Before,
                  const std::map<std::string, ArrayTotals> &After,
                  const std::set<std::string> &Keys) {
  for (const std::string &Key : Keys) {
    auto B = Before.find(Key), A = After.find(Key);
    if (B == Before.end() || A == After.end() ||
        B->second.PerAccess.size() != A->second.PerAccess.size())
      return false;
    for (size_t I = 0; I < B->second.PerAccess.size(); ++I)
      if (B->second.PerAccess[I].Label != A->second.PerAccess[I].Label)
        return false;
  }
  return true;
}

/// The first kernel whose launches give more than a constant limit the
/// translation unit sets on it, as \p Trial computes both; empty if none.
std::string overLimit(const TrialTotals &Trial) {
  for (const auto &[Kernel, Bytes] : Trial.LaunchBytes) {
    auto Limit = Trial.LaunchLimits.find(Kernel);
    if (Limit != Trial.LaunchLimits.end() && Bytes > Limit->second)
      return "the launches of '" + Kernel + "' would give " +
             std::to_string(Bytes) + " bytes, over the " +
             std::to_string(Limit->second) + " its attribute allows";
  }
  return "";
}

/// One value of the macro, judged.
struct Candidate {
  uint64_t Value = 0;
  ArrayTotals Sum;
  std::vector<KernelBudget> Budgets;
  const TrialTotals *Totals = nullptr;
  /// The first kernel whose blocks per SM it lowers, or empty.
  std::string Lowers;
};

std::string lowered(const std::vector<KernelBudget> &Budgets) {
  for (const KernelBudget &B : Budgets)
    if (B.BlocksAfter < B.BlocksBefore)
      return "it lowers the blocks per SM of '" + B.Kernel + "' with block " +
             B.Shape.str() + " from " + std::to_string(B.BlocksBefore) +
             " to " + std::to_string(B.BlocksAfter);
  return "";
}

} // namespace

TrialTotals trialTotals(const SourceManager &SM, const PipelineResult &U) {
  TrialTotals Totals;
  std::map<std::string, ArrayTotals> &Out = Totals.Arrays;
  for (size_t I = 0; I < U.Found.Accesses.size(); ++I) {
    const FoundAccess &A = U.Found.Accesses[I];
    ArrayTotals &T = Out[declKey(SM, *A.Array->Decl)];
    auto Fail = [&](const std::string &Why) {
      if (T.Complete)
        T.Incomplete = "the " + accessLabel(SM, A) + " " + Why;
      T.Complete = false;
    };
    if (!A.Unsupported.empty() || U.Summaries[I].empty())
      Fail("is not judged");
    for (size_t K = 0; K < U.Summaries[I].size(); ++K) {
      const AccessSummary &S = U.Summaries[I][K];
      if (!S.judged() || !S.exact()) {
        Fail(S.judged() ? "is judged as a worst case" : "is not judged");
        continue;
      }
      T.Wavefronts += S.BlockWavefronts;
      T.Ideal += S.BlockIdeal;
      T.PerAccess.push_back(
          {accessLabel(SM, A) + " (block " + U.Choices[I][K].Shape.str() + ")",
           S.BlockWavefronts, S.BlockWavefronts});
    }
  }
  for (const LaunchOverrun &O : U.Overruns) {
    ArrayTotals &T = Out[declKey(SM, *U.Found.Accesses[O.Access].Array->Decl)];
    if (T.Complete)
      T.Incomplete = "a launch gives it too few bytes";
    T.Complete = false;
  }
  for (const LaunchSite &L : U.Launches) {
    if (!L.Kernel)
      continue;
    std::string Kernel = functionDisplayName(*L.Kernel);
    if (L.DynamicBytes) {
      uint64_t &Bytes = Totals.LaunchBytes[Kernel];
      Bytes = std::max(Bytes, *L.DynamicBytes);
    }
    for (const DynamicLimit &Limit : L.Limits)
      if (Limit.BytesValue) {
        auto [It, New] =
            Totals.LaunchLimits.try_emplace(Kernel, *Limit.BytesValue);
        if (!New)
          It->second = std::min(It->second, *Limit.BytesValue);
      }
  }
  return Totals;
}

namespace {

/// Each kernel reaching \p Keys' arrays with the shared memory it would
/// have under \p Trial: its launches' byte count as the trial computes it,
/// static rows grown by \p Growth elements.
std::vector<KernelBudget> candidateBudgets(ASTContext &Ctx,
                                           const PipelineResult &U,
                                           const std::set<std::string> &Keys,
                                           const TrialTotals &Trial,
                                           int64_t Growth) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<size_t> Accesses;
  std::vector<JudgedShapes> Shapes(U.Found.Accesses.size());
  MemoryGrowth Grown;
  for (size_t I = 0; I < U.Found.Accesses.size(); ++I) {
    const FoundAccess &A = U.Found.Accesses[I];
    if (!Keys.count(declKey(SM, *A.Array->Decl)))
      continue;
    Accesses.push_back(I);
    Shapes[I].Shapes = shapesOf(U.Choices[I]);
    uint64_t Row = 0, Size = 0;
    if (!A.Array->Decl->hasExternalStorage() &&
        rowOf(Ctx, *A.Array->Decl, Row, Size)) {
      uint64_t Bytes =
          Ctx.getTypeSizeInChars(A.Array->Decl->getType()).getQuantity();
      Grown.StaticBytes[A.Array] =
          uint64_t(int64_t(Bytes / (Row * Size)) * Growth * int64_t(Size));
    }
    const FunctionDecl *K = A.Function;
    auto It = Trial.LaunchBytes.find(functionDisplayName(*K));
    if (It != Trial.LaunchBytes.end() && !Grown.DynamicBytes.count(K)) {
      uint64_t Before = 0;
      for (const LaunchSite &L : U.Launches)
        if (L.Kernel == K && L.DynamicBytes)
          Before = std::max(Before, *L.DynamicBytes);
      Grown.DynamicBytes[K] = {Before, It->second};
    }
  }
  return kernelBudgets(Ctx, U.Found, Accesses, Shapes, U.Launches, Grown);
}

} // namespace

void planNamedConstantFixes(ASTContext &Ctx, PipelineResult &U,
                            const DirectiveRecord &Directives,
                            const ConstantTrials &Trials) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::optional<UnitScan> Scan;
  ArrayUses Uses;
  // Each macro is tried once; why one offers nothing is said at every
  // array whose rows it sets.
  std::map<SourceLocation, std::string> Tried;
  std::map<std::string, ArrayTotals> Before;
  auto Say = [](ArrayFix &Fix, const std::string &Why) {
    if (!Why.empty())
      Fix.OtherWhyNot += std::string(Fix.OtherWhyNot.empty() ? "" : "; ") + Why;
  };
  for (ArrayFix &First : U.Fixes) {
    if (First.fixes() || First.Arrays.empty() ||
        First.Arrays.front()->Layout.Dims.size() < 2)
      continue;
    const Expr *Extent = innermostExtent(*First.Arrays.front()->Decl);
    if (!Extent)
      continue;
    for (const PaddingMacro &M : paddingMacrosIn(Ctx, Extent)) {
      if (auto It = Tried.find(M.Number); It != Tried.end()) {
        if (!First.fixes())
          Say(First, It->second);
        continue;
      }
      std::string &Outcome = Tried[M.Number];
      if (!Scan) {
        Scan.emplace();
        traverseUserDecls(Ctx, *Scan);
        Before = trialTotals(SM, U).Arrays;
        Uses = findUnsafeUses(Ctx, U.Found, /*ForeignViews=*/true);
      }
      std::string Why;
      std::optional<MacroReach> Reach =
          reachOf(Ctx, *Scan, M, Directives, Uses, U.Found.Remarks, Why);
      if (!Reach) {
        Outcome = "padding through '" + M.Name + "': " + Why;
        Say(First, Outcome);
        continue;
      }
      // The fixes it answers: each must have none of its own.
      std::set<std::string> Keys;
      std::vector<ArrayFix *> Fixes;
      for (const VarDecl *V : Reach->Arrays)
        Keys.insert(declKey(SM, *V));
      bool Free = true;
      for (ArrayFix &F : U.Fixes)
        for (const SharedArray *A : F.Arrays)
          if (Keys.count(declKey(SM, *A->Decl))) {
            Free = Free && !F.fixes();
            if (!llvm::is_contained(Fixes, &F))
              Fixes.push_back(&F);
            break;
          }
      ArrayTotals Now;
      if (!Free)
        continue;
      if (!sumOf(Before, Keys, Now)) {
        Outcome = "padding through '" + M.Name + "': " + Now.Incomplete;
        Say(First, Outcome);
        continue;
      }
      FileID File = SM.getFileID(M.Number);
      std::string Content = SM.getBufferData(File).str();
      unsigned Offset = SM.getFileOffset(M.Number);
      unsigned Length =
          Lexer::MeasureTokenLength(M.Number, SM, Ctx.getLangOpts());
      std::vector<uint64_t> Values = candidateValues(*Reach, M.Value);
      std::vector<std::string> Contents;
      for (uint64_t V : Values) {
        Contents.push_back(Content);
        Contents.back().replace(Offset, Length, std::to_string(V));
      }
      std::vector<std::optional<TrialTotals>> Results =
          Trials(SM.getFileEntryRefForID(File)->getName().str(), Contents);
      // The best larger value that keeps every kernel's blocks per SM,
      // the best that does not, and the best smaller one.
      std::optional<Candidate> Kept, Lowering, Smaller;
      auto Better = [](const std::optional<Candidate> &Old,
                       const Candidate &New) {
        return !Old || New.Sum.Wavefronts < Old->Sum.Wavefronts;
      };
      // Why the last value that helped was set aside.
      std::string SetAside;
      for (size_t I = 0; I < Values.size() && I < Results.size(); ++I) {
        Candidate C;
        C.Value = Values[I];
        if (!Results[I] || !sumOf(Results[I]->Arrays, Keys, C.Sum) ||
            !sameAccesses(Before, Results[I]->Arrays, Keys) ||
            C.Sum.Wavefronts >= Now.Wavefronts)
          continue;
        C.Totals = &*Results[I];
        C.Budgets = candidateBudgets(Ctx, U, Keys, *Results[I],
                                     int64_t(C.Value) - int64_t(M.Value));
        std::string Unfit = budgetsRefusal(C.Budgets);
        for (const KernelBudget &B : C.Budgets)
          if (Unfit.empty() && B.DynamicUnknown)
            Unfit = "the bytes the launches of '" + B.Kernel +
                    "' give are not known here";
        if (Unfit.empty())
          Unfit = overLimit(*Results[I]);
        if (!Unfit.empty()) {
          if (C.Value > M.Value)
            SetAside = "defining it as " + std::to_string(C.Value) +
                       " would help, but " + Unfit;
          continue;
        }
        C.Lowers = lowered(C.Budgets);
        std::optional<Candidate> &Slot = C.Value < M.Value  ? Smaller
                                         : C.Lowers.empty() ? Kept
                                                            : Lowering;
        if (Better(Slot, C))
          Slot = std::move(C);
      }
      const std::optional<Candidate> &Chosen = Kept ? Kept : Lowering;
      std::string NewValue =
          Chosen ? std::to_string(Chosen->Value) : std::string();
      std::optional<FixEdit> Edit =
          Chosen ? makeFixEdit(Ctx, SourceRange(M.Number, M.Number), NewValue)
                 : std::nullopt;
      if (!Edit) {
        bool Parsed = llvm::any_of(
            Results, [](const std::optional<TrialTotals> &R) { return R; });
        Outcome = "padding through '" + M.Name + "': " +
                  (!SetAside.empty() ? SetAside
                   : Chosen          ? "its definition is written by a macro"
                   : Parsed ? "no other value that keeps its rows' alignment "
                              "lowers the wavefronts"
                            : "the file does not parse with another value");
        for (ArrayFix *F : Fixes)
          Say(*F, Outcome);
        continue;
      }
      for (ArrayFix *F : Fixes) {
        std::set<std::string> Own;
        for (const SharedArray *A : F->Arrays)
          Own.insert(declKey(SM, *A->Decl));
        ArrayTotals Was, Is, Less;
        sumOf(Before, Own, Was);
        sumOf(Chosen->Totals->Arrays, Own, Is);
        std::string SmallerNote;
        if (Smaller && Smaller->Sum.Wavefronts <= Chosen->Sum.Wavefronts &&
            sumOf(Smaller->Totals->Arrays, Own, Less))
          SmallerNote = M.Name + " = " + std::to_string(Smaller->Value) +
                        " would take " + std::to_string(Less.Wavefronts) +
                        " wavefronts per block with less memory, if no "
                        "access uses the columns it removes: bankfix does "
                        "not shrink padding";
        std::vector<KernelBudget> Budgets =
            candidateBudgets(Ctx, U, Own, *Chosen->Totals,
                             int64_t(Chosen->Value) - int64_t(M.Value));
        FixPlan Plan;
        Plan.Style = FixStyle::RowPadding;
        Plan.Pad = unsigned(Chosen->Value - M.Value);
        Plan.Before = Was.Wavefronts;
        Plan.After = Is.Wavefronts;
        Plan.Floor = Is.Ideal;
        for (size_t I = 0; I < Was.PerAccess.size(); ++I) {
          AccessChange C{Was.PerAccess[I].Label, Was.PerAccess[I].Before,
                         Is.PerAccess[I].Before};
          Plan.PerAccess.push_back(C);
          if (C.After > C.Before)
            Plan.Worse.push_back(C);
        }
        uint64_t Row = 0, Size = 0;
        rowOf(Ctx, *F->Arrays.front()->Decl, Row, Size);
        F->Plan = std::move(Plan);
        F->Other.reset();
        F->OtherWhyNot.clear();
        F->LaunchNote.clear();
        F->Change = "define " + M.Name + " as " + NewValue + ", not " +
                    std::to_string(M.Value) + " (rows of " +
                    std::to_string(Row + F->Plan.Pad) +
                    " elements; the extents, ldm arguments and byte counts "
                    "written with it follow" +
                    (Kept && !SmallerNote.empty() ? "; " + SmallerNote : "") +
                    ")";
        F->Budgets = Budgets;
        if (Kept) {
          F->Refusal.clear();
          F->Edits = {*Edit};
        } else {
          std::string Lowers = lowered(Budgets);
          F->Refusal = (Lowers.empty() ? Chosen->Lowers : Lowers) +
                       (SmallerNote.empty() ? "" : "; " + SmallerNote);
          F->Edits.clear();
        }
      }
    }
  }
}

} // namespace bankfix
