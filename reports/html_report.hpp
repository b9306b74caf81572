#pragma once
// report/index.html: the default report as one self-contained page (no
// network, no external CSS or JavaScript). One section per study: the
// verdict table with badges, the claims with their evidence (the section's
// findings), every figure the section wrote, and links to its CSV, JSON and
// Markdown files.
//
// Reads only values (the fits and findings a study returns) and the files the
// study already wrote under its folder; never reaches back up the data path.
// Figures are embedded as `<img src="data:image/svg+xml;base64,...">` made
// from the SVG gnuplot wrote next to each PNG: an <img> keeps every SVG's
// element ids (gnuplot's gpPt0, gnuplot_canvas, ...) in its own document, so
// several figures on one page cannot capture each other's <use> references,
// and the browser reports a natural size for each, which the headless test
// checks.
#include <filesystem>
#include <string>
#include <vector>

#include "studies/cases/convergence_study.hpp"

namespace sweepcheck {

struct HtmlSection {
  std::string title;
  std::filesystem::path folder;       // relative to the report root
  std::string link;                   // the section's main Markdown page inside its folder
  std::vector<SchemeFit> fits;        // the verdict table; may be empty
  std::vector<std::string> findings;  // Markdown bullet items: the claims and their evidence
};

// Escapes &, <, >, " and '.
std::string html_escape(const std::string& s);
// One line of the Markdown the studies write (**bold**, `code`, [text](url))
// as HTML; everything else is escaped text.
std::string markdown_inline_html(const std::string& markdown);
// The SVG as a data: URI for an <img>. gnuplot's "dynamic" SVG has only a
// viewBox; width and height are copied from it so the image has a natural size.
std::string svg_data_uri(const std::string& svg);

// The page. Figures and data files are found under root / section.folder.
std::string html_report(const std::string& title, const std::vector<HtmlSection>& sections,
                        const std::filesystem::path& root);
// Writes root/index.html atomically; returns its path.
std::filesystem::path write_html_report(const std::string& title, const std::vector<HtmlSection>& sections,
                                        const std::filesystem::path& root);

}  // namespace sweepcheck
