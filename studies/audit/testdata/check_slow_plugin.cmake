# Runs `PROGRAM audit --plugin PLUGIN ARGS --out OUT` on a slow but correct
# plugin (issue 26) and checks that no run was killed or left unstarted and
# every check passed: exit code 0, no faults, no "gave_up" in audit.json.
# Usage: cmake -DPROGRAM=... -DPLUGIN=... -DOUT=dir [-DARGS="a;b"] -P check_slow_plugin.cmake
cmake_policy(VERSION 3.20)
file(REMOVE_RECURSE "${OUT}")
execute_process(COMMAND ${PROGRAM} audit --plugin ${PLUGIN} ${ARGS} --out ${OUT} --quiet
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT EXISTS "${OUT}/audit.json")
  message(FATAL_ERROR "no audit.json in ${OUT} (exit ${rc}): ${err}")
endif()
file(READ "${OUT}/audit.json" json)
string(JSON nf ERROR_VARIABLE no_faults LENGTH "${json}" faults)
if(NOT no_faults AND nf GREATER 0)
  string(JSON first GET "${json}" faults 0)
  message(FATAL_ERROR "${nf} runs of the slow plugin faulted, the first: ${first}")
endif()
string(JSON gave ERROR_VARIABLE no_gave GET "${json}" gave_up)
if(NOT no_gave)
  message(FATAL_ERROR "the audit gave up on the slow plugin: ${gave}")
endif()
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "expected exit code 0 (every check passes), got ${rc}\n${out}\n${err}")
endif()
string(JSON wall GET "${json}" wall_seconds)
string(JSON runs GET "${json}" child_runs)
message(STATUS "exit 0, no faults, ${runs} child runs in ${wall} s")
