# ctest python.the_audit_takes_a_problem_written_in_python_and_runs_a_cpp_scheme_on_it (MODE=audit) and
# python.the_audit_refuses_a_problem_written_in_python_that_fails_validation_naming_it (MODE=refuse):
# `sweepcheck audit --scheme pbd --python-problem problems:PythonWall` adds the
# Python problem (python/tests/problems.py) to the battery's first problem, as
# a problem plugin: the C++ pbd passes on it, every run on it in a child
# (audit.json names it among the problems). Then a Python problem that breaks
# a property (its projection ignores t) is refused before any run (exit 2),
# naming the problem and the property.
# MODE=refuse runs the refusal alone (a second; label python), MODE=audit the audit (label study-long).
#   cmake -DPROGRAM=... -DTESTS=python/tests -DOUT=... -DMODE=audit|refuse -P check_python_problem.cmake
cmake_policy(SET CMP0054 NEW)
file(REMOVE_RECURSE ${OUT} ${OUT}-bad)
if(MODE STREQUAL "audit")
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONPATH=${TESTS}
                        ${PROGRAM} audit --scheme pbd --python-problem problems:PythonWall --max-problems 1 --jobs 2
                        --quiet --out ${OUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${OUT}/audit.json)
  message(FATAL_ERROR "expected the audit of pbd to pass (exit 0) with the Python problem, got ${rc}:\n${out}\n${err}")
endif()
file(READ ${OUT}/audit.json json)
string(JSON problems LENGTH "${json}" problems)
string(JSON last GET "${json}" problems 1 problem)
if(NOT problems EQUAL 2 OR NOT last MATCHES "^python-wall A=0.5 g=4 kappa=1")
  message(FATAL_ERROR "expected the built-in problem and python-wall, got ${problems} problems, the last '${last}'")
endif()
string(JSON verdict GET "${json}" checks 0 verdict)
if(NOT verdict STREQUAL "PASS")
  message(FATAL_ERROR "pbd's convergence on the two problems: ${verdict}")
endif()
message(STATUS "pbd passes on the battery's first problem and the Python problem")
return()
endif()
# Negative control: a problem whose projection ignores t fails validation, named, before any run.
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONPATH=${TESTS}
                        ${PROGRAM} audit --scheme pbd --python-problem problems:StaticProjection --max-problems 1
                        --quiet --out ${OUT}-bad
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "Python problem 'problems:StaticProjection' fails validation"
   OR NOT err MATCHES "project\\(j = 0, t, x\\) must land in S_j" OR EXISTS ${OUT}-bad/audit.json)
  message(FATAL_ERROR "a Python problem that breaks validation was not refused by name (exit ${rc}):\n${err}")
endif()
message(STATUS "a Python problem that breaks validation refused by name: ${err}")
# The same for a problem whose sets' calls are right but whose exact solution does not solve it (the
# field's sign flipped): the consistency probe of its exact solution (python/sweepcheck/_consistency.py)
# refuses it when the plugin makes it, before any run; --no-validate skips that probe.
file(REMOVE_RECURSE ${OUT}-bad)
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONPATH=${TESTS}
                        ${PROGRAM} audit --scheme pbd --python-problem problems:WrongFieldSign --max-problems 1
                        --quiet --out ${OUT}-bad
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "problem 'wrong-field-sign' is not what it says it is"
   OR NOT err MATCHES "exact\\(t\\) must solve x' in f\\(t, x\\) - N\\(S\\(t\\), x\\)" OR EXISTS ${OUT}-bad/audit.json)
  message(FATAL_ERROR "a Python problem whose exact solution does not solve it was not refused by name (exit ${rc}):\n${err}")
endif()
message(STATUS "a Python problem whose exact solution does not solve it refused by name: ${err}")
