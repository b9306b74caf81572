# sweepcheck_add_audit: a ctest that audits a scheme plugin against the theory
# (studies/audit/audit.md) and passes or fails on the audit's verdict, the way
# gtest_discover_tests registers GoogleTest programs. Installed with the
# package; find_package(sweepcheck) includes it.
#
#   sweepcheck_add_audit(NAME <test name> PLUGIN <target or .so path>
#                        [CLAIMED_ORDER <p>] [SHARP | LOWER_BOUND]
#                        [PROBLEMS <n>] [PROBLEM_PLUGIN <target or .so path>]
#                        [JOBS <n>] [TIMEOUT <seconds>] [LABELS <label>...]
#                        [ARGS <more audit options>...])
#
# PLUGIN: a MODULE library exporting sweepcheck_create_scheme
#   (SWEEPCHECK_EXPORT_SCHEME, solvers/plugin/plugin_api.hpp), or its file.
# CLAIMED_ORDER: the order to judge against (default: the plugin's own
#   claimed_order()). The claim is a lower bound, order >= p, as a convergence
#   theorem states it (LOWER_BOUND, the default: a scheme more accurate than
#   claimed passes); SHARP judges order = p (exceeding it fails too).
# PROBLEMS: the first n problems of the audit's battery (--max-problems;
#   default 8, the battery's short form; 0: all). PROBLEM_PLUGIN adds the
#   user's own problem (sweepcheck_create_problem) on top.
# JOBS: threads of the audit (default 1: ctest -j runs tests side by side).
# TIMEOUT: the test's time limit (default 1200 s).
#
# The audit's folder is kept for inspection in
# ${CMAKE_CURRENT_BINARY_DIR}/<test name>/ (audit.md, audit.json, figures,
# junit.xml: one JUnit test case per check and problem for CI dashboards).
# The test passes when the audit exits 0: every check passes. Exit 1 (a check
# failed), 3 (a slope had not settled when the budget ended) and 2 (bad input)
# fail it.
function(sweepcheck_add_audit)
  cmake_parse_arguments(A "SHARP;LOWER_BOUND" "NAME;PLUGIN;CLAIMED_ORDER;PROBLEMS;PROBLEM_PLUGIN;JOBS;TIMEOUT"
                        "LABELS;ARGS" ${ARGN})
  if(A_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "sweepcheck_add_audit: unknown arguments: ${A_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT A_NAME OR NOT A_PLUGIN)
    message(FATAL_ERROR "sweepcheck_add_audit: NAME and PLUGIN are required")
  endif()
  if(A_SHARP AND A_LOWER_BOUND)
    message(FATAL_ERROR "sweepcheck_add_audit(${A_NAME}): SHARP and LOWER_BOUND exclude each other")
  endif()
  if(DEFINED A_CLAIMED_ORDER AND NOT A_CLAIMED_ORDER MATCHES "^[0-9]*\\.?[0-9]+([eE][-+]?[0-9]+)?$")
    message(FATAL_ERROR "sweepcheck_add_audit(${A_NAME}): CLAIMED_ORDER must be a number > 0, got '${A_CLAIMED_ORDER}'")
  endif()
  foreach(n PROBLEMS JOBS TIMEOUT)
    if(DEFINED A_${n} AND NOT A_${n} MATCHES "^[0-9]+$")
      message(FATAL_ERROR "sweepcheck_add_audit(${A_NAME}): ${n} must be a whole number, got '${A_${n}}'")
    endif()
  endforeach()
  if(NOT TARGET sweepcheck::sweepcheck)
    message(FATAL_ERROR "sweepcheck_add_audit: the sweepcheck program (target sweepcheck::sweepcheck) is not known; "
                        "call find_package(sweepcheck) first")
  endif()
  foreach(kind PLUGIN PROBLEM_PLUGIN)
    set(file_${kind} "${A_${kind}}")
    if(A_${kind} AND TARGET ${A_${kind}})
      set(file_${kind} "$<TARGET_FILE:${A_${kind}}>")
    endif()
  endforeach()
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/${A_NAME})
  if(NOT DEFINED A_PROBLEMS)
    set(A_PROBLEMS 8)
  endif()
  if(NOT DEFINED A_JOBS)
    set(A_JOBS 1)
  endif()
  if(NOT DEFINED A_TIMEOUT)
    set(A_TIMEOUT 1200)
  endif()
  set(args audit --plugin ${file_PLUGIN} --out ${dir} --junit ${dir}/junit.xml --quiet
           --max-problems ${A_PROBLEMS} --jobs ${A_JOBS})
  if(DEFINED A_CLAIMED_ORDER)
    list(APPEND args --claimed-order ${A_CLAIMED_ORDER})
  endif()
  if(A_SHARP)
    list(APPEND args --claim-is-sharp)
  endif()
  if(A_PROBLEM_PLUGIN)
    list(APPEND args --problem-plugin ${file_PROBLEM_PLUGIN})
  endif()
  add_test(NAME ${A_NAME} COMMAND sweepcheck::sweepcheck ${args} ${A_ARGS})
  set(props TIMEOUT ${A_TIMEOUT} ATTACHED_FILES_ON_FAIL ${dir}/audit.md)
  if(A_LABELS)
    list(APPEND props LABELS "${A_LABELS}")
  endif()
  set_tests_properties(${A_NAME} PROPERTIES ${props})
endfunction()
