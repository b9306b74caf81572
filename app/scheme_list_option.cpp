#include "app/scheme_list_option.hpp"

#include <stdexcept>

namespace sweepcheck::app {

CLI::Option* add_scheme_list_option(CLI::App& cmd, const std::string& name, std::vector<SchemeSpec>& target,
                                    const std::string& help, bool empty_allowed, std::string* given) {
  auto parse = [&target, name, empty_allowed, given](const std::string& text) {
    try {
      target = text.empty() && empty_allowed ? std::vector<SchemeSpec>{} : parse_scheme_list(text);
    } catch (const std::invalid_argument& e) {
      // The words a failed CLI11 check prints ("--schemes: unknown scheme 'x' …").
      throw CLI::ValidationError(name, e.what());
    }
    if (given != nullptr) *given = text;
  };
  return cmd.add_option_function<std::string>(name, parse, help)
      ->default_str(scheme_list_label(target))
      ->type_name("TEXT:SPECS");  // a scheme list, as the help has always named it
}

}  // namespace sweepcheck::app
