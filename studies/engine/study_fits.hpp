#pragma once
// A convergence study is a value: the rows of its error table and the order
// fits computed from them. Printing, CSV, figures and test assertions all read
// this value (DiffEqDevTools' ConvergenceSimulation is the model). Here: the
// value, the fits of its rows, and refinement of its series; running the rows
// is studies/cases/convergence_study.hpp (or a user's own loop).
#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "sweepcheck/studies/engine/error_floor.hpp"
#include "sweepcheck/studies/engine/fit_order.hpp"
#include "sweepcheck/studies/engine/parallel_for.hpp"
#include "sweepcheck/studies/engine/refinement.hpp"
#include "sweepcheck/studies/engine/run_row.hpp"

namespace sweepcheck {

struct SchemeFit {
  std::string problem;
  std::string parameters;
  std::string scheme;
  OrderFit fit;         // the verdict: over the study's steps and any refined rungs
  OrderFit ladder_fit;  // over the study's own steps only (the paper's list), shown beside it
  // The error at the final time T over the same rows, shown beside the
  // uniform error's fit; the claims use the uniform norm (the papers' norm).
  OrderFit final_fit;
};

struct ConvergenceStudy {
  std::string name;
  std::vector<RunRow> rows;
  std::vector<SchemeFit> fits;

  const SchemeFit* find_fit(const std::string& problem, const std::string& scheme) const {
    for (const auto& f : fits)
      if (f.problem == problem && f.scheme == scheme) return &f;
    return nullptr;
  }
};

// Fits the uniform error of every (problem, parameters, scheme) group, in order
// of first appearance, against the scheme's claimed order.
// A fit that is not a pass says where the values stop shrinking, if they do
// (error_floor.hpp): `what` names them ("the violations" where error_uniform
// holds a violation).
std::vector<SchemeFit> fit_rows(const std::vector<RunRow>& rows, FitOptions base = {},
                                std::string_view what = "the errors");

// The rows at `members`, as pointers (error_floor.hpp reads their work).
std::vector<const RunRow*> member_rows(const std::vector<RunRow>& rows, const std::vector<std::size_t>& members);

// The order point of a row: its uniform error, noise floor, whether it
// finished cleanly, its work units (the refinement budget's count) and its
// measured seconds (information only).
OrderPoint order_point(const RunRow& r);
// The same for the error at the final time.
OrderPoint final_order_point(const RunRow& r);
// The fit of the error at the final time over `members` of `rows`.
OrderFit final_time_fit(const std::vector<RunRow>& rows, const std::vector<std::size_t>& members, const FitOptions& opt);

// Refines every (problem, parameters, scheme) group of `rows`
// (refinement.hpp), groups in parallel on `jobs` threads: run_at(head, h) runs
// the group's scheme (`head` is its first row) at about h. The new rows are
// appended (marked refined); the fits are returned, each with its ladder fit.
template <class RunAt>
std::vector<SchemeFit> refine_rows(std::vector<RunRow>& rows, const FitOptions& base, const RefineOptions& ro, int jobs,
                                   RunAt run_at) {
  struct Group {
    std::size_t head;
    std::vector<std::size_t> members;
  };
  std::vector<Group> groups;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      const RunRow& h = rows[g.head];
      return h.problem == rows[i].problem && h.parameters == rows[i].parameters && h.scheme == rows[i].scheme;
    });
    if (it == groups.end()) groups.push_back({i, {i}});
    else it->members.push_back(i);
  }
  std::vector<SchemeFit> fits(groups.size());
  std::vector<std::vector<RunRow>> added(groups.size());
  parallel_for(groups.size(), jobs, [&](std::size_t g) {
    const RunRow& head = rows[groups[g].head];
    FitOptions opt = base;
    opt.expected_order = head.claimed_order;
    opt.expected_is_sharp = head.claim_is_sharp;
    std::vector<OrderPoint> points;
    for (auto i : groups[g].members) points.push_back(order_point(rows[i]));
    fits[g] = {head.problem, head.parameters, head.scheme, {}, fit_order(points, opt), {}};
    fits[g].fit = refine_fit(points, opt, ro, [&](double h) {
      RunRow r = run_at(head, h);
      r.refined = true;
      added[g].push_back(r);
      return order_point(r);
    });
  });
  for (std::size_t g = 0; g < groups.size(); ++g) {
    std::vector<RunRow> all;
    for (auto i : groups[g].members) all.push_back(rows[i]);
    all.insert(all.end(), added[g].begin(), added[g].end());
    std::vector<std::size_t> members(all.size());
    for (std::size_t i = 0; i < all.size(); ++i) members[i] = i;
    FitOptions opt = base;
    opt.expected_order = rows[groups[g].head].claimed_order;
    opt.expected_is_sharp = rows[groups[g].head].claim_is_sharp;
    fits[g].final_fit = final_time_fit(all, members, opt);
    std::vector<OrderPoint> points;
    for (const auto& r : all) points.push_back(order_point(r));
    name_error_floor(fits[g].fit, points, member_rows(all, members), "the errors", opt.floor_factor);
  }
  for (auto& a : added) rows.insert(rows.end(), a.begin(), a.end());
  return fits;
}

}  // namespace sweepcheck
