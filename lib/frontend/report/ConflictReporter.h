// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- ConflictReporter.h - Clang-style diagnostics for evaluated accesses-===//
//
// Says what bankfix finds about evaluated accesses, as clang diagnostics
// handed to a sink (DiagnosticSink.h: bankfix's text, or clang-tidy): a
// warning per conflicting access and block shape, a note at the array's
// declaration, a note with the block shape and per-block totals, and a
// remark for each access that cannot be judged, naming what blocked it.
//
//===----------------------------------------------------------------------===//

#ifndef BANKFIX_CONFLICTREPORTER_H
#define BANKFIX_CONFLICTREPORTER_H

#include "core/access/AccessSummary.h"
#include "frontend/analysis/BlockShapeChoice.h"
#include "frontend/analysis/LaunchOverruns.h"
#include "frontend/analysis/SharedAccessFinder.h"
#include "frontend/fix/ArrayFixes.h"

#include "frontend/report/DiagnosticSink.h"

#include <optional>
#include <set>

namespace bankfix {

/// Another case of a conflicting access at the same place in the source
/// (another template instantiation, block shape, call or path), reported
/// under the worst case's warning.
struct OtherCase {
  const FoundAccess *Access = nullptr;
  const AccessSummary *Summary = nullptr;
  const BlockShapeChoice *Block = nullptr;
  const ArrayFix *Fix = nullptr; ///< its array's fix, or null
};

/// The worst case at a place and how many there are.
struct PlaceCases {
  std::vector<OtherCase> Others; ///< the other conflicting cases, worst first
  unsigned Judged = 0;           ///< every case judged at the place
};

/// For an access to a member of a struct element: the same access on an
/// array of the member's type alone.
struct PlainElementAlternative {
  std::string TypeSpelling; ///< "double"
  AccessSummary Summary;
};

class ConflictReporter {
public:
  explicit ConflictReporter(DiagnosticSink &Sink) : Sink(Sink) {}

  /// Reports one access for one block shape; \p Fix is the fix (or
  /// refusal) of its array, when the array conflicts somewhere; \p Answers,
  /// the fixes whose edits go with the warning, if it warns. \p Place: the
  /// other conflicting cases at the same place, which the one warning
  /// covers (each gets a note). Returns the warning's text when it warned.
  std::optional<std::string>
  report(const FoundAccess &Access, const AccessSummary &Summary,
         const BlockShapeChoice &Block,
         const std::optional<PlainElementAlternative> &Plain,
         const ArrayFix *Fix, const std::vector<const ArrayFix *> &Answers = {},
         const PlaceCases &Place = {});
  void reportUnsupported(const FoundAccess &Access);
  /// Something the walk could not follow.
  void reportRemark(clang::SourceLocation Loc, const std::string &Message);
  /// A launch that gives \p Access's extern buffer fewer bytes than it
  /// reaches (LaunchOverruns.h): an error of check bankfix-launch-bounds
  /// at the launch, a note at the access. Returns the error's text.
  std::string reportOverrun(const LaunchOverrun &Overrun,
                            const LaunchSite &Launch, const FoundAccess &Access,
                            const BlockShapeChoice &Block);
  /// An unmatched NOLINTBEGIN/NOLINTEND: a warning of check bankfix-nolint.
  void reportNolintProblem(clang::SourceLocation Loc,
                           const std::string &Message);

  unsigned warnings() const { return Warnings; }
  unsigned errors() const { return Errors; }

private:
  /// "XOR swizzle would take N wavefronts per block".
  void reportOtherStyle(const FixPlan &Other);
  void reportDeclaration(const SharedArray &Array, const ArrayFix *Fix);
  /// After an access's totals: what the fix makes worse, what the other
  /// style would give, the blocks per SM it costs, launches out of sight.
  void reportFixNotes(const ArrayFix &Fix);
  /// "an array of plain 'double' ... would take": when the struct around
  /// the member accessed makes it worse than \p Worst.
  void reportPlainAlternative(const PlainElementAlternative &Plain,
                              const WarpAccessResult &Worst);
  /// "called from 'kernel' here" at each call that reached the access.
  void reportCalls(const FoundAccess &Access);
  /// A note for each other conflicting case at the place of \p Access (a
  /// few, then how many more), and the declaration of each other array.
  void reportOtherCases(const FoundAccess &Access,
                        const BlockShapeChoice &Block, const PlaceCases &Place);

  /// A note without a place.
  void note(std::string Text);
  /// A remark of the bank-conflict check.
  void remark(clang::SourceLocation Loc, std::string Text,
              clang::SourceRange Range = {});

  DiagnosticSink &Sink;
  unsigned Warnings = 0;
  unsigned Errors = 0;
  std::set<const ArrayFix *> ShownFixes;
};

/// "load from 'tile'", with " in 'kernel<16>'" for a template instantiation.
std::string describeAccess(const FoundAccess &Access);

} // namespace bankfix

#endif // BANKFIX_CONFLICTREPORTER_H
