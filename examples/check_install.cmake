# The installed package works for an outside project: install this build to
# a fresh prefix, configure and build examples/external_scheme against it,
# and audit the plugin with the installed program.
# Usage: cmake -DBUILD_DIR=... -DSOURCE=examples/external_scheme -DWORK=dir -DAUDIT_ARGS="..." -P check_install.cmake
#        -DCONSUMER=ON -DCTEST=ctest: SOURCE is examples/consumer, whose own ctest (GoogleTest
#        convergence checks through sweepcheck::engine, and sweepcheck_add_audit)
#        must pass against the installed package.
file(REMOVE_RECURSE "${WORK}")
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (exit ${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  message("${out}")
endfunction()
run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${WORK}/prefix")
foreach(f lib/cmake/sweepcheck/sweepcheckConfig.cmake lib/cmake/sweepcheck/sweepcheckConfigVersion.cmake
          lib/cmake/sweepcheck/sweepcheckAddAudit.cmake
          include/sweepcheck/solvers/plugin/plugin_api.hpp include/sweepcheck/solvers/plugin/problem_plugin_api.hpp
          include/sweepcheck/compat/solvers/plugin_api.hpp include/sweepcheck/compat/solvers/problem_plugin_api.hpp
          include/sweepcheck/analytic/sliding_case.hpp bin/sweepcheck
          include/sweepcheck/testing.hpp include/sweepcheck/gtest.hpp include/sweepcheck/gmock.hpp
          include/sweepcheck/reference_free_check.hpp include/sweepcheck/work_precision.hpp
          include/sweepcheck/figures.hpp include/sweepcheck/problem_and_scheme.hpp include/sweepcheck/requirements.hpp
          include/sweepcheck/solvers/core/work_weights.hpp include/sweepcheck/solvers/adapters/field_counting_problem.hpp
          include/sweepcheck/studies/engine/fit_order.hpp
          lib/libsweepcheck_engine.a)
  if(NOT EXISTS "${WORK}/prefix/${f}")
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
# One installed prefix: nothing but sweepcheck/ directly under include/, and
# no bare solvers/ or analytic/ folder under it but the two forwarders.
file(GLOB top RELATIVE "${WORK}/prefix/include" "${WORK}/prefix/include/*")
if(NOT top STREQUAL "sweepcheck")
  message(FATAL_ERROR "include/ holds ${top}, not sweepcheck/ alone")
endif()
file(GLOB_RECURSE compat RELATIVE "${WORK}/prefix/include/sweepcheck/compat" "${WORK}/prefix/include/sweepcheck/compat/*")
list(SORT compat)
if(NOT compat STREQUAL "solvers/plugin_api.hpp;solvers/problem_plugin_api.hpp")
  message(FATAL_ERROR "the compat folder holds ${compat}")
endif()
file(GLOB loose "${WORK}/prefix/include/sweepcheck/solvers/*.hpp")
if(loose)
  message(FATAL_ERROR "headers outside the rooms were installed: ${loose}")
endif()
run(${CMAKE_COMMAND} -S "${SOURCE}" -B "${WORK}/build" -DCMAKE_BUILD_TYPE=Release "-DCMAKE_PREFIX_PATH=${WORK}/prefix")
run(${CMAKE_COMMAND} --build "${WORK}/build")
if(CONSUMER)
  run(${CTEST} --test-dir "${WORK}/build" --output-on-failure)
  foreach(f audit.md audit.json junit.xml)
    if(NOT EXISTS "${WORK}/build/audit.my_pbd_passes_every_check/${f}")
      message(FATAL_ERROR "sweepcheck_add_audit kept no ${f} in its folder")
    endif()
  endforeach()
  # The stateful plugin: the audit's convergence verdict on the battery's first
  # problem is PASS, as check_convergence's is there (features_test,
  # Features.AStatefulPluginGetsTheAuditsVerdict, which ran above).
  file(READ "${WORK}/build/audit.cached_setup_pbd_passes_every_check/audit.json" json)
  string(JSON id GET "${json}" checks 0 id)
  string(JSON verdict GET "${json}" checks 0 verdict)
  if(NOT id STREQUAL "convergence" OR NOT verdict STREQUAL "PASS")
    message(FATAL_ERROR "the stateful plugin's audit gave convergence ${verdict}, check_convergence gave pass")
  endif()
  # The expected failure is the verdict: the audit ran and its convergence check failed.
  file(READ "${WORK}/build/audit.forgot_the_projection_fails/audit.json" json)
  string(JSON failed GET "${json}" failed)
  string(JSON id GET "${json}" checks 0 id)
  string(JSON verdict GET "${json}" checks 0 verdict)
  if(NOT failed OR NOT id STREQUAL "convergence" OR NOT verdict STREQUAL "FAIL")
    message(FATAL_ERROR "the wrong plugin's audit did not fail its convergence check (failed=${failed}, ${verdict})")
  endif()
  # And the diagnosis names the cause (issue 57: every wrong example named by cause).
  string(FIND "${json}" "the scheme ignores the set" named)
  if(named EQUAL -1)
    message(FATAL_ERROR "the wrong plugin's audit.json does not name its cause (\"the scheme ignores the set\")")
  endif()
  return()
endif()
if(PROBLEM_PLUGIN)
  # examples/external_problem: a reference-free study of the installed program on it.
  run("${WORK}/prefix/bin/sweepcheck" study --problem-plugin "${WORK}/build/libmy_problem.so" --schemes pbd
      --points 4 --jobs 1 --quiet --out "${WORK}/study")
  if(NOT EXISTS "${WORK}/study/richardson.csv")
    message(FATAL_ERROR "the study wrote no richardson.csv")
  endif()
  return()
endif()
if(LEGACY)
  # A plugin on the deprecated include paths builds against the install too,
  # and is told the new path (solvers/README.md, "One include prefix").
  execute_process(COMMAND ${CMAKE_COMMAND} -S "${LEGACY}" -B "${WORK}/legacy" -DCMAKE_BUILD_TYPE=Release
                          "-DCMAKE_PREFIX_PATH=${WORK}/prefix" RESULT_VARIABLE rc OUTPUT_QUIET)
  if(rc EQUAL 0)
    execute_process(COMMAND ${CMAKE_COMMAND} --build "${WORK}/legacy" RESULT_VARIABLE rc OUTPUT_VARIABLE out
                    ERROR_VARIABLE err)
  endif()
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the plugin on the deprecated include paths did not build (exit ${rc}):\n${out}\n${err}")
  endif()
  if(NOT "${out}${err}" MATCHES "is deprecated; include <sweepcheck/solvers/plugin/plugin_api.hpp>")
    message(FATAL_ERROR "the deprecated include printed no note naming the new path:\n${out}\n${err}")
  endif()
endif()
run("${WORK}/prefix/bin/sweepcheck" audit --plugin "${WORK}/build/libmy_scheme.so" --out "${WORK}/audit" ${AUDIT_ARGS})
if(NOT EXISTS "${WORK}/audit/audit.json")
  message(FATAL_ERROR "the audit wrote no audit.json")
endif()
