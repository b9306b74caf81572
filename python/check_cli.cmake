# ctest python.the_program_audits_a_python_class_from_the_command_line_and_names_its_exception:
# `sweepcheck audit --python module:Class` (no PYTHONPATH to the package: the
# plugin finds it beside itself), on a class that raises in step(): exit 1,
# every fault the scheme's, named by the exception and its frames in audit.json;
# then the plugin itself (--plugin with SWEEPCHECK_PYTHON_SCHEME) refusing a bad spec.
#   cmake -DPROGRAM=... -DPLUGIN=... -DTESTS=python/tests -DOUT=... -P check_cli.cmake
file(REMOVE_RECURSE ${OUT})
# Run from a folder without the package: the embedded interpreter puts the
# working folder on sys.path (as python3 -c does), which must not be how it is found.
file(MAKE_DIRECTORY ${OUT}-cwd)
execute_process(WORKING_DIRECTORY ${OUT}-cwd COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH PYTHONPATH=${TESTS}
                        ${PROGRAM} audit --python hostile_schemes:Raises --out ${OUT} --max-problems 1 --run-timeout 5 --quiet
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT EXISTS ${OUT}/audit.json)
  message(FATAL_ERROR "expected exit code 1 (a check failed) and audit.json, got ${rc}:\n${out}\n${err}")
endif()
file(READ ${OUT}/audit.json json)
string(JSON scheme GET "${json}" scheme)
string(JSON faults LENGTH "${json}" faults)
if(NOT scheme STREQUAL "raises" OR faults LESS 1)
  message(FATAL_ERROR "expected faults of the scheme 'raises', got scheme '${scheme}' with ${faults} faults")
endif()
math(EXPR last "${faults} - 1")
foreach(i RANGE ${last})
  string(JSON cause GET "${json}" faults ${i} cause)
  if(NOT cause MATCHES "Python scheme 'raises' raised ZeroDivisionError: hostile division at t = .*last frames: hostile_schemes.py:[0-9]+ in helper <- hostile_schemes.py:[0-9]+ in step")
    message(FATAL_ERROR "fault ${i} does not name the exception and its frames: ${cause}")
  endif()
endforeach()
# Negative control: a spec that is not module:Class stops the audit with the plugin's message.
execute_process(COMMAND ${CMAKE_COMMAND} -E env SWEEPCHECK_PYTHON_SCHEME=no-colon
                        ${PROGRAM} audit --plugin ${PLUGIN} --out ${OUT}-bad --max-problems 1 --quiet
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "SWEEPCHECK_PYTHON_SCHEME must be module:Class or pickle:FILE, got 'no-colon'")
  message(FATAL_ERROR "a bad SWEEPCHECK_PYTHON_SCHEME was not refused by name (exit ${rc}):\n${err}")
endif()
message(STATUS "${faults} faults, each naming the exception and its frames; a bad spec refused")
