#pragma once
// A CSV field in double quotes, with embedded quotes doubled (RFC 4180), as
// every table sweepcheck writes uses it.
#include <string>

namespace sweepcheck {

inline std::string csv_quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

}  // namespace sweepcheck
