#pragma once
// A JSON document as the text of a result file. A name a user typed or a
// plugin returned may not be UTF-8 (a problem named in Latin-1), and
// nlohmann::json refuses to write such a string: the run that computed
// everything would then end without its files. Such bytes are written as
// U+FFFD instead, and the document says so in its "text_note" field.
#include <nlohmann/json.hpp>

#include <string>

namespace sweepcheck {

// The text of `doc` (indented by 2, ending in a newline).
std::string json_file_text(nlohmann::json doc);

}  // namespace sweepcheck
