# `sweepcheck report --only sliding` writes report/index.html next to the
# Markdown index: self-contained (no http(s) reference, no script, every
# figure embedded) with the section, its verdict badges and its files linked.
# The browser test (check_html_in_chromium.py) then opens the page.
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND "${PROGRAM}" report --out "${OUT}" --only sliding RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "sweepcheck report exited with ${rc}")
endif()
foreach(f README.md index.html sliding/results.csv sliding/summary.json sliding/summary.md)
  if(NOT EXISTS "${OUT}/${f}")
    message(FATAL_ERROR "missing ${OUT}/${f}")
  endif()
endforeach()
file(READ "${OUT}/index.html" html)
foreach(needle "<span class=\"badge v-" "<img src=\"data:image/svg+xml;base64," "href=\"sliding/results.csv\""
               "href=\"sliding/summary.json\"" "href=\"sliding/summary.md\"")
  string(FIND "${html}" "${needle}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "index.html lacks ${needle}")
  endif()
endforeach()
foreach(forbidden "http://" "https://" "<script" "<link ")
  string(FIND "${html}" "${forbidden}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "index.html is not self-contained: it contains '${forbidden}'")
  endif()
endforeach()
# One embedded image per SVG the section wrote.
file(GLOB_RECURSE svgs "${OUT}/sliding/*.svg")
list(LENGTH svgs n_svg)
string(REGEX MATCHALL "<img src=\"data:image/svg" imgs "${html}")  # no ";" in the pattern: it would split the list
list(LENGTH imgs n_img)
if(NOT n_svg EQUAL n_img OR n_svg EQUAL 0)
  message(FATAL_ERROR "index.html embeds ${n_img} figures, the section wrote ${n_svg} SVG files")
endif()
