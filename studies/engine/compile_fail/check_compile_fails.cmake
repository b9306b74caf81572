# A problem whose set lacks max_violation fails to compile with one message
# naming the member, at the user's call (studies/engine/sweepcheck/requirements.hpp);
# with the member the same file compiles (the control).
# Usage: cmake -DCXX=... -DFLAGS=<response file> -DSOURCE=... -P check_compile_fails.cmake
function(compile out_rc out_text)
  execute_process(COMMAND ${CXX} @${FLAGS} -fsyntax-only ${ARGN} ${SOURCE} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  set(${out_rc} ${rc} PARENT_SCOPE)
  set(${out_text} "${out}${err}" PARENT_SCOPE)
endfunction()

compile(rc text)
if(rc EQUAL 0)
  message(FATAL_ERROR "a problem without max_violation compiled")
endif()
string(REGEX MATCHALL "error:" errors "${text}")
list(LENGTH errors n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "expected one error, got ${n}:\n${text}")
endif()
if(NOT text MATCHES "static assertion failed: sweepcheck: the problem's constraint set \\(the type constraints\\(\\) returns\\) has no `Scalar max_violation")
  message(FATAL_ERROR "the error does not name max_violation:\n${text}")
endif()
if(NOT text MATCHES "problem_without_max_violation.cpp:[0-9]+:[0-9]+:   required from here")
  message(FATAL_ERROR "the error does not point at the user's call:\n${text}")
endif()
compile(rc text -DWITH_MAX_VIOLATION)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the control (with max_violation) does not compile:\n${text}")
endif()
message(STATUS "one error naming max_violation at the user's call; the control compiles")
