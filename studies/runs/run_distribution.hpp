#pragma once
// Independent runs spread over processes (MPI ranks) as well as threads.
//
// The program's MPI session (app/mpi_session.cpp, the only code that knows
// MPI) owns a RunDistributor when it was started by mpirun and passes it to
// the studies and the audit inside their Executor (executor.hpp). Every rank then
// executes the same command with the same arguments; at each batch of
// independent runs, rank r does the tasks i with i mod size = r (on its
// threads), and an all-gather gives every rank every result, bit for bit
// (studies/runs/run_codec.hpp). So all ranks go on identically, the fits and
// reports are those of a single-process run, and only rank 0 writes them.
// Without a distributor (no mpirun, Executor::ranks null) nothing changes.
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "studies/runs/run_codec.hpp"

namespace sweepcheck {

class RunDistributor {
 public:
  virtual ~RunDistributor() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Collective: every rank passes its bytes and gets every rank's, in rank order.
  virtual std::vector<std::string> all_gather(const std::string& mine) = 0;
};

// run(i) -> R for i in [0, count) over the ranks of `d`; `local(indices, run)`
// runs this rank's share (on threads) and returns the results in the order of
// `indices`. A task that throws on any rank makes every rank throw the same
// exception type (std::invalid_argument stays bad input) with its message,
// after the collective, so no rank is left waiting.
template <class R, class Run, class Local>
std::vector<R> distribute_runs(RunDistributor& d, std::size_t count, Run&& run, Local&& local) {
  const auto rank = static_cast<std::size_t>(d.rank()), size = static_cast<std::size_t>(d.size());
  std::vector<std::size_t> mine;
  for (std::size_t i = rank; i < count; i += size) mine.push_back(i);
  codec::Writer w;
  try {
    const std::vector<R> results = local(mine, run);
    for (std::size_t k = 0; k < mine.size(); ++k) {
      w.raw(std::uint64_t(mine[k]));
      w.raw(std::uint8_t(0));
      using codec::encode;  // and, by ADL, the encode of R's own namespace
      encode(w, results[k]);
    }
  } catch (const std::exception& e) {
    w.bytes.clear();
    w.raw(std::uint64_t(count));  // a failure record
    w.raw(std::uint8_t(dynamic_cast<const std::invalid_argument*>(&e) ? 1 : 2));
    codec::encode(w, std::string(e.what()));
  }
  const auto all = d.all_gather(w.bytes);
  std::vector<R> out(count);
  std::vector<bool> seen(count, false);
  for (const auto& bytes : all) {
    codec::Reader r{bytes.data(), bytes.data() + bytes.size()};
    while (r.p != r.end) {
      std::uint64_t i = 0;
      std::uint8_t kind = 0;
      r.raw(i);
      r.raw(kind);
      if (kind != 0) {
        std::string what;
        codec::decode(r, what);  // the failure's message
        if (kind == 1) throw std::invalid_argument(what);
        throw std::runtime_error(what);
      }
      if (i >= count || seen[i]) throw std::runtime_error("run distribution: bad or duplicate task index");
      using codec::decode;
      decode(r, out[i]);
      seen[i] = true;
    }
  }
  for (std::size_t i = 0; i < count; ++i)
    if (!seen[i]) throw std::runtime_error("run distribution: a task's result is missing");
  return out;
}

}  // namespace sweepcheck
