// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- Walker.h - The state of one device function's walk -----------------===//
//
// Internal to the FunctionWalker: what the walk knows at the current
// statement (local values, the guard stack, the loop iteration) and its
// steps, implemented in FunctionWalker.cpp (statements), LoopWalking.cpp
// (loops), ExprScanner.cpp (the accesses of an expression), SideEffects.cpp
// (what an expression assigns), SharedObjects.cpp (where a pointer or
// lvalue into shared memory points) and CallInlining.cpp (calls walked
// where they are made).
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_WALKER_H
#define BANKFIX_WALKER_H

#include "frontend/walk/FunctionWalker.h"
#include "frontend/walk/VectorNarrowing.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <set>
#include <string>

namespace bankfix {
namespace walk {

/// The local variable \p E names, or null.
const clang::VarDecl *localVariable(const clang::Expr *E);
/// The first argument of \p C that binds to \p F's first parameter: a
/// call of an object's operator() passes the object first (a static
/// operator() too).
unsigned firstArgument(const clang::CallExpr *C, const clang::FunctionDecl &F);
/// Whether the call \p C may change its argument \p I (counted as in
/// C->getArg): it binds a non-const reference parameter, or the callee or
/// its parameter is not known. A cuda::atomic_ref is never rebound.
bool callMayWriteArgument(const clang::CallExpr *C, unsigned I);
LaneExprPtr conjunction(LaneExprPtr A, LaneExprPtr B);
LaneExprPtr negation(LaneExprPtr A);

/// The local variables a statement may change (and those it declares),
/// and whether it jumps (break, continue, return, goto) out of the
/// straight line.
class WriteCollector : public clang::DynamicRecursiveASTVisitor {
public:
  llvm::DenseSet<const clang::VarDecl *> Written;
  /// The __shared__ variables written (not locals: kept apart).
  llvm::DenseSet<const clang::VarDecl *> SharedWritten;
  llvm::DenseSet<const clang::VarDecl *> Declared;
  bool Jumps = false;
  /// Jumps other than `break` (continue, return, goto).
  bool OtherJumps = false;

  bool VisitBinaryOperator(clang::BinaryOperator *B) override;
  bool VisitUnaryOperator(clang::UnaryOperator *U) override;
  bool VisitCallExpr(clang::CallExpr *C) override;
  bool VisitGCCAsmStmt(clang::GCCAsmStmt *A) override {
    for (unsigned I = 0; I < A->getNumOutputs(); ++I)
      note(A->getOutputExpr(I));
    return true;
  }
  bool VisitBreakStmt(clang::BreakStmt *) override { return Jumps = true; }
  bool VisitContinueStmt(clang::ContinueStmt *) override {
    return Jumps = OtherJumps = true;
  }
  bool VisitReturnStmt(clang::ReturnStmt *) override {
    return Jumps = OtherJumps = true;
  }
  bool VisitGotoStmt(clang::GotoStmt *) override {
    return Jumps = OtherJumps = true;
  }
  bool VisitIndirectGotoStmt(clang::IndirectGotoStmt *) override {
    return Jumps = OtherJumps = true;
  }
  bool VisitVarDecl(clang::VarDecl *V) override {
    Declared.insert(V);
    return true;
  }

  /// Collects the writes of each of \p Stmts (null ones skipped).
  static WriteCollector of(std::initializer_list<const clang::Stmt *> Stmts);

private:
  void note(const clang::Expr *E);
};

/// A place in shared memory: a __shared__ variable, the byte offset into
/// it (per lane), and the type of the object there.
struct SharedObject {
  const clang::VarDecl *Root = nullptr;
  LaneExprPtr Offset;
  clang::QualType Type;
  bool Volatile = false;
};

/// What a pointer or reference variable into shared memory refers to; its
/// byte offset is the variable's entry in the local values.
struct PointerTarget {
  const clang::VarDecl *Root = nullptr;
  clang::QualType Type; ///< the pointee, or the referenced type
  bool Volatile = false;
};

/// What the walk knows of an object whose constructor it saw
/// (ObjectFields.cpp): the shared places its reference and pointer fields
/// hold, and the values of its integer fields, for the fields nothing
/// changes after the constructor's initialisers.
struct ObjectState {
  llvm::DenseMap<const clang::FieldDecl *, SharedObject> Places;
  llvm::DenseMap<const clang::FieldDecl *, LaneExprPtr> Values;
  /// The shared variables kept in a field that may change, which a remark
  /// has named already.
  llvm::SmallPtrSet<const clang::VarDecl *, 4> Remarked;
};
using ObjectStatePtr = std::shared_ptr<const ObjectState>;

/// \p E without parentheses and the nodes that only manage temporaries.
const clang::Expr *skipWrappers(const clang::Expr *E);

struct KnownTileForm;

class Walker {
public:
  Walker(clang::ASTContext &Ctx, const clang::FunctionDecl &Function,
         const AccessSink &Sink, const WalkOptions &Options);

  WalkResult run();

  // The translation of an index or condition with the current values.
  LaneExprPtr translate(const clang::Expr *E) {
    return Translator.translate(E);
  }
  /// The conjunction of the guards that hold at the current statement.
  LaneExprPtr guard() const;
  /// \p Speculable: the code under \p G only computes values
  /// (SpeculableCode.h).
  void pushGuard(LaneExprPtr G, bool Speculable = false) {
    Guards.push_back(std::move(G));
    SpeculableGuards.push_back(Speculable);
  }
  void popGuard() {
    Guards.pop_back();
    SpeculableGuards.pop_back();
  }
  /// \p E as the value a variable is assigned here: one value that a later
  /// guard's `e == C` does not reach into (LaneExpr::Variable), unless it
  /// is computed under a guard, whose facts then hold for it.
  LaneExprPtr assignedValue(LaneExprPtr E) const {
    return Guards.empty() ? LaneExpr::variable(std::move(E)) : E;
  }
  /// Whether one guard holds at the current statement, and the code under
  /// it only computes values: nvcc may run a load there unconditionally.
  bool underSpeculableGuard() const {
    return Guards.size() == 1 && SpeculableGuards.front();
  }

  /// Hands \p E to the sink when it is a shared element access.
  void record(const clang::Expr *E, AccessKind Kind);
  /// `new (p) T(v)` with \p p into shared memory and T trivially copyable
  /// (how libraries fill raw storage): a store of a T there.
  void recordPlacementNew(const clang::CXXNewExpr *N);
  /// When \p E is an element of a shared array (`a[i][j]`): fills \p A
  /// with it and its translated indices, and returns true.
  bool elementAccess(WalkedAccess &A, const clang::Expr *E);
  /// Fills \p A as an access of type \p T at the place \p P (a byte
  /// offset), written \p Top; false when its type has no size.
  bool flatAccess(WalkedAccess &A, const clang::Expr *Top, clang::QualType T,
                  const SharedObject &P);
  /// Hands \p A, a \p Kind access, to the sink with what the walk knows
  /// here (guard, iteration, calls, merge region).
  void emit(WalkedAccess A, AccessKind Kind);
  /// When \p C is an atomic function on shared memory (SharedAtomics.cpp):
  /// records it as an atomic access, or remarks why it is not judged, and
  /// returns true.
  bool recordAtomic(const clang::CallExpr *C);
  /// When \p C is an operation of a cuda::atomic_ref to shared memory
  /// (AtomicRefs.cpp): records its access, or remarks why it is not
  /// judged, and returns true.
  bool recordAtomicRef(const clang::CallExpr *C);
  /// Binds the cuda::atomic_ref variable \p V to the shared object it is
  /// constructed on, if any; false when \p V is no atomic_ref.
  bool bindAtomicRef(const clang::VarDecl &V);
  /// The shared object the cuda::atomic_ref \p E (made here, or a copy of
  /// a variable or parameter) refers to.
  std::optional<SharedObject> atomicRefTarget(const clang::Expr *E);
  /// When \p C is a wmma fragment's load or store on a shared tile
  /// (TensorTiles.cpp): records its instructions as accesses, or remarks
  /// why it is not judged, and returns true.
  bool recordTileCall(const clang::CallExpr *C);

  // Inline PTX (InlinePtx.cpp).
  /// Records the ldmatrix and stmatrix of \p A as accesses, remarks its
  /// cp.async; false when it has none of them.
  bool walkAsm(const clang::GCCAsmStmt *A);
  /// When \p C is an asynchronous copy into shared memory
  /// (__pipeline_memcpy_async, memcpy_async): remarks that it is not
  /// judged and returns true.
  bool recordAsyncCopy(const clang::CallExpr *C);
  /// The shared place whose shared-window address (an integer) \p E is:
  /// `__cvta_generic_to_shared(p)`, a variable that holds one, plus or
  /// minus a byte offset.
  std::optional<SharedObject> sharedWindowAddress(const clang::Expr *E);
  /// Remembers whether the integer variable \p V holds a shared window
  /// address: it starts as one and its function never assigns it.
  void noteSharedAddress(const clang::VarDecl &V, const clang::Expr *Init);
  /// The lane's index in its warp: (x + y Bx + z Bx By) % 32, 64-bit. One
  /// expression for the walk: the evaluator keeps its value by thread for
  /// every access that holds it (each execution of an unrolled tile loop).
  LaneExprPtr laneInWarp();
  /// emit() for a warp instruction that only lanes below \p Lanes take
  /// part in (ldmatrix .x1 and .x2: 8 and 16).
  void emitForFirstLanes(WalkedAccess A, AccessKind Kind, unsigned Lanes);

  // What SideEffects changes.
  LocalValues &values() { return Values; }
  /// The leader-written shared scalar (LeaderScalars.h) \p E names, if any.
  const clang::VarDecl *leaderScalar(const clang::Expr *E) const;
  /// The value of leader scalar \p V after the write \p At: a symbol of
  /// its own, named for the write (a read after it may see another value
  /// than one before it), uniform as every lane reads it after a barrier.
  LaneExprPtr leaderWrite(const clang::VarDecl *V, const clang::Stmt *At);
  IntType intTypeOf(clang::QualType T) const { return Translator.intTypeOf(T); }
  /// Points (or binds) the pointer or reference variable \p V at \p Place;
  /// with no place, \p V no longer points into shared memory.
  void bindPointer(const clang::VarDecl *V,
                   const std::optional<SharedObject> &Place);
  /// Moves the pointer variable \p V by \p Elements of its pointee.
  void movePointer(const clang::VarDecl *V, LaneExprPtr Elements);
  bool isSharedPointer(const clang::VarDecl *V) const {
    return Pointers.count(V) != 0;
  }
  /// The byte offset the pointer or reference variable \p V holds.
  LaneExprPtr pointerOffset(const clang::VarDecl *V) const;
  /// Where the pointer or reference variable \p V points, when it points
  /// into shared memory.
  std::optional<SharedObject> boundObject(const clang::VarDecl *V) const;

  // Shared places (SharedObjects.cpp).
  /// The place the lvalue \p E designates, when it is in shared memory.
  std::optional<SharedObject> objectOf(const clang::Expr *E);
  /// The place the pointer \p E points to, when it is in shared memory.
  std::optional<SharedObject> pointeeOf(const clang::Expr *E);
  /// Moves \p P to the base that the derived-to-base conversion \p C
  /// finds (its offset added); false, with a remark, for a virtual base.
  bool toBase(const clang::CastExpr &C, SharedObject &P);

  // Objects (ObjectFields.cpp).
  /// The object \p E is (a local object, `*this` in a member function
  /// walked for one, a temporary constructed here), when the walk knows
  /// its fields; null otherwise.
  ObjectStatePtr objectState(const clang::Expr *E);
  /// The place a reference or pointer field read by \p M holds.
  std::optional<SharedObject> fieldPlace(const clang::MemberExpr *M);
  /// The value of the integer field \p M reads, or null.
  LaneExprPtr fieldValue(const clang::MemberExpr *M);
  /// Records what the local object \p V is constructed with; the object
  /// as constructed (its fields that may change left out), or null when
  /// its constructor is not seen.
  ObjectStatePtr noteObject(const clang::VarDecl &V);

  // Calls (CallInlining.cpp).
  /// Walks the body of the function \p C calls, when it is visible.
  void inlineCall(const clang::CallExpr *C);
  /// Whether the walk will follow the body of the function \p C calls
  /// (as inlineCall decides).
  bool walksCall(const clang::CallExpr *C);
  /// Before \p C's arguments are walked: a vector copied out of shared
  /// memory into a by-value parameter of which the callee reads only some
  /// components is loaded narrower, as a local variable would be.
  void noteNarrowedArguments(const clang::CallExpr *C);
  /// A barrier (__syncthreads, a cooperative group's sync), or code nvcc
  /// compiles with a branch: no access merges across it.
  void noteBarrier() { ++Region; }
  /// Something that may or may not stop accesses merging across it; a
  /// load after it reuses a value loaded before only when it writes no
  /// memory (\p MayWrite false: a shuffle, a floating-point division).
  void noteMaySplit(std::string Why, bool MayWrite = true) {
    ++SoftRegion;
    SoftBreak = std::move(Why);
    if (MayWrite)
      ++WriteRegion;
  }
  void remark(clang::SourceLocation Loc, std::string Message);

private:
  /// Whether control can reach the statement after the one walked, and the
  /// condition it then holds under (after `if (c) return;`, `!c`).
  struct Flow {
    bool Terminates = false;
    LaneExprPtr ContinueGuard;
  };

  // Statements (FunctionWalker.cpp).
  Flow walk(const clang::Stmt *S);
  Flow walkCompound(const clang::CompoundStmt *S);
  Flow walkIf(const clang::IfStmt *S);
  using PointerTargets = llvm::DenseMap<const clang::VarDecl *, PointerTarget>;
  void joinBranchValues(const LaneExprPtr &Cond, LocalValues AfterThen,
                        PointerTargets PointersAfterThen);
  void walkSwitch(const clang::SwitchStmt *S);
  void walkDecl(const clang::DeclStmt *S);
  void noteStoredPointers(const clang::VarDecl &V, const clang::Expr *Init,
                          const ObjectState *Kept);

  // Loops (LoopWalking.cpp).
  void walkFor(const clang::ForStmt *S);
  void walkWhile(const clang::WhileStmt *S);
  /// What unrolling reads of a loop. A loop without a condition
  /// (`for (;;)`, `while (true)`) is counted by its \p Exit, the one
  /// `if (c) break;` among its body's statements (CUB's radix passes).
  struct LoopParts {
    const clang::Stmt *Loop = nullptr;
    const clang::Expr *Cond = nullptr;
    const clang::Stmt *Body = nullptr;
    const clang::Expr *Inc = nullptr;
    const clang::IfStmt *Exit = nullptr;
  };
  LoopParts loopParts(const clang::Stmt *Loop, const clang::Expr *Cond,
                      const clang::Stmt *Body, const clang::Expr *Inc) const;
  /// A loop walked once for all its iterations; \p TestsFirst when its
  /// condition is tested before the first iteration (not a do-while).
  void walkLoopOnce(const clang::Stmt *Body, const clang::Expr *Cond,
                    const clang::Expr *Inc, const WriteCollector &Writes,
                    bool TestsFirst = true);
  /// walkLoopOnce for a loop that tryUnroll did not unroll: when its count
  /// is known but passes the budget (\p Uncounted says so), its accesses
  /// are not judged and say why.
  void walkLoopOnceUncounted(std::string Uncounted, const clang::Stmt *Body,
                             const clang::Expr *Cond, const clang::Expr *Inc,
                             const WriteCollector &Writes);
  /// Unrolls the loop \p L when its trip count is known; when that would
  /// pass the budget of loop bodies, returns false and says why in
  /// \p Uncounted.
  bool tryUnroll(const LoopParts &L, const WriteCollector &Writes,
                 std::string &Uncounted);
  /// Whether nvcc keeps \p S a loop, one iteration after the other, when
  /// it runs \p Count iterations: under `#pragma unroll 1` (or
  /// `nounroll`). Without it nvcc may unroll a loop fully or in part and
  /// merge consecutive iterations (test/differential/findings/
  /// kept_loop_pairs.cu): such loops are walked as unrolled.
  bool keptAsLoop(const clang::Stmt *S, uint64_t Count) const;
  /// A loop's trip count, and whether lanes leave it at different
  /// iterations (then its condition guards each iteration's body).
  struct Trips {
    unsigned Count = 0;
    bool LaneDependent = false;
    /// The count is known, but unrolling it would pass the function's
    /// budget of loop bodies (MaxUnrolledBodies): the loop is walked once
    /// and its accesses are not judged (their repetitions are not counted).
    bool OverBudget = false;
    /// The condition is not known, a constant bound on it is (`t <
    /// min(32, n)`): Count is the bound, each iteration is guarded by the
    /// condition, and nvcc compiles the loop once.
    bool Bounded = false;
  };
  std::optional<Trips> countTrips(const LoopParts &L,
                                  const WriteCollector &Writes);
  /// Whether the loop \p L leaves at its Exit in this iteration: runs the
  /// side effects of the body's statements before it and judges its
  /// condition, which must be the same known value in every lane; then
  /// runs the rest of the body's and the increment's.
  std::optional<bool> leavesAtExit(const LoopParts &L);
  /// A constant that \p E, a loop's bound, never exceeds: the constant
  /// argument of `min(a, b)`, through a constant local's initialiser.
  std::optional<int64_t> constantUpperBound(const clang::Expr *E);
  /// Whether the loop condition \p Cond (`i < b`, `i <= b`) still holds
  /// with \p b at its constant upper bound: 1 if it may, 0 if it cannot.
  std::optional<int64_t> staysUnderBound(const clang::Expr *Cond);
  /// After an iteration: the variables the loop changes hold their settled
  /// values (core/expr/SettledValue.h), so that they do not grow with the
  /// iterations.
  void settleLoopValues(const WriteCollector &Writes);
  /// The condition \p Cond of a loop for every thread of the block (known
  /// blockDim): 1 when some thread stays, 0 when all leave, nullopt when a
  /// thread's value is not known. \p Uniform is cleared when threads differ.
  std::optional<int64_t> conditionOverBlock(const LaneExpr &Cond,
                                            bool &Uniform);
  std::string iterationLabel(const WriteCollector &Writes);
  LaneExprPtr uniformValueOf(const clang::VarDecl *V);
  /// A variable a loop walked once multiplies or divides by a power of two
  /// in each iteration, starting from a power of two: the least power it
  /// takes, and whether it grows.
  struct Geometric {
    int64_t From = 1;
    bool Grows = false;
    /// The loop's condition is false at 0: no iteration sees 0.
    bool NeverZero = false;
  };
  /// \p Name as such a variable when it starts at \p In (its value on
  /// entry) and one iteration leaves \p Out (`s <<= 1`, `q >>= 2`, `d /=
  /// 2`); nullopt when it is not one. The start may depend on one power of
  /// two an enclosing loop left, or on one value used only as a shift's
  /// amount (`1 << log2n`), tried at every amount a shift allows. A
  /// shrinking one may start where the loop's condition \p Cond is false
  /// (0, or a negative `1 << 31`): the loop does not run then.
  std::optional<Geometric> geometricFrom(const std::string &Name,
                                         const LaneExprPtr &In,
                                         const LaneExprPtr &Out,
                                         const LaneExpr *Cond) const;

  // Loops walked once for all their iterations (SteppedLoops.cpp).
  /// The walk of a loop body for all its iterations at once: the variables
  /// the loop changes are symbols, the accesses wait here until the loop
  /// is known to qualify.
  struct SteppedWalk {
    std::shared_ptr<IterationRange> Range;
    std::vector<WalkedAccess> Accesses;
    /// Something in the body needs the iteration's own values (a loop).
    bool Refused = false;
    unsigned EntryRegion = 0;
    /// Loops around this one walked the same way (0: none).
    unsigned Depth = 0;
    /// A loop in the body walked this way too: the nest it makes.
    const clang::ForStmt *Inner = nullptr;
  };
  bool tryStepped(const clang::ForStmt *S, const WriteCollector &Writes);
  bool finishStepped(const clang::ForStmt *S, SteppedWalk &Walk,
                     const WriteCollector &Writes,
                     const std::vector<const clang::VarDecl *> &Vars);
  /// When the body is one loop walked this way and nothing else makes an
  /// access: its accesses as iterations of the nest (false when they
  /// cannot be).
  bool nestStepped(SteppedWalk &Walk);
  /// An access the walk found (or a loop walked once for all its
  /// iterations finished): to the loop walked that way around it, or to
  /// the sink.
  void deliver(WalkedAccess A);
  /// The loop's condition with its variables as the symbols of \p R.
  LaneExprPtr steppedCondition(const clang::ForStmt *S, const IterationRange &R,
                               const std::vector<const clang::VarDecl *> &Vars);
  /// The values after the loop: the stepping variables' last values, the
  /// others' settled values \p Now; values made in the body are those of
  /// its last iteration.
  void leaveSteppedLoop(const IterationRange &R,
                        const std::vector<const clang::VarDecl *> &Vars,
                        const std::map<std::string, LaneExprPtr> &Now);
  SteppedWalk *Stepped = nullptr;

  // Expressions (ExprScanner.cpp, SideEffects.cpp).
  void walkExpr(const clang::Expr *E);
  void applySideEffects(const clang::Stmt *S);

  // Calls (CallInlining.cpp).
  struct CallFrame {
    const clang::CallExpr *Call = nullptr;
    const clang::FunctionDecl *Callee = nullptr;
    unsigned Returns = 0;
    LaneExprPtr Value;                 ///< an integer result
    std::optional<SharedObject> Place; ///< a pointer or reference result
    /// The object a member function is called on, when its fields are known.
    ObjectStatePtr This;
    /// Where that object is, when it is in shared memory itself (`*this`
    /// and its members are then shared places).
    std::optional<SharedObject> ThisPlace;
  };
  /// The frame of the member function whose object `this` is (\p This
  /// in a lambda: the method that captured it), or null.
  const CallFrame *frameOfThis(const clang::CXXThisExpr &This) const;
  /// \p F's definition where the walk follows it: visible, written by the
  /// user (not implicit or defaulted) and not in a system header.
  const clang::FunctionDecl *
  visibleDefinition(const clang::FunctionDecl *F) const;
  /// \p F's definition when it is in a system header (a library's block
  /// primitive) and WalkOptions::LibraryCode is set: walked where it is
  /// given shared memory, and for what such code calls.
  const clang::FunctionDecl *
  libraryDefinition(const clang::FunctionDecl *F) const;
  /// Whether the walk is inside a function (or a constructor's
  /// initialisers) of a system header: an entry's callee is one.
  bool inLibrary() const;
  /// Whether a call of a system header's function \p C is walked: it is
  /// handed shared memory (\p SharedArguments, sharedArguments), is made
  /// from library code, or runs on a local object that keeps shared
  /// memory.
  bool entersLibrary(const clang::CallExpr *C, bool SharedArguments);
  /// The __shared__ variable the argument \p Arg hands a callee (a pointer
  /// into it, or a part of it by reference: an integer one only when
  /// \p ByReference, its parameter being a reference), or null.
  const clang::VarDecl *sharedRootPassed(const clang::Expr *Arg,
                                         bool ByReference = false);
  /// The arguments of \p C that hand the callee shared memory, with the
  /// __shared__ variable of each (sharedRootPassed): its arguments, the
  /// object a member function is called on and what that object was
  /// constructed with.
  std::vector<std::pair<const clang::Expr *, const clang::VarDecl *>>
  sharedArguments(const clang::CallExpr *C);
  /// Whether \p C is a member call on a local object whose fields the
  /// walk knows hold shared memory (its own storage, say).
  bool keepsShared(const clang::CallExpr *C);
  /// Walks \p Def's body for the call \p C (unless refuseCall says no).
  void walkCall(const clang::CallExpr *C, const clang::FunctionDecl &Def);
  /// The body being walked: the innermost call's callee, or the function.
  const clang::Stmt *currentBody() const {
    return Frames.empty() ? Function.getBody()
                          : Frames.back().Callee->getBody();
  }
  void bindParameters(const clang::CallExpr *C, const clang::FunctionDecl &F);
  /// Binds \p F's parameters to \p Args (a default argument where one is
  /// missing).
  void bindArguments(llvm::ArrayRef<const clang::Expr *> Args,
                     const clang::FunctionDecl &F);
  /// The object \p C constructs, when its constructor is visible.
  std::shared_ptr<ObjectState>
  constructObject(const clang::CXXConstructExpr *C);
  /// Whether nothing changes \p F, a field that is not a reference, after
  /// its object's constructor: no member function of its class, and no
  /// statement of \p Body (where an object of the class lives), writes it
  /// or lets `this` or the object escape.
  bool fixedAfterConstruction(const clang::FieldDecl *F,
                              const clang::Stmt *Body);
  /// The object owning the field \p M names.
  ObjectStatePtr ownerState(const clang::MemberExpr *M);
  void noteReturn(const clang::Expr *Value);
  bool refuseCall(const clang::CallExpr *C, const clang::FunctionDecl *F);
  LaneExprPtr offsetInElements(LaneExprPtr Index, clang::QualType Element);

  clang::ASTContext &Ctx;
  const clang::FunctionDecl &Function;
  const AccessSink &Sink;
  WalkOptions Options;
  LocalValues Values;
  PointerTargets Pointers;
  /// Results of the calls walked: integers, and shared places.
  llvm::DenseMap<const clang::Expr *, LaneExprPtr> CallValues;
  llvm::DenseMap<const clang::Expr *, SharedObject> CallObjects;
  /// Vector loads nvcc narrows to the components used: their width.
  llvm::DenseMap<const clang::Expr *, NarrowedLoad> NarrowedLoads;
  /// Integer variables initialised with a shared window address.
  llvm::DenseMap<const clang::VarDecl *, SharedObject> SharedAddresses;
  IndexTranslator Translator;
  std::vector<LaneExprPtr> Guards;
  std::vector<bool> SpeculableGuards; ///< one per guard
  std::string Iteration;
  std::vector<CallFrame> Frames;
  /// Local objects whose fields the walk knows.
  llvm::DenseMap<const clang::VarDecl *, ObjectStatePtr> Objects;
  /// The object whose constructor's initialisers are being read.
  ObjectStatePtr Constructing;
  /// The calls and constructions walked into, outermost first: the
  /// expression and its callee or constructor.
  std::vector<std::pair<const clang::Expr *, const clang::FunctionDecl *>>
      Entries;
  /// The innermost entry written in the user's code (not a system
  /// header), when \p Loc is in a system header; null otherwise.
  const std::pair<const clang::Expr *, const clang::FunctionDecl *> *
  userEntry(clang::SourceLocation Loc) const;
  /// Local objects handed to code that may change them (a copy, `&obj`,
  /// an argument): noteObject's answers, by object.
  llvm::DenseMap<const clang::VarDecl *, bool> EscapingObjects;
  /// fixedAfterConstruction's answers, by field and body.
  std::map<std::pair<const clang::FieldDecl *, const clang::Stmt *>, bool>
      FixedFields;
  unsigned UnrolledBodies = 0;
  /// A `break` ends the iteration of the loop being unrolled (for the
  /// lanes that reach it); false outside such a loop, and in a switch or
  /// a loop inside it, whose breaks are their own.
  bool BreakEndsIteration = false;
  /// The `#pragma unroll` (or `unroll N`, `nounroll`) written before a loop.
  llvm::DenseMap<const clang::Stmt *, const clang::LoopHintAttr *> UnrollHints;
  /// Set while walking a loop whose trip count is known but which the
  /// budget of loop bodies did not let the walk unroll: why the accesses
  /// in it are not judged.
  std::string OverBudget;
  unsigned Region = 0, Sequence = 0, SoftRegion = 0, WriteRegion = 0;
  std::string SoftBreak;
  /// The unrolled loops nvcc compiles once around the current statement.
  std::vector<std::pair<const clang::Stmt *, unsigned>> CompiledOnceLoops;
  /// The symbols of the variables the loops walked once around the
  /// current statement change.
  std::vector<std::string> OnceLoopSymbols;
  /// Of those, the ones that double or halve from a power of two, with the
  /// smallest value they take.
  std::map<std::string, int64_t> OncePowersOfTwo;
  /// Of those, the ones the loop that changes them stops before 0.
  std::set<std::string> OncePowersNeverZero;
  /// The names given to fresh symbols (freshSymbol), each once.
  std::set<std::string> FreshNames;
  /// The shared scalars a leader thread writes where reads on either side
  /// see different values (LeaderScalar::ReadsDiffer), and the order in
  /// which each symbol their writes left was made (the later of two
  /// branches' values is kept). The writes of other leader scalars come
  /// before every read: one symbol, named as the scalar, serves them.
  std::set<const clang::VarDecl *> LeaderScalars;
  std::map<const LaneExpr *, unsigned> LeaderWriteOrder;
  /// The order in which \p Value was made by a leader write (0: not so).
  unsigned leaderWriteOrder(const LaneExprPtr &Value) const;
  /// Keeps each leader scalar's later symbol of \p Other and Values.
  void keepLeaderWrites(const LocalValues &Other);
  /// A uniform symbol named \p Base, or Base #N when Base is taken.
  LaneExprPtr freshSymbol(const std::string &Base, IntType Type);
  LaneExprPtr LaneInWarp;
  /// The warp instructions of each kind of wmma fragment met, by its type.
  std::map<std::string, std::shared_ptr<KnownTileForm>> TileForms;
  WalkResult Result;
};

} // namespace walk
} // namespace bankfix

#endif // BANKFIX_WALKER_H
