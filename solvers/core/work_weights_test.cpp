// WorkWeights (solvers/core/work_weights.hpp): the weighed work and the
// sentence that states the weights.
#include "sweepcheck/solvers/core/work_weights.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace sweepcheck {
namespace {

Work work() {
  Work w;
  w.field_evaluations = 20;
  w.constraint_evaluations = 30;
  w.projections = 7;
  w.inner_iterations = 5;
  w.sweeps = 100;  // never weighed
  return w;
}

TEST(WorkWeights, TheDefaultWeighsFieldConstraintAndInnerWorkOnceEach) {
  EXPECT_EQ(WorkWeights{}.of(work()), 20 + 30 + 5);
  EXPECT_EQ(WorkWeights{}.describe(), "1·f evaluations + 1·constraint evaluations + 1·inner iterations");
}

TEST(WorkWeights, ThePapersAxisIsConstraintEvaluationsAlone) {
  EXPECT_EQ(WorkWeights::paper().of(work()), 30);
  EXPECT_EQ(WorkWeights::paper().describe(), "constraint evaluations");
}

TEST(WorkWeights, EveryCounterCanBeWeighed) {
  const WorkWeights w{.field_evaluations = 10, .constraint_evaluations = 0.5, .projections = 2, .inner_iterations = 0};
  EXPECT_EQ(w.of(work()), 200 + 15 + 14);
  EXPECT_EQ(w.describe(), "10·f evaluations + 0.5·constraint evaluations + 2·projections");
}

TEST(WorkWeights, ANegativeOrNonFiniteWeightOrAllZeroIsRejectedWithItsName) {
  try {
    WorkWeights{.projections = -1}.validate();
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("projections"), std::string::npos) << e.what();
  }
  EXPECT_THROW(WorkWeights{.field_evaluations = std::numeric_limits<double>::infinity()}.validate(),
               std::invalid_argument);
  EXPECT_THROW((WorkWeights{0, 0, 0, 0}.validate()), std::invalid_argument);
  EXPECT_NO_THROW(WorkWeights::paper().validate());
}

}  // namespace
}  // namespace sweepcheck
