// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- TensorTiles.cpp - wmma fragment loads and stores on shared tiles ---===//
//
// nvcuda::wmma::load_matrix_sync and store_matrix_sync on a __shared__ tile
// compile to a fixed set of warp instructions, measured with Nsight Compute
// on an H200 (test/differential/findings/tensor_tiles.cu and
// async_copies.cu; docs/bank-model.md):
// - half operands (matrix_a, matrix_b; m16n16k16, m32n8k16, m8n32k16; row
//   or column major): ldmatrix (LDSM) of the tile's 8x8 matrices, four per
//   instruction; lane l names row l % 8 of matrix l / 8, 16 bytes;
// - signed/unsigned char operands whose rows hold K (matrix_a row major,
//   matrix_b column major): LDSM of 16-byte rows, two matrices per
//   m16n16k16 tile;
// - bf16 operands of m16n16k16: four 4-byte loads, lane l at row l / 4
//   (+ 8) and column 2 (l % 4) (+ 8) of the tile as stored;
// - float and int accumulators: row major, four 8-byte accesses at row
//   l / 4 (+ 8), column 2 (l % 4) (+ 8); column major, eight 4-byte
//   accesses at row 2 (l % 4) + j (+ 8), column l / 4 (+ 8);
// - half accumulators, either layout: four 4-byte accesses as bf16
//   operands are.
// Each instruction is an access of its own (nvcc merges nothing of them),
// at the tile's address plus (row * ldm + column) elements. Other
// fragments are remarked with the reason.
//
//===----------------------------------------------------------------------===//

#include "frontend/walk/TensorTiles.h"
#include "frontend/walk/CooperativeGroups.h"
#include "frontend/walk/Walker.h"

#include <map>

#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace bankfix {
namespace walk {

/// One warp instruction of a fragment's load or store: each lane's
/// element (row and column of the tile as stored, in elements).
struct TilePiece {
  LaneExprPtr Row, Column;
  unsigned Width = 4;
  unsigned ActiveLanes = WarpSize;
  LaneService Service = LaneService::Instruction;
};

struct TileForm {
  std::vector<TilePiece> Pieces;
  std::string Instruction; ///< "LDSM.16.M88.4", as ncu names it
  std::string Problem;     ///< why it is not judged
};

/// A fragment kind's TileForm, kept for the walk, and for each constant
/// ldm and element size its pieces' byte offsets in the tile, (row * ldm
/// + column) elements: one expression for every call.
struct KnownTileForm {
  TileForm Form;
  std::map<std::pair<int64_t, unsigned>, std::vector<LaneExprPtr>>
      OffsetsInTile;
};

namespace {

constexpr IntType Long = {64, true, false};

LaneExprPtr num(int64_t V) { return LaneExpr::constant(V, Long); }
LaneExprPtr op(BinaryOp O, LaneExprPtr A, LaneExprPtr B) {
  return LaneExpr::binary(O, std::move(A), std::move(B), Long);
}
LaneExprPtr add(LaneExprPtr A, LaneExprPtr B) {
  return op(BinaryOp::Add, std::move(A), std::move(B));
}
LaneExprPtr times(LaneExprPtr A, int64_t K) {
  return op(BinaryOp::Mul, std::move(A), num(K));
}
LaneExprPtr over(LaneExprPtr A, int64_t K) {
  return op(BinaryOp::Div, std::move(A), num(K));
}
LaneExprPtr mod(LaneExprPtr A, int64_t K) {
  return op(BinaryOp::Rem, std::move(A), num(K));
}

/// What a fragment's template arguments say.
struct Fragment {
  std::string Use; ///< "matrix_a", "matrix_b" or "accumulator"
  int64_t M = 0, N = 0, K = 0;
  std::string Type;   ///< "__half", "float", ...
  std::string Layout; ///< "row_major", "col_major" or "" (accumulator)
  unsigned ElementBytes = 0;
};

std::optional<Fragment> fragmentOf(ASTContext &Ctx, QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getName() != "fragment")
    return std::nullopt;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() < 5 || Args[0].getKind() != TemplateArgument::Type ||
      Args[4].getKind() != TemplateArgument::Type)
    return std::nullopt;
  Fragment F;
  auto Name = [](QualType Q) {
    const auto *R = Q->getAsRecordDecl();
    return R ? R->getNameAsString() : Q.getAsString();
  };
  F.Use = Name(Args[0].getAsType());
  for (unsigned I = 1; I <= 3; ++I) {
    if (Args[I].getKind() != TemplateArgument::Integral)
      return std::nullopt;
    (I == 1 ? F.M : I == 2 ? F.N : F.K) = Args[I].getAsIntegral().getExtValue();
  }
  QualType E = Args[4].getAsType().getCanonicalType();
  F.Type = E->getAsRecordDecl() ? Name(E) : E.getAsString();
  if (!E->isIncompleteType() && !E->isDependentType())
    F.ElementBytes = unsigned(Ctx.getTypeSizeInChars(E).getQuantity());
  if (Args.size() > 5 && Args[5].getKind() == TemplateArgument::Type &&
      !Args[5].getAsType()->isVoidType())
    F.Layout = Name(Args[5].getAsType());
  return F;
}

/// ldmatrix of a tile of \p Rows rows of \p RowBytes bytes each: 16-byte
/// matrix rows, four 8x8 matrices (8 rows of 16 bytes) per instruction,
/// down the rows first.
TileForm matrixRows(const LaneExprPtr &Lane, int64_t Rows, int64_t RowBytes,
                    unsigned ElementBytes, bool Transposed) {
  TileForm Form;
  int64_t RowBlocks = Rows / 8;
  int64_t Matrices = RowBlocks * (RowBytes / 16);
  for (int64_t First = 0; First < Matrices; First += 4) {
    int64_t Count = std::min<int64_t>(4, Matrices - First);
    LaneExprPtr Q = add(num(First), over(Lane, 8));
    TilePiece P;
    P.Row = add(times(mod(Q, RowBlocks), 8), mod(Lane, 8));
    P.Column = times(over(Q, RowBlocks), 16 / ElementBytes);
    P.Width = 16;
    P.ActiveLanes = unsigned(8 * Count);
    P.Service = LaneService::MatrixRows;
    Form.Pieces.push_back(std::move(P));
    Form.Instruction = std::string("LDSM.16.") + (Transposed ? "MT88" : "M88") +
                       (Count == 1 ? "" : "." + std::to_string(Count));
  }
  return Form;
}

/// The accesses of the mma fragment layout of a 16x16 tile: lane l holds
/// row l / 4 (+ 8) and column 2 (l % 4) (+ 8), \p Width bytes from there;
/// \p Transposed: the tile is stored column by column.
TileForm fragmentElements(const LaneExprPtr &Lane, unsigned Width,
                          unsigned ElementBytes, bool Transposed,
                          const char *Instruction) {
  TileForm Form;
  unsigned PerLane = Width / ElementBytes;
  for (int64_t Half = 0; Half < 2; ++Half)
    for (int64_t Side = 0; Side < 2; ++Side)
      for (unsigned J = 0; J < (Transposed ? 2u : 1u); ++J) {
        // Row and column of the matrix; transposed, swapped in memory.
        LaneExprPtr Row = add(over(Lane, 4), num(8 * Half));
        LaneExprPtr Col = add(times(mod(Lane, 4), 2), num(8 * Side + J));
        TilePiece P;
        P.Row = Transposed ? Col : Row;
        P.Column = Transposed ? Row : Col;
        P.Width = Transposed ? ElementBytes : PerLane * ElementBytes;
        Form.Pieces.push_back(std::move(P));
      }
  Form.Instruction = Instruction;
  return Form;
}

TileForm tileForm(const Fragment &F, bool ColumnMajor,
                  const LaneExprPtr &Lane) {
  std::string Shape = std::to_string(F.M) + "x" + std::to_string(F.N) + "x" +
                      std::to_string(F.K);
  bool Square = F.M == 16 && F.N == 16 && F.K == 16;
  if (F.Use == "accumulator") {
    if (!Square)
      return {{}, "", "a " + Shape + " accumulator's layout was not measured"};
    if (F.ElementBytes == 4 && (F.Type == "float" || F.Type == "int"))
      return ColumnMajor ? fragmentElements(Lane, 4, 4, true, "LDS/STS")
                         : fragmentElements(Lane, 8, 4, false, "LDS.64/STS.64");
    if (F.Type == "__half")
      return fragmentElements(Lane, 4, 2, false, "LDS/STS");
    return {{}, "", "a " + F.Type + " accumulator was not measured"};
  }
  bool A = F.Use == "matrix_a";
  if (!A && F.Use != "matrix_b")
    return {{}, "", "'" + F.Use + "' is not a fragment bankfix knows"};
  // The tile as stored: its rows hold K (matrix_a row major, matrix_b
  // column major) or the other extent.
  bool RowsHoldK = A == !ColumnMajor;
  int64_t Other = A ? F.M : F.N;
  int64_t Rows = RowsHoldK ? Other : F.K, Columns = RowsHoldK ? F.K : Other;
  if (F.Type == "__half" && F.K == 16 && (Square || F.M * F.N == 256))
    return matrixRows(Lane, Rows, Columns * 2, 2, !RowsHoldK);
  if ((F.Type == "signed char" || F.Type == "unsigned char") && Square) {
    if (RowsHoldK)
      return matrixRows(Lane, Rows, Columns, 1, false);
    return {
        {},
        "",
        "an 8-bit " + F.Use +
            " stored with M or N along its rows "
            "compiles to byte loads (LDS.U8), which bankfix does not model"};
  }
  if (F.Type == "__nv_bfloat16" && Square)
    return fragmentElements(Lane, 4, 2, false, "LD.E (generic)");
  return {{},
          "",
          "a " + Shape + " " + F.Type + " " + F.Use +
              " fragment's instructions were not measured"};
}

/// The index of \p C's tile pointer when \p C is nvcuda::wmma's
/// load_matrix_sync (1) or store_matrix_sync (0) with its ldm (argument 2).
std::optional<unsigned> tilePointerIndex(const CallExpr *C) {
  const FunctionDecl *Callee = C->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || C->getNumArgs() < 3 ||
      !StringRef(Callee->getQualifiedNameAsString())
           .starts_with("nvcuda::wmma::"))
    return std::nullopt;
  StringRef Name = Callee->getName();
  if (Name == "load_matrix_sync")
    return 1;
  if (Name == "store_matrix_sync")
    return 0;
  return std::nullopt;
}

} // namespace

bool Walker::recordTileCall(const CallExpr *C) {
  std::optional<unsigned> PointerIndex = tilePointerIndex(C);
  if (!PointerIndex)
    return false;
  bool Load = *PointerIndex == 1;
  StringRef Name = C->getDirectCallee()->getName();
  const Expr *Pointer = C->getArg(*PointerIndex);
  const Expr *FragmentArg = C->getArg(Load ? 0 : 1);
  if (!Pointer->getType()->isPointerType())
    return false;
  std::optional<SharedObject> Place = pointeeOf(Pointer);
  if (!Place)
    return false;
  // nvcc merges nothing across it.
  noteBarrier();
  std::string Quoted =
      "'wmma::" + Name.str() + "' on '" + Place->Root->getNameAsString() + "'";
  std::optional<Fragment> F = fragmentOf(Ctx, FragmentArg->getType());
  if (!F) {
    remark(C->getBeginLoc(),
           Quoted + " is not judged: its fragment type is not known");
    return true;
  }
  bool ColumnMajor = F->Layout == "col_major";
  if (F->Use == "accumulator") {
    Expr::EvalResult Layout;
    if (C->getNumArgs() < 4 || C->getArg(3)->isValueDependent() ||
        !C->getArg(3)->EvaluateAsInt(Layout, Ctx)) {
      remark(C->getBeginLoc(),
             Quoted + " is not judged: its memory layout is not a constant");
      return true;
    }
    ColumnMajor = Layout.Val.getInt() != 0; // mem_col_major
  }
  // The same fragment makes the same lane expressions in every execution.
  std::shared_ptr<KnownTileForm> &Known =
      TileForms[F->Use + " " + std::to_string(F->M) + "x" +
                std::to_string(F->N) + "x" + std::to_string(F->K) + " " +
                F->Type + " " + std::to_string(F->ElementBytes) +
                (ColumnMajor ? " col" : " row")];
  if (!Known)
    Known = std::make_shared<KnownTileForm>(
        KnownTileForm{tileForm(*F, ColumnMajor, laneInWarp()), {}});
  const TileForm &Form = Known->Form;
  if (!Form.Problem.empty()) {
    remark(C->getBeginLoc(), Quoted + " is not judged: " + Form.Problem);
    return true;
  }
  LaneExprPtr LdmValue = translate(C->getArg(2));
  LaneExprPtr Ldm = LaneExpr::cast(LdmValue, Long);
  bool StridedByRows = ldmIsRowLength(Ctx, C->getArg(2), *Place->Root);
  std::string Description =
      "'wmma::" + Name.str() + "' of a " + std::to_string(F->M) + "x" +
      std::to_string(F->N) + "x" + std::to_string(F->K) + " " + F->Type + " " +
      F->Use + (F->Use == "accumulator" ? "" : " (" + F->Layout + ")") +
      (F->Use == "accumulator"
           ? (ColumnMajor ? ", column major" : ", row major")
           : "") +
      ": " + Form.Instruction;
  // Each piece's byte offset in the tile, (row * ldm + column) elements.
  // With a constant ldm, every execution of the call shares them: the
  // evaluator keeps their values by thread.
  auto OffsetInTile = [&](const TilePiece &P) {
    return times(add(op(BinaryOp::Mul, P.Row, Ldm), P.Column), F->ElementBytes);
  };
  std::vector<LaneExprPtr> *Shared = nullptr;
  if (LdmValue->Kind == ExprKind::Constant) {
    Shared = &Known->OffsetsInTile[{LdmValue->Value, F->ElementBytes}];
    if (Shared->empty())
      for (const TilePiece &P : Form.Pieces)
        Shared->push_back(OffsetInTile(P));
  }
  for (size_t I = 0; I < Form.Pieces.size(); ++I) {
    const TilePiece &P = Form.Pieces[I];
    WalkedAccess A;
    LaneExprPtr InTile = Shared ? (*Shared)[I] : OffsetInTile(P);
    SharedObject At = *Place;
    At.Offset = add(LaneExpr::cast(Place->Offset, Long), InTile);
    if (!flatAccess(A, Pointer, Pointer->getType()->getPointeeType(), At))
      return true;
    A.Element.Width = P.Width;
    A.Element.Alignment = P.Width;
    A.Service = P.Service;
    A.Instruction = Description;
    A.StridedByRows = StridedByRows;
    if (StridedByRows)
      A.TileStart = LaneExpr::cast(Place->Offset, Long);
    emitForFirstLanes(std::move(A), Load ? AccessKind::Load : AccessKind::Store,
                      P.ActiveLanes);
    noteBarrier();
  }
  return true;
}

LaneExprPtr Walker::laneInWarp() {
  if (!LaneInWarp)
    LaneInWarp = mod(LaneExpr::cast(linearThreadIndex({LaneExpr::blockDim(0),
                                                       LaneExpr::blockDim(1),
                                                       LaneExpr::blockDim(2)}),
                                    Long),
                     WarpSize);
  return LaneInWarp;
}

void Walker::emitForFirstLanes(WalkedAccess A, AccessKind Kind,
                               unsigned Lanes) {
  if (Lanes >= WarpSize) {
    emit(std::move(A), Kind);
    return;
  }
  pushGuard(LaneExpr::binary(BinaryOp::LT, laneInWarp(), num(Lanes),
                             IntType::boolTy()));
  emit(std::move(A), Kind);
  popGuard();
}

} // namespace walk

bool ldmIsRowLength(ASTContext &Ctx, const Expr *Ldm, const VarDecl &Array) {
  // The outer extent may be left to the launch (`extern T t[][W]`).
  const ArrayType *Outer = Ctx.getAsArrayType(Array.getType());
  const auto *AT =
      Outer ? Ctx.getAsConstantArrayType(Outer->getElementType()) : nullptr;
  if (!AT)
    return false;
  while (const auto *Inner = Ctx.getAsConstantArrayType(AT->getElementType()))
    AT = Inner;
  Expr::EvalResult V;
  return !Ldm->isValueDependent() && Ldm->EvaluateAsInt(V, Ctx) &&
         V.Val.getInt().getExtValue() == int64_t(AT->getSize().getZExtValue());
}

const Expr *tileStrideArgument(const CallExpr *C, const Expr *Arg) {
  std::optional<unsigned> Pointer = walk::tilePointerIndex(C);
  if (!Pointer ||
      C->getArg(*Pointer)->IgnoreParenImpCasts() != Arg->IgnoreParenImpCasts())
    return nullptr;
  return C->getArg(2);
}

} // namespace bankfix
