# A hostile problem plugin (examples/hostile_problems, issue 37) through the
# program as a user runs it: `study --problem-plugin P --schemes pbd` and
# `audit --scheme pbd --problem-plugin P`. For each: the host is alive (an exit
# code, not a signal), the exit code matches EXPECT_RC (a number, or a regex
# such as [01] where timing decides), and stderr names the fault
# (MESSAGE, a regex). With RUNS (a run-time fault: the problem crashes, hangs or
# makes NaN during runs) also:
#  - the study wrote results.csv with the rows of every run, those the problem
#    spoiled with status problem-fault (or not-run, after the hang budget);
#  - the audit wrote audit.json and audit.md, listed the problem as not judged
#    and its faults under problem_faults, and failed no check (the scheme, PBD,
#    is not blamed).
# AUDIT_RC: the audit's exit code when it differs from the study's.
# NO_LEFTOVER=ON: afterwards no process of the program on this plugin is left
# (a plugin that forks, issue 45). AUDIT_MD: a regex audit.md must match.
# Usage: cmake -DPROGRAM=... -DPLUGIN=lib.so -DOUT=dir -DEXPECT_RC=n -DMESSAGE=regex [-DRUNS=ON] [-DAUDIT_RC=n]
#        [-DEXTRA="args"] -P check_hostile_problem.cmake
# JOBS: the commands' --jobs (2; 1 in the sanitizer build, examples/CMakeLists.txt).
file(REMOVE_RECURSE "${OUT}")
if(NOT DEFINED JOBS)
  set(JOBS 2)
endif()
if(NOT DEFINED AUDIT_RC)
  set(AUDIT_RC ${EXPECT_RC})
endif()
function(run what expect)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message("${what}: exit ${rc}\n${err}")
  if(NOT rc MATCHES "^[0-9]+$")
    message(FATAL_ERROR "${what}: the host did not survive: ${rc}\n${out}\n${err}")
  endif()
  if(NOT rc MATCHES "^(${expect})$")
    # What the run decided, so that a failure says why: the verdict lines
    # and faults of audit.md, the statuses of the study's rows.
    set(why "")
    foreach(f "${OUT}/audit/audit.md" "${OUT}/study/results.csv")
      if(EXISTS "${f}")
        file(STRINGS "${f}" lines REGEX "FAIL|fault|crash|hung|killed|timed|not judged|not-run")
        string(REPLACE ";" "\n" lines "${lines}")
        string(APPEND why "\n--- ${f}:\n${lines}")
      endif()
    endforeach()
    message(FATAL_ERROR "${what}: expected exit ${expect}, got ${rc}\n${out}\n${err}${why}")
  endif()
  if(NOT err MATCHES "${MESSAGE}")
    message(FATAL_ERROR "${what}: stderr does not match '${MESSAGE}':\n${err}")
  endif()
endfunction()

run(study ${EXPECT_RC} ${PROGRAM} study --problem-plugin ${PLUGIN} --schemes pbd --h-max 0.1 --points 4 --jobs ${JOBS} --quiet ${EXTRA}
    --out ${OUT}/study)
run(audit ${AUDIT_RC} ${PROGRAM} audit --scheme pbd --problem-plugin ${PLUGIN} --max-problems 1 --jobs ${JOBS} --quiet ${EXTRA}
    --out ${OUT}/audit)

if(NO_LEFTOVER)
  # What the plugin forked is a copy of the program, its arguments naming the plugin.
  execute_process(COMMAND ${CMAKE_COMMAND} -E sleep 1)
  execute_process(COMMAND ps -eo pid=,args= OUTPUT_VARIABLE procs)
  string(REPLACE "\n" ";" procs "${procs}")
  set(left "")
  foreach(p IN LISTS procs)
    string(STRIP "${p}" p)
    # The program itself (not this script, whose arguments name both).
    string(REGEX REPLACE "^[0-9]+ +" "" args "${p}")
    string(FIND "${args}" "${PROGRAM} " at_program)
    string(FIND "${args}" "${PLUGIN}" at_plugin)
    if(at_program EQUAL 0 AND at_plugin GREATER 0)
      string(REGEX MATCH "^[0-9]+" pid "${p}")
      execute_process(COMMAND kill -9 ${pid})
      list(APPEND left "${p}")
    endif()
  endforeach()
  if(left)
    message(FATAL_ERROR "processes outlived the commands (killed now):\n${left}")
  endif()
endif()
if(DEFINED AUDIT_MD)
  file(READ "${OUT}/audit/audit.md" md)
  if(NOT md MATCHES "${AUDIT_MD}")
    message(FATAL_ERROR "audit.md does not match '${AUDIT_MD}'")
  endif()
endif()

if(RUNS)
  if(NOT EXISTS "${OUT}/study/results.csv")
    message(FATAL_ERROR "the study wrote no results.csv")
  endif()
  file(STRINGS "${OUT}/study/results.csv" rows)
  list(LENGTH rows n)
  if(NOT n EQUAL 5)  # header + the 4 rungs
    message(FATAL_ERROR "results.csv has ${n} lines, expected a header and 4 rows")
  endif()
  file(READ "${OUT}/study/results.csv" csv)
  if(NOT csv MATCHES "problem-fault")
    message(FATAL_ERROR "no run of the study has status problem-fault:\n${csv}")
  endif()
  foreach(f audit.json audit.md)
    if(NOT EXISTS "${OUT}/audit/${f}")
      message(FATAL_ERROR "the audit wrote no ${f}")
    endif()
  endforeach()
  file(READ "${OUT}/audit/audit.json" json)
  string(JSON nj ERROR_VARIABLE none LENGTH "${json}" not_judged)
  if(none OR NOT nj EQUAL 1)
    message(FATAL_ERROR "audit.json lists no problem as not judged")
  endif()
  string(JSON reason GET "${json}" not_judged 0 reason)
  if(NOT reason MATCHES "${MESSAGE}")
    message(FATAL_ERROR "audit.json's reason does not match '${MESSAGE}': ${reason}")
  endif()
  string(JSON nc LENGTH "${json}" checks)
  math(EXPR last "${nc} - 1")
  foreach(i RANGE ${last})
    string(JSON verdict GET "${json}" checks ${i} verdict)
    string(JSON id GET "${json}" checks ${i} id)
    if(verdict STREQUAL "FAIL")
      string(JSON evidence GET "${json}" checks ${i} evidence)
      message(FATAL_ERROR "check ${id} FAILs the scheme for the problem's fault: ${evidence}")
    endif()
  endforeach()
endif()
