// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- FixSearch.cpp - The candidate layout with the fewest wavefronts ----===//

#include "core/fix/FixSearch.h"

#include "core/access/AccessEvaluation.h"
#include "core/access/WorkBudget.h"
#include "core/fix/NeverWorse.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>

namespace bankfix {

namespace {

/// Values a candidate is compared at for a symbol in an address that the
/// layout as it is was judged without (a uniform offset: `s[t + n % 32]`),
/// which a rewritten subscript may no longer allow (`i + i / W`).
constexpr int64_t SampledValues = 8;

/// Adds \p V to \p List unless it is there.
void addValue(std::vector<int64_t> &List, int64_t V) {
  if (std::find(List.begin(), List.end(), V) == List.end())
    List.push_back(V);
}

/// Adds the sample values 0 to SampledValues - 1 to \p List.
void addSampledValues(std::vector<int64_t> &List) {
  for (int64_t V = 0; V < SampledValues; ++V)
    addValue(List, V);
}

/// The largest power of two a candidate is compared at for a symbol that
/// holds powers of two (its best is then verified at every one).
constexpr int64_t LargestPowerCompared = 4096;

/// The powers of two from \p From to \p Largest (and the largest value
/// of \p Type).
std::vector<int64_t> powersOfTwo(int64_t From, IntType Type, int64_t Largest) {
  int64_t TypeMax = Type.maxValue();
  std::vector<int64_t> Out;
  for (int64_t V = From; V > 0 && V <= std::min(Largest, TypeMax); V *= 2) {
    Out.push_back(V);
    if (V > INT64_MAX / 2)
      break;
  }
  return Out;
}

/// Adds the values \p S's executions were judged at to \p Worst, and
/// sample values of the symbols in an address judged without one; false
/// with \p Problem when one is a worst case over a symbol in the address,
/// unless it holds powers of two and is the only one given values: then \p
/// Label's access leaves Worst Unresolved, and the symbol's powers of two are
/// compared at.
bool addJudgedValues(const AccessSummary &S, const std::string &Label,
                     WorstCaseValues &Worst, std::string &Problem) {
  for (const InstanceEvaluation &I : S.Instances) {
    std::map<std::string, IntType> InAddress;
    for (const LaneExprPtr &Index : I.Desc.Indices)
      collectUnknownUniforms(*Index, InAddress);
    for (const auto &[Symbol, Value] : I.Eval.Bound) {
      // Every value gives the layout as it is the same numbers: a
      // candidate is compared at sample values too (and its best at every
      // value, verifyBest).
      bool Same = I.Eval.SameForEveryValue == Symbol;
      std::vector<int64_t> &List = Worst.Values[Symbol];
      if (!I.Eval.exact() && InAddress.count(Symbol) && !Same) {
        Problem = "depend on '" + Symbol +
                  "', which is not known here (judged " + I.Eval.WorstCase +
                  "): no layout is best for every value";
        auto Powers = I.Desc.PowersOfTwoFrom.find(Symbol);
        // Any other symbol of the address stays one: a uniform shift the
        // evaluation judges for every value it can take. A symbol only a
        // guard reads (`if (flag > 0)`) does not: it is compared at its
        // sample values too (below).
        // (Named again: C++17 lambdas cannot capture a structured binding.)
        const std::string &Name = Symbol;
        bool OthersBound = std::any_of(
            I.Eval.Bound.begin(), I.Eval.Bound.end(), [&](const auto &B) {
              return B.first != Name && InAddress.count(B.first);
            });
        if (Powers == I.Desc.PowersOfTwoFrom.end() || OthersBound) {
          Worst.AddressUnknown = true;
          return false;
        }
        if (Worst.Unresolved.empty())
          Worst.Unresolved = "the banks of the " + Label + " " + Problem;
        Problem.clear();
        for (const auto &[Other, OtherValue] : I.Eval.Bound)
          if (!InAddress.count(Other))
            addSampledValues(Worst.Values[Other]);
        IntType Type = InAddress.at(Symbol);
        for (int64_t V :
             powersOfTwo(Powers->second, Type, LargestPowerCompared))
          addValue(List, V);
        // 0 too, unless the loop that halves it stops there: a halving
        // variable may reach it before a loop that another variable counts
        // ends.
        std::vector<int64_t> &Every = Worst.Complete[Symbol];
        if (!I.Desc.PowersNeverZero.count(Symbol))
          addValue(Every, 0);
        for (int64_t V : powersOfTwo(Powers->second, Type, INT64_MAX))
          addValue(Every, V);
      }
      if (Same)
        addSampledValues(List);
      addValue(List, Value);
    }
    for (const auto &[Symbol, Type] : InAddress)
      if (!Worst.Values.count(Symbol))
        addSampledValues(Worst.Values[Symbol]);
  }
  return true;
}

uint64_t sum(const std::vector<uint64_t> &Values) {
  return std::accumulate(Values.begin(), Values.end(), uint64_t(0));
}

/// For each access, the sum of the floors of the accesses after it.
std::vector<uint64_t> floorsAfter(const std::vector<uint64_t> &Floors) {
  std::vector<uint64_t> Out(Floors.size(), 0);
  for (size_t I = Floors.size(); I-- > 1;)
    Out[I - 1] = Out[I] + Floors[I];
  return Out;
}

} // namespace

std::vector<bool> CandidateTotals::atIdeal() const {
  std::vector<bool> Out;
  for (size_t I = 0; I < PerAccess.size(); ++I)
    Out.push_back(PerAccess[I] <= PerAccessFloor[I]);
  return Out;
}

bool CandidateTotals::add(uint64_t Sum, uint64_t Ideal, bool FromData) {
  if (lanesEvaluated() >= WorkLimit) {
    OverBudget = Pruned = true;
    return false;
  }
  PerAccess.push_back(Sum);
  PerAccessFromData.push_back(FromData);
  PerAccessFloor.push_back(std::min(Sum, Ideal));
  Total += Sum;
  size_t I = PerAccess.size() - 1;
  uint64_t Rest =
      FloorsAfter && I < FloorsAfter->size() ? (*FloorsAfter)[I] : 0;
  Pruned = Total + Rest >= Bound;
  return !Pruned;
}

uint64_t CandidateTotals::stopAt() const {
  if (Bound == UINT64_MAX)
    return UINT64_MAX;
  size_t I = PerAccess.size();
  uint64_t Rest =
      FloorsAfter && I < FloorsAfter->size() ? (*FloorsAfter)[I] : 0;
  return Bound > Total + Rest ? Bound - Total - Rest : 0;
}

SearchOutcome searchFewestWavefronts(size_t Candidates,
                                     const EvaluateCandidate &Evaluate,
                                     bool FloorsHold, size_t First,
                                     uint64_t AtMost) {
  SearchOutcome Out;
  CandidateTotals Base;
  uint64_t Start = lanesEvaluated();
  if (!Evaluate(0, Base, Out.Problem))
    return Out;
  uint64_t BaseWork = lanesEvaluated() - Start;
  Out.BeforePerAccess = Base.PerAccess;
  Out.AfterPerAccess = Base.PerAccess;
  Out.FromData = Base.PerAccessFromData;
  Out.Before = Out.After = sum(Base.PerAccess);
  Out.Floor = sum(Base.PerAccessFloor);
  std::vector<uint64_t> FloorsAfter = floorsAfter(Base.PerAccessFloor);
  size_t FirstProblemAt = SIZE_MAX;
  auto NoteProblem = [&](size_t C, const std::string &Problem) {
    if (!Problem.empty() && C < FirstProblemAt) {
      Out.FirstCandidateProblem = Problem;
      FirstProblemAt = C;
    }
  };
  std::vector<size_t> Pruned;
  // The candidate \p First is judged first: a good total early lets the
  // others stop as soon as they cannot beat it. The choice is the same as
  // in order: the fewest wavefronts, the earliest candidate among equals.
  std::vector<size_t> Order;
  if (First >= 1 && First <= Candidates)
    Order.push_back(First);
  for (size_t C = 1; C <= Candidates; ++C)
    if (C != First)
      Order.push_back(C);
  // The search stops when its lanes pass the budget, after 8 candidates
  // at least (the hint and the least memory).
  uint64_t Budget = std::max(workBudgets().Fix, 8 * BaseWork);
  for (size_t At = 0; At < Order.size(); ++At) {
    size_t C = Order[At];
    if (lanesEvaluated() - Start > Budget) {
      Out.Untried = Order.size() - At;
      break;
    }
    // The budget stops a candidate midway too; it is then untried.
    auto Untried = [&] { Out.Untried = Order.size() - At; };
    bool Earlier = Out.Best != 0 && C < Out.Best;
    if (FloorsHold && Out.After <= Out.Floor && !Earlier)
      continue;
    CandidateTotals Totals;
    Totals.WorkLimit = Start + Budget;
    // An earlier candidate wins a tie: it stops only above the best.
    Totals.Bound = Earlier ? Out.After + 1 : Out.After;
    if (AtMost < Totals.Bound)
      Totals.Bound = AtMost + 1;
    Totals.FloorsAfter = FloorsHold ? &FloorsAfter : nullptr;
    std::string Problem;
    if (!Evaluate(C, Totals, Problem)) {
      NoteProblem(C, Problem);
      continue;
    }
    if (Totals.OverBudget) {
      Untried();
      break;
    }
    if (Totals.Pruned) {
      Pruned.push_back(C);
      continue;
    }
    ++Out.CandidatesJudged;
    uint64_t Total = sum(Totals.PerAccess);
    if (Total < Out.After || (Total == Out.After && Earlier)) {
      Out.After = Total;
      Out.Best = C;
      Out.AfterPerAccess = Totals.PerAccess;
      Out.AfterAtIdeal = Totals.atIdeal();
    }
  }
  // Whether any candidate can be judged at all (else the first problem
  // says why the style does not apply): a pruned one may tell.
  for (size_t I = 0; I < Pruned.size() && Out.CandidatesJudged == 0; ++I) {
    CandidateTotals Totals;
    std::string Problem;
    if (Evaluate(Pruned[I], Totals, Problem))
      ++Out.CandidatesJudged;
    else
      NoteProblem(Pruned[I], Problem);
  }
  return Out;
}

bool accessWavefronts(const SharedArrayLayout &Layout,
                      const std::vector<AccessInstance> &Instances,
                      const JudgedShapes &Shapes, const std::string &Label,
                      uint64_t &Sum, uint64_t &Ideal, std::string &Problem,
                      WorstCaseValues &Worst, bool AsIs, bool *FromData,
                      uint64_t StopAt) {
  Sum = Ideal = 0;
  bool Known = AsIs && !Worst.At && Shapes.AsIs &&
               Shapes.AsIs->size() == Shapes.Shapes.size();
  // The values of the symbols an access is judged at: all that matter for
  // the layout as it is; those of Worst for a candidate; for the best
  // candidate's verification, all that matter, and every power of two of
  // a symbol known to hold only those.
  const UniformValueSets *Only = Worst.At                 ? Worst.At
                                 : AsIs                   ? nullptr
                                 : !Worst.Every           ? &Worst.Values
                                 : Worst.Complete.empty() ? nullptr
                                                          : &Worst.Complete;
  for (size_t K = 0; K < Shapes.Shapes.size(); ++K) {
    AccessSummary Judged;
    if (!Known)
      Judged = summarizeAccess(Layout, Instances, Shapes.Shapes[K], Only,
                               StopAt > Sum ? StopAt - Sum : 0);
    const AccessSummary &S = Known ? (*Shapes.AsIs)[K] : Judged;
    if (Worst.Collect) {
      Worst.Collect->push_back(S);
      if (!S.judged())
        continue;
    }
    if (!S.judged()) {
      Problem = S.Instances[S.FirstProblem].Eval.Problem;
      return false;
    }
    if (AsIs && !Worst.At && !addJudgedValues(S, Label, Worst, Problem))
      return false;
    if (FromData)
      for (const InstanceEvaluation &I : S.Instances)
        *FromData = *FromData || I.Eval.LanesFromData;
    Sum += S.BlockWavefronts;
    Ideal += S.BlockIdeal;
    if (Sum >= StopAt)
      return true;
  }
  return true;
}

namespace {

/// Drops \p Out's best candidate when the accesses it can be trusted on
/// take no fewer wavefronts under it: those whose lanes do not depend on
/// data, and those that do where it brings them to their ideal.
void keepGainBeyondData(SearchOutcome &Out) {
  size_t N = Out.BeforePerAccess.size();
  if (Out.Best == 0 || Out.FromData.size() != N ||
      Out.AfterPerAccess.size() != N || Out.AfterAtIdeal.size() != N)
    return;
  uint64_t Before = 0, After = 0;
  bool AnyFromData = false;
  for (size_t I = 0; I < N; ++I) {
    AnyFromData = AnyFromData || Out.FromData[I];
    if (!Out.FromData[I] || Out.AfterAtIdeal[I]) {
      Before += Out.BeforePerAccess[I];
      After += Out.AfterPerAccess[I];
    }
  }
  if (!AnyFromData || After < Before)
    return;
  Out.Best = 0;
  Out.After = Out.Before;
  Out.AfterPerAccess = Out.BeforePerAccess;
  Out.GainOnlyFromData = true;
}

/// verifyBest's judgement at every value.
void verifyAtEveryValue(SearchOutcome &Out, const EvaluateCandidate &Evaluate,
                        WorstCaseValues &Worst) {
  if (Out.Best == 0 || Worst.Values.empty())
    return;
  Worst.Every = true;
  CandidateTotals Totals;
  Totals.WorkLimit = lanesEvaluated() + 4 * workBudgets().Fix;
  std::string Problem;
  bool Judged = Evaluate(Out.Best, Totals, Problem);
  Worst.Every = false;
  Out.Unverified = Totals.OverBudget;
  uint64_t Total = Judged ? sum(Totals.PerAccess) : 0;
  if (!Judged && !Totals.OverBudget)
    Out.VerifyProblem = Problem;
  if (!Judged || Totals.OverBudget || Total >= Out.Before) {
    Out.Best = 0;
    Out.After = Out.Before;
    Out.AfterPerAccess = Out.BeforePerAccess;
    return;
  }
  Out.After = Total;
  Out.AfterPerAccess = Totals.PerAccess;
  Out.AfterAtIdeal = Totals.atIdeal();
}

/// Whether \p Out's best candidate takes no access above the layout as it
/// is at any value of Worst.Complete, for any lanes (neverWorse); false
/// with \p Why ("at offset = 2, ...") otherwise.
bool neverWorseAtEveryValue(const SearchOutcome &Out,
                            const EvaluateCandidate &Evaluate,
                            WorstCaseValues &Worst, std::string &Why) {
  uint64_t Limit = lanesEvaluated() + 4 * workBudgets().Fix;
  for (const auto &[Symbol, Values] : Worst.Complete)
    for (int64_t V : Values) {
      UniformValueSets At = {{Symbol, {V}}};
      std::vector<AccessSummary> Summaries[2];
      bool Judged = true;
      for (size_t Side = 0; Side < 2 && Judged; ++Side) {
        CandidateTotals Totals;
        Totals.WorkLimit = Limit;
        std::string Problem;
        Worst.At = &At;
        Worst.Collect = &Summaries[Side];
        Judged = Evaluate(Side == 0 ? 0 : Out.Best, Totals, Problem) &&
                 !Totals.OverBudget;
        Worst.At = nullptr;
        Worst.Collect = nullptr;
      }
      std::string Place = "at " + Symbol + " = " + std::to_string(V);
      if (!Judged || Summaries[0].size() != Summaries[1].size()) {
        Why = Place + " it could not be judged";
        return false;
      }
      // Accesses nvcc merges under one layout only are compared together.
      std::vector<const AccessSummary *> Merged[2];
      for (size_t I = 0; I < Summaries[0].size(); ++I) {
        if (!sameExecutions(Summaries[0][I], Summaries[1][I])) {
          Merged[0].push_back(&Summaries[0][I]);
          Merged[1].push_back(&Summaries[1][I]);
          continue;
        }
        if (!neverWorse(Summaries[0][I], Summaries[1][I], Why)) {
          Why = Place + ", " + Why;
          return false;
        }
      }
      if (!Merged[0].empty() &&
          !neverWorseTogether(Merged[0], Merged[1], Why)) {
        Why = Place + ", " + Why;
        return false;
      }
    }
  return true;
}

/// Whether \p Out's best candidate, judged at every value, is safe where an
/// address depends on a power of two not known: every access at its ideal
/// at every value, or no access above the layout as it is at any.
bool safeAtEveryValue(const SearchOutcome &Out,
                      const EvaluateCandidate &Evaluate, WorstCaseValues &Worst,
                      std::string &Why) {
  if (Out.Best == 0)
    return false;
  bool EveryIdeal =
      Out.AfterAtIdeal.size() == Out.AfterPerAccess.size() &&
      std::all_of(Out.AfterAtIdeal.begin(), Out.AfterAtIdeal.end(),
                  [](bool B) { return B; });
  return EveryIdeal || neverWorseAtEveryValue(Out, Evaluate, Worst, Why);
}

} // namespace

void verifyBest(SearchOutcome &Out, const EvaluateCandidate &Evaluate,
                WorstCaseValues &Worst, size_t Fallback) {
  SearchOutcome Searched = Out;
  verifyAtEveryValue(Out, Evaluate, Worst);
  keepGainBeyondData(Out);
  std::string Why;
  if (Worst.Unresolved.empty() || safeAtEveryValue(Out, Evaluate, Worst, Why))
    return;
  // The fewest wavefronts at the worst value may come from a layout worse
  // at another; the planner's usual choice may be safe.
  if (Fallback != 0 && Fallback != Searched.Best) {
    SearchOutcome Alternative = Searched;
    Alternative.Best = Fallback;
    verifyAtEveryValue(Alternative, Evaluate, Worst);
    keepGainBeyondData(Alternative);
    std::string Ignored;
    if (safeAtEveryValue(Alternative, Evaluate, Worst, Ignored)) {
      Out = std::move(Alternative);
      return;
    }
  }
  Out.Best = 0;
  Out.After = Out.Before;
  Out.AfterPerAccess = Out.BeforePerAccess;
  Out.GainOnlyFromData = false;
  if (Out.Problem.empty())
    Out.Problem = Worst.Unresolved +
                  (Why.empty() ? ""
                               : "; the layout that does best at the worst "
                                 "value is not shown no worse at each: " +
                                     Why);
}

std::string accessProblem(const std::string &Label, const std::string &Problem,
                          const WorstCaseValues &Worst) {
  if (Worst.AddressUnknown)
    return "the banks of the " + Label + " " + Problem;
  return "the " + Label + " cannot be judged: " + Problem;
}

void fillPlan(FixPlan &Plan, const SearchOutcome &Outcome,
              const std::vector<std::string> &Labels) {
  Plan.Before = Outcome.Before;
  Plan.After = Outcome.After;
  Plan.Floor = Outcome.Floor;
  Plan.Untried = Outcome.Untried;
  // No candidate could be judged: why the style does not apply.
  if (Outcome.CandidatesJudged == 0 && !Outcome.FirstCandidateProblem.empty() &&
      Plan.WhyNot.empty())
    Plan.WhyNot = Outcome.FirstCandidateProblem;
  if (Outcome.GainOnlyFromData && Plan.WhyNot.empty())
    Plan.WhyNot = "the layouts that lower its wavefronts lower only those of "
                  "accesses whose lanes depend on data read from memory, "
                  "judged as if every lane ran them, and leave them above "
                  "their ideal: the lanes the data switches on may take more";
  if (Outcome.Best == 0 && Outcome.Untried && Outcome.CandidatesJudged == 0 &&
      Plan.WhyNot.empty())
    Plan.WhyNot = "the search for a layout that lowers its wavefronts stopped "
                  "before judging one, at its budget of " +
                  std::to_string(workBudgets().Fix) + " lanes evaluated with " +
                  std::to_string(Outcome.Untried) +
                  " layouts untried (raise it with --max-fix-work)";
  if (!Outcome.VerifyProblem.empty() && Plan.WhyNot.empty())
    Plan.WhyNot = "the layout that lowers its wavefronts at the values its "
                  "accesses were judged at cannot be judged at every value "
                  "they can take: " +
                  Outcome.VerifyProblem;
  if (Outcome.Unverified && Plan.WhyNot.empty())
    Plan.WhyNot = "checking the best layout found at every value the "
                  "accesses can take would pass bankfix's budget of " +
                  std::to_string(4 * workBudgets().Fix) +
                  " lanes evaluated (--max-fix-work sets a quarter of it)";
  for (size_t I = 0; I < Labels.size() && I < Outcome.AfterPerAccess.size();
       ++I) {
    AccessChange Change{Labels[I], Outcome.BeforePerAccess[I],
                        Outcome.AfterPerAccess[I]};
    Plan.PerAccess.push_back(Change);
    if (Outcome.Best != 0 && Change.After > Change.Before)
      Plan.Worse.push_back(Change);
  }
}

} // namespace bankfix
