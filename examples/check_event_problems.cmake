# Verdicts at contact events (issue 55): a claimed first-order scheme audited
# with a user's problem plugin that has a landing or lift-offs (examples/
# event_problems) passes every check (exit 0), its convergence on the
# plugin's problem judged PASS with the rungs measured over grid phases;
# the negative control, the same audit on the plain grid alone
# (--phases-at never, at the wrong examples' budget of 3e6 work units),
# does not pass the plugin's problem (exit 3, measured 9 s: the local orders
# scatter with where the landing falls in its step).
# With -DSCHEME_PLUGIN=lib.so (a wrong scheme whose defect shows only at a
# landing late in its step): the audit over grid phases FAILs the plugin's
# problem (exit 1) and the same audit on the plain grid does not (exit 3).
# The consistency probe (check 5) is judged on the plugin's problem too
# (issue 59: points of its exact solution, P_S through the view) and
# passes; with -DPROBE_PLUGIN=lib.so (wrong_h2_euler: the free step
# multiplied by h twice) it FAILs the plugin's problem, its negative control.
# Usage: cmake -DPROGRAM=... -DPLUGIN=libwave_*.so -DSCHEME=pbd -DOUT=dir [-DCONTROL=ON] -P check_event_problems.cmake
#        cmake -DPROGRAM=... -DPLUGIN=libwave_*.so -DSCHEME_PLUGIN=lib.so -DOUT=dir -P check_event_problems.cmake
#        cmake -DPROGRAM=... -DPLUGIN=libwave_*.so -DPROBE_PLUGIN=lib.so -DOUT=dir -P check_event_problems.cmake
file(REMOVE_RECURSE "${OUT}")
# The verdict of check `id` on the wave problem in audit.json `file` (NONE if not judged there).
function(wave_verdict file id out)
  file(READ "${file}" json)
  string(JSON checks LENGTH "${json}" checks)
  math(EXPR last "${checks} - 1")
  set(found NONE)
  foreach(i RANGE ${last})
    string(JSON cid GET "${json}" checks ${i} id)
    if(cid STREQUAL id)
      string(JSON n LENGTH "${json}" checks ${i} problems)
      math(EXPR lastp "${n} - 1")
      foreach(j RANGE ${lastp})
        string(JSON problem GET "${json}" checks ${i} problems ${j} problem)
        if(problem MATCHES "^wave-")
          string(JSON found GET "${json}" checks ${i} problems ${j} verdict)
        endif()
      endforeach()
    endif()
  endforeach()
  set(${out} ${found} PARENT_SCOPE)
endfunction()
if(PROBE_PLUGIN)
  execute_process(COMMAND "${PROGRAM}" audit --plugin "${PROBE_PLUGIN}" --problem-plugin "${PLUGIN}" --max-problems 1
                          --jobs 2 --quiet --refine-work 3e6 --out "${OUT}/probe"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  wave_verdict("${OUT}/probe/audit.json" consistency v)
  if(NOT rc EQUAL 1 OR NOT v STREQUAL "FAIL")
    message(FATAL_ERROR "audit of ${PROBE_PLUGIN} with ${PLUGIN}: expected exit 1 and consistency FAIL on the "
                        "plugin's problem, got exit ${rc} and ${v}\n${out}\n${err}")
  endif()
  return()
endif()
if(SCHEME_PLUGIN)
  foreach(mode "at-events;1" "never;3")
    list(GET mode 0 at)
    list(GET mode 1 expect)
    execute_process(COMMAND "${PROGRAM}" audit --plugin "${SCHEME_PLUGIN}" --problem-plugin "${PLUGIN}" --max-problems 1
                            --jobs 2 --quiet --refine-work 3e6 --phases-at ${at} --out "${OUT}/${at}"
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL expect)
      message(FATAL_ERROR "audit of ${SCHEME_PLUGIN} with ${PLUGIN}, --phases-at ${at}: expected exit ${expect}, got ${rc}\n${out}\n${err}")
    endif()
  endforeach()
  return()
endif()
execute_process(COMMAND "${PROGRAM}" audit --scheme ${SCHEME} --problem-plugin "${PLUGIN}" --max-problems 1 --jobs 2
                        --quiet --out "${OUT}/phased" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "audit of ${SCHEME} with ${PLUGIN}: expected exit 0, got ${rc}\n${out}\n${err}")
endif()
wave_verdict("${OUT}/phased/audit.json" convergence v)
if(v STREQUAL "NONE")
  message(FATAL_ERROR "audit.json judges no wave problem's convergence")
elseif(NOT v STREQUAL "PASS")
  message(FATAL_ERROR "${SCHEME} on the plugin's problem: convergence ${v}, not pass")
endif()
wave_verdict("${OUT}/phased/audit.json" consistency v)
if(NOT v STREQUAL "PASS")
  message(FATAL_ERROR "${SCHEME} on the plugin's problem: consistency ${v}, not PASS (judged on a plugin with an exact solution)")
endif()
if(CONTROL)
  execute_process(COMMAND "${PROGRAM}" audit --scheme ${SCHEME} --problem-plugin "${PLUGIN}" --max-problems 1 --jobs 2
                          --quiet --phases-at never --refine-work 3e6 --out "${OUT}/plain"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc EQUAL 0)
    message(FATAL_ERROR "negative control: on the plain grid alone the audit of ${SCHEME} with ${PLUGIN} passed (exit 0)")
  endif()
endif()
