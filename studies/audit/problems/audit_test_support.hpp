#pragma once
// Test support shared by the audit's computed-reference problem tests (the
// disks and the crowd): a private reference cache folder for one test
// program, and PNGS with the reference's own tolerances behind the plugin
// interface.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "studies/runs/scheme_factory.hpp"
#include "sweepcheck/solvers/adapters/template_stepper.hpp"
#include "sweepcheck/solvers/schemes/pngs.hpp"

namespace sweepcheck::audit_test {

// SWEEPCHECK_CACHE pointed at a fresh folder for the scope's lifetime.
struct TempCache {
  std::filesystem::path dir;
  explicit TempCache(const std::string& name) {
    dir = std::filesystem::temp_directory_path() / ("sweepcheck-audit-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    ::setenv("SWEEPCHECK_CACHE", dir.c_str(), 1);
  }
  ~TempCache() {
    std::filesystem::remove_all(dir);
    ::unsetenv("SWEEPCHECK_CACHE");
  }
};

// PNGS with the reference's own tolerances, through the plugin interface
// (R: DisksReferenceOptions or CrowdReferenceOptions).
template <class R>
SchemeFactory reference_pngs(const R& r) {
  Pngs<double>::Options po;
  po.abstol = r.abstol;
  po.reltol = r.reltol;
  po.max_sweeps = r.max_sweeps;
  return [po] { return std::make_shared<TemplateStepper<Pngs<double>>>(Pngs<double>(po), "pngs", 1.0); };
}

}  // namespace sweepcheck::audit_test
