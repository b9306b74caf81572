// Threads and MPI ranks reach a study as a value (studies/runs/executor.hpp):
// here two ranks are two threads of this process with a fake distributor
// whose all-gather is a barrier, so the distribution path of run_tasks is
// exercised without MPI.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <barrier>
#include <thread>

#include "studies/cases/convergence_study.hpp"
#include "sweepcheck/analytic/sliding_case.hpp"

namespace sweepcheck {
namespace {


// `size` ranks as threads: rank r's all_gather publishes its bytes, waits for
// every rank, and returns all of them in rank order.
class ThreadRanks {
 public:
  explicit ThreadRanks(int size) : slots_(static_cast<std::size_t>(size)), barrier_(size) {
    for (int r = 0; r < size; ++r) ranks_.emplace_back(*this, r);
  }
  RunDistributor& rank(int r) { return ranks_[static_cast<std::size_t>(r)]; }
  int gathers() const { return gathers_; }

 private:
  class Rank final : public RunDistributor {
   public:
    Rank(ThreadRanks& all, int rank) : all_(&all), rank_(rank) {}
    int rank() const override { return rank_; }
    int size() const override { return static_cast<int>(all_->slots_.size()); }
    std::vector<std::string> all_gather(const std::string& mine) override {
      all_->slots_[static_cast<std::size_t>(rank_)] = mine;
      all_->barrier_.arrive_and_wait();
      std::vector<std::string> out = all_->slots_;
      all_->barrier_.arrive_and_wait();  // nobody overwrites a slot before all have read
      if (rank_ == 0) ++all_->gathers_;
      return out;
    }

   private:
    ThreadRanks* all_;
    int rank_;
  };
  std::vector<std::string> slots_;
  std::barrier<> barrier_;
  std::vector<Rank> ranks_;
  std::atomic<int> gathers_{0};
};

ConvergenceStudy sliding_study(const Executor& exec, std::atomic<int>* runs_here) {
  SlidingCase<double> p({.d = 3, .C = 1.0, .alpha = kPiOver16, .t_end = 0});
  StudyOptions opt;
  opt.ladder = {0.5, 1e-3, 10};
  opt.executor = exec;
  if (runs_here) opt.progress = [runs_here](const RunRow&, int, int) { ++*runs_here; };
  auto exact = [&p](double t) { return p.exact(t); };
  return run_convergence("sliding", p, "", exact, parse_scheme_list("pbd,pngs"), opt);
}

TEST(Executor, AStudyOverTwoFakeRanksGivesEachRankItsShareAndEveryRankTheSingleProcessResult) {
  std::atomic<int> alone_runs{0};
  const ConvergenceStudy alone = sliding_study(Executor{1, nullptr}, &alone_runs);

  ThreadRanks ranks(2);
  std::array<ConvergenceStudy, 2> per_rank;
  std::array<std::atomic<int>, 2> runs_on{};
  std::array<std::exception_ptr, 2> failed{};
  std::vector<std::thread> threads;
  for (int r = 0; r < 2; ++r)
    threads.emplace_back([&, r] {
      try {
        per_rank[std::size_t(r)] = sliding_study(Executor{1, &ranks.rank(r)}, &runs_on[std::size_t(r)]);
      } catch (...) {
        failed[std::size_t(r)] = std::current_exception();
      }
    });
  for (auto& t : threads) t.join();
  for (const auto& f : failed)
    if (f) std::rethrow_exception(f);

  EXPECT_EQ(ranks.gathers(), 1) << "the ladder's runs are one batch";
  // Each rank ran its share of the batch (tasks i with i mod 2 = rank), not all of it.
  EXPECT_EQ(runs_on[0] + runs_on[1], alone_runs.load());
  EXPECT_GT(runs_on[0].load(), 0);
  EXPECT_GT(runs_on[1].load(), 0);
  for (const auto& s : per_rank) {
    ASSERT_EQ(s.rows.size(), alone.rows.size());
    for (std::size_t i = 0; i < s.rows.size(); ++i) {
      EXPECT_EQ(s.rows[i].scheme, alone.rows[i].scheme);
      EXPECT_EQ(s.rows[i].steps, alone.rows[i].steps);
      EXPECT_EQ(s.rows[i].error_uniform, alone.rows[i].error_uniform) << "bit for bit, row " << i;
      EXPECT_EQ(s.rows[i].work.constraint_evaluations, alone.rows[i].work.constraint_evaluations);
    }
    ASSERT_EQ(s.fits.size(), alone.fits.size());
    for (std::size_t i = 0; i < s.fits.size(); ++i) {
      EXPECT_EQ(s.fits[i].fit.order, alone.fits[i].fit.order);
      EXPECT_EQ(s.fits[i].fit.verdict, alone.fits[i].fit.verdict);
    }
  }
}

TEST(Executor, AStudyRejectsFewerThanOneThread) {
  EXPECT_THROW(sliding_study(Executor{0, nullptr}, nullptr), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
