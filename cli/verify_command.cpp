// satslide verify: a certificate's directory, or one CNF and its DRAT
// proof, checked by verify/ (which trusts nothing of the run that wrote
// them); the verdict in words or JSON, exit 0 certified, 13 refused.
#include "satslide/cli/commands.hpp"
#include "satslide/cli/exit_codes.hpp"
#include "satslide/cli/output.hpp"
#include "satslide/cli/printable.hpp"

#include "satslide/verify/certificate_check.hpp"

#include <nlohmann/json.hpp>

#include <iostream>

namespace satslide::cli {

namespace {

nlohmann::ordered_json verdict_json(const verify::Verdict &v) {
  nlohmann::ordered_json not_certified = nlohmann::ordered_json::array();
  for (const auto &u : v.not_certified) {
    not_certified.push_back({{"what", u.what}, {"why", u.why}});
  }
  return {{"certified", v.certified},
          {"verdict", v.certified ? v.words : "refused: " + v.refusal},
          {"plan_length", v.plan_length},
          {"no_plan_up_to", v.no_plan_up_to},
          {"optimal", v.certified && v.optimal},
          {"unsolvable", v.certified && v.unsolvable},
          {"drat_horizons", v.drat_horizons},
          {"drat_proofs", v.drat_proofs},
          {"parity_horizons", v.parity_horizons},
          {"layer_horizons", v.layer_horizons},
          {"layer_positions", v.layer_positions},
          {"frontier_horizons", v.frontier_horizons},
          {"frontier_depth", v.frontier_depth},
          {"frontier_positions", v.frontier_positions},
          {"frontier_by_bound", v.frontier_by_bound},
          {"cube_drats", v.cube_drats},
          {"lemmas", v.lemmas},
          {"lemmas_checked", v.checked},
          {"check_seconds", v.check_seconds},
          {"not_certified", not_certified}};
}

} // namespace

int run_verify(const Options &o) {
  const auto stop = stop_on_signal();
  const verify::Verdict v =
      o.input.empty() ? verify::verify_refutation(o.cnf_file, o.proof_file, stop)
                      : verify::verify_certificate(o.input, stop);
  if (o.json) {
    std::cout << verdict_json(v).dump(-1, ' ', false,
                                      nlohmann::json::error_handler_t::replace)
              << '\n';
  } else if (v.certified) {
    std::cout << v.words << '\n';
    for (const auto &u : v.not_certified) {
      std::cout << "not certified: " << printable(u.what) << ": "
                << printable(u.why) << '\n';
    }
  } else {
    std::cout << "refused: " << printable(v.refusal, 4000) << '\n';
  }
  return code(v.certified ? ExitCode::plan_found : ExitCode::refused);
}

} // namespace satslide::cli
