#include "reports/json_file.hpp"

namespace sweepcheck {

std::string json_file_text(nlohmann::json doc) {
  try {
    return doc.dump(2) + "\n";
  } catch (const nlohmann::json::type_error&) {  // 316: a string that is not UTF-8
    if (doc.is_object())
      doc["text_note"] = "some names held bytes that are not UTF-8; each such byte is written as U+FFFD";
    return doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  }
}

}  // namespace sweepcheck
