// render_png_and_svg_all (reports/gnuplot_files.hpp): the figures of a report
// in one gnuplot run, each drawn as its own run would draw it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "reports/gnuplot_files.hpp"

namespace sweepcheck {
namespace {

std::string file_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct GnuplotScratch {
  std::filesystem::path path;
  explicit GnuplotScratch(const std::string& name)
      : path(std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~GnuplotScratch() { std::filesystem::remove_all(path); }
};

// A figure that changes many settings a later figure does not set itself:
// log axes, a label, a reversed x range, a key below, another format.
void leaves_settings_behind(Gnuplot& gp) {
  gp << "set logscale xy\nset format y '1e%L'\nset label 1 'left behind' at graph 0.5, graph 0.5\n"
        "set xrange [*:*] reverse\nset key outside below\nset title 'first'\nplot [1:100] x**2 title 'square'\n";
}
// A figure that sets only its title: whatever it inherits shows in its SVG.
// Its range is positive, so the first's log axes do not stop it from being
// drawn (a figure gnuplot fails to draw in the shared run is drawn again in
// a run of its own, which would hide what it inherited).
void sets_only_its_title(Gnuplot& gp) { gp << "set title 'second'\nplot [1:3] x + sin(x) title 'line'\n"; }

TEST(GnuplotFiles, AFigureDrawnAfterAnotherInOneRunIsTheFigureItsOwnRunDraws) {
  const GnuplotScratch alone("sweepcheck-gnuplot-alone"), batch("sweepcheck-gnuplot-batch");
  const auto single = render_png_and_svg(alone.path / "second", 640, 480, sets_only_its_title);
  ASSERT_EQ(single, (std::vector<std::string>{"second.png", "second.svg"}));
  const auto outcomes = render_png_and_svg_all({{batch.path / "first", 640, 480, leaves_settings_behind},
                                                {batch.path / "second", 640, 480, sets_only_its_title}});
  ASSERT_EQ(outcomes.size(), 2u);
  for (const auto& o : outcomes) {
    EXPECT_EQ(o.error, "");
    EXPECT_EQ(o.written.size(), 2u);
  }
  for (const char* f : {"first.png", "first.svg", "second.png", "second.svg"}) {
    const std::string text = file_bytes(batch.path / f);
    EXPECT_GT(text.size(), 100u) << f;
    EXPECT_TRUE(std::string(f).ends_with(".png") ? text.substr(1, 3) == "PNG" : text.find("<svg") != std::string::npos)
        << f;
  }
  // The second figure's SVG, byte for byte, whether the first was drawn
  // before it in the same run or not (the first's label and log axes would
  // show in it otherwise).
  const std::string own = file_bytes(alone.path / "second.svg"), shared = file_bytes(batch.path / "second.svg");
  EXPECT_EQ(own.find("left behind"), std::string::npos);
  EXPECT_EQ(shared, own);
  EXPECT_NE(file_bytes(batch.path / "first.svg").find("left behind"), std::string::npos);  // the control: it is drawn there
}

TEST(GnuplotFiles, AFigureGnuplotCannotDrawIsNamedAndTheFiguresAroundItAreDrawn) {
  const GnuplotScratch out("sweepcheck-gnuplot-broken");
  const auto broken = [](Gnuplot& gp) { gp << "plot no_such_function(x)\n"; };
  const auto outcomes = render_png_and_svg_all({{out.path / "before", 640, 480, sets_only_its_title},
                                                {out.path / "broken", 640, 480, broken},
                                                {out.path / "after", 640, 480, sets_only_its_title}});
  ASSERT_EQ(outcomes.size(), 3u);
  EXPECT_EQ(outcomes[0].error, "");
  EXPECT_EQ(outcomes[2].error, "");
  EXPECT_EQ(outcomes[2].written, (std::vector<std::string>{"after.png", "after.svg"}));
  EXPECT_NE(outcomes[1].error.find("gnuplot produced no " + (out.path / "broken.png").string()), std::string::npos)
      << outcomes[1].error;
  EXPECT_TRUE(outcomes[1].written.empty());
  EXPECT_FALSE(std::filesystem::exists(out.path / "broken.png"));
  // As its own run: render_png_and_svg throws the same message.
  try {
    render_png_and_svg(out.path / "broken", 640, 480, broken);
    ADD_FAILURE() << "a figure gnuplot cannot draw was not refused";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), outcomes[1].error);
  }
}

}  // namespace
}  // namespace sweepcheck
