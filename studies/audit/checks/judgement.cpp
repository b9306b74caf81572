#include "studies/audit/checks/judgement.hpp"

namespace sweepcheck {

std::string to_string(CheckVerdict v) {
  switch (v) {
    case CheckVerdict::pass: return "PASS";
    case CheckVerdict::fail: return "FAIL";
    case CheckVerdict::inconclusive: return "INCONCLUSIVE";
    case CheckVerdict::info: return "INFO";
    case CheckVerdict::pre_asymptotic: return "PRE-ASYMPTOTIC";
    case CheckVerdict::unsettled: return "UNSETTLED";
  }
  return "?";
}

CheckVerdict check_verdict(FitVerdict v) {
  switch (v) {
    case FitVerdict::pass: return CheckVerdict::pass;
    case FitVerdict::fail: return CheckVerdict::fail;
    case FitVerdict::inconclusive: return CheckVerdict::inconclusive;
    case FitVerdict::pre_asymptotic: return CheckVerdict::pre_asymptotic;
    case FitVerdict::unsettled: return CheckVerdict::unsettled;
    case FitVerdict::none_claimed: return CheckVerdict::info;
  }
  return CheckVerdict::inconclusive;
}

CheckVerdict worst(CheckVerdict a, CheckVerdict b) {
  auto rank = [](CheckVerdict v) {
    switch (v) {
      case CheckVerdict::fail: return 5;
      case CheckVerdict::unsettled: return 4;
      case CheckVerdict::pre_asymptotic: return 3;
      case CheckVerdict::inconclusive: return 2;
      case CheckVerdict::pass: return 1;
      case CheckVerdict::info: return 0;
    }
    return 0;
  };
  return rank(a) >= rank(b) ? a : b;
}

}  // namespace sweepcheck
