# ctest python.a_study_runs_a_python_scheme_beside_the_in_tree_ones_and_names_its_exception:
# `sweepcheck study sliding --schemes pbd,python:schemes:NumpyPbd,python:hostile_schemes:Raises`
# on a short ladder. The NumPy PBD's rows have the C++ pbd's uniform errors
# (the same arithmetic); every run of the raising scheme is recorded as
# `threw` in results.csv, and the program exits 1 after writing its files,
# naming the exception and its last frames.
#   cmake -DPROGRAM=... -DTESTS=python/tests -DOUT=... -P check_study.cmake
cmake_policy(SET CMP0054 NEW)
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT}-cwd)
execute_process(WORKING_DIRECTORY ${OUT}-cwd
                COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONPATH=${TESTS}
                        ${PROGRAM} study sliding --schemes pbd,python:schemes:NumpyPbd,python:hostile_schemes:Raises
                        --h-max 0.1 --h-min 0.01 --points 3 --jobs 2 --quiet --out ${OUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT EXISTS ${OUT}/results.csv OR NOT EXISTS ${OUT}/manifest.json)
  message(FATAL_ERROR "expected exit code 1 after results.csv and the manifest were written, got ${rc}:\n${out}\n${err}")
endif()
if(NOT err MATCHES "3 runs of a scheme from outside the catalogue failed"
   OR NOT err MATCHES "python:hostile_schemes:Raises at h = [0-9.]+ \\([0-9]+ steps\\): threw: [^\n]*Python scheme 'raises' raised ZeroDivisionError: hostile division at t = [^\n]*last frames: hostile_schemes.py:[0-9]+ in helper <- hostile_schemes.py:[0-9]+ in step")
  message(FATAL_ERROR "the raising scheme's runs are not named with the exception and its frames:\n${err}")
endif()
# results.csv: scheme (3rd column), steps (5th), error_uniform (7th), status (19th).
file(STRINGS ${OUT}/results.csv lines)
set(pbd "")
set(numpy "")
set(threw 0)
foreach(line ${lines})
  string(REPLACE "," ";" f "${line}")
  list(GET f 2 scheme)
  string(REPLACE "\"" "" scheme "${scheme}")
  list(GET f 4 steps)
  list(GET f 6 error)
  list(GET f 18 status)
  if(scheme STREQUAL "pbd")
    list(APPEND pbd "${steps}:${error}:${status}")
  elseif(scheme STREQUAL "python:schemes:NumpyPbd")
    list(APPEND numpy "${steps}:${error}:${status}")
  elseif(scheme STREQUAL "python:hostile_schemes:Raises" AND status STREQUAL "threw")
    math(EXPR threw "${threw} + 1")
  endif()
endforeach()
list(LENGTH numpy n)
if(n LESS 3 OR NOT threw EQUAL 3)
  message(FATAL_ERROR "expected 3 or more NumPy PBD rows and 3 threw rows of the raising scheme, got ${n} and ${threw}:\n${lines}")
endif()
foreach(row ${numpy})
  if(NOT row MATCHES ":ok$")
    message(FATAL_ERROR "a NumPy PBD run did not finish: ${row}")
  endif()
  list(FIND pbd "${row}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the NumPy PBD row ${row} (steps:error_uniform:status) is not a C++ pbd row: ${pbd}")
  endif()
endforeach()
message(STATUS "${n} NumPy PBD rows equal to pbd's; ${threw} runs of the raising scheme recorded as threw and named")
