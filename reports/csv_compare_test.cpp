#include "reports/csv_compare.hpp"

#include <gtest/gtest.h>

namespace sweepcheck {
namespace {

const std::string gold_text =
    "problem,scheme,steps,error_uniform,wall_seconds,status\n"
    "\"sliding\",\"pbd\",16,1.25e-3,0.5,ok\n"
    "\"sliding\",\"pbd\",32,6.25e-4,0.9,ok\n"
    "\"sliding\",\"pngs\",16,1.0e-3,0.4,ok\n";

CompareOptions options() {
  CompareOptions o;
  add_tolerance(o.tolerances, "error_uniform=rel:1e-9");
  add_tolerance(o.tolerances, "wall_seconds=ignore");
  return o;
}

CompareResult compare(const std::string& now_text, const CompareOptions& o = options()) {
  return compare_tables(parse_csv_table(gold_text, "gold"), parse_csv_table(now_text, "new"), o);
}

TEST(CsvTable, ReadsQuotedFieldsWithCommasQuotesAndNewlines) {
  const auto t = parse_csv_table("a,b\n\"x, \"\"y\"\"\",\"two\nlines\"\r\n3,4\n", "t");
  ASSERT_EQ(t.rows.size(), 2u);
  EXPECT_EQ(t.rows[0][0], "x, \"y\"");
  EXPECT_EQ(t.rows[0][1], "two\nlines");
  EXPECT_EQ(t.lines[1], 4);
  EXPECT_THROW(parse_csv_table("a,b\n1\n", "t"), std::invalid_argument);
  EXPECT_THROW(parse_csv_table("a,\"b\n", "t"), std::invalid_argument);
  EXPECT_THROW(parse_csv_table("", "t"), std::invalid_argument);
  EXPECT_THROW(parse_csv_table("a,a\n", "t"), std::invalid_argument);
}

// Issue 37: a spreadsheet's export starts with a UTF-8 byte-order mark; it is
// not part of the first column's name.
TEST(CsvTable, AUtf8ByteOrderMarkIsNotPartOfTheFirstColumnName) {
  const auto t = parse_csv_table("\xEF\xBB\xBFh,e\n0.1,2\n", "t");
  ASSERT_EQ(t.header.size(), 2u);
  EXPECT_EQ(t.header[0], "h");
  EXPECT_EQ(t.column("h"), 0);
  EXPECT_EQ(t.rows.at(0).at(0), "0.1");
}

TEST(CsvCompare, FindsAnIdenticalTableEqualWhateverTheRowOrderAndTheIgnoredColumns) {
  const auto r = compare(
      "problem,scheme,steps,error_uniform,wall_seconds,status\n"
      "\"sliding\",\"pngs\",16,1.0e-3,7,ok\n"
      "\"sliding\",\"pbd\",32,0.000625,3,ok\n"
      "\"sliding\",\"pbd\",16,1.25e-3,2,ok\n");
  EXPECT_TRUE(r.equal()) << format_comparison(r, "gold", "new");
  EXPECT_EQ(r.rows_compared, 3);
  EXPECT_EQ(r.cells_compared, 6);  // error_uniform and status of three rows
  EXPECT_EQ(r.keys, (std::vector<std::string>{"problem", "scheme", "steps"}));
}

TEST(CsvCompare, AcceptsAMoveInsideTheRelativeToleranceAndCatchesOneJustOutside) {
  const auto inside = compare(
      "problem,scheme,steps,error_uniform,wall_seconds,status\n"
      "sliding,pbd,16,1.2500000001e-3,0.5,ok\nsliding,pbd,32,6.25e-4,0.9,ok\nsliding,pngs,16,1.0e-3,0.4,ok\n");
  EXPECT_TRUE(inside.equal()) << format_comparison(inside, "gold", "new");
  // Negative control: a moved number is caught, named, and measured.
  const auto outside = compare(
      "problem,scheme,steps,error_uniform,wall_seconds,status\n"
      "sliding,pbd,16,1.25000001e-3,0.5,ok\nsliding,pbd,32,6.25e-4,0.9,ok\nsliding,pngs,16,1.0e-3,0.4,ok\n");
  ASSERT_FALSE(outside.equal());
  ASSERT_EQ(outside.moved.size(), 1u);
  EXPECT_EQ(outside.moved[0].row, "problem=sliding scheme=pbd steps=16");
  EXPECT_EQ(outside.moved[0].column, "error_uniform");
  EXPECT_NEAR(outside.moved[0].rel_diff, 8e-9, 1e-12);
  const std::string diff = format_comparison(outside, "gold", "new");
  EXPECT_NE(diff.find("moved           problem=sliding scheme=pbd steps=16  error_uniform: 1.25e-3 -> 1.25000001e-3"),
            std::string::npos)
      << diff;
  EXPECT_NE(diff.find("DIFFERENT"), std::string::npos);
}

TEST(CsvCompare, ComparesUnnamedColumnsExactlyAndTextAsText) {
  const auto r = compare(
      "problem,scheme,steps,error_uniform,wall_seconds,status\n"
      "sliding,pbd,16,1.25e-3,0.5,diverged\nsliding,pbd,32,6.25e-4,0.9,ok\nsliding,pngs,16,1.0e-3,0.4,ok\n");
  ASSERT_EQ(r.moved.size(), 1u);
  EXPECT_EQ(r.moved[0].column, "status");
  EXPECT_EQ(r.moved[0].rule, "exact");
}

TEST(CsvCompare, CatchesAMissingRowAnExtraRowAndAMissingColumnButNotANewColumn) {
  const auto r = compare(
      "problem,scheme,steps,error_uniform,status,new_column\n"
      "sliding,pbd,16,1.25e-3,ok,1\nsliding,pngs,16,1.0e-3,ok,1\nsliding,pngs,32,5e-4,ok,1\n");
  EXPECT_FALSE(r.equal());
  EXPECT_EQ(r.missing_rows, (std::vector<std::string>{"problem=sliding scheme=pbd steps=32"}));
  EXPECT_EQ(r.extra_rows, (std::vector<std::string>{"problem=sliding scheme=pngs steps=32"}));
  EXPECT_TRUE(r.missing_columns.empty());  // wall_seconds is ignored, so its absence is fine
  EXPECT_EQ(r.new_columns, (std::vector<std::string>{"new_column"}));
  CompareOptions exact;  // without the ignore rule, a vanished column is a difference
  const auto r2 = compare("problem,scheme,steps,error_uniform,status\nsliding,pbd,16,1.25e-3,ok\n", exact);
  EXPECT_EQ(r2.missing_columns, (std::vector<std::string>{"wall_seconds"}));
}

TEST(CsvCompare, CombinesAnAbsoluteAndARelativeBoundForOneColumn) {
  CompareOptions o = options();
  add_tolerance(o.tolerances, "error_uniform=abs:1e-3");
  const auto r = compare(
      "problem,scheme,steps,error_uniform,wall_seconds,status\n"
      "sliding,pbd,16,2e-3,0.5,ok\nsliding,pbd,32,6.25e-4,0.9,ok\nsliding,pngs,16,1.0e-3,0.4,ok\n",
      o);
  EXPECT_TRUE(r.equal()) << format_comparison(r, "gold", "new");
}

TEST(CsvCompare, BoundsAColumnByAnotherColumnOfTheGoldRow) {
  const std::string gold = "k,e,floor\n1,1.0,0.01\n2,1.0,0.001\n";
  CompareOptions o;
  add_tolerance(o.tolerances, "e=abs-column:floor");
  // Row 1 moved by 0.005 <= 0.01: fine; row 2 by 0.005 > 0.001: caught.
  const auto r = compare_tables(parse_csv_table(gold, "gold"),
                                parse_csv_table("k,e,floor\n1,1.005,0.01\n2,1.005,0.001\n", "new"), o);
  ASSERT_EQ(r.moved.size(), 1u);
  EXPECT_EQ(r.moved[0].row, "k=2");
  EXPECT_EQ(r.moved[0].rule, "abs-column:floor");
  add_tolerance(o.tolerances, "floor=abs-column:nosuch");
  EXPECT_THROW(compare_tables(parse_csv_table(gold, "gold"), parse_csv_table(gold, "new"), o), std::invalid_argument);
}

TEST(CsvCompare, RejectsBadRulesUnknownColumnsAndAmbiguousKeys) {
  std::map<std::string, ColumnTolerance> t;
  EXPECT_THROW(add_tolerance(t, "error_uniform"), std::invalid_argument);
  EXPECT_THROW(add_tolerance(t, "error_uniform=rel"), std::invalid_argument);
  EXPECT_THROW(add_tolerance(t, "error_uniform=rel:-1"), std::invalid_argument);
  EXPECT_THROW(add_tolerance(t, "error_uniform=rel:nan"), std::invalid_argument);
  EXPECT_THROW(add_tolerance(t, "error_uniform=within:1"), std::invalid_argument);
  EXPECT_THROW(add_tolerance(t, "=abs:1"), std::invalid_argument);
  CompareOptions typo = options();
  add_tolerance(typo.tolerances, "eror_uniform=ignore");
  EXPECT_THROW(compare(gold_text, typo), std::invalid_argument);
  CompareOptions bad_key = options();
  bad_key.keys = {"problem", "nosuch"};
  EXPECT_THROW(compare(gold_text, bad_key), std::invalid_argument);
  CompareOptions too_few = options();
  too_few.keys = {"problem", "scheme"};  // two pbd rows share this key
  EXPECT_THROW(compare(gold_text, too_few), std::invalid_argument);
}

}  // namespace
}  // namespace sweepcheck
