# ctest python.a_python_scheme_or_problem_that_cannot_be_made_as_written_is_bad_input_exit_2:
# `sweepcheck audit --python`, `study --schemes python:` and `audit --python-problem` refuse, before any
# run, a scheme or problem that cannot be made because of what its author wrote (issue 59, item 4):
# exit code 2 and the message naming it (python/tests/bad_input.py). The negative control, a
# constructor that raises, is a run-time failure: exit code 1, named too.
#   cmake -DPROGRAM=... -DTESTS=python/tests -DOUT=... -P check_bad_input.cmake
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
set(audit "audit^--max-problems^1^--quiet^--out^${OUT}/audit")
# The last case is the negative control: its own code raised while it was made (exit 1).
# Each case: the arguments ('^'-joined), '|', the exit code, '|', a regex of stderr (no ';': CMake's list separator).
set(cases
  "${audit}^--python^bad_input:StringClaim|2|claimed_order must be None or a finite number > 0, got 'one'"
  "${audit}^--python^bad_input:NanClaim|2|claimed_order must be None or a finite number > 0, got nan"
  "${audit}^--python^bad_input:NoStep|2|a scheme needs a method step\\(t, x, h, view\\) -> x_next. NoStep has none"
  "${audit}^--python^bad_input:WrongSignature|2|WrongSignature.step must take \\(t, x, h, view\\), it takes \\(t, x\\)"
  "${audit}^--python^bad_input:EmptyName|2|a scheme's name must be a non-empty str, got ''"
  "${audit}^--python^bad_input:Missing|2|module 'bad_input' \\([^)]*bad_input.py\\) has no attribute 'Missing'"
  "${audit}^--python^no_such_module:Scheme|2|no module named 'no_such_module' on the Python path"
  "study^sliding^--quiet^--schemes^pbd,python:bad_input:StringClaim^--out^${OUT}/study|2|the Python scheme 'bad_input:StringClaim' could not be made: claimed_order must be"
  "${audit}^--scheme^pbd^--python-problem^bad_input:NoProjection|2|a problem needs a method project\\(...\\). NoProjection has none"
  "${audit}^--python^bad_input:ThrowsInInit|1|the Python scheme 'bad_input:ThrowsInInit' could not be made: RuntimeError: cannot open my data file")
foreach(case IN LISTS cases)
  string(REGEX MATCH "^([^|]*)[|]([0-9])[|](.*)$" parts "${case}")
  set(args "${CMAKE_MATCH_1}")
  set(code "${CMAKE_MATCH_2}")
  set(words "${CMAKE_MATCH_3}")
  string(REPLACE "^" ";" args "${args}")
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONPATH=${TESTS} ${PROGRAM} ${args}
                  WORKING_DIRECTORY ${OUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL code OR NOT err MATCHES "${words}")
    message(FATAL_ERROR "sweepcheck ${args}: expected exit code ${code} and '${words}', got ${rc}:\n${err}")
  endif()
  if(EXISTS ${OUT}/audit/audit.json OR EXISTS ${OUT}/study/results.csv)
    message(FATAL_ERROR "sweepcheck ${args}: a run happened before the refusal")
  endif()
  message(STATUS "exit ${rc}: ${err}")
endforeach()
