// A correct problem with a hostile name: a backquoted shell command (which
// gnuplot would run inside a double-quoted string), both quote marks, a
// newline (which would end a gnuplot command) and a Latin-1 byte (not UTF-8,
// which JSON refuses). Issue 45: sweepcheck must write every file and run
// nothing (app/check_no_command_through_names.sh).
#include "hostile_problem.hpp"

class HostileNames final : public hostile::HostileDisk {
  std::string what() const override {
    return "names `touch \"$SWEEPCHECK_PWNED\"` $(touch \"$SWEEPCHECK_PWNED\") 'single' \"double\"\nsecond line "
           "caf\xe9";
  }
};
SWEEPCHECK_EXPORT_PROBLEM(HostileNames)
