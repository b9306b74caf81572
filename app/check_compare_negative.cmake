# Negative controls of `sweepcheck compare` on a real gold file: the gold file
# against itself is equal (exit 0); a copy with one number moved beyond its
# tolerance, with its last row dropped, or with a row appended must each give
# exit code 1 and name the difference.
file(MAKE_DIRECTORY "${OUT}")
file(STRINGS "${GOLD}" lines)
list(LENGTH lines n)
if(n LESS 3)
  message(FATAL_ERROR "${GOLD}: expected a header and at least two rows")
endif()

function(expect name file rc_expected pattern)
  execute_process(COMMAND "${PROGRAM}" compare "${GOLD}" "${file}" ${TOLERANCES}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL rc_expected OR NOT out MATCHES "${pattern}")
    message(FATAL_ERROR "${name}: expected exit ${rc_expected} and output matching '${pattern}', got ${rc}:\n${out}${err}")
  endif()
  message(STATUS "${name}: exit ${rc} as expected")
endfunction()

expect("identical" "${GOLD}" 0 "EQUAL")

# Moved: the second row's error_uniform (7th field) with its leading significant
# digit changed by one (a relative move of 1e-1 or more, far beyond rel:1e-9 and the row's noise floor).
list(GET lines 1 row)
string(REGEX MATCH "^(\"[^\"]*\",\"[^\"]*\",\"[^\"]*\",[^,]*,[^,]*,[^,]*,)([^,]*)(,.*)$" m "${row}")
if(NOT m)
  message(FATAL_ERROR "cannot find error_uniform in '${row}'")
endif()
set(head "${CMAKE_MATCH_1}")
set(value "${CMAKE_MATCH_2}")
set(tail "${CMAKE_MATCH_3}")
if(NOT value MATCHES "^([-0.]*)([1-9])(.*)$")
  message(FATAL_ERROR "error_uniform '${value}' has no significant digit to move")
endif()
set(lead "${CMAKE_MATCH_1}")
set(digit ${CMAKE_MATCH_2})
set(rest "${CMAKE_MATCH_3}")
if(digit EQUAL 9)
  set(digit 8)
else()
  math(EXPR digit "${digit} + 1")
endif()
set(moved_value "${lead}${digit}${rest}")
list(REMOVE_AT lines 1)
list(INSERT lines 1 "${head}${moved_value}${tail}")
string(REPLACE ";" "\n" text "${lines}")
file(WRITE "${OUT}/moved.csv" "${text}\n")
expect("moved number" "${OUT}/moved.csv" 1 "moved +[^\n]*error_uniform: ${value} -> ${moved_value}")

# Missing: the last row dropped.
file(STRINGS "${GOLD}" lines)
math(EXPR last "${n} - 1")
list(REMOVE_AT lines ${last})
string(REPLACE ";" "\n" text "${lines}")
file(WRITE "${OUT}/missing.csv" "${text}\n")
expect("missing row" "${OUT}/missing.csv" 1 "missing row")

# Extra: the last row again with a step count no gold row has.
file(STRINGS "${GOLD}" lines)
list(GET lines ${last} row)
string(REGEX REPLACE "^(\"[^\"]*\",\"[^\"]*\",\"[^\"]*\",[^,]*,)([0-9]+)," "\\1999999937," extra "${row}")
file(READ "${GOLD}" text)
file(WRITE "${OUT}/extra.csv" "${text}${extra}\n")
expect("extra row" "${OUT}/extra.csv" 1 "extra row")
