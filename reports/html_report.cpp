#include "reports/html_report.hpp"
#include "reports/summary.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "sweepcheck/solvers/core/atomic_file.hpp"

namespace sweepcheck {

namespace fs = std::filesystem;

std::string html_escape(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

namespace {

bool is_relative_url(const std::string& url) {
  return !url.empty() && url[0] != '/' && url[0] != '#' && url.find(':') == std::string::npos;
}

// base: prefix for relative link targets (the section's folder, since the
// findings are written for the section's own summary.md).
std::string inline_html(const std::string& md, const std::string& base) {
  std::string out;
  std::size_t i = 0;
  while (i < md.size()) {
    if (md.compare(i, 2, "**") == 0) {
      const auto end = md.find("**", i + 2);
      if (end != std::string::npos) {
        out += "<strong>" + inline_html(md.substr(i + 2, end - i - 2), base) + "</strong>";
        i = end + 2;
        continue;
      }
    } else if (md[i] == '`') {
      const auto end = md.find('`', i + 1);
      if (end != std::string::npos) {
        out += "<code>" + html_escape(md.substr(i + 1, end - i - 1)) + "</code>";
        i = end + 1;
        continue;
      }
    } else if (md[i] == '[') {
      const auto mid = md.find("](", i + 1);
      const auto end = mid == std::string::npos ? mid : md.find(')', mid + 2);
      if (end != std::string::npos) {
        std::string url = md.substr(mid + 2, end - mid - 2);
        if (is_relative_url(url)) url = base + url;
        out += "<a href=\"" + html_escape(url) + "\">" + inline_html(md.substr(i + 1, mid - i - 1), base) + "</a>";
        i = end + 1;
        continue;
      }
    }
    out += html_escape(std::string(1, md[i]));
    ++i;
  }
  return out;
}

std::string base64(const std::string& in) {
  static constexpr char table[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    const unsigned v = (unsigned char)in[i] << 16 | (unsigned char)in[i + 1] << 8 | (unsigned char)in[i + 2];
    out += table[v >> 18 & 63];
    out += table[v >> 12 & 63];
    out += table[v >> 6 & 63];
    out += table[v & 63];
  }
  if (i + 1 == in.size()) {
    const unsigned v = (unsigned char)in[i] << 16;
    out += table[v >> 18 & 63];
    out += table[v >> 12 & 63];
    out += "==";
  } else if (i + 2 == in.size()) {
    const unsigned v = (unsigned char)in[i] << 16 | (unsigned char)in[i + 1] << 8;
    out += table[v >> 18 & 63];
    out += table[v >> 12 & 63];
    out += table[v >> 6 & 63];
    out += '=';
  }
  return out;
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) throw std::runtime_error("html report: cannot read " + file.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string fmt_or_dash(double v, const char* f) { return std::isfinite(v) ? fmt::format(fmt::runtime(f), v) : "–"; }

// CSS class of a verdict badge: its name, letters and '-' only.
std::string badge_class(const std::string& verdict) {
  std::string c = "v-";
  for (char ch : verdict) c += std::isalnum((unsigned char)ch) ? ch : '-';
  return c;
}

std::string verdict_table(const std::vector<SchemeFit>& fits) {
  std::string t =
      "<table>\n<thead><tr><th>problem</th><th>parameters</th><th>scheme</th><th>observed order</th>"
      "<th>95% interval</th><th>claimed</th><th>points</th><th>verdict</th><th>why</th></tr></thead>\n<tbody>\n";
  for (const auto& f : fits) {
    const std::string v = to_string(f.fit.verdict);
    t += fmt::format(
        "<tr><td>{}</td><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>"
        "<td><span class=\"badge {}\">{}</span></td><td>{}</td></tr>\n",
        html_escape(f.problem), html_escape(f.parameters), html_escape(f.scheme), fmt_or_dash(f.fit.order, "{:.3f}"),
        std::isfinite(f.fit.ci_low) ? fmt::format("[{:.3f}, {:.3f}]", f.fit.ci_low, f.fit.ci_high) : "–",
        html_escape(claimed_order_text(f.fit)),
        f.fit.points_used,
        badge_class(v), html_escape(v), html_escape(f.fit.reason));
  }
  return t + "</tbody>\n</table>\n";
}

// Files of a section, in a stable order (sorted by relative path).
std::vector<fs::path> section_files(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) files.push_back(fs::relative(e.path(), dir));
  std::sort(files.begin(), files.end());
  return files;
}

constexpr const char* style = R"(
body { font-family: sans-serif; max-width: 70em; margin: 1em auto; padding: 0 1em; color: #222; line-height: 1.4; }
h1 { border-bottom: 2px solid #444; }
section { border-top: 1px solid #bbb; margin-top: 2em; }
table { border-collapse: collapse; font-size: 0.9em; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
code { background: #f4f4f4; padding: 0 0.2em; }
.badge { display: inline-block; padding: 0.05em 0.6em; border-radius: 0.8em; font-weight: bold; color: #fff; background: #777; }
.v-pass { background: #2a7d2a; }
.v-fail { background: #b52222; }
.v-inconclusive { background: #c98a00; }
.v-pre-asymptotic { background: #b8860b; }
.v-unsettled { background: #8b4513; }
.v-none-claimed { background: #777; }
figure { display: inline-block; margin: 0.5em; vertical-align: top; }
figure img { max-width: 100%; width: 640px; height: auto; border: 1px solid #ddd; }
figcaption { font-size: 0.85em; }
nav ul, .files { columns: 2; }
)";

}  // namespace

std::string markdown_inline_html(const std::string& markdown) { return inline_html(markdown, ""); }

std::string svg_data_uri(const std::string& svg) {
  std::string s = svg;
  const auto open = s.find("<svg");
  if (open == std::string::npos) throw std::runtime_error("svg_data_uri: no <svg element");
  const auto close = s.find('>', open);
  const std::string tag = s.substr(open, close - open);
  static const std::regex viewbox(R"re(viewBox\s*=\s*"\s*[-0-9.eE+]+[\s,]+[-0-9.eE+]+[\s,]+([0-9.eE+]+)[\s,]+([0-9.eE+]+)\s*")re");
  std::smatch m;
  if (close != std::string::npos && tag.find(" width=") == std::string::npos && std::regex_search(tag, m, viewbox))
    s.insert(open + 4, fmt::format(" width=\"{}\" height=\"{}\"", m[1].str(), m[2].str()));
  return "data:image/svg+xml;base64," + base64(s);
}

std::string html_report(const std::string& title, const std::vector<HtmlSection>& sections, const fs::path& root) {
  std::string body;
  std::string nav = "<nav><ul>\n";
  int index = 0;
  for (const auto& sec : sections) {
    const std::string id = fmt::format("section-{}", ++index);
    const std::string base = sec.folder.generic_string() + "/";
    nav += fmt::format("<li><a href=\"#{}\">{}</a></li>\n", id, html_escape(sec.title));
    body += fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n<p>Main page: <a href=\"{}\">{}</a></p>\n", id,
                        html_escape(sec.title), html_escape(base + sec.link), html_escape(base + sec.link));
    if (!sec.fits.empty()) {
      body += "<h3>Verdicts</h3>\n" + verdict_table(sec.fits) + "<p>" + inline_html(kVerdictLegendSymbols, base) +
              "</p>\n<ul class=\"legend\">\n";
      // The rule's own words (Markdown, studies/engine/verdict_rule.hpp).
      for (const auto& [v, text] : verdict_legend())
        body += fmt::format("<li><span class=\"badge {}\">{}</span> {}</li>\n", badge_class(v), html_escape(v),
                            inline_html(text, base));
      body += "</ul>\n";
    }
    if (!sec.findings.empty()) {
      body += "<h3>Claims and evidence</h3>\n<ul>\n";
      for (const auto& f : sec.findings) body += "<li>" + inline_html(f, base) + "</li>\n";
      body += "</ul>\n";
    }
    const auto files = section_files(root / sec.folder);
    std::string figures, data;
    for (const auto& rel : files) {
      const std::string ext = rel.extension().string();
      const std::string href = html_escape(base + rel.generic_string());
      if (ext == ".svg") {
        auto png = rel;
        png.replace_extension(".png");
        const bool has_png = fs::exists(root / sec.folder / png);
        figures += fmt::format("<figure><img src=\"{}\" alt=\"{}\"><figcaption>{} (<a href=\"{}\">SVG</a>{})</figcaption></figure>\n",
                               svg_data_uri(read_text(root / sec.folder / rel)), href, href, href,
                               has_png ? fmt::format(", <a href=\"{}\">PNG</a>",
                                                     html_escape(base + png.generic_string()))
                                       : "");
      } else if (ext == ".csv" || ext == ".json" || ext == ".md") {
        data += fmt::format("<li><a href=\"{}\">{}</a></li>\n", href, html_escape(rel.generic_string()));
      }
    }
    if (!figures.empty()) body += "<h3>Figures</h3>\n" + figures;
    if (!data.empty()) body += "<h3>Data and Markdown</h3>\n<ul class=\"files\">\n" + data + "</ul>\n";
    body += "</section>\n";
  }
  nav += "</ul></nav>\n";
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + html_escape(title) +
         "</title>\n<style>" + style + "</style>\n</head>\n<body>\n<h1>" + html_escape(title) +
         "</h1>\n<p>Regenerated by <code>ci/report.sh</code>. Self-contained: figures are embedded; the links "
         "lead to each section's files. The Markdown index is <a href=\"README.md\">README.md</a>.</p>\n" +
         nav + body + "</body>\n</html>\n";
}

fs::path write_html_report(const std::string& title, const std::vector<HtmlSection>& sections, const fs::path& root) {
  const fs::path file = root / "index.html";
  write_file_atomically(file, html_report(title, sections, root));
  return file;
}

}  // namespace sweepcheck
