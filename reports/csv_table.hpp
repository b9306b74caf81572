#pragma once
// A CSV file as text cells: header and rows, any number of columns, RFC 4180
// quoting (fields in double quotes, embedded quotes doubled, as csv_quoted
// writes them). What `sweepcheck compare` reads; the typed readers
// (results_csv.hpp) stay with libfccp.
#include <filesystem>
#include <string>
#include <vector>

namespace sweepcheck {

struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // each as wide as the header
  std::vector<int> lines;                      // 1-based line of each row in the source

  // Index of a column, or -1.
  int column(const std::string& name) const;
};

// `source` names the text in error messages. Throws std::invalid_argument
// naming the source and line for an empty text, an unterminated quote, a row
// of the wrong width, or a duplicate column name. A leading UTF-8 byte-order
// mark is dropped.
CsvTable parse_csv_table(const std::string& text, const std::string& source);
// Throws std::invalid_argument when the file cannot be read or is malformed.
CsvTable read_csv_table(const std::filesystem::path& file);

}  // namespace sweepcheck
