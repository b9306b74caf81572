#pragma once
// A paper's order claim judged by a refined fit (studies/engine/fit_order.md).
#include <string>

#include "studies/cases/paper_claim.hpp"
#include "sweepcheck/studies/engine/study_fits.hpp"

namespace sweepcheck {

// The order claim of one fit: the verdict of the refined fit, stating the
// given steps' fit beside it ("on the paper's list: …; refined to h = …: …").
Claim paper_order_claim(const SchemeFit& f, const std::string& id, const std::string& statement);

}  // namespace sweepcheck
