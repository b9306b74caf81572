# Runs PROGRAM ARGS and requires exit code 2 and MESSAGE (a regex) on stderr.
execute_process(COMMAND ${PROGRAM} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "expected exit code 2, got ${rc}\n${out}\n${err}")
endif()
if(NOT err MATCHES "${MESSAGE}")
  message(FATAL_ERROR "expected a message matching '${MESSAGE}', got: ${err}")
endif()
