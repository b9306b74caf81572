#include "reports/csv_table.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>

namespace sweepcheck {

int CsvTable::column(const std::string& name) const {
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == name) return static_cast<int>(i);
  return -1;
}

CsvTable parse_csv_table(const std::string& text_in, const std::string& source) {
  // A UTF-8 byte-order mark (spreadsheets write one) is not part of the first
  // column's name: dropped, as libfccp does for the typed readers.
  const bool bom = text_in.size() >= 3 && text_in.compare(0, 3, "\xEF\xBB\xBF") == 0;
  const std::string_view text = bom ? std::string_view(text_in).substr(3) : std::string_view(text_in);
  std::vector<std::vector<std::string>> records;
  std::vector<int> lines;
  std::vector<std::string> record;
  std::string field;
  bool quoted = false, in_record = false;
  int line = 1, record_line = 1;
  auto end_field = [&] {
    record.push_back(field);
    field.clear();
  };
  auto end_record = [&] {
    end_field();
    records.push_back(record);
    lines.push_back(record_line);
    record.clear();
    in_record = false;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (!in_record) {
      record_line = line;
      in_record = true;
    }
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        if (c == '\n') ++line;
        field += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      end_field();
    } else if (c == '\n' || c == '\r') {
      if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
      end_record();
      ++line;
    } else {
      field += c;
    }
  }
  if (quoted) throw std::invalid_argument(source + ": unterminated quoted field starting on line " + std::to_string(record_line));
  if (in_record) end_record();
  if (records.empty()) throw std::invalid_argument(source + ": empty file, expected a header line");

  CsvTable t;
  t.header = records.front();
  for (std::size_t i = 0; i < t.header.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (t.header[i] == t.header[j]) throw std::invalid_argument(source + ": duplicate column '" + t.header[i] + "'");
  for (std::size_t r = 1; r < records.size(); ++r) {
    if (records[r].size() == 1 && records[r][0].empty()) continue;  // blank line
    if (records[r].size() != t.header.size())
      throw std::invalid_argument(source + " line " + std::to_string(lines[r]) + ": " +
                                  std::to_string(records[r].size()) + " fields, the header has " +
                                  std::to_string(t.header.size()));
    t.rows.push_back(records[r]);
    t.lines.push_back(lines[r]);
  }
  return t;
}

CsvTable read_csv_table(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::invalid_argument("cannot read '" + file.string() + "'");
  std::ostringstream s;
  s << in.rdbuf();
  return parse_csv_table(s.str(), file.string());
}

}  // namespace sweepcheck
