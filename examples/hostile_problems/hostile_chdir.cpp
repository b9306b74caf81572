// A correct problem whose constructor changes the working folder (to
// $SWEEPCHECK_CHDIR_TO). Issue 45: a relative --out then sent the results
// into the plugin's folder and left the named one empty; --out is now made
// absolute before any plugin code runs (app/check_relative_out_survives_chdir.sh).
#include <unistd.h>

#include <cstdlib>
#include <stdexcept>

#include "hostile_problem.hpp"

class Chdir final : public hostile::HostileDisk {
 public:
  Chdir() {
    if (const char* to = std::getenv("SWEEPCHECK_CHDIR_TO"))
      if (::chdir(to) != 0) throw std::runtime_error("chdir failed");
  }

 private:
  std::string what() const override { return "chdir"; }
};
SWEEPCHECK_EXPORT_PROBLEM(Chdir)
