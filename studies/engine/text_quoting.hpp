#pragma once
// Text that a user typed or a plugin named (a path, a problem or scheme
// name), made safe for the two places it is written into a language:
//  - JSON: nlohmann::json refuses a string that is not valid UTF-8, so a
//    name in Latin-1 would end a finished run without its files; valid_utf8
//    replaces each invalid byte by U+FFFD and counts what it replaced.
//  - gnuplot: a double-quoted string runs backquoted text as a shell
//    command, and a newline ends the command it is in; gnuplot_quote writes
//    a single-quoted literal, where nothing is expanded (its manual,
//    "Syntax", "Quote Marks": '' stands for ', and nothing else is special).
#include <cstddef>
#include <string>
#include <string_view>

namespace sweepcheck {

// `s` with every byte that is not part of a well-formed UTF-8 sequence
// (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF) replaced by
// U+FFFD; `replaced`, when given, receives the number of bytes replaced.
std::string valid_utf8(std::string_view s, std::size_t* replaced = nullptr);

// `s` as one line of a plain-text file (a comment of a data file): valid
// UTF-8, control characters as spaces.
std::string one_line(std::string_view s);

// A gnuplot string literal that gnuplot can only read as text: single
// quotes, ' doubled, control characters (a newline, CR, NUL, ...) written
// as spaces, invalid UTF-8 as U+FFFD.
std::string gnuplot_quote(std::string_view s);

}  // namespace sweepcheck
